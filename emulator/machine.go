package emulator

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Machine is the calculator. Its methods are safe to call from several
// goroutines: a solve in progress releases the machine's lock, so Frame and
// Interrupt work while Press is still running.
//
// Its parts have owners: the calculator line (algLine, algline.go), the
// menu stack of menu values (menu.go), the one pending modal (modal.go),
// SOLVE's list (solveapp.go) and each application's variables (appVars).
type Machine struct {
	mu sync.Mutex

	// Continuous memory.
	solve   solveApp
	vars    *solver.Vars            // the Solver's variables, shared by its equations
	appVars map[string]*solver.Vars // each built-in application's own, by its label
	cflo    cfloApp                 // CFLO's cash-flow lists
	sum     sumApp                  // SUM's statistics lists
	clk     clockState              // the clock's settings and the appointments (clock.go)
	currx   currxApp                // CURRX's currencies and stored pairs
	own     map[string]any          // the memory of applications with no field here, by label (appMemory)
	regs    [10]hp17b.Number
	mode    hp17b.Mode
	beep    bool
	model   solver.Model // the calculator modelled: HP-17BII or HP-17bII+
	// exactTVM makes TVM give the correctly rounded answer, not the
	// HP-17BII's digits (SetExactTVM).
	exactTVM bool
	beeps    uint64 // the beeper's sounds so far (Frame.Beeps)

	algLine
	rpn     rpnStack // RPN mode and its stack (rpn.go)
	shift   bool
	dbl     bool // MODES DBL: the print-out double spaced
	adapter bool // MODES PRINTER: the printer on its AC adapter
	off     bool // OFF was the last key (Frame.Off)

	menus   []menu
	where   where     // the menus' trail, for continuous memory (where.go)
	modal   modal     // what is pending: STO/RCL, DSP FIX, a question, the editor
	msg     [2]string // a message: top line, and second line in place of the labels
	held    [2]string // the message the current key cleared (keepMsg)
	onClear func()    // what CLR or ← shows after the message
	show    string    // SHOW's full-precision line, until the next key

	busy     bool
	cancel   context.CancelFunc
	progress [2]string

	tape []string // the printer's print-out (printer.go)

	// Clock is the host's clock, which the calculator's clock follows
	// (moved by TIME's SET and ADJST, see clock.go): time.Now unless a test
	// sets another.
	Clock func() time.Time

	// InterruptAfter, when positive, makes a search stop after that many
	// progress reports, as a key pressed during it would (for scripts and
	// tests).
	InterruptAfter int

	store  *stateStore
	window *WindowPlace // where the window was (state, not memory)

	solved   solveLog                   // the last runs of the Solver over SOLVE equations (solvelog.go)
	sections map[string]json.RawMessage // owners' sections of continuous memory (solvelog.go)
}

// New returns a fresh calculator: FIX 2, period radix, registers and
// variables zero, and equations, one-line texts (solver.Flatten), in the
// SOLVE list in their order, the first current (the slice is copied; nil
// gives an empty list). The program's own calculator starts with the
// default programs, NIM first (programs.DefaultEquations).
func New(equations []string) *Machine {
	m := &Machine{vars: solver.NewVars(), appVars: map[string]*solver.Vars{}, mode: hp17b.DefaultMode,
		beep: true, Clock: time.Now}
	m.toMain()
	m.rpn.reset()
	m.solve.eqs = append(m.solve.eqs, equations...)
	return m
}

// appStore returns an application's own variables (created empty).
func (m *Machine) appStore(label string) *solver.Vars {
	v := m.appVars[label]
	if v == nil {
		v = solver.NewVars()
		m.appVars[label] = v
	}
	return v
}

// Vars returns the Solver variables. Use it only while no key is being
// processed.
func (m *Machine) Vars() *solver.Vars { return m.vars }

// Equations returns the SOLVE list's texts and the current index.
func (m *Machine) Equations() ([]string, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.solve.eqs...), m.solve.cur
}

// Editing reports whether an equation is being entered or edited, when
// typed characters go into it.
func (m *Machine) Editing() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.editor() != nil
}

// InVarMenu reports whether the CALC menu of the SOLVE list's current
// equation, whose text is text, is showing.
func (m *Machine) InVarMenu(text string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.menu().(*varMenu)
	s := m.solve
	// The SOLVE list's CALC menu is the one over the Solver's variables.
	return ok && v.vars == m.vars && len(s.eqs) > s.cur && s.eqs[s.cur] == text
}

// Mode returns the display mode.
func (m *Machine) Mode() hp17b.Mode {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.mode
}

// Busy reports whether the Solver is working (a key then interrupts it).
func (m *Machine) Busy() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.busy
}

// Interrupt halts a search in progress, as any key does on the calculator.
func (m *Machine) Interrupt() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cancel != nil {
		m.cancel()
	}
}

// Message shows a message on the top line until the next key, as the
// calculator does for its reports (used for loads and state recovery).
func (m *Machine) Message(s string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.setMsg(s, "", nil)
}

// setMsg shows a message; onClear, when set, is what CLR or ← shows.
func (m *Machine) setMsg(top, bottom string, onClear func()) {
	m.msg = [2]string{fit(top), fit(bottom)}
	m.onClear = onClear
}

// errMsg shows an error's message, as setMsg does, and beeps (while BEEP
// is on), as the calculator does with every error (17bII+ owner's manual,
// "Messages" and the MODES menu's BEEP).
func (m *Machine) errMsg(top, bottom string, onClear func()) {
	m.setMsg(top, bottom, onClear)
	m.beepNow()
}

// beepNow sounds the beeper once when BEEP is on.
func (m *Machine) beepNow() {
	if m.beep {
		m.beeps++
	}
}

// varLine is "NAME=value" in the display mode. When it is wider than the
// display, the number loses decimals (FIX) or mantissa digits (ALL and
// scientific notation) until it fits, as the 12-digit field does.
func (m *Machine) varLine(name string, v hp17b.Number) string {
	s := name + "=" + hp17b.Format(v, m.mode)
	for d := hp17b.Digits - 1; len([]rune(s)) > Width && d >= 0; d-- {
		s = name + "=" + hp17b.Format(v, hp17b.Mode{Fix: d, Comma: m.mode.Comma})
	}
	return fit(s)
}

// Frame returns what the display shows now.
func (m *Machine) Frame() Frame {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.frame()
}

// frame is Frame with the lock held.
func (m *Machine) frame() Frame {
	f := Frame{Cursor: -1, Shift: m.shift, Busy: m.busy, Alarm: m.alarmLit(), Ringing: m.clk.ringing != 0, RPN: m.rpn.on, Off: m.off, Beeps: m.beeps}
	f.Labels = m.menu().labels(m)
	mt, hasTop := m.modal.(modalTop)
	tl, listTop := m.menu().(topLiner)
	switch {
	case m.clk.ringing != 0:
		f.Top, f.Bottom = m.ringLines()
	case m.busy:
		f.Top, f.Bottom = m.progress[0], m.progress[1]
		if f.Top == "" {
			f.Top = hp17b.MsgCalculating
		}
	case m.msg[0] != "":
		f.Top, f.Bottom = m.msg[0], m.msg[1]
	case hasTop:
		f.Top, f.Cursor = mt.top(m)
		if _, ok := m.modal.(selfTest); ok {
			f.Labels = [6]string{}
		}
	case m.show != "":
		f.Top = m.show
	case listTop && !m.pending() && m.modal == nil:
		f.Top = tl.topLine(m)
	default:
		f.Top = fitRight(m.prefixText() + m.text(m.mode))
	}
	return f
}

// Press processes one key, as the calculator does. A solve runs to its end
// (or until Interrupt) before Press returns.
func (m *Machine) Press(k Key) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if k < 0 || k >= NumKeys {
		return
	}
	if m.busy {
		// Any key halts the search (17bII+ owner's manual p.180; docs/facts.md,
		// How the Solver solves).
		if m.cancel != nil {
			m.cancel()
		}
		return
	}
	// What another hp17b wrote meanwhile, taken on before the key acts.
	m.refreshLocked()
	m.off = false // any key turns the calculator on
	if m.acknowledgeAlarm() {
		// A key pressed while an alarm shows only acknowledges it.
		m.shift = false
		m.saveLocked()
		return
	}
	if k == KeyShift {
		m.shift = !m.shift
		return
	}
	shifted := m.shift
	m.shift = false
	m.show = ""
	m.press(Function{Key: k, Shifted: shifted})
	m.tick()
	m.saveLocked()
}

// dispatch sends a key to the message, the pending modal, the shifted
// keyboard or the keyboard, in that order.
func (m *Machine) dispatch(k Key, shifted bool) {
	// A message stays until the next key; CLR and ← only clear it.
	m.held = m.msg
	if m.msg[0] != "" {
		m.msg = [2]string{}
		onClear := m.onClear
		m.onClear = nil
		if k == KeyCLR || k == KeyBack {
			if onClear != nil {
				onClear()
			}
			return
		}
	}
	if m.modal != nil && m.modal.takeKey(m, k, shifted) {
		return
	}
	if shifted {
		m.shiftedKey(k)
		return
	}
	m.key(k)
}

// keyOps are the arithmetic operators of the keyboard.
var keyOps = map[Key]byte{KeyAdd: '+', KeySub: '-', KeyMul: '*', KeyDiv: '/'}

// key is an unshifted key with nothing pending.
func (m *Machine) key(k Key) {
	if d, ok := keyDigit(k); ok {
		m.typeChar(d)
		return
	}
	switch k {
	case KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6:
		i := int(k - KeyF1)
		more := m.menu().labels(m)[i] == "MORE"
		m.menu().press(m, i)
		if more { // MORE turns the page and leaves the display (p.216)
			m.keepMsg()
		}
	case KeyDot:
		m.typeChar('.')
	case KeyChs:
		m.changeSign()
	case KeyBack:
		m.backspace()
	case KeyCLR:
		m.clear()
	case KeySub, KeyAdd, KeyMul, KeyDiv:
		if (k == KeySub || k == KeyAdd) && m.exponentSign() {
			// After E the − key gives the exponent its sign.
			if k == KeySub {
				m.changeSign()
			}
			return
		}
		if m.rpn.on {
			m.rpnBinary(keyOps[k])
			return
		}
		m.finishEntry()
		m.report(m.operator(keyOps[k]))
	case KeyEquals:
		if m.rpn.on {
			m.enter()
			return
		}
		m.equals()
	case KeyPercent:
		if m.rpn.on {
			m.rpnPercent()
			return
		}
		m.finishEntry()
		m.percent()
	case KeyLParen:
		if m.rpn.on { // R↓ in RPN
			m.rollDown()
			return
		}
		m.finishEntry()
		m.openParen()
	case KeyRParen:
		if m.rpn.on { // x≷y in RPN
			m.swapXY()
			return
		}
		m.finishEntry()
		m.report(m.closeParen())
	case KeySTO:
		m.finishEntry()
		m.modal = &prefix{sto: true}
	case KeyRCL:
		m.finishEntry()
		m.modal = &prefix{rcl: true}
	case KeyDSP:
		m.pushMenu(dspMenu)
	case KeyEXIT:
		m.exit()
	case KeyINPUT:
		if in, ok := m.menu().(inputter); ok {
			in.input(m)
			return
		}
		if m.rpn.on { // ENTER in RPN
			m.enter()
			return
		}
		m.finishEntry()
		m.fresh = true
	case KeyUp, KeyDown:
		if l, ok := m.menu().(lister); ok {
			l.move(m, k == KeyUp, false)
		}
	case KeyPRT:
		m.printDisplay()
	}
}

// shiftedKey is a key after the shift key: the gold functions.
func (m *Machine) shiftedKey(k Key) {
	switch k {
	case KeyEXIT: // MAIN
		m.toMain()
		m.modal = nil
	case KeyChs: // E
		m.typeChar('E')
	case KeyDot: // SHOW
		m.finishEntry()
		m.show = fit(hp17b.Format(m.x, hp17b.Mode{All: true, Comma: m.mode.Comma}))
	case KeyEquals: // LAST (LAST X in RPN)
		m.finishEntry()
		m.setX(m.last)
	case KeyDiv: // 1/x
		m.unary(hp17b.Inv)
	case KeyMul: // y^x
		if m.rpn.on {
			m.rpnBinary('^')
			return
		}
		m.finishEntry()
		m.report(m.operator('^'))
	case KeySub: // √x
		m.unary(hp17b.Sqrt)
	case KeyAdd: // x²
		m.unary(hp17b.Sq)
	case KeyPercent: // MATH
		m.pushMenu(mathMenu)
	case KeyDSP: // MODES
		m.pushMenu(modesMenu)
	case KeyPRT: // PRINTER
		m.pushMenu(printerMenu)
	case KeyRCL: // RND: round x to the display's decimals
		m.finishEntry()
		if !m.mode.All {
			m.replaceX(hp17b.RoundFix(m.x, m.mode.Fix))
		}
	case KeyINPUT: // CLEAR DATA
		if c, ok := m.menu().(dataClearer); ok {
			c.clearData(m)
		}
		if m.rpn.on {
			// Y, Z and T go too: X is alone on the stack again ("Cleared
			// stack and TVM variables": T. S. Coleman's HP17B II
			// exercises, 4(c); the comp.sys.hp48 thread "HP-17BII+ RPN
			// Mode variable length stack", Aug 2007).
			m.rpn.reset()
		}
	case KeyUp, KeyDown:
		if l, ok := m.menu().(lister); ok {
			l.move(m, k == KeyUp, true)
		}
	case Key0: // MEM
		m.setMsg("MEMORY: UNLIMITED", "", nil)
	case KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6:
		if s, ok := m.menu().(shiftPresser); ok && s.shiftPress(m, int(k-KeyF1)) {
			return
		}
		m.dispatch(k, false)
	case KeyCLR: // OFF: the state is kept, as continuous memory does
		m.toMain()
		m.off = true
	case KeyRParen: // x≷y: a menu's second result (DEPRC's RDV), else X and Y in RPN
		if sw, ok := m.menu().(swapper); ok {
			sw.swap(m)
		} else if m.rpn.on {
			m.swapXY()
		}
	case KeyLParen: // R↓ acts in RPN mode only
		if m.rpn.on {
			m.rollDown()
		}
	default:
		m.dispatch(k, false)
	}
}

// exit is EXIT: a pending STO/RCL ends, and the menu returns to the one
// before (or does what its own EXIT does).
func (m *Machine) exit() {
	if x, ok := m.menu().(exiter); ok {
		x.exit(m)
		return
	}
	m.exitTo()
}

// finishEntry turns the number being typed into x, showing OVERFLOW for a
// number beyond the range.
func (m *Machine) finishEntry() { m.report(m.algLine.finishEntry()) }

// equals is '=' on the line.
func (m *Machine) equals() {
	m.finishEntry()
	m.report(m.algLine.equals())
}

// unary applies a function to x.
func (m *Machine) unary(f func(hp17b.Number) (hp17b.Number, error)) {
	m.finishEntry()
	if m.report(m.algLine.unary(f)) {
		m.rpn.noLift = false
	}
}

// report shows an arithmetic error, or OVERFLOW, and says whether the value
// is usable.
func (m *Machine) report(err error) bool {
	if err == nil {
		return true
	}
	m.errMsg(err.Error(), "", nil)
	return err == hp17b.ErrOverflow
}
