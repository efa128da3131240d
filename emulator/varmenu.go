package emulator

import (
	"context"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// varMenu is a variable menu over an equation: one key per variable, five
// and MORE a page when there are more than six. The Solver's CALC menu is
// one (over the current equation and the Solver's shared variables); a
// built-in application opens one over its own equation and its own
// variable store (BUS's %CHG over %CH=(NEW-OLD)÷OLD×100). Storing, solving,
// RCL and STO on a menu key and CLEAR DATA work the same in all (17bII+
// owner's manual, "Calculations Using Menus" and chapter 12).
type varMenu struct {
	eq    *solver.Equation
	text  string // a SOLVE equation's text as the list holds it ("" for a built-in)
	s     *solver.Solver
	vars  *solver.Vars
	names []string // the menu's variables, in its order
	pager
	// forms, when set, solve for a variable by its own equation (a
	// built-in application's closed form) instead of eq.
	forms map[string]*solver.Solver
	// long are the names results show where the calculator has a longer
	// one than the menu label (BUS's M%C shows MARKUP%C, p.53).
	long map[string]string
}

// newVarMenu opens eq's variable menu over vars, creating its variables.
func newVarMenu(eq *solver.Equation, vars *solver.Vars) *varMenu {
	vars.Create(eq.Menu...)
	return &varMenu{eq: eq, s: solver.New(eq, vars), vars: vars, names: eq.Menu}
}

// builtin is a built-in application's equation: its menu, in the order the
// manual's menu map gives, and one form per variable, "NAME=expression",
// that computes it directly.
type builtin struct {
	menu  []string
	forms []string
	long  map[string]string // display names of results, as varMenu.long
}

// builtinForms holds the built-ins' forms once parsed: string → *solver.Equation.
var builtinForms sync.Map

// builtinForm parses a built-in's form once per process. A form that does
// not parse is a programming error (the tests open every built-in).
func builtinForm(f string) *solver.Equation {
	if eq, ok := builtinForms.Load(f); ok {
		return eq.(*solver.Equation)
	}
	eq, err := solver.Parse(f)
	if err != nil {
		panic("emulator: built-in form " + f + ": " + err.Error())
	}
	builtinForms.Store(f, eq)
	return eq
}

// open opens the built-in's variable menu over vars.
func (b builtin) open(vars *solver.Vars) *varMenu {
	v := &varMenu{vars: vars, names: b.menu, forms: map[string]*solver.Solver{}, long: b.long}
	for _, f := range b.forms {
		eq := builtinForm(f)
		if v.eq == nil {
			v.eq, v.s = eq, solver.New(eq, vars)
		}
		v.forms[eq.Menu[0]] = solver.New(eq, vars)
	}
	vars.Create(b.menu...)
	return v
}

// shown is the name a variable's line shows.
func (v *varMenu) shown(name string) string {
	if l, ok := v.long[name]; ok {
		return l
	}
	return name
}

func (v *varMenu) labels(*Machine) [6]string {
	labels := make([]string, len(v.names))
	for i, n := range v.names {
		labels[i] = solver.Label(n)
	}
	return v.pager.labels(labels)
}

// clearData is CLEAR DATA: the menu's variables become 0.
func (v *varMenu) clearData(m *Machine) {
	v.vars.Clear(v.eq.Names...)
	v.vars.Clear(v.names...)
	m.entry, m.x = "", hp17b.Zero
}

// press is a variable's menu key: after RCL it recalls, after STO it
// stores x; after a number is keyed or computed it stores it; otherwise it
// solves for the variable.
func (v *varMenu) press(m *Machine, i int) {
	idx := v.index(len(v.names), i)
	if idx < 0 {
		return
	}
	name := v.names[idx]
	pre := m.takePrefix()
	switch {
	case pre.rcl:
		m.finishEntry()
		x := v.vars.Value(name)
		m.setX(x)
		m.fresh = false
		m.setMsg(m.varLine(v.shown(name), x), "", nil)
	case pre.sto:
		m.complete()
		x := m.x
		if pre.op != 0 {
			var err error
			if x, err = hp17b.Arith(pre.op, v.vars.Value(name), m.x); !m.report(err) {
				return
			}
		}
		v.store(m, name, x)
	case afterOperator(m):
		v.solveFor(m, name, true)
	case m.fresh || m.pending():
		m.complete()
		v.store(m, name, m.x)
	default:
		v.solveFor(m, name, false)
	}
}

func (v *varMenu) store(m *Machine, name string, x hp17b.Number) {
	v.vars.Store(name, x)
	m.fresh = false
	m.setMsg(m.varLine(v.shown(name), x), "", nil)
}

// solveFor runs the Solver for a variable, releasing the machine's lock
// while it works so the display can show its progress and a key can
// interrupt it. With operand set (a key pressed after an operator), a
// root becomes the operand the ALG line waits for instead of a message
// (afterOperator).
func (v *varMenu) solveFor(m *Machine, name string, operand bool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m.cancel, m.busy, m.progress = cancel, true, [2]string{}
	reports := 0
	opt := solver.Options{Progress: func(p solver.Progress) {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.progress = progressLines(name, p, m.mode)
		reports++
		if m.InterruptAfter > 0 && reports >= m.InterruptAfter {
			cancel()
		}
	}}
	s := v.s
	if f := v.forms[name]; f != nil {
		s = f
	}
	if v.vars == m.vars { // SOLVE's equations follow the model; the applications do not
		opt.Model = m.model
	}
	var before map[string]hp17b.Number
	if v.text != "" {
		before = values(v.vars, v.names)
	}
	m.mu.Unlock()
	r, err := s.Solve(ctx, name, opt)
	m.mu.Lock()
	m.busy, m.cancel, m.progress = false, nil, [2]string{}
	if v.text != "" {
		m.solved.add(Solved{Equation: v.text, Var: name, Found: err == nil && r.Outcome == solver.Root,
			Err: err, Before: before, After: values(v.vars, v.names)})
	}
	if operand && err == nil && r.Outcome == solver.Root && !r.Overflow {
		m.algLine.setX(v.vars.Value(name))
		return
	}
	m.showSolve(name, v.shown(name), v.vars, r, err)
}

// showSolve shows a solve's outcome (17bII+ owner's manual p.242): the
// value, or a message after which CLR shows the variable's value; shown is
// the name the value's line shows.
func (m *Machine) showSolve(name, shown string, vars *solver.Vars, r solver.Result, err error) {
	showValue := func() {
		x := vars.Value(name)
		m.setX(x)
		m.fresh = false
		m.setMsg(m.varLine(shown, x), "", nil)
	}
	switch {
	case err == solver.ErrInterrupted:
		m.setMsg(hp17b.MsgInterrupted, "", showValue)
	case err != nil:
		m.errMsg(err.Error(), "", nil)
	case r.Outcome == solver.Root:
		showValue()
	case r.Outcome == solver.BadGuesses:
		m.errMsg(hp17b.MsgBadGuesses, hp17b.MsgPressCLR, showValue)
	case r.Outcome == solver.NotFound && r.Method == solver.Direct:
		// An error stopped the direct solution: CLR shows the line as it was.
		m.errMsg(hp17b.MsgSolutionNotFound, "", nil)
	case r.Outcome == solver.NotFound:
		m.errMsg(hp17b.MsgSolutionNotFound, "", showValue)
	default: // a possible root: the two sides differ
		m.setX(r.Value)
		m.fresh = false
		m.setMsg(m.varLine("LEFT", r.Left), m.varLine("RIGHT", r.Right), showValue)
	}
	if r.Overflow && err == nil && r.Outcome == solver.Root {
		m.errMsg(hp17b.ErrOverflow.Msg, "", showValue)
	}
}

// progressLines shows the search on both display lines: on each, the
// variable, one of the two current estimates with its 12 digits, and the
// sign of LEFT−RIGHT there (17bII+ owner's manual p.159: "A 1.50000000000 -"
// over "A 1.13476129834 +").
func progressLines(name string, p solver.Progress, mode hp17b.Mode) [2]string {
	line := func(x hp17b.Number, s int) string {
		sign := "0"
		switch {
		case s < 0:
			sign = "-"
		case s > 0:
			sign = "+"
		}
		return fit(name + " " + estimateText(x, mode) + " " + sign)
	}
	return [2]string{line(p.X1, p.S1), line(p.X2, p.S2)}
}

// estimateText writes an estimate of the search with all 12 of its digits,
// trailing zeros too ("1.50000000000", "1,234.50000000"), in scientific
// notation outside 1E-11 … 1E12; mode gives the radix mark.
func estimateText(x hp17b.Number, mode hp17b.Mode) string {
	e := x.Exponent()
	if x.IsZero() {
		e = 0
	}
	fix := hp17b.Digits - 1 - e
	if e < 0 {
		fix = hp17b.Digits - 1
	}
	if fix < 0 || fix > 11 {
		fix = 11
	}
	return hp17b.Format(x, hp17b.Mode{Fix: fix, Comma: mode.Comma})
}
