package emulator

import (
	"strings"
	"unicode/utf8"
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
