package emulator

import (
	"errors"
	"slices"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// What an owner outside the calculator that follows a game over a SOLVE
// equation (the window's heaps panel, ui/games.go) asks of the machine
// beside keys: open an equation and compute or store one of its menu
// variables as its menu key would, read and put back the variables, and
// show a value on the display. The runs it reads the moves from are the
// Solver's log (solvelog.go); the game it keeps is an owner's section of
// continuous memory (memory.go).

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
