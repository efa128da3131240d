package emulator

import "github.com/hp17b/hp17b/hp17b"

// modal is what the calculator is in the middle of: a STO or RCL waiting
// for its register, DSP FIX waiting for its digits, a YES/NO question, or
// an equation being typed. While one is pending, every key goes to it
// first (Machine.dispatch checks m.modal once); takeKey reports whether it
// used the key, else the key does what it does without it.
type modal interface {
	takeKey(m *Machine, k Key, shifted bool) bool
}

// modalTop is a modal that shows its own top line (and editing cursor,
// -1 for none).
type modalTop interface {
	top(m *Machine) (string, int)
}

// prefix is a pending STO or RCL, with storage arithmetic (STO + − × ÷).
type prefix struct {
	sto, rcl bool
	op       byte
}

// takeKey completes STO or RCL with a register digit or, for STO, an
// arithmetic operator. A menu key is left to the menu (STO or RCL of a
// variable reads the prefix, see Machine.takePrefix); ← and CLR cancel it.
func (p *prefix) takeKey(m *Machine, k Key, shifted bool) bool {
	if shifted {
		return false
	}
	if d, ok := keyDigit(k); ok {
		m.modal = nil
		r := int(d - '0')
		if p.rcl {
			m.setX(m.regs[r])
			return true
		}
		v := m.x
		if p.op != 0 {
			var err error
			if v, err = hp17b.Arith(p.op, m.regs[r], m.x); !m.report(err) {
				return true
			}
		}
		m.regs[r] = v
		m.fresh = true
		return true
	}
	if op, ok := keyOps[k]; ok && p.sto {
		p.op = op
		return true
	}
	if k >= KeyF1 && k <= KeyF6 {
		return false
	}
	m.modal = nil
	return k == KeyBack || k == KeyCLR
}

// takePrefix returns the pending STO/RCL and ends it (a menu key of a
// variable used it).
func (m *Machine) takePrefix() prefix {
	p, ok := m.modal.(*prefix)
	if !ok {
		return prefix{}
	}
	m.modal = nil
	return *p
}

// prefixText is "STO+ " or "RCL " while one is pending, for the line.
func (m *Machine) prefixText() string {
	p, ok := m.modal.(*prefix)
	switch {
	case !ok:
		return ""
	case p.sto:
		return "STO" + opSymbol(p.op) + " "
	}
	return "RCL "
}

// fixPrompt is DSP FIX waiting for its digits and INPUT.
type fixPrompt struct{ digits string }

func (f *fixPrompt) takeKey(m *Machine, k Key, _ bool) bool {
	if d, ok := keyDigit(k); ok && len(f.digits) < 2 {
		f.digits += string(d)
		return true
	}
	switch k {
	case KeyBack:
		if f.digits != "" {
			f.digits = f.digits[:len(f.digits)-1]
		}
	case KeyINPUT, KeyEquals:
		n := 0
		for _, c := range f.digits {
			n = n*10 + int(c-'0')
		}
		m.modal = nil
		if n > 11 {
			m.errMsg("INVALID INPUT", "", nil)
			return true
		}
		m.mode.Fix, m.mode.All = n, false
		m.popMenu()
	case KeyEXIT, KeyCLR:
		m.modal = nil
	}
	return true
}

func (f *fixPrompt) top(*Machine) (string, int) { return "FIX " + f.digits + "_", -1 }

// confirm is a YES/NO question; its menu shows YES and NO.
type confirm struct {
	question string
	yes, no  func()
}

func (c *confirm) takeKey(m *Machine, k Key, _ bool) bool {
	switch k {
	case KeyF1:
		m.modal = nil
		m.popMenu()
		c.yes()
	case KeyF6, KeyEXIT:
		m.modal = nil
		m.popMenu()
		if c.no != nil {
			c.no()
		}
	}
	return true
}

func (c *confirm) top(*Machine) (string, int) { return fit(c.question), -1 }

func (c *confirm) labels(*Machine) [6]string { return [6]string{"YES", "", "", "", "", "NO"} }

func (c *confirm) press(*Machine, int) {}

// ask puts a YES/NO question.
func (m *Machine) ask(question string, yes, no func()) {
	c := &confirm{question: question, yes: yes, no: no}
	m.modal = c
	m.pushMenu(c)
}
