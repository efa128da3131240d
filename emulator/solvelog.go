package emulator

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Solved is one run of the Solver for a variable of a SOLVE equation,
// however it was started (a menu key, a key script, Calculate): the
// equation's text as the SOLVE list holds it, the variable, how it ended,
// and the equation's menu variables just before and just after it. An
// owner that follows a game (the heaps panel) reads the moves from these,
// never from the display.
type Solved struct {
	// Seq numbers the runs from 1, in order.
	Seq uint64
	// Equation is the SOLVE list's text, Var the variable solved for.
	Equation, Var string
	// Found is set when the Solver found a root (the display shows
	// VAR=value); Err is the error that stopped it (solver.ErrInterrupted
	// for a key), nil otherwise. Neither: SOLUTION NOT FOUND, or a
	// possible root (LEFT and RIGHT differ).
	Found bool
	Err   error
	// Before and After are the menu variables' values, by name.
	Before, After map[string]hp17b.Number
}

// solvedKept is how many runs SolvedSince can return: more than one job
// of the window's controller makes.
const solvedKept = 64

// solveLog keeps the last runs of the Solver over SOLVE equations.
type solveLog struct {
	seq  uint64
	runs []Solved
}

func (l *solveLog) add(s Solved) {
	l.seq++
	s.Seq = l.seq
	if len(l.runs) == solvedKept {
		l.runs = append(l.runs[:0], l.runs[1:]...)
	}
	l.runs = append(l.runs, s)
}

// SolvedSince returns the runs of the Solver over SOLVE equations after
// run seq (0: every run kept), oldest first; at most the last 64.
func (m *Machine) SolvedSince(seq uint64) []Solved {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Solved
	for _, s := range m.solved.runs {
		if s.Seq > seq {
			out = append(out, s)
		}
	}
	return out
}

// LastSolved is the number of the last run of the Solver over a SOLVE
// equation (0 before the first): SolvedSince(LastSolved()) is empty.
func (m *Machine) LastSolved() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.solved.seq
}

// values are the named variables' values in vars.
func values(vars *solver.Vars, names []string) map[string]hp17b.Number {
	out := make(map[string]hp17b.Number, len(names))
	for _, n := range names {
		out[n] = vars.Value(n)
	}
	return out
}

// ErrEditing is OpenEquation's refusal while an equation is being typed or
// edited: INPUT keeps it, EXIT leaves it.
var ErrEditing = errors.New("an equation is being typed: press INPUT to keep it or EXIT to leave it")

// OpenEquation makes the SOLVE equation text current and shows its
// variable menu, as MAIN, SOLVE, the equation chosen with ▲ ▼ and CALC
// would, adding text to the SOLVE list when it is not there: a number
// being keyed is discarded and a prompt (STO, RCL, DSP, a question, the
// shift key) cancelled first, so that the next menu key computes. It
// refuses while an equation is being edited (ErrEditing) or the Solver
// works (ErrBusy); a text that does not parse is its *solver.SyntaxError.
func (m *Machine) OpenEquation(text string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, err := m.openEquation(text)
	if err == nil {
		m.saveLocked()
	}
	return err
}

// openEquation is OpenEquation under the lock, without saving: its
// callers save once, after what they do with the menu.
func (m *Machine) openEquation(text string) (*varMenu, error) {
	switch {
	case m.busy:
		return nil, ErrBusy
	case m.editor() != nil:
		return nil, ErrEditing
	}
	s := &m.solve
	eq, err := s.parse(text)
	if err != nil {
		return nil, err
	}
	if v, ok := m.menu().(*varMenu); ok && v.text == text && v.vars == m.vars {
		m.settle()
		return v, nil
	}
	cur := -1
	for i, t := range s.eqs {
		if t == text {
			cur = i
		}
	}
	if cur < 0 {
		m.addEquations([]string{solver.Flatten(eq.Source)})
		cur = len(s.eqs) - 1
	}
	s.cur = cur
	m.settle()
	m.toMain()
	m.pushMenu(&solveMenu{})
	v := newVarMenu(eq, m.vars)
	v.text = text
	v.s.UseLists(solverLists{cflo: &m.cflo, sum: &m.sum})
	v.s.UseClock(m.now)
	v.s.UseDayFirst(m.clk.dayFirst)
	m.pushMenu(v)
	// The menus are those MAIN's SOLVE key and SOLVE's CALC open over the
	// current equation: continuous memory keeps them (where.go).
	m.where.trail = [][]Function{{{Key: KeyF1 + Key(solveSlot)}}, {{Key: KeyF1}}}
	return v, nil
}

// settle discards a number being keyed and cancels a prompt and the
// shift key, leaving x as it was: the next menu key computes.
func (m *Machine) settle() {
	m.modal, m.shift, m.off, m.show = nil, false, false, ""
	m.entry, m.chain, m.fresh = "", nil, false
	m.msg, m.onClear = [2]string{}, nil
}

// Calculate opens the SOLVE equation text (OpenEquation) and computes its
// menu variable name as the variable's menu key does, showing the result
// (or the Solver's message) on the display. Nothing is stored but what
// the equation itself stores. The errors are OpenEquation's, or a name
// that is not one of the equation's menu variables.
func (m *Machine) Calculate(text, name string) error {
	return m.onMenuVar(text, name, func(v *varMenu) { v.solveFor(m, name, false) })
}

// onMenuVar opens the SOLVE equation text and does f with its variable
// menu when name is one of its menu variables, then saves the state.
func (m *Machine) onMenuVar(text, name string, f func(v *varMenu)) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, err := m.openEquation(text)
	if err != nil {
		return err
	}
	defer m.saveLocked() // once, the equation opened and f done
	if !slices.Contains(v.names, name) {
		return errors.New(name + " is not a menu variable of the equation")
	}
	f(v)
	return nil
}

// Section returns the JSON kept in continuous memory under name for an
// owner outside the calculator (the heaps panel's game: "game"), nil when
// there is none. It is saved and restored with the state file (and the
// browser's storage), as a whole.
func (m *Machine) Section(name string) json.RawMessage {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sections[name]
}

// SetSection keeps b (valid JSON) under name in continuous memory and
// saves it with the state; nil removes the section.
func (m *Machine) SetSection(name string, b json.RawMessage) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b == nil {
		delete(m.sections, name)
	} else {
		if m.sections == nil {
			m.sections = map[string]json.RawMessage{}
		}
		m.sections[name] = append(json.RawMessage(nil), b...)
	}
	m.saveLocked()
}

// sectionsCopy is the sections for the state file.
func (m *Machine) sectionsCopy() map[string]json.RawMessage {
	if len(m.sections) == 0 {
		return nil
	}
	return maps.Clone(m.sections)
}

// StoreVar opens the SOLVE equation text (OpenEquation) and stores x in
// its menu variable name, as keying x and pressing the variable's menu
// key does (the display shows NAME=x). The errors are OpenEquation's, or
// a name that is not one of the equation's menu variables.
func (m *Machine) StoreVar(text, name string, x hp17b.Number) error {
	return m.onMenuVar(text, name, func(v *varMenu) {
		m.x = x
		v.store(m, name, x)
	})
}

// Values returns the Solver variables' values by name (0 for a name that
// does not exist), read under the calculator's lock.
func (m *Machine) Values(names ...string) map[string]hp17b.Number {
	m.mu.Lock()
	defer m.mu.Unlock()
	return values(m.vars, names)
}

// SetValues stores values in the Solver's variables, as an owner of a
// game puts the heaps back after an undo, and saves the state. The
// display does not change. ErrBusy while the Solver works.
func (m *Machine) SetValues(vals map[string]hp17b.Number) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return ErrBusy
	}
	for n, v := range vals {
		m.vars.Store(n, v)
	}
	m.saveLocked()
	return nil
}

// ShowValue opens the SOLVE equation text (OpenEquation) and shows x as
// its menu variable name's line ("EVAL=1,346.00"), x in the X register,
// as the line computing name shows its result; nothing is stored. The
// heaps panel shows so the position a game is back at after Undo, Redo
// or a refused move (ui/games.go). The errors are OpenEquation's, or a
// name that is not one of the equation's menu variables.
func (m *Machine) ShowValue(text, name string, x hp17b.Number) error {
	return m.onMenuVar(text, name, func(v *varMenu) {
		m.setX(x)
		m.fresh = false
		m.setMsg(m.varLine(v.shown(name), x), "", nil)
	})
}
