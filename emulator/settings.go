package emulator

import (
	"math/rand/v2"

	"github.com/hp17b/hp17b/hp17b"
)

// The DSP, MODES and MATH menus (17bII+ owner's manual, chapters 1 and 2).

// dspMenu is DSP: FIX asks for the number of decimals, ALL shows every
// significant digit.
var dspMenu = &table{
	{label: "FIX", do: func(m *Machine) {
		m.finishEntry()
		m.modal = &fixPrompt{}
	}},
	{label: "ALL", do: func(m *Machine) {
		m.mode.All = true
		m.popMenu()
	}},
}

// modesMenu is MODES: BEEP turns the beeper on and off, '.' and ',' choose
// the radix mark.
var modesMenu = &table{
	{label: "BEEP", do: func(m *Machine) {
		m.beep = !m.beep
		if m.beep {
			m.setMsg("BEEP ON", "", nil)
		} else {
			m.setMsg("BEEP OFF", "", nil)
		}
	}},
	{label: ".", do: func(m *Machine) { m.mode.Comma = false; m.popMenu() }},
	{label: ",", do: func(m *Machine) { m.mode.Comma = true; m.popMenu() }},
}

// mathMenu is MATH: functions of x.
var mathMenu = &table{
	{label: "LOG", do: func(m *Machine) { m.unary(hp17b.Log) }},
	{label: "10^X", do: func(m *Machine) { m.unary(hp17b.Alog) }},
	{label: "LN", do: func(m *Machine) { m.unary(hp17b.Ln) }},
	{label: "EXP", do: func(m *Machine) { m.unary(hp17b.Exp) }},
	{label: "N!", do: func(m *Machine) { m.unary(hp17b.Fact) }},
	{label: "RAN#", do: func(m *Machine) {
		m.finishEntry()
		v, _ := hp17b.Parse("0." + randomDigits(m.rng))
		m.setX(v)
	}},
}

func randomDigits(r *rand.Rand) string {
	b := make([]byte, hp17b.Digits)
	for i := range b {
		b[i] = byte('0' + r.IntN(10))
	}
	return string(b)
}
