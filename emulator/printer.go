package emulator

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hp17b/hp17b/hp17b"
)

// The printer: what PRT and AMRT's TABLE send to an HP 82240 infrared
// printer (17bII+ owner's manual, "Printing"), kept as a print-out of
// lines of at most PrintWidth characters. Paper is not continuous memory:
// the print-out starts empty with each run.

// PrintWidth is the HP 82240's line width in characters.
const PrintWidth = 24

// maxPrintLines bounds the print-out: the oldest lines go first.
const maxPrintLines = 10000

// print adds lines to the print-out, each cut to PrintWidth; under MODES
// DBL each line is followed by a blank one (double spacing).
func (m *Machine) print(lines ...string) {
	for _, l := range lines {
		if utf8.RuneCountInString(l) > PrintWidth {
			l = string([]rune(l)[:PrintWidth])
		}
		m.tape = append(m.tape, l)
		if m.dbl {
			m.tape = append(m.tape, "")
		}
	}
	if over := len(m.tape) - maxPrintLines; over > 0 {
		m.tape = append([]string(nil), m.tape[over:]...)
	}
}

// printRight adds a line set against the right margin, as the printer
// sets numbers.
func (m *Machine) printRight(s string) {
	if n := utf8.RuneCountInString(s); n < PrintWidth {
		s = strings.Repeat(" ", PrintWidth-n) + s
	}
	m.print(s)
}

// PrintOut returns the print-out's lines, oldest first.
func (m *Machine) PrintOut() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.tape...)
}

// PrintOutTail returns at most n lines of the print-out, ending skip lines
// before the newest (skip is clamped to the paper), and how many lines the
// paper holds: what a view of n lines scrolled back skip lines shows,
// without copying the rest of the paper.
func (m *Machine) PrintOutTail(n, skip int) (lines []string, total int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	total = len(m.tape)
	end := total - min(max(skip, 0), max(total-n, 0))
	return append([]string(nil), m.tape[max(end-n, 0):end]...), total
}

// ClearPrintOut tears the paper off: the print-out starts again empty.
func (m *Machine) ClearPrintOut() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tape = nil
}

// printDisplay is PRT: the calculator line as the display shows it (a
// number being keyed is finished first), set right.
func (m *Machine) printDisplay() {
	m.finishEntry()
	m.printRight(m.frame().Top)
}

// printerMenu is the shifted PRT key, PRINTER: LIST prints what the menu
// under it holds (the SOLVE list's equations, a variable menu's variables
// and their values; elsewhere the calculator line), REGS the registers 0
// to 9, STK the stack's levels in use (T to X) in RPN or the calculator
// line's number in ALG. Each prints and returns to the menu under it.
// The menu's items are ours: the owner's manual's printing chapter was not
// at hand (docs/decisions.md).
var printerMenu = &table{
	{label: "LIST", do: func(m *Machine) {
		m.finishEntry()
		m.popMenu()
		m.printList()
	}},
	{label: "REGS", do: func(m *Machine) {
		m.finishEntry()
		m.popMenu()
		for i, r := range m.regs {
			m.printRight("R" + strconv.Itoa(i) + "=" + hp17b.Format(r, m.mode))
		}
	}},
	{label: "STK", do: func(m *Machine) {
		m.finishEntry()
		m.popMenu()
		levels := []hp17b.Number{m.x}
		if m.rpn.on {
			levels = append(levels, m.rpn.inUse()...)
		}
		for i := len(levels) - 1; i >= 0; i-- {
			m.printRight(string("XYZT"[i]) + "=" + hp17b.Format(levels[i], m.mode))
		}
	}},
}

// printList prints what the current menu holds: each equation of the
// SOLVE list (cut into lines of PrintWidth, a blank line between two), a
// variable menu's variables or an application menu's (TVM, BOND, ...)
// with their values in the menu's order, or else the calculator line.
func (m *Machine) printList() {
	switch menu := m.menu().(type) {
	case *solveMenu:
		for i, eq := range m.solve.eqs {
			if i > 0 {
				m.print("")
			}
			r := []rune(eq)
			for len(r) > PrintWidth {
				m.print(string(r[:PrintWidth]))
				r = r[PrintWidth:]
			}
			m.print(string(r))
		}
	case *varMenu:
		for _, name := range menu.names {
			m.printRight(name + "=" + hp17b.Format(menu.vars.Value(name), m.mode))
		}
	case *calcMenu:
		for _, k := range menu.keys {
			switch x := menu.vars.Value(k.name); {
			case k.name == "":
			case k.show != nil:
				m.printRight(k.show(m, x))
			default:
				m.printRight(k.name + "=" + hp17b.Format(x, m.mode))
			}
		}
	default:
		m.printDisplay()
	}
}
