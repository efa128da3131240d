package emulator

import (
	"github.com/hp17b/hp17b/hp17b"
)

// The DSP, MODES and MATH menus (17bII+ owner's manual, chapters 1 and 2).

// titledMenu is a fixed menu that shows a title on the top line while
// nothing is keyed.
type titledMenu struct {
	table
	title string
}

func (t *titledMenu) topLine(*Machine) string { return t.title }

// dspMenu is DSP, titled SELECT DISPLAY FORMAT: FIX asks for the number of
// decimals, ALL shows every significant digit, '.' and ',' choose the radix
// mark (the other mark groups the digits). The title and the radix on DSP,
// not MODES, are as an HP-17BII course's "Calculator Settings" exercise
// shows them ("SELECT DISPLAY FORMAT", then "Press . to set the period as
// the decimal point"); T. Wicks's HP 17BII FAQ (tvmcalcs.com) agrees.
var dspMenu = &titledMenu{title: "SELECT DISPLAY FORMAT", table: table{
	{label: "FIX", do: func(m *Machine) {
		m.finishEntry()
		m.modal = &fixPrompt{}
	}},
	{label: "ALL", do: func(m *Machine) {
		m.mode.All = true
		m.popMenu()
	}},
	{label: ".", do: func(m *Machine) { m.mode.Comma = false; m.popMenu() }},
	{label: ",", do: func(m *Machine) { m.mode.Comma = true; m.popMenu() }},
}}

// modesMenu is MODES as the HP-17BII has it, titled SELECT MODE: BEEP
// PRNT DBL ALG RPN (the same course's exercise; C. Finseth's HP-17BII data
// page spells the second PRINTER). BEEP turns the beeper on and off
// (BEEPER ON, BEEPER OFF, as the course words them), PRNT says whether the
// printer runs on its AC adapter, DBL double spaces the print-out ("PRNT
// and DBL refer to the power source and double-spacing for a printer"),
// ALG and RPN choose how the keyboard calculates. Each shows what it set
// until the next key; the wording of the PRNT, DBL, ALG and RPN messages
// is ours (docs/decisions.md).
var modesMenu = &titledMenu{title: "SELECT MODE", table: table{
	{label: "BEEP", do: func(m *Machine) {
		m.beep = !m.beep
		m.setMsg(onOff("BEEPER", m.beep), "", nil)
	}},
	{label: "PRNT", do: func(m *Machine) {
		m.adapter = !m.adapter
		if m.adapter {
			m.setMsg(msgAdapter, "", nil)
		} else {
			m.setMsg(msgNoAdapter, "", nil)
		}
	}},
	{label: "DBL", do: func(m *Machine) {
		m.dbl = !m.dbl
		m.setMsg(onOff("DOUBLE SPACE", m.dbl), "", nil)
	}},
	{label: "ALG", do: func(m *Machine) {
		m.setRPN(false)
		m.setMsg(msgALG, "", nil)
	}},
	{label: "RPN", do: func(m *Machine) {
		m.setRPN(true)
		m.setMsg(msgRPN, "", nil)
	}},
}}

// The MODES menu's messages.
const (
	msgALG       = "ALG MODE"
	msgRPN       = "RPN MODE"
	msgAdapter   = "PRINTER: AC ADAPTER"
	msgNoAdapter = "PRINTER: NO ADAPTER"
)

// onOff is "NAME ON" or "NAME OFF".
func onOff(name string, on bool) string {
	if on {
		return name + " ON"
	}
	return name + " OFF"
}

// mathMenu is MATH: LOG 10^X LN EXP N! π, functions of x and the
// constant π, the 12-digit 3.14159265359 (the Solver's PI). The 17B family
// has no random-number function, on the keyboard or in the Solver (P. A.
// Gebhardt, "HP17b & it's offsprings - Random Number Generator - How?", HP
// Museum archive thread 160322, 2009; E. W. Shore, "(17B) Random Numbers",
// HP Museum forum thread 12719, 2019); a 17BII user keys π from the
// keyboard ("Pi is 3,1416" in FIX 4, HP Museum archive message 107875,
// 2007), and the 17BII has no π key, so the sixth label is π.
var mathMenu = &table{
	{label: "LOG", do: func(m *Machine) { m.unary(hp17b.Log) }},
	{label: "10^X", do: func(m *Machine) { m.unary(hp17b.Alog) }},
	{label: "LN", do: func(m *Machine) { m.unary(hp17b.Ln) }},
	{label: "EXP", do: func(m *Machine) { m.unary(hp17b.Exp) }},
	{label: "N!", do: func(m *Machine) { m.unary(hp17b.Fact) }},
	{label: "π", do: func(m *Machine) {
		m.finishEntry()
		m.setX(hp17b.Pi)
	}},
}
