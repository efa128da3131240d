package emulator

import (
	"context"
	"strconv"
	"strings"
	"unicode"

	"github.com/hp17b/hp17b/fin"
	"github.com/hp17b/hp17b/hp17b"
)

// CFLO, FIN's cash-flow lists (17bII+ owner's manual, chapter 7): a list
// of flows edited in place (FLOW(0)=?, FLOW(1)=?, #TIMES(1)=1), INSR and
// DELET, ▲ ▼, named lists (NAME, GET), CLEAR DATA, and CALC with TOTAL,
// IRR%, I%, NPV, NUS and NFV. The Solver's FLOW, #T and SIZEC read the
// named lists (chapter 12, "Accessing CFLO and SUM lists").

// cashList is one cash-flow list; Flows[0] is FLOW(0).
type cashList struct {
	Name  string
	Flows fin.Flows
}

// cfloApp is CFLO's part of continuous memory: the lists, the current one
// and whether #TIMES is prompted for.
type cfloApp struct {
	lists    []*cashList
	cur      int
	noPrompt bool
}

// current returns the current list, making an empty one the first time.
func (c *cfloApp) current() *cashList {
	if len(c.lists) == 0 {
		c.lists = []*cashList{{}}
		c.cur = 0
	}
	c.cur = max(0, min(c.cur, len(c.lists)-1))
	return c.lists[c.cur]
}

// find returns the list named name (case-insensitive), or nil.
func (c *cfloApp) find(name string) *cashList {
	for _, l := range c.lists {
		if l.Name != "" && strings.EqualFold(l.Name, name) {
			return l
		}
	}
	return nil
}

// cfloMenu is CFLO: CALC INSR DELET NAME GET #T?, over the current list
// with a position in it: flow j, or its #TIMES when times is set; j =
// len(Flows) is the empty line after the last flow.
type cfloMenu struct {
	j     int
	times bool
}

func openCFLO(m *Machine) menu {
	c := &cfloMenu{}
	c.j = len(m.cflo.current().Flows)
	return c
}

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
// "#TIMES(1)=1" or "FLOW(2)=?".
func (c *cfloMenu) topLine(m *Machine) string {
	l := m.cflo.current()
	c.j = min(c.j, len(l.Flows))
	if c.j == len(l.Flows) {
		return flowName(c.j, false) + "=?"
	}
	f := l.Flows[c.j]
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
	m.equals()
	x := m.x
	defer func() { m.entry, m.x, m.fresh = "", hp17b.Zero, false }()
	switch {
	case c.j == len(l.Flows):
		if !keyed {
			return
		}
		if len(l.Flows) >= maxFlows {
			m.setMsg("INSUFFICIENT MEMORY", "", nil)
			return
		}
		l.Flows = append(l.Flows, fin.Flow{Amount: x, Times: hp17b.One})
		c.advance(m)
	case c.times:
		if keyed {
			n, ok := x.Int64()
			if !ok || !x.IsInteger() || n < 1 || n > fin.MaxTimes {
				m.setMsg(hp17b.ErrInvalidInput.Error(), "", nil)
				return
			}
			l.Flows[c.j].Times = x
		}
		c.j, c.times = c.j+1, false
	default:
		if keyed {
			l.Flows[c.j].Amount = x
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
// empty line; shifted, to either end.
func (c *cfloMenu) move(m *Machine, up, jump bool) {
	m.finishEntry()
	n := len(m.cflo.current().Flows)
	switch {
	case jump && up:
		c.j, c.times = 0, false
	case jump:
		c.j, c.times = n, false
	case up && c.times:
		c.times = false
	case up && c.j > 0:
		c.j--
		c.times = c.j > 0
	case !up && !c.times && c.j > 0 && c.j < n:
		c.times = true
	case !up && c.j < n:
		c.j, c.times = c.j+1, false
	}
}

func (c *cfloMenu) clearData(m *Machine) {
	m.ask("CLEAR THE LIST?", func() {
		m.cflo.current().Flows = nil
		c.j, c.times = 0, false
	}, nil)
}

func (c *cfloMenu) press(m *Machine, i int) {
	m.finishEntry()
	cf := &m.cflo
	l := cf.current()
	switch i {
	case 0:
		m.pushMenu(cfloCalc(m, l))
	case 1: // INSR: a flow of 0 before this one
		if c.j >= 1 && c.j <= len(l.Flows) && len(l.Flows) < maxFlows {
			l.Flows = append(l.Flows[:c.j], append(fin.Flows{{Amount: hp17b.Zero, Times: hp17b.One}}, l.Flows[c.j:]...)...)
			c.times = false
		}
	case 2: // DELET: this flow and its #TIMES
		if c.j < len(l.Flows) && (c.j > 0 || len(l.Flows) == 1) {
			l.Flows = append(l.Flows[:c.j], l.Flows[c.j+1:]...)
			c.times = false
		}
	case 3: // NAME
		m.startName(l.Name, "NAME THE LIST; [INPUT]", func(m *Machine, text string) {
			name := strings.ToUpper(text)
			switch {
			case name == "":
				l.Name = ""
			case !validListName(name):
				m.setMsg("INVALID NAME", "", nil)
			case cf.find(name) != nil && cf.find(name) != l:
				m.setMsg("DUPLICATE NAME", "", nil)
			default:
				l.Name = name
			}
		})
	case 4: // GET
		m.pushMenu(&getMenu{})
	case 5: // #T?
		cf.noPrompt = !cf.noPrompt
		state := "ON"
		if cf.noPrompt {
			state = "OFF"
		}
		m.setMsg("#TIMES PROMPTING: "+state, "", nil)
	}
}

// validListName: a letter first, then letters and digits, at most 10
// characters (the Solver reads the name as a variable's).
func validListName(s string) bool {
	if s == "" || len([]rune(s)) > 10 {
		return false
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// getMenu is GET: *NEW and the named lists (five a page with MORE).
type getMenu struct{ pager }

func (g *getMenu) entries(m *Machine) []string {
	names := []string{"*NEW"}
	for _, l := range m.cflo.lists {
		if l.Name != "" {
			names = append(names, l.Name)
		}
	}
	return names
}

func (g *getMenu) labels(m *Machine) [6]string { return g.pager.labels(g.entries(m)) }

func (g *getMenu) press(m *Machine, i int) {
	names := g.entries(m)
	idx := g.index(len(names), i)
	if idx < 0 {
		return
	}
	cf := &m.cflo
	// An unnamed, empty current list is dropped when another is got.
	if cur := cf.current(); cur.Name == "" && len(cur.Flows) == 0 {
		cf.lists = append(cf.lists[:cf.cur], cf.lists[cf.cur+1:]...)
	}
	if idx == 0 {
		cf.lists = append(cf.lists, &cashList{})
		cf.cur = len(cf.lists) - 1
	} else {
		for k, l := range cf.lists {
			if l.Name == names[idx] {
				cf.cur = k
			}
		}
	}
	m.popMenu()
	if c, ok := m.menu().(*cfloMenu); ok {
		c.j, c.times = len(cf.current().Flows), false
	}
}

// cfloCalc is CALC: TOTAL IRR% I% NPV NUS NFV over the list (p.100).
// A number then STO IRR% stores a guess and searches from it (p.239).
func cfloCalc(m *Machine, l *cashList) menu {
	v := m.appStore("CFLO")
	c := &calcMenu{vars: v, cleared: []string{"I%"}}
	flows := func() fin.Flows { return append(fin.Flows(nil), l.Flows...) }
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

// cfloLists gives the Solver the CFLO lists by name (FLOW, #T, SIZEC);
// SUM's lists (ITEM, SIZES) are not built yet.
type cfloLists struct{ c *cfloApp }

func (l cfloLists) flow(name string, j hp17b.Number) (fin.Flow, error) {
	list := l.c.find(name)
	if list == nil {
		return fin.Flow{}, hp17b.ErrInvalidInput
	}
	k, ok := j.Int64()
	if !ok || !j.IsInteger() || k < 0 || k >= int64(len(list.Flows)) {
		return fin.Flow{}, hp17b.ErrInvalidInput
	}
	return list.Flows[k], nil
}

// Flow is FLOW(name:j).
func (l cfloLists) Flow(name string, j hp17b.Number) (hp17b.Number, error) {
	f, err := l.flow(name, j)
	return f.Amount, err
}

// Times is #T(name:j).
func (l cfloLists) Times(name string, j hp17b.Number) (hp17b.Number, error) {
	f, err := l.flow(name, j)
	return f.Times, err
}

// SizeC is SIZEC(name): the number of the last flow.
func (l cfloLists) SizeC(name string) (hp17b.Number, error) {
	list := l.c.find(name)
	if list == nil {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	return hp17b.FromInt(int64(len(list.Flows) - 1)), nil
}

// Item is ITEM(name:i): SUM lists are not built yet.
func (cfloLists) Item(string, hp17b.Number) (hp17b.Number, error) {
	return hp17b.Zero, errNoSumLists
}

// SizeS is SIZES(name): SUM lists are not built yet.
func (cfloLists) SizeS(string) (hp17b.Number, error) { return hp17b.Zero, errNoSumLists }

var errNoSumLists = &hp17b.Error{Msg: "NO SUM LISTS YET"}
