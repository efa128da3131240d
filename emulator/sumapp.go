package emulator

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/stat"
)

// The SUM application: statistics lists (17bII+ owner's manual, chapter
// 10, "Running Total and Statistics"). A list is edited in place
// (ITEM(1)=?, INSR, DELET, ▲ ▼, NAME, GET, CLEAR DATA) and INPUT shows the
// running total; CALC gives TOTAL MEAN MEDN STDEV RANGE, then MIN MAX SORT
// FRCST; FRCST asks for a list of x-values and one of y-values and offers
// CORR M B X Y (curve fitting and forecasting, p.134), then MODL W.MN G.SD
// (p.138) and Σ, the summations.

func init() {
	register(application{label: "SUM", slot: 2, menu: openSUM, memory: sectionOf("sum", saveSUM, restoreSUM)})
}

// sumApp is SUM's part of continuous memory: the lists, the current one
// and the curve-fitting model FRCST used last.
type sumApp struct {
	listSet[hp17b.Number]
	model stat.Model
	total sumTotal
}

// sumTotal is INPUT's running total of list: its first run.Len() items
// added, so that the next INPUT at the end of the list adds one item
// instead of the whole list again (entering n items was quadratic: 8,000
// items took 9.8 s). Anything that changes an item other than by adding
// one at the end drops it (sumApp.edited).
type sumTotal struct {
	list *namedList[hp17b.Number]
	run  stat.Running
}

// runningTotal is the total of l's items, as stat.Total gives it, adding
// to the kept running total only the items added since.
func (s *sumApp) runningTotal(l *namedList[hp17b.Number]) (hp17b.Number, error) {
	t := &s.total
	if t.list != l || t.run.Len() > len(l.Items) {
		*t = sumTotal{list: l}
	}
	for _, x := range l.Items[t.run.Len():] {
		t.run.Add(x)
	}
	return t.run.Value()
}

// edited drops the running total: an item was changed, inserted, removed
// or moved, or the lists were replaced.
func (s *sumApp) edited() { s.total = sumTotal{} }

// maxItems bounds a list, as maxFlows does CFLO's.
const maxItems = 10000

// sumMenu is SUM: CALC INSR DELET NAME GET over the current list, at item
// i (from 0); i = len(Items) is the empty line after the last item.
type sumMenu struct{ i int }

func openSUM(m *Machine) menu {
	s := &sumMenu{}
	s.toEnd(m)
	return s
}

// toEnd moves to the empty line after the last item.
func (s *sumMenu) toEnd(m *Machine) { s.i = len(m.sum.current().Items) }

func (s *sumMenu) labels(*Machine) [6]string {
	return [6]string{"CALC", "INSR", "DELET", "NAME", "GET", ""}
}

// itemName is "ITEM(i)", i from 1.
func itemName(i int) string { return "ITEM(" + strconv.Itoa(i+1) + ")" }

// topLine shows the line at the position: "ITEM(2)=205.00" or
// "ITEM(4)=?".
func (s *sumMenu) topLine(m *Machine) string {
	l := m.sum.current()
	s.i = min(s.i, len(l.Items))
	if s.i == len(l.Items) {
		return itemName(s.i) + "=?"
	}
	return m.varLine(itemName(s.i), l.Items[s.i])
}

// input is INPUT: the keyed number becomes the item, the position moves
// on, and the running total shows under the next line until the next key
// (chapter 10).
func (s *sumMenu) input(m *Machine) {
	l := m.sum.current()
	keyed := m.pending() || m.fresh
	m.complete()
	x := m.x
	m.entry, m.x, m.fresh = "", hp17b.Zero, false
	switch {
	case s.i == len(l.Items) && !keyed:
		return
	case s.i == len(l.Items):
		if len(l.Items) >= maxItems {
			m.errMsg("INSUFFICIENT MEMORY", "", nil)
			return
		}
		l.Items = append(l.Items, x)
	case keyed:
		l.Items[s.i] = x
		m.sum.edited()
	}
	s.i++
	total, err := m.sum.runningTotal(l)
	if err != nil {
		m.setMsg(err.Error(), "", nil)
		return
	}
	m.x = total
	m.setMsg(s.topLine(m), m.varLine("TOTAL", total), nil)
}

// move is ▲ ▼ through the items and the empty line; shifted, to either
// end.
func (s *sumMenu) move(m *Machine, up, jump bool) {
	m.finishEntry()
	n := len(m.sum.current().Items)
	switch {
	case jump && up:
		s.i = 0
	case jump:
		s.i = n
	case up && s.i > 0:
		s.i--
	case !up && s.i < n:
		s.i++
	}
}

func (s *sumMenu) clearData(m *Machine) {
	m.ask("CLEAR THE LIST?", func() {
		m.sum.current().Items = nil
		m.sum.edited()
		s.i = 0
	}, nil)
}

func (s *sumMenu) press(m *Machine, i int) {
	m.finishEntry()
	l := m.sum.current()
	switch i {
	case 0:
		m.pushMenu(sumCalc(m, l, 0))
	case 1: // INSR: an item of 0 before this one
		if s.i < len(l.Items) && len(l.Items) < maxItems {
			l.Items = append(l.Items[:s.i], append([]hp17b.Number{hp17b.Zero}, l.Items[s.i:]...)...)
			m.sum.edited()
		}
	case 2: // DELET: this item
		if s.i < len(l.Items) {
			l.Items = append(l.Items[:s.i], l.Items[s.i+1:]...)
			m.sum.edited()
		}
	case 3:
		nameCurrent(m, &m.sum.listSet)
	case 4:
		m.pushMenu(&getMenu{book: &m.sum.listSet})
	}
}

// items copies a list's items (taken under the machine's lock, for work
// that runs without it).
func items(l *namedList[hp17b.Number]) []hp17b.Number {
	return append([]hp17b.Number(nil), l.Items...)
}

// resultKey is a key that shows the value f calculates at once (under
// the machine's lock, so f may read the lists).
func resultKey(label string, f func() (hp17b.Number, error)) calcKey {
	return calcKey{label: label, name: label, result: true,
		calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(f())
		}}
}

// oneVar is a CALC key giving f of the list.
func oneVar(label string, l *namedList[hp17b.Number], f func([]hp17b.Number) (hp17b.Number, error)) calcKey {
	return resultKey(label, func() (hp17b.Number, error) { return f(items(l)) })
}

// sumCalc is SUM's CALC over list l: TOTAL MEAN MEDN STDEV RANGE, then
// MIN MAX SORT FRCST (page 1), MORE turning the page.
func sumCalc(m *Machine, l *namedList[hp17b.Number], page int) menu {
	c := &calcMenu{vars: m.appStore("SUM")}
	more := calcKey{label: "MORE", do: func(m *Machine) {
		m.finishEntry()
		m.replaceMenu(sumCalc(m, l, 1-page))
	}}
	if page == 0 {
		c.keys = [6]calcKey{oneVar("TOTAL", l, stat.Total), oneVar("MEAN", l, stat.Mean),
			oneVar("MEDN", l, stat.Median), oneVar("STDEV", l, stat.StdDev), oneVar("RANGE", l, stat.Range), more}
		return c
	}
	c.keys = [6]calcKey{oneVar("MIN", l, stat.Min), oneVar("MAX", l, stat.Max),
		{label: "SORT", do: func(m *Machine) {
			m.finishEntry()
			l.Items = stat.Sorted(l.Items)
			m.sum.edited()
		}},
		{label: "FRCST", open: func(m *Machine) menu { return &pickMenu{} }},
		{}, more}
	return c
}

// pickMenu asks for the lists of FRCST: the x-values, then the
// y-values (p.134); the current list is *NEW while unnamed.
type pickMenu struct {
	pager
	x *namedList[hp17b.Number]
}

func (p *pickMenu) lists(m *Machine) ([]string, []*namedList[hp17b.Number]) {
	var names []string
	var ls []*namedList[hp17b.Number]
	for k, l := range m.sum.lists {
		switch {
		case l.Name != "":
			names = append(names, l.Name)
		case k == m.sum.cur:
			names = append(names, "*NEW")
		default:
			continue
		}
		ls = append(ls, l)
	}
	return names, ls
}

func (p *pickMenu) labels(m *Machine) [6]string {
	names, _ := p.lists(m)
	return p.pager.labels(names)
}

func (p *pickMenu) topLine(*Machine) string {
	if p.x == nil {
		return "SELECT X VARIABLE LIST"
	}
	return "SELECT Y VARIABLE LIST"
}

func (p *pickMenu) press(m *Machine, i int) {
	m.finishEntry()
	names, ls := p.lists(m)
	idx := p.index(len(names), i)
	if idx < 0 {
		return
	}
	if p.x == nil {
		p.x, p.page = ls[idx], 0
		return
	}
	m.replaceMenu(frcstMenu(m, p.x, ls[idx], 0))
	m.setMsg(m.sum.model.Name(), "", nil)
}

// frcstMenu is FRCST over the lists x and y: CORR M B X Y (page 0), then
// MODL W.MN G.SD Σ (page 1). X and Y store a known value; pressed with
// nothing keyed, each forecasts itself from the other (p.134, step 7).
func frcstMenu(m *Machine, x, y *namedList[hp17b.Number], page int) menu {
	v := m.appStore("SUM")
	c := &calcMenu{vars: v}
	fitted := func(m *Machine) (stat.Fit, error) {
		return stat.NewFit(m.sum.model, items(x), items(y))
	}
	coef := func(label string, get func(stat.Fit) hp17b.Number) calcKey {
		k := resultKey(label, nil)
		k.calc = func(m *Machine) (func(context.Context) (hp17b.Number, error), error) {
			f, err := fitted(m)
			if err != nil {
				return nil, err // the fit's error, before any result
			}
			return solved(get(f), nil)
		}
		return k
	}
	forecast := func(label, from string, by func(stat.Fit, hp17b.Number) (hp17b.Number, error)) calcKey {
		return calcKey{label: label, name: label,
			calc: func(m *Machine) (func(context.Context) (hp17b.Number, error), error) {
				f, err := fitted(m)
				if err != nil {
					return nil, err
				}
				return solved(by(f, v.Value(from)))
			}}
	}
	pair := func(label string, f func(xs, ys []hp17b.Number) (hp17b.Number, error)) calcKey {
		return resultKey(label, func() (hp17b.Number, error) { return f(items(x), items(y)) })
	}
	more := calcKey{label: "MORE", do: func(m *Machine) {
		m.finishEntry()
		m.replaceMenu(frcstMenu(m, x, y, 1-page))
	}}
	if page == 0 {
		c.keys = [6]calcKey{
			coef("CORR", func(f stat.Fit) hp17b.Number { return f.Corr }),
			coef("M", func(f stat.Fit) hp17b.Number { return f.M }),
			coef("B", func(f stat.Fit) hp17b.Number { return f.B }),
			forecast("X", "Y", stat.Fit.X), forecast("Y", "X", stat.Fit.Y), more}
		return c
	}
	c.keys = [6]calcKey{
		{label: "MODL", open: func(*Machine) menu { return modelMenu }},
		pair("W.MN", stat.WeightedMean), pair("G.SD", stat.GroupedStdDev),
		{label: "Σ", open: func(m *Machine) menu { return sumsMenu(m, x, y) }},
		{}, more}
	return c
}

// modelMenu is MODL: LIN LOG EXP PWR; a key names its model and returns
// to FRCST.
var modelMenu = &table{
	{label: "LIN", do: chooseModel(stat.Linear)},
	{label: "LOG", do: chooseModel(stat.Logarithmic)},
	{label: "EXP", do: chooseModel(stat.Exponential)},
	{label: "PWR", do: chooseModel(stat.Power)},
}

func chooseModel(model stat.Model) func(*Machine) {
	return func(m *Machine) {
		m.finishEntry()
		m.sum.model = model
		m.popMenu()
		m.setMsg(model.Name(), "", nil)
	}
}

// sumsMenu is Σ: n, Σx, Σy, Σx², Σy² and Σxy of the two lists.
func sumsMenu(m *Machine, x, y *namedList[hp17b.Number]) menu {
	c := &calcMenu{vars: m.appStore("SUM")}
	key := func(label string, get func(stat.Sums) hp17b.Number) calcKey {
		return resultKey(label, func() (hp17b.Number, error) {
			s, err := stat.Summations(items(x), items(y))
			return get(s), err
		})
	}
	c.keys = [6]calcKey{
		key("N", func(s stat.Sums) hp17b.Number { return s.N }),
		key("ΣX", func(s stat.Sums) hp17b.Number { return s.X }),
		key("ΣY", func(s stat.Sums) hp17b.Number { return s.Y }),
		key("ΣX²", func(s stat.Sums) hp17b.Number { return s.X2 }),
		key("ΣY²", func(s stat.Sums) hp17b.Number { return s.Y2 }),
		key("ΣXY", func(s stat.Sums) hp17b.Number { return s.XY }),
	}
	return c
}

// SUM's section of the state file, "sum": its lists, the current one, and
// the model FRCST used last.

// sumSection is SUM's lists and the model FRCST used last.
type sumSection struct {
	Lists   []sumListJSON `json:"lists"`
	Current int           `json:"current"`
	Model   int           `json:"model,omitempty"`
}

type sumListJSON struct {
	Name  string         `json:"name,omitempty"`
	Items []hp17b.Number `json:"items"`
}

// snapshot is SUM's part of the state; nil when it holds nothing.
func (s *sumApp) snapshot() *sumSection {
	if len(s.lists) == 0 {
		return nil
	}
	out := &sumSection{Current: s.cur, Model: int(s.model)}
	for _, l := range s.lists {
		out.Lists = append(out.Lists, sumListJSON{Name: l.Name, Items: append([]hp17b.Number{}, l.Items...)})
	}
	return out
}

// restore takes SUM's lists from the state, a list past maxItems cut to
// its first maxItems items, a bad name taken as none and an unknown model
// as LIN; notes says what was changed so. None (nil) empties the lists.
func (s *sumApp) restore(st *sumSection) (notes []string) {
	s.edited()
	if st == nil {
		s.lists, s.cur = nil, 0
		return nil
	}
	s.model = stat.Linear
	if st.Model >= int(stat.Linear) && st.Model <= int(stat.Power) {
		s.model = stat.Model(st.Model)
	} else if st.Model != 0 {
		notes = append(notes, fmt.Sprintf("SUM's model %d taken as LIN", st.Model))
	}
	return append(notes, s.load("SUM", len(st.Lists), st.Current, func(i int) (string, []hp17b.Number, []string) {
		j := st.Lists[i]
		var notes []string
		if len(j.Items) > maxItems {
			notes = append(notes, fmt.Sprintf("SUM list %d cut to its first %d items", i+1, maxItems))
		}
		return j.Name, append([]hp17b.Number(nil), j.Items[:min(len(j.Items), maxItems)]...), notes
	})...)
}

// saveSUM is SUM's section now (nil when it holds no list).
func saveSUM(m *Machine) *sumSection { return m.sum.snapshot() }

// restoreSUM takes SUM's section on (restore).
func restoreSUM(m *Machine, s *sumSection) (notes []string) { return m.sum.restore(s) }
