package emulator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// The SOLVE application: the equation list, NEW and EDIT, DELET, CALC and
// the variable menu (HP-17BII manual, chapter 12).

func (m *Machine) listMove(up, jump bool) {
	if m.menu() != menuSolve || len(m.eqs) == 0 {
		return
	}
	switch {
	case jump && up:
		m.cur = 0
	case jump:
		m.cur = len(m.eqs) - 1
	case up && m.cur > 0:
		m.cur--
	case !up && m.cur < len(m.eqs)-1:
		m.cur++
	}
	m.entry, m.chain = "", nil
}

// listLine is the SOLVE menu's top line: the current equation's beginning.
func (m *Machine) listLine() string {
	if len(m.eqs) == 0 {
		return "EQUATION LIST EMPTY"
	}
	return fit(m.eqs[m.cur])
}

func (m *Machine) solveMenuKey(i int) {
	switch i {
	case 0:
		m.calcEquation()
	case 1:
		if len(m.eqs) == 0 {
			m.startEdit(nil, -1)
			return
		}
		m.startEdit([]rune(m.eqs[m.cur]), m.cur)
	case 2:
		m.deleteEquation()
	case 3:
		m.startEdit(nil, -1)
	}
}

func (m *Machine) startEdit(text []rune, index int) {
	m.entry, m.chain = "", nil
	m.edit = &editState{text: text, cursor: len(text), index: index}
	m.pushMenu(menuAlpha)
}

// calcEquation verifies the current equation and builds its menu; a bad
// one shows INVALID EQUATION and opens it for editing with the cursor on
// the first character the Solver could not interpret.
func (m *Machine) calcEquation() {
	if len(m.eqs) == 0 {
		return
	}
	m.finishEntry()
	eq, err := solver.Parse(m.eqs[m.cur])
	if err != nil {
		text := []rune(m.eqs[m.cur])
		m.startEdit(text, m.cur)
		var se *solver.SyntaxError
		if errors.As(err, &se) {
			m.edit.cursor = min(max(se.Pos.Col-1, 0), len(text))
		}
		m.setMsg(hp17b.MsgInvalidEquation, "", nil)
		return
	}
	m.vars.Create(eq.Menu...)
	m.calc = &calcState{eq: eq, s: solver.New(eq, m.vars)}
	m.pushMenu(menuVars)
	m.fresh = false
}

func (m *Machine) deleteEquation() {
	if len(m.eqs) == 0 {
		return
	}
	removeEq := func() {
		m.ask("DELETE THE EQUATION?", func() {
			m.eqs = append(m.eqs[:m.cur], m.eqs[m.cur+1:]...)
			if m.cur >= len(m.eqs) && m.cur > 0 {
				m.cur--
			}
		}, nil)
	}
	eq, err := solver.Parse(m.eqs[m.cur])
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

// varLabels gives the variable menu's labels, five and MORE a page when
// there are more than six.
func (m *Machine) varLabels() [6]string {
	var l [6]string
	if m.calc == nil {
		return l
	}
	names := m.calc.eq.Menu
	if len(names) <= 6 {
		for i, n := range names {
			l[i] = solver.Label(n)
		}
		return l
	}
	for i := 0; i < 5; i++ {
		if j := m.calc.page*5 + i; j < len(names) {
			l[i] = solver.Label(names[j])
		}
	}
	l[5] = "MORE"
	return l
}

// varKey is a variable's menu key: after RCL it recalls, after STO it
// stores x; after a number is keyed or computed it stores it; otherwise it
// solves for the variable.
func (m *Machine) varKey(i int) {
	names := m.calc.eq.Menu
	idx := i
	if len(names) > 6 {
		if i == 5 {
			m.calc.page = (m.calc.page + 1) % ((len(names) + 4) / 5)
			return
		}
		idx = m.calc.page*5 + i
	}
	if idx >= len(names) {
		return
	}
	name := names[idx]
	pre := m.pre
	m.pre = prefix{}
	switch {
	case pre.rcl:
		m.finishEntry()
		v := m.vars.Value(name)
		m.setX(v)
		m.fresh = false
		m.setMsg(m.varLine(name, v), "", nil)
	case pre.sto:
		m.equals()
		v := m.x
		if pre.op != 0 {
			var err error
			if v, err = hp17b.Arith(pre.op, m.vars.Value(name), m.x); !m.report(err) {
				return
			}
		}
		m.vars.Store(name, v)
		m.fresh = false
		m.setMsg(m.varLine(name, v), "", nil)
	case m.fresh || m.entry != "" || len(m.chain) > 0:
		m.equals()
		m.vars.Store(name, m.x)
		m.fresh = false
		m.setMsg(m.varLine(name, m.x), "", nil)
	default:
		m.solveFor(name)
	}
}

// solveFor runs the Solver for a variable, releasing the machine's lock
// while it works so the display can show its progress and a key can
// interrupt it.
func (m *Machine) solveFor(name string) {
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
	s := m.calc.s
	m.mu.Unlock()
	r, err := s.Solve(ctx, name, opt)
	m.mu.Lock()
	m.busy, m.cancel, m.progress = false, nil, [2]string{}
	showValue := func() {
		v := m.vars.Value(name)
		m.setX(v)
		m.fresh = false
		m.setMsg(m.varLine(name, v), "", nil)
	}
	switch {
	case err == solver.ErrInterrupted:
		m.setMsg(hp17b.MsgInterrupted, "", showValue)
	case err != nil:
		m.setMsg(err.Error(), "", nil)
	case r.Outcome == solver.Root:
		showValue()
	case r.Outcome == solver.BadGuesses:
		m.setMsg(hp17b.MsgBadGuesses, hp17b.MsgPressCLR, showValue)
	case r.Outcome == solver.NotFound && r.Method == solver.Direct:
		// An error stopped the direct solution: CLR shows the line as it was.
		m.setMsg(hp17b.MsgSolutionNotFound, "", nil)
	case r.Outcome == solver.NotFound:
		m.setMsg(hp17b.MsgSolutionNotFound, "", showValue)
	default: // a possible root: the two sides differ
		m.setX(r.Value)
		m.fresh = false
		m.setMsg(m.varLine("LEFT", r.Left), m.varLine("RIGHT", r.Right), showValue)
	}
	if r.Overflow && err == nil && r.Outcome == solver.Root {
		m.setMsg(hp17b.ErrOverflow.Msg, "", showValue)
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

// editKey handles a key while an equation is typed or edited.
func (m *Machine) editKey(k Key, shifted bool) {
	e := m.edit
	if shifted {
		switch k {
		case KeyMul:
			m.insert("^")
		case KeyChs:
			m.insert("E")
		case KeyEXIT: // MAIN abandons the entry
			m.edit = nil
			m.menus = []menuID{menuMain}
		}
		return
	}
	if d, ok := keyDigit(k); ok {
		m.insert(string(d))
		return
	}
	if s, ok := map[Key]string{KeyDot: ".", KeyAdd: "+", KeySub: "-", KeyMul: "×", KeyDiv: "÷",
		KeyLParen: "(", KeyRParen: ")", KeyEquals: "="}[k]; ok {
		m.insert(s)
		return
	}
	switch k {
	case KeyBack:
		if e.cursor > 0 {
			e.text = append(e.text[:e.cursor-1], e.text[e.cursor:]...)
			e.cursor--
		}
	case KeyCLR:
		e.text, e.cursor = nil, 0
	case KeyINPUT:
		m.commitEdit()
	case KeyEXIT:
		switch m.menu() {
		case menuAlphaSub, menuOther:
			m.popMenu()
		case menuAlpha:
			m.menus[len(m.menus)-1] = menuCursor
		case menuCursor:
			m.menus[len(m.menus)-1] = menuAlpha
		}
	case KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6:
		m.editMenuKey(int(k - KeyF1))
	}
}

func (m *Machine) editMenuKey(i int) {
	e := m.edit
	switch m.menu() {
	case menuAlpha:
		e.group = i
		m.pushMenu(menuAlphaSub)
	case menuAlphaSub:
		if g := alphaGroups[e.group]; i < len(g) {
			switch s := g[i]; s {
			case "OTHER":
				e.other = 0
				m.menus[len(m.menus)-1] = menuOther
			case "SPACE":
				m.insert(" ")
				m.popMenu()
			default:
				m.insert(s)
				m.popMenu()
			}
		}
	case menuOther:
		if i == 5 {
			e.other = (e.other + 1) % len(otherPages)
			return
		}
		m.insert(otherPages[e.other][i])
		m.popMenu()
	case menuCursor:
		switch i {
		case 0:
			e.cursor = 0
		case 1:
			e.cursor = max(e.cursor-1, 0)
		case 2:
			e.cursor = min(e.cursor+1, len(e.text))
		case 3:
			e.cursor = len(e.text)
		case 4:
			if e.cursor < len(e.text) {
				e.text = append(e.text[:e.cursor], e.text[e.cursor+1:]...)
			}
		case 5:
			m.menus[len(m.menus)-1] = menuAlpha
		}
	}
}

func (m *Machine) insert(s string) {
	e := m.edit
	r := []rune(s)
	text := make([]rune, 0, len(e.text)+len(r))
	text = append(text, e.text[:e.cursor]...)
	text = append(text, r...)
	text = append(text, e.text[e.cursor:]...)
	e.text, e.cursor = text, e.cursor+len(r)
}

// commitEdit stores the equation typed: a new one goes after the current
// entry, an edited one replaces it. The list does not check it: CALC does.
func (m *Machine) commitEdit() {
	e := m.edit
	text := strings.TrimSpace(string(e.text))
	m.edit = nil
	for m.menu() != menuSolve && len(m.menus) > 1 {
		m.popMenu()
	}
	switch {
	case e.index >= 0 && text == "":
		m.eqs = append(m.eqs[:e.index], m.eqs[e.index+1:]...)
		m.cur = max(0, min(m.cur, len(m.eqs)-1))
	case e.index >= 0:
		m.eqs[e.index] = text
	case text != "":
		at := 0
		if len(m.eqs) > 0 {
			at = m.cur + 1
		}
		m.eqs = append(m.eqs[:at], append([]string{text}, m.eqs[at:]...)...)
		m.cur = at
	}
}

// editWindow is the part of the equation that shows, with the cursor in it.
// newPrompt is the top line of NEW before anything is typed. The manual's
// stored page 154 keeps the display in an encoded font; decoded, it reads
// "TYPE EQUATION" then one mark and "[INPUT]", 22 characters in all, the
// display's width.
const newPrompt = "TYPE EQUATION; [INPUT]"

func (m *Machine) editWindow() (string, int) {
	e := m.edit
	if len(e.text) == 0 && e.index < 0 {
		// A new equation starts with the prompt (17bII+ owner's manual
		// p.154); the first character typed replaces it.
		return newPrompt, 0
	}
	start := max(0, e.cursor-(Width-1))
	end := min(len(e.text), start+Width)
	return string(e.text[start:end]), e.cursor - start
}

// TypeText types characters into the equation being entered or edited, as
// the PC keyboard and the ALPHA menus do. It is an error when no equation
// is being entered or edited.
func (m *Machine) TypeText(s string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return errors.New("the calculator is busy")
	}
	if m.edit == nil {
		return errors.New("text can only be typed while entering or editing an equation (SOLVE, then NEW or EDIT)")
	}
	m.msg = [2]string{}
	m.insert(s)
	m.saveLocked()
	return nil
}

// LoadFile adds the equations of the equation file at path, as
// LoadEquations does; errors are the file's reading error or a
// *solver.SyntaxError.
func (m *Machine) LoadFile(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return m.LoadEquations(path, string(b))
}

// LoadEquations adds the equations of an equation file to the SOLVE list,
// but not one whose text is already there, and shows how many it added; a
// bad file changes nothing and returns its error, and so does a load while
// the Solver works (ErrBusy).
func (m *Machine) LoadEquations(name, text string) error {
	eqs, err := solver.ParseFile(name, text)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy {
		return ErrBusy
	}
	have := map[string]bool{}
	for _, t := range m.eqs {
		have[t] = true
	}
	added := 0
	for _, eq := range eqs {
		if t := Flatten(eq.Source); !have[t] {
			have[t] = true
			m.eqs = append(m.eqs, t)
			added++
		}
	}
	word := "EQUATIONS"
	if added == 1 {
		word = "EQUATION"
	}
	m.setMsg(fmt.Sprintf("%d %s ADDED", added, word), "", nil)
	m.saveLocked()
	return nil
}
