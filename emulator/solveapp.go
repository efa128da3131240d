package emulator

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
)

// The SOLVE application: the equation list, NEW and EDIT, DELET, CALC and
// the variable menu (17bII+ owner's manual, chapter 12).

// solveApp is SOLVE's part of continuous memory: the equation list and the
// current equation. The Solver's variables, shared by every equation, are
// Machine.vars.
type solveApp struct {
	eqs []string
	cur int
	// parsed holds the equations read from the list's texts, so that CALC
	// reads each text once (its trees are immutable); texts no longer in
	// the list are dropped when it outgrows the list.
	parsed map[string]*solver.Equation
}

// parse reads one of the list's texts, once per text.
func (s *solveApp) parse(text string) (*solver.Equation, error) {
	if eq, ok := s.parsed[text]; ok {
		return eq, nil
	}
	eq, err := solver.Parse(text)
	if err != nil {
		return nil, err
	}
	if len(s.parsed) > 2*len(s.eqs)+8 {
		keep := make(map[string]*solver.Equation, len(s.eqs))
		for _, t := range s.eqs {
			if e, ok := s.parsed[t]; ok {
				keep[t] = e
			}
		}
		s.parsed = keep
	}
	if s.parsed == nil {
		s.parsed = map[string]*solver.Equation{}
	}
	s.parsed[text] = eq
	return eq, nil
}

// solveSlot is SOLVE's place on MAIN, its fifth key (p.25).
const solveSlot = 4

func init() {
	register(application{label: "SOLVE", slot: solveSlot, menu: func(*Machine) menu { return &solveMenu{} },
		memory: sectionOf("solve", saveSolve, restoreSolve)})
}

// solveMenu is the SOLVE list's menu: CALC EDIT DELET NEW.
type solveMenu struct{}

func (*solveMenu) labels(*Machine) [6]string {
	return [6]string{"CALC", "EDIT", "DELET", "NEW", "", ""}
}

func (*solveMenu) press(m *Machine, i int) {
	s := &m.solve
	switch i {
	case 0:
		m.calcEquation()
	case 1:
		if len(s.eqs) == 0 {
			m.startEdit(nil, -1)
			return
		}
		m.startEdit([]rune(s.eqs[s.cur]), s.cur)
	case 2:
		m.deleteEquation()
	case 3:
		m.startEdit(nil, -1)
	}
}

// topLine is the current equation's beginning.
func (*solveMenu) topLine(m *Machine) string {
	if len(m.solve.eqs) == 0 {
		return "EQUATION LIST EMPTY"
	}
	return fit(m.solve.eqs[m.solve.cur])
}

// move is ▲ ▼ in the list (shifted: to its ends).
func (*solveMenu) move(m *Machine, up, jump bool) {
	s := &m.solve
	if len(s.eqs) == 0 {
		return
	}
	switch {
	case jump && up:
		s.cur = 0
	case jump:
		s.cur = len(s.eqs) - 1
	case up && s.cur > 0:
		s.cur--
	case !up && s.cur < len(s.eqs)-1:
		s.cur++
	}
	m.entry, m.chain = "", nil
}

// calcEquation verifies the current equation and opens its variable menu;
// a bad one shows INVALID EQUATION and opens it for editing with the
// cursor on the first character the Solver could not interpret.
func (m *Machine) calcEquation() {
	s := &m.solve
	if len(s.eqs) == 0 {
		return
	}
	m.finishEntry()
	eq, err := s.parse(s.eqs[s.cur])
	if err != nil {
		text := []rune(s.eqs[s.cur])
		m.startEdit(text, s.cur)
		var se *solver.SyntaxError
		if errors.As(err, &se) {
			e := m.editor()
			e.cursor = min(max(se.Pos.Col-1, 0), len(text))
			e.mark = e.cursor
		}
		m.errMsg(hp17b.MsgInvalidEquation, "", nil)
		return
	}
	v := newVarMenu(eq, m.vars)
	v.text = s.eqs[s.cur]
	v.s.UseLists(solverLists{cflo: &m.cflo, sum: &m.sum})
	v.s.UseClock(m.now)
	v.s.UseDayFirst(m.clk.dayFirst)
	m.pushMenu(v)
	m.fresh = false
}

func (m *Machine) deleteEquation() {
	s := &m.solve
	if len(s.eqs) == 0 {
		return
	}
	removeEq := func() {
		m.ask("DELETE THE EQUATION?", func() {
			s.eqs = append(s.eqs[:s.cur], s.eqs[s.cur+1:]...)
			if s.cur >= len(s.eqs) && s.cur > 0 {
				s.cur--
			}
		}, nil)
	}
	eq, err := s.parse(s.eqs[s.cur])
	if err == nil {
		for _, n := range eq.Names {
			if _, ok := m.vars.Get(n); ok {
				m.ask("DELETE THE VARIABLES?", func() {
					m.vars.Delete(eq.Names...)
					removeEq()
				}, removeEq)
				return
			}
		}
	}
	removeEq()
}

// addEquations adds equation texts to the SOLVE list, but not one that is
// already there; it returns how many it added and how many it skipped.
func (m *Machine) addEquations(texts []string) (added, known int) {
	s := &m.solve
	have := map[string]bool{}
	for _, t := range s.eqs {
		have[t] = true
	}
	for _, t := range texts {
		if have[t] {
			known++
			continue
		}
		have[t] = true
		s.eqs = append(s.eqs, t)
		added++
	}
	return added, known
}

// addedMessage is "1 EQUATION ADDED" or "n EQUATIONS ADDED".
func addedMessage(n int) string {
	if n == 1 {
		return "1 EQUATION ADDED"
	}
	return strconv.Itoa(n) + " EQUATIONS ADDED"
}

// LoadMode says what loading equations (LoadFile, LoadEquations) does
// with a bad one.
type LoadMode int

// The load modes.
const (
	// LoadStrict adds the equations only when all are good: a bad one
	// changes nothing and is the error (a *solver.SyntaxError); the
	// display shows "2 EQUATIONS ADDED" (the command line's --load,
	// cmd/hp17b/keys.go).
	LoadStrict LoadMode = iota
	// LoadLenient adds the good equations even when one is bad and shows
	// what happened: "2 EQUATIONS ADDED", or "BAD FILE line:col" when an
	// equation is bad, whose error is LoadReport.Err (the window's files:
	// ui/files.go).
	LoadLenient
	// LoadPaste is LoadLenient for a paste: the display says "INVALID
	// EQUATION line:col" for a bad equation, "PASTE TOO LARGE: 1 MB" for
	// text larger than solver.MaxFileSize and "PASTE IS NOT TEXT" for
	// bytes that are not printable UTF-8 text, the error saying why and
	// where (ui/clipboard.go).
	LoadPaste
)

// LoadFile adds the equations of the equation file at path (the format
// solver.ReadFile reads, by solver.FileRule) to the SOLVE list, as
// LoadEquations does; the error is also the file's reading error.
func (m *Machine) LoadFile(path string, mode LoadMode) (LoadReport, error) {
	b, err := files.ReadRegular(path, solver.MaxFileSize)
	if err != nil {
		return LoadReport{}, err
	}
	return m.LoadEquations(path, string(b), mode)
}

// LoadEquations adds the equations of an equation file's text (read by
// solver.ReadFile: in the calculator's spelling, with the lines kept as
// typed, solver.KeptMark, as they are) to the SOLVE list, skipping those
// whose text is already there, as mode says (LoadStrict, LoadLenient,
// LoadPaste); name is used in errors. Text larger than
// solver.MaxFileSize, or holding a control character or bytes that are
// not UTF-8, is refused before it is parsed, and equations that would make
// the state larger than MaxStateWrite are refused whole (STATE FULL: 4
// MB); nothing changes then, nor while the Solver works (ErrBusy).
func (m *Machine) LoadEquations(name, text string, mode LoadMode) (LoadReport, error) {
	if err := CheckFileText(name, text); err != nil {
		if mode == LoadPaste {
			msg := "PASTE IS NOT TEXT"
			if len(text) > solver.MaxFileSize {
				msg = "PASTE TOO LARGE: 1 MB"
			}
			m.Message(msg)
		}
		return LoadReport{}, err
	}
	entries, bad := solver.ReadFile(name, text, mode != LoadStrict)
	if mode == LoadStrict && bad != nil {
		return LoadReport{}, bad
	}
	texts := make([]string, len(entries))
	for i, e := range entries {
		texts[i] = e.Text
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return LoadReport{}, ErrBusy
	}
	m.refreshLocked()
	rep := LoadReport{Err: bad}
	before := len(m.solve.eqs)
	var err error
	if rep.Added, err = m.addEquationsFit(texts); err != nil {
		m.errMsg(fullMessage, "", nil)
		return LoadReport{}, err
	}
	rep.Known = len(texts) - (len(m.solve.eqs) - before)
	word := "BAD FILE"
	if mode == LoadPaste {
		word = "INVALID EQUATION"
	}
	var se *solver.SyntaxError
	switch {
	case errors.As(bad, &se):
		m.errMsg(fmt.Sprintf("%s %d:%d", word, se.Pos.Line, se.Pos.Col), "", nil)
	case bad != nil:
		m.errMsg(word, "", nil)
	default:
		m.setMsg(addedMessage(rep.Added), "", nil)
	}
	m.saveLocked()
	return rep, nil
}

// SOLVE's section of the state file, "solve": the equation list, the
// current equation and the Solver's variables.

// solveSection is SOLVE's: the equation list, the current equation and the
// Solver's variables.
type solveSection struct {
	Equations []string                `json:"equations"`
	Current   int                     `json:"current"`
	Vars      map[string]hp17b.Number `json:"vars"`
}

// saveSolve is SOLVE's section now.
func saveSolve(m *Machine) *solveSection {
	return &solveSection{Equations: append([]string{}, m.solve.eqs...), Current: m.solve.cur, Vars: m.vars.Snapshot()}
}

// restoreSolve takes SOLVE's section on, its list and variables replacing
// the calculator's (none, nil, empties them); a control character typed
// into the file shows as "?", and notes says in which equations.
func restoreSolve(m *Machine, s *solveSection) (notes []string) {
	if s == nil {
		s = &solveSection{}
	}
	m.solve.eqs = make([]string, len(s.Equations))
	for i, t := range s.Equations {
		m.solve.eqs[i] = visible(t)
		if m.solve.eqs[i] != t {
			notes = append(notes, fmt.Sprintf("equation %d's control characters shown as ?", i+1))
		}
	}
	m.solve.cur = max(0, min(s.Current, len(m.solve.eqs)-1))
	m.vars.Delete(m.vars.Names()...)
	for n, v := range s.Vars {
		m.vars.Set(n, v)
	}
	return notes
}
