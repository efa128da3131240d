package emulator

import "github.com/hp17b/hp17b/hp17b"

// rpnStack is RPN mode's stack above X (17bII+ owner's manual, appendix E,
// "RPN: The Stack", pp.268-275): Y, Z and T, how many of the four levels
// are in use, and whether the next number keyed or recalled lifts the
// stack. X is the calculator line's x (algLine), so ALG and RPN share x,
// LAST and the number being keyed; the stack stands beside the ALG chain,
// and only one of the two is in use at a time.
//
// The HP-17BII's stack is not a fixed four levels: it starts with X alone
// when RPN is chosen, grows by one level with each lift up to four, and
// shrinks by one with each operation that drops it (C. Finseth's HP-17BII
// data page, from W. Mier-Jedrzejowicz: after choosing RPN, 1 ENTER 2 R↓ R↓
// shows 2, not 0). R↓ rolls the levels in use only; a level not in use
// reads 0.
type rpnStack struct {
	on     bool
	up     [3]hp17b.Number // Y, Z, T; the levels not in use hold 0
	depth  int             // levels in use, X included: 1 to 4
	noLift bool            // ENTER, CLR or ← came last: the next number writes over X
}

// reset leaves X alone on the stack, and the next number writes over it:
// a fresh calculator, RPN chosen, or CLEAR DATA (Finseth's 1 ENTER 2 R↓ R↓
// showing 2 right after RPN is chosen needs both: the 1 did not lift).
func (s *rpnStack) reset() {
	s.up = [3]hp17b.Number{hp17b.Zero, hp17b.Zero, hp17b.Zero}
	s.depth, s.noLift = 1, true
}

// y is the Y register.
func (s *rpnStack) y() hp17b.Number { return s.up[0] }

// lift pushes x up one level: T is lost when all four are in use.
func (s *rpnStack) lift(x hp17b.Number) {
	s.up[2], s.up[1], s.up[0] = s.up[1], s.up[0], x
	s.depth = min(s.depth+1, 4)
}

// drop moves Y, Z and T down one level after an operation used Y; the
// level left empty at the top reads 0.
func (s *rpnStack) drop() {
	s.up[0], s.up[1], s.up[2] = s.up[1], s.up[2], hp17b.Zero
	s.depth = max(s.depth-1, 1)
}

// rpnNumber gets the stack ready for a new number in X: it lifts unless
// ENTER, CLR or ← came last.
func (m *Machine) rpnNumber() {
	if !m.rpn.noLift {
		m.rpn.lift(m.x)
	}
	m.rpn.noLift = false
}

// typeChar adds a character to the number being keyed; in RPN the first
// character of a number lifts the stack (unless ENTER, CLR or ← came last).
func (m *Machine) typeChar(c byte) {
	if m.rpn.on && m.entry == "" {
		m.rpnNumber()
	}
	m.algLine.typeChar(c)
}

// setX puts a recalled or computed value in x: RCL, LAST, π, a menu
// variable shown or solved, TODAY. In RPN it enters the stack as a keyed
// number does, lifting it first.
func (m *Machine) setX(v hp17b.Number) {
	if m.rpn.on {
		m.rpnNumber()
	}
	m.algLine.setX(v)
}

// replaceX puts a function's result in place of x (RND): the stack does
// not move.
func (m *Machine) replaceX(v hp17b.Number) {
	m.algLine.setX(v)
	m.rpn.noLift = false
}

// enter is ENTER (the = key, or INPUT where no list takes it, in RPN): the
// number is finished and copied into Y; the next number writes over X
// (appendix E, "How ENTER Works", p.271).
func (m *Machine) enter() {
	m.finishEntry()
	m.rpn.lift(m.x)
	m.rpn.noLift = true
	m.fresh = true
}

// rpnBinary is an arithmetic key or yˣ in RPN: y op x replaces both and
// the stack drops; x goes to LAST X. An error other than overflow leaves
// the stack as it was.
func (m *Machine) rpnBinary(op byte) {
	m.finishEntry()
	v, err := hp17b.Arith(op, m.rpn.y(), m.x)
	if !m.report(err) {
		return
	}
	m.last = m.x
	m.rpn.drop()
	m.algLine.setX(v)
	m.rpn.noLift = false
}

// rpnPercent is % in RPN: x percent of y replaces x and y stays, so + or −
// next adds or subtracts the percentage (appendix D, p.266: 200 ENTER 27 %
// gives 54.00; then − gives 146.00).
func (m *Machine) rpnPercent() {
	m.finishEntry()
	p, err := hp17b.Mul(m.rpn.y(), m.x)
	if err == nil || err == hp17b.ErrOverflow {
		p, err = hp17b.Div(p, hp17b.Hundred)
	}
	if !m.report(err) {
		return
	}
	m.last = m.x
	m.algLine.setX(p)
	m.rpn.noLift = false
}

// rollDown is R↓: each level in use moves down one and X goes to the top
// one in use.
func (m *Machine) rollDown() {
	m.finishEntry()
	if d := m.rpn.depth; d > 1 {
		x := m.x
		m.algLine.setX(m.rpn.up[0])
		copy(m.rpn.up[:d-2], m.rpn.up[1:d-1])
		m.rpn.up[d-2] = x
	}
	m.rpn.noLift = false
}

// swapXY is x≷y: X and Y change places (appendix E, p.270: 13 ENTER 8 × 9
// x≷y ÷ is 9 ÷ (13 × 8)). With X alone on the stack, Y comes into use.
func (m *Machine) swapXY() {
	m.finishEntry()
	m.rpn.depth = max(m.rpn.depth, 2)
	x := m.x
	m.algLine.setX(m.rpn.up[0])
	m.rpn.up[0] = x
	m.rpn.noLift = false
}

// setRPN chooses RPN (on) or ALG from MODES: a number being keyed is
// finished, a pending ALG chain is dropped, and a new RPN stack holds X
// alone.
func (m *Machine) setRPN(on bool) {
	m.finishEntry()
	m.chain = nil
	m.rpn.on = on
	m.rpn.reset()
	m.fresh = true
}

// complete finishes the calculator line before a menu key, INPUT or a list
// uses x: in ALG every pending operation completes (as =); in RPN the
// number being keyed is finished.
func (m *Machine) complete() {
	if m.rpn.on {
		m.finishEntry()
		return
	}
	m.equals()
}

// clear is CLR: the calculator line shows 0 (in RPN, X is 0 and the next
// number writes over it; Y, Z and T stay).
func (m *Machine) clear() {
	m.algLine.clear()
	m.rpn.noLift = m.rpn.on
}

// backspace is ←: the last character keyed goes; with none being keyed, x
// becomes 0 (in RPN the next number then writes over it).
func (m *Machine) backspace() {
	m.algLine.backspace()
	if m.entry == "" {
		m.rpn.noLift = m.rpn.on
	}
}

// inUse returns the levels above X in use, Y first (for the state file).
func (s *rpnStack) inUse() []hp17b.Number {
	if !s.on || s.depth < 2 {
		return nil
	}
	return append([]hp17b.Number(nil), s.up[:s.depth-1]...)
}

// restore sets the levels above X from the state file (Y first; more than
// three are ignored).
func (s *rpnStack) restore(levels []hp17b.Number) {
	s.reset()
	n := copy(s.up[:], levels)
	s.depth, s.noLift = n+1, false
}

// Stack returns the RPN stack's levels in use, X first, then Y, Z and T as
// far as they are in use (appendix E's X, Y, Z, T); in ALG mode, x alone.
// A number being keyed counts as X.
func (m *Machine) Stack() []hp17b.Number {
	m.mu.Lock()
	defer m.mu.Unlock()
	x := m.x
	if m.entry != "" {
		x, _ = m.entryValue()
	}
	if !m.rpn.on {
		return []hp17b.Number{x}
	}
	return append([]hp17b.Number{x}, m.rpn.inUse()...)
}

// RPN reports whether the keyboard calculates in RPN (MODES RPN) rather
// than ALG.
func (m *Machine) RPN() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.rpn.on
}
