package emulator

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hp17b/hp17b/fin"
	"github.com/hp17b/hp17b/hp17b"
)

// CFLO, FIN's cash-flow lists (17bII+ owner's manual, chapter 7): a list
// of flows edited in place (FLOW(0)=?, FLOW(1)=?, #TIMES(1)=1), INSR and
// DELET, ▲ ▼, named lists (NAME, GET), CLEAR DATA, and CALC with TOTAL,
// IRR%, I%, NPV, NUS and NFV. The Solver's FLOW, #T and SIZEC read the
// named lists (chapter 12, "Accessing CFLO and SUM lists").

// cashList is one cash-flow list; Items[0] is FLOW(0).
type cashList = namedList[fin.Flow]

// cfloApp is CFLO's part of continuous memory: the lists, the current one
// and whether #TIMES is prompted for.
type cfloApp struct {
	listSet[fin.Flow]
	noPrompt bool
}

// cfloMenu is CFLO: CALC INSR DELET NAME GET #T?, over the current list
// with a position in it: flow j, or its #TIMES when times is set; j =
// len(Flows) is the empty line after the last flow.
type cfloMenu struct {
	j     int
	times bool
	ended bool // EXIT has ended the list: the next EXIT leaves CFLO (see exit)
	showX bool // the display shows the calculator line, not the list's
}

func openCFLO(m *Machine) menu {
	c := &cfloMenu{}
	c.toEnd(m)
	return c
}

// toEnd moves to the empty line after the last flow.
func (c *cfloMenu) toEnd(m *Machine) { c.j, c.times = len(m.cflo.current().Items), false }

func (c *cfloMenu) labels(*Machine) [6]string {
	return [6]string{"CALC", "INSR", "DELET", "NAME", "GET", "#T?"}
}

// flowName is "FLOW(j)" or "#TIMES(j)".
func flowName(j int, times bool) string {
	if times {
		return "#TIMES(" + strconv.Itoa(j) + ")"
	}
	return "FLOW(" + strconv.Itoa(j) + ")"
}

// topLine shows the line at the position: "FLOW(1)=5,000.00",
// "#TIMES(1)=1" or "FLOW(2)=?"; once EXIT has ended the list, the
// calculator line.
func (c *cfloMenu) topLine(m *Machine) string {
	if c.showX {
		return fitRight(m.text(m.mode))
	}
	l := m.cflo.current()
	c.j = min(c.j, len(l.Items))
	if c.j == len(l.Items) {
		return flowName(c.j, false) + "=?"
	}
	f := l.Items[c.j]
	if c.times {
		return flowName(c.j, true) + "=" + f.Times.String()
	}
	return m.varLine(flowName(c.j, false), f.Amount)
}

// input is INPUT: the keyed number becomes the line's value, then the
// position moves on (to #TIMES when prompting, p.95).
func (c *cfloMenu) input(m *Machine) {
	l := m.cflo.current()
	keyed := m.pending()
	m.complete()
	x := m.x
	defer func() { m.entry, m.x, m.fresh = "", hp17b.Zero, false }()
	c.ended, c.showX = false, false
	switch {
	case c.j == len(l.Items):
		if !keyed {
			return
		}
		if len(l.Items) >= maxFlows {
			m.errMsg("INSUFFICIENT MEMORY", "", nil)
			return
		}
		l.Items = append(l.Items, fin.Flow{Amount: x, Times: hp17b.One})
		c.advance(m)
	case c.times:
		if keyed {
			n, ok := x.Int64()
			if !ok || !x.IsInteger() || n < 1 || n > fin.MaxTimes {
				m.errMsg(hp17b.ErrInvalidInput.Error(), "", nil)
				return
			}
			l.Items[c.j].Times = x
		}
		c.j, c.times = c.j+1, false
	default:
		if keyed {
			l.Items[c.j].Amount = x
		}
		c.advance(m)
	}
}

// maxFlows bounds a list (the calculator's memory does; this keeps a
// state file small).
const maxFlows = 10000

// advance moves from FLOW(j) to #TIMES(j) when prompting, else to the
// next flow.
func (c *cfloMenu) advance(m *Machine) {
	if c.j > 0 && !m.cflo.noPrompt {
		c.times = true
		return
	}
	c.j++
}

// move is ▲ ▼ through the lines FLOW(0), FLOW(1), #TIMES(1), …, and the
// empty line, the #TIMES lines passed over while #TIMES prompting is off
// (p.103: from FLOW(6)=? with prompting off, ▲ ▲ shows FLOW(4)); shifted,
// to either end. It shows the list again after EXIT ended it.
func (c *cfloMenu) move(m *Machine, up, jump bool) {
	m.finishEntry()
	c.ended, c.showX = false, false
	n := len(m.cflo.current().Items)
	prompt := !m.cflo.noPrompt
	switch {
	case jump && up:
		c.j, c.times = 0, false
	case jump:
		c.j, c.times = n, false
	case up && c.times:
		c.times = false
	case up && c.j > 0:
		c.j--
		c.times = c.j > 0 && prompt
	case !up && !c.times && c.j > 0 && c.j < n && prompt:
		c.times = true
	case !up && c.j < n:
		c.j, c.times = c.j+1, false
	}
}

// exit is EXIT: it ends a list of flows, the display showing the
// calculator line over CFLO's menu, so that CALC then opens the CALC menu
// (pp.103, 107: EXIT CALC TOTAL after the last flow shows
// TOTAL=54,000.00; p.97's "Ends list and displays CALC menu" is the same
// two keys); CALC's EXIT comes back to the list's line (p.103: FLOW(6)=?
// after NFV), and EXIT again leaves CFLO. An empty list, or one ended and
// not changed since, is left at once.
func (c *cfloMenu) exit(m *Machine) {
	l := m.cflo.current()
	if c.ended || len(l.Items) == 0 {
		m.exitTo()
		return
	}
	m.finishEntry()
	c.ended, c.showX = true, true
}

// back is EXIT coming back from CALC: the list's line shows again.
func (c *cfloMenu) back(*Machine) { c.showX = false }

// clearData is CLEAR DATA: asked, the list is emptied and #TIMES
// prompting is on again ("it is automatically turned on whenever you
// clear or get a cash-flow list", p.97; p.106).
func (c *cfloMenu) clearData(m *Machine) {
	m.ask("CLEAR THE LIST?", func() {
		m.cflo.current().Items = nil
		c.j, c.times, c.ended, c.showX = 0, false, false, false
		m.cflo.noPrompt = false
	}, nil)
}

// gotList is GET's news that another list is current: #TIMES prompting
// is on again (p.97).
func (c *cfloMenu) gotList(m *Machine) {
	m.cflo.noPrompt = false
	c.ended, c.showX = false, false
}

func (c *cfloMenu) press(m *Machine, i int) {
	m.finishEntry()
	cf := &m.cflo
	l := cf.current()
	switch i {
	case 0:
		m.pushMenu(cfloCalc(m, l))
	case 1: // INSR: a flow of 0 before this one
		if c.j >= 1 && c.j <= len(l.Items) && len(l.Items) < maxFlows {
			l.Items = append(l.Items[:c.j], append(fin.Flows{{Amount: hp17b.Zero, Times: hp17b.One}}, l.Items[c.j:]...)...)
			c.times = false
		}
	case 2: // DELET: this flow and its #TIMES
		if c.j < len(l.Items) && (c.j > 0 || len(l.Items) == 1) {
			l.Items = append(l.Items[:c.j], l.Items[c.j+1:]...)
			c.times = false
		}
	case 3: // NAME
		nameCurrent(m, &cf.listSet)
	case 4: // GET
		m.pushMenu(&getMenu{book: &cf.listSet})
	case 5: // #T?
		cf.noPrompt = !cf.noPrompt
		state := "ON"
		if cf.noPrompt {
			state = "OFF"
		}
		m.setMsg("#TIMES PROMPTING: "+state, "", nil)
	}
}

// cfloCalc is CALC: TOTAL IRR% I% NPV NUS NFV over the list (p.100).
// A number then STO IRR% stores a guess and searches from it (p.239).
func cfloCalc(m *Machine, l *cashList) menu {
	v := m.appStore("CFLO")
	c := &calcMenu{vars: v, cleared: []string{"I%"}}
	flows := func() fin.Flows { return append(fin.Flows(nil), l.Items...) }
	at := func(f func(fin.Flows, hp17b.Number) (hp17b.Number, error)) func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
		return func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(f(flows(), v.Value("I%")))
		}
	}
	c.keys = [6]calcKey{
		{label: "TOTAL", name: "TOTAL", calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(flows().Total())
		}},
		{label: "IRR%", name: "IRR%", stoSearches: true, calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			fl := flows()
			var g *hp17b.Number
			if c.guessed {
				x := v.Value("IRR%")
				g = &x
			}
			return func(ctx context.Context) (hp17b.Number, error) { return fl.IRR(ctx, g) }, nil
		}},
		{label: "I%", name: "I%"},
		{label: "NPV", name: "NPV", calc: at(fin.Flows.NPV)},
		{label: "NUS", name: "NUS", calc: at(fin.Flows.NUS)},
		{label: "NFV", name: "NFV", calc: at(fin.Flows.NFV)},
	}
	return c
}

// CFLO's section of the state file, "cflo" (FIN registers it, finapp.go):
// its lists, the current one, and whether it prompts for #TIMES.

// cfloSection is CFLO's lists: each flow is [amount, #TIMES].
type cfloSection struct {
	Lists    []cfloListJSON `json:"lists"`
	Current  int            `json:"current"`
	NoPrompt bool           `json:"noPrompt,omitempty"`
}

type cfloListJSON struct {
	Name  string            `json:"name,omitempty"`
	Flows [][2]hp17b.Number `json:"flows"`
}

// snapshot is CFLO's part of the state; nil when it holds nothing.
func (c *cfloApp) snapshot() *cfloSection {
	if len(c.lists) == 0 {
		return nil
	}
	s := &cfloSection{Current: c.cur, NoPrompt: c.noPrompt}
	for _, l := range c.lists {
		j := cfloListJSON{Name: l.Name, Flows: [][2]hp17b.Number{}}
		for _, f := range l.Items {
			j.Flows = append(j.Flows, [2]hp17b.Number{f.Amount, f.Times})
		}
		s.Lists = append(s.Lists, j)
	}
	return s
}

// restore takes CFLO's lists from the state, taking a #TIMES out of
// 1…999 as 1, a list past maxFlows as its first maxFlows flows and a bad
// name as none; notes says what was changed so. None (nil) empties the
// lists.
func (c *cfloApp) restore(s *cfloSection) (notes []string) {
	if s == nil {
		c.lists, c.cur = nil, 0
		return nil
	}
	c.noPrompt = s.NoPrompt
	return c.load("CFLO", len(s.Lists), s.Current, func(i int) (string, []fin.Flow, []string) {
		j := s.Lists[i]
		var flows []fin.Flow
		var notes []string
		for k, f := range j.Flows {
			if k >= maxFlows {
				notes = append(notes, fmt.Sprintf("CFLO list %d cut to its first %d flows", i+1, maxFlows))
				break
			}
			t := f[1]
			if n, ok := t.Int64(); !ok || !t.IsInteger() || n < 1 || n > fin.MaxTimes {
				notes = append(notes, fmt.Sprintf("CFLO list %d flow %d: #TIMES %s taken as 1", i+1, k, t))
				t = hp17b.One
			}
			flows = append(flows, fin.Flow{Amount: f[0], Times: t})
		}
		return j.Name, flows, notes
	})
}

// saveCFLO is CFLO's section now (nil when it holds no list).
func saveCFLO(m *Machine) *cfloSection { return m.cflo.snapshot() }

// restoreCFLO takes CFLO's section on (restore).
func restoreCFLO(m *Machine, s *cfloSection) (notes []string) { return m.cflo.restore(s) }
