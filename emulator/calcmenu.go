package emulator

import (
	"context"

	"github.com/hp17b/hp17b/fin"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// calcMenu is a menu of a built-in calculation whose answers come from Go
// code rather than an equation (FIN's TVM, ICNV, BOND and DEPRC, CFLO's
// CALC): each key is a variable of the application's store, an action or
// a submenu. A variable's key stores a keyed number, shows its value
// after RCL, and otherwise calculates it; a calculation runs with the
// machine's lock released, so a key interrupts a search (17bII+ owner's
// manual, "Calculations Using Menus", p.27).
type calcMenu struct {
	vars *solver.Vars
	keys [6]calcKey
	// cleared are the variables CLEAR DATA sets to 0; reset, when set,
	// runs after (BOND's CALL returns to 100).
	cleared []string
	reset   func(m *Machine)
	// guessed is set while a calculation runs from a guess just stored
	// (a key with stoSearches).
	guessed bool
	// onBack, when set, runs when EXIT returns to the menu (returner).
	onBack func(m *Machine)
}

// calcKey is one key of a calcMenu.
type calcKey struct {
	label string
	// name is the variable the key stores and shows ("" for an action or
	// a submenu); show, when set, writes its display line instead of
	// "NAME=value" (BOND's dates).
	name string
	show func(m *Machine, x hp17b.Number) string
	// calc prepares the calculation under the machine's lock and returns
	// the work to run without it; nil for a variable that is only
	// stored (P/YR).
	calc func(m *Machine) (func(context.Context) (hp17b.Number, error), error)
	// check refuses a value the variable cannot take; after, when set,
	// runs once a value is stored or calculated.
	check func(x hp17b.Number) error
	after func(m *Machine)
	// result marks a key that only shows a calculated value (SUM's
	// MEAN): a keyed number is not stored in it.
	result bool
	// stoSearches makes STO on the key store a guess and search from it
	// at once (CFLO's IRR%, p.239).
	stoSearches bool
	// shift, when set, is the key's shifted form: it turns the number
	// before it is stored (TVM's N: times P/YR, Table 5-1 p.63).
	shift func(x hp17b.Number) (hp17b.Number, error)
	open  func(m *Machine) menu
	do    func(m *Machine)
}

func (c *calcMenu) labels(*Machine) [6]string {
	var l [6]string
	for i, k := range c.keys {
		l[i] = k.label
	}
	return l
}

func (c *calcMenu) back(m *Machine) {
	if c.onBack != nil {
		c.onBack(m)
	}
}

// shiftPress is a shifted menu key: the number keyed (or x), turned by
// the key's shift, is stored.
func (c *calcMenu) shiftPress(m *Machine, i int) bool {
	k := c.keys[i]
	if k.shift == nil {
		return false
	}
	m.takePrefix()
	m.complete()
	x, err := k.shift(m.x)
	if !m.report(err) {
		return true
	}
	c.store(m, k, x)
	return true
}

func (c *calcMenu) clearData(m *Machine) {
	c.vars.Clear(c.cleared...)
	if c.reset != nil {
		c.reset(m)
	}
	m.entry, m.x = "", hp17b.Zero
}

func (c *calcMenu) press(m *Machine, i int) {
	k := c.keys[i]
	switch {
	case k.open != nil:
		m.finishEntry()
		m.pushMenu(k.open(m))
		return
	case k.do != nil:
		k.do(m)
		return
	case k.name == "":
		return
	}
	pre := m.takePrefix()
	switch {
	case k.result && !pre.rcl && !afterOperator(m):
		c.run(m, k)
	case pre.rcl:
		m.finishEntry()
		c.showVar(m, k, c.vars.Value(k.name))
	case pre.sto && pre.op == 0 && k.stoSearches:
		m.complete()
		c.vars.Store(k.name, m.x)
		c.guessed = true
		c.run(m, k)
		c.guessed = false
	case pre.sto:
		m.complete()
		x := m.x
		if pre.op != 0 {
			var err error
			if x, err = hp17b.Arith(pre.op, c.vars.Value(k.name), m.x); !m.report(err) {
				return
			}
		}
		c.store(m, k, x)
	case afterOperator(m):
		c.operand(m, k)
	case m.fresh || m.pending():
		m.complete()
		c.store(m, k, m.x)
	case k.calc != nil:
		c.run(m, k)
	default:
		c.showVar(m, k, c.vars.Value(k.name))
	}
}

// afterOperator reports whether an operator (or an open parenthesis) of
// the ALG line waits for its operand with no number keyed: a menu key
// then gives the operand ("PRICE + ACCRU" shows 86.38+1.85, and = gives
// 88.23: 17bII+ owner's manual p.112).
func afterOperator(m *Machine) bool {
	return !m.rpn.on && m.entry == "" && m.lastWasOp()
}

// operand makes a key's variable the operand the line waits for: it is
// calculated (and stored) when the key calculates, else recalled; the line
// then shows the chain with it, and no message.
func (c *calcMenu) operand(m *Machine, k calcKey) {
	x := c.vars.Value(k.name)
	if k.calc != nil {
		work, err := k.calc(m)
		if err == nil {
			x, err = m.work(work)
		}
		if err != nil && err != hp17b.ErrOverflow {
			m.errMsg(err.Error(), "", nil)
			return
		}
		c.vars.Store(k.name, x)
	}
	m.algLine.setX(x)
}

// showVar shows a variable's line and puts its value in x.
func (c *calcMenu) showVar(m *Machine, k calcKey, x hp17b.Number) {
	m.setX(x)
	m.fresh = false
	line := m.varLine(k.name, x)
	if k.show != nil {
		line = k.show(m, x)
	}
	m.setMsg(line, "", nil)
}

func (c *calcMenu) store(m *Machine, k calcKey, x hp17b.Number) {
	if k.check != nil {
		if err := k.check(x); err != nil {
			m.errMsg(err.Error(), "", nil)
			return
		}
	}
	c.vars.Store(k.name, x)
	c.showVar(m, k, x)
	if k.after != nil {
		k.after(m)
	}
}

// run calculates a key's variable, releasing the lock while it works.
func (c *calcMenu) run(m *Machine, k calcKey) {
	m.finishEntry()
	work, err := k.calc(m)
	if err != nil {
		m.errMsg(err.Error(), "", nil)
		return
	}
	x, err := m.work(work)
	switch err {
	case nil, hp17b.ErrOverflow:
		c.vars.Store(k.name, x)
		c.showVar(m, k, x)
		if err != nil {
			m.errMsg(err.Error(), "", func() { c.showVar(m, k, x) })
		}
		if k.after != nil {
			k.after(m)
		}
	case fin.ErrManySolutions:
		m.errMsg(err.Error(), fin.ManySolutionsHint, nil)
	default:
		m.errMsg(err.Error(), "", nil)
	}
}

// work runs a calculation with the machine's lock released: the display
// shows CALCULATING... and any key cancels the work's context.
func (m *Machine) work(f func(context.Context) (hp17b.Number, error)) (hp17b.Number, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m.cancel, m.busy, m.progress = cancel, true, [2]string{}
	if m.InterruptAfter > 0 {
		cancel()
	}
	m.mu.Unlock()
	x, err := f(ctx)
	m.mu.Lock()
	m.busy, m.cancel = false, nil
	return x, err
}
