package emulator

import (
	"errors"

	"github.com/hp17b/hp17b/solver"
)

// Pending is what the calculator is in the middle of, as a person would see
// it before pressing a menu key: nothing, a number being keyed, a prompt
// (STO, RCL, DSP FIX, a YES/NO question, the shift key), or an equation
// being entered or edited.
type Pending int

// The states Pending reports.
const (
	PendingNone   Pending = iota
	PendingNumber         // a number or a chain on the calculator line: CLR clears it
	PendingPrompt         // STO/RCL, DSP FIX, a YES/NO question or shift: EXIT cancels it
	PendingEdit           // an equation is being entered or edited: INPUT or EXIT first
	PendingBusy           // the Solver works: any key interrupts it
)

// Pending reports what is pending (see Pending).
func (m *Machine) Pending() Pending {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.busy:
		return PendingBusy
	case m.editor() != nil:
		return PendingEdit
	case m.modal != nil || m.shift:
		return PendingPrompt
	case m.pending():
		return PendingNumber
	}
	return PendingNone
}

// CursorMove is a text-field movement of the equation editor's cursor.
type CursorMove int

// The movements EditCursor makes.
const (
	CursorLeft   CursorMove = iota // one character left (the cursor menu's <-)
	CursorRight                    // one character right (->)
	CursorHome                     // to the start (|<-)
	CursorEnd                      // to the end (->|)
	CursorDelete                   // delete the character at the cursor (DEL)
	// CursorWordLeft and CursorWordRight move to the start of the name or
	// number before the cursor, or past the one after it, as a PC text
	// field's Ctrl+arrows do; the calculator's menu moves one character.
	CursorWordLeft
	CursorWordRight
)

// EditView is the equation being entered or edited, whole: its text and
// the cursor's place in it (0 before the first character, len(Text) in
// runes after the last), for a view larger than the display's 22
// characters. When CALC found the equation invalid (INVALID EQUATION,
// 17bII+ owner's manual p.157: the cursor is put where the Solver stopped),
// Marked is true and Mark is that place, in runes like Cursor, until the
// text is next changed.
type EditView struct {
	Text   string
	Cursor int
	Marked bool
	Mark   int
}

// Edit returns the equation being entered or edited, and false when none
// is.
func (m *Machine) Edit() (EditView, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.editor()
	if e == nil || e.commit != nil {
		return EditView{}, false
	}
	v := EditView{Text: string(e.text), Cursor: e.cursor}
	if e.mark >= 0 && e.mark <= len(e.text) {
		v.Marked, v.Mark = true, e.mark
	}
	return v, true
}

// EditCursorAt puts the cursor of the equation being entered or edited at
// pos, in runes from the start (clamped to the text: 0 to its length), as
// the whole-equation view's line moves do. It reports false when no
// equation is being edited or the Solver is busy.
func (m *Machine) EditCursorAt(pos int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.editor()
	if e == nil || m.busy {
		return false
	}
	m.msg = [2]string{}
	e.cursor = min(max(pos, 0), len(e.text))
	return true
}

// EditCursor moves the cursor of the equation being entered or edited, or
// deletes the character under it, as the ALPHA-Edit menu's keys do. It
// reports false when no equation is being edited.
func (m *Machine) EditCursor(move CursorMove) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.editor()
	if e == nil || m.busy {
		return false
	}
	m.msg = [2]string{}
	e.moveCursor(move)
	return true
}

// ErrBusy is returned by the changes to continuous memory that wait for no
// solve: while the Solver works, load the file again once it has finished
// (or interrupt it with any key).
var ErrBusy = errors.New("the calculator is busy solving: press a key to interrupt it, then try again")

// LoadReport is what a load (Machine.LoadEquations) did: the equations
// added, those already in the SOLVE list (not added again), and, with
// LoadLenient, the first bad equation's error.
type LoadReport struct {
	Added, Known int
	Err          error
}

// CopyText is what the PC's copy key (Ctrl+C) takes from the calculator:
// the equation's text while one is entered or edited, the current
// equation's text in the SOLVE list, and otherwise the number on the
// calculator line (X in RPN, the number being keyed if any) at full
// precision in plain decimal (hp17b.Number.String: "1346",
// "0.666666666667", "1.5E-25").
func (m *Machine) CopyText() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e := m.editor(); e != nil {
		return string(e.text)
	}
	if _, ok := m.menu().(*solveMenu); ok && m.modal == nil && len(m.solve.eqs) > 0 {
		return m.solve.eqs[m.solve.cur]
	}
	x := m.x
	if m.entry != "" {
		x, _ = m.entryValue()
	}
	return x.String()
}

// Model returns the calculator modelled (solver.Model17BII by default).
func (m *Machine) Model() solver.Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.model
}

// SetModel chooses the calculator modelled: the HP-17BII or the
// HP-17bII+, whose Solver evaluates every SOLVE equation at least twice
// (solver.Model17BIIPlus; docs/solver-models.md). It is kept in the state.
// ErrBusy while the Solver works.
func (m *Machine) SetModel(model solver.Model) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return ErrBusy
	}
	m.model = model
	m.saveLocked()
	return nil
}

// ExactTVM reports whether TVM gives the correctly rounded answer
// (SetExactTVM).
func (m *Machine) ExactTVM() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.exactTVM
}

// SetExactTVM chooses TVM's digits: false (the default) the HP-17BII's,
// computed in its 15-digit working arithmetic (fin/tvm15.go: the flat-rate
// plateaus, OVERFLOW past 10^20000); true the correctly rounded answer
// (fin.TVM.Exact; hp17b's --exact-tvm). It is kept in the state. ErrBusy
// while the Solver works.
func (m *Machine) SetExactTVM(exact bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return ErrBusy
	}
	m.exactTVM = exact
	m.saveLocked()
	return nil
}

// addEquationsFit is addEquations unless the equations would make the state
// larger than MaxStateWrite: then nothing is added and the error says so.
func (m *Machine) addEquationsFit(texts []string) (added int, err error) {
	before, cur := len(m.solve.eqs), m.solve.cur
	added, _ = m.addEquations(texts)
	if n := m.stateSize(nil, nil); n > MaxStateWrite {
		m.solve.eqs, m.solve.cur = m.solve.eqs[:before], cur
		return 0, errFull(n)
	}
	return added, nil
}
