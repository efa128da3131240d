package emulator

import (
	"context"

	"github.com/hp17b/hp17b/hp17b"
)

// The CURRX application (17bII+ owner's manual, chapter 4, "Currency
// Exchange Calculations", Table 4-1 on p.55): two currencies and the RATE
// between them, the number of units of currency 2 worth one unit of
// currency 1. The menu's first two keys are the currencies' own labels:
// each stores an amount keyed, or calculates it from the other amount and
// RATE; RATE stores a rate keyed or calculates it from the two amounts.
// SELCT picks a new pair (SELECT CURRENCY 1, then 2, over the currency
// pages; RATE returns to 1.0000); STO keeps the pair and its rate under
// one of six keys and RCL brings one back.
//
// The currency pages are ours: the manual's Table 4-2 was not at hand, so
// the list is fifteen labels of at most five characters, the user-defined
// A and B on the third page as a published walk-through keys them
// (edspi31415.blogspot.com, "Casio MS-80 Series and HP 17BII+: Using
// Exchange Rates for US/SI Conversions", April 2019: SELCT, MORE MORE A).

func init() {
	register(application{label: "CURRX", slot: 5, menu: openCurrx, memory: sectionOf("currx", saveCURRX, restoreCURRX)})
}

// currencies are the currency pages' labels, five a page.
var currencies = []string{
	"US$", "EURO", "C$", "POUND", "YEN",
	"A$", "HK$", "NZ$", "S$", "SFR",
	"YUAN", "WON", "PESO", "A", "B",
}

// currencyPair is a pair of currencies (indexes of currencies) and, for
// a stored pair, the RATE between them (the current pair's rate is the
// RATE variable).
type currencyPair struct {
	Cur1, Cur2 int
	Rate       hp17b.Number
	Set        bool
}

// currxApp is CURRX's part of continuous memory beyond its variables: the
// current pair (Set false until SELCT) and the six stored pairs.
type currxApp struct {
	pair   currencyPair
	stored [6]currencyPair
}

// openCurrx opens CURRX over the current pair, showing its rate.
func openCurrx(m *Machine) menu {
	c := currxMenu(m)
	if m.currx.pair.Set {
		m.setMsg(rateLine(m, m.appStore("CURRX").Value("RATE")), "", nil)
	} else {
		m.setMsg("SELECT CURRENCIES", "", nil)
	}
	return c
}

// rateLine is "RATE=1.0000": the rate shows at least four decimals.
func rateLine(m *Machine, x hp17b.Number) string {
	mode := m.mode
	if !mode.All && mode.Fix < 4 {
		mode.Fix = 4
	}
	return fit("RATE=" + hp17b.Format(x, mode))
}

// currxMenu is CURRX's menu for the current pair: the two currencies'
// keys, RATE, STO, RCL, SELCT.
func currxMenu(m *Machine) menu {
	v := m.appStore("CURRX")
	p := m.currx.pair
	amount := func(slot int) calcKey {
		name := [2]string{"CURR1", "CURR2"}[slot]
		if !p.Set {
			return calcKey{}
		}
		label := currencies[[2]int{p.Cur1, p.Cur2}[slot]]
		return calcKey{label: label, name: name,
			show: func(m *Machine, x hp17b.Number) string { return m.varLine(label, x) },
			calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				if slot == 0 {
					return solved(hp17b.Div(v.Value("CURR2"), v.Value("RATE")))
				}
				return solved(hp17b.Mul(v.Value("CURR1"), v.Value("RATE")))
			}}
	}
	rate := calcKey{label: "RATE", name: "RATE",
		show: func(m *Machine, x hp17b.Number) string { return rateLine(m, x) },
		calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(hp17b.Div(v.Value("CURR2"), v.Value("CURR1")))
		}}
	if !p.Set {
		rate = calcKey{label: "RATE", do: func(m *Machine) { m.setMsg("SELECT CURRENCIES", "", nil) }}
	}
	return &calcMenu{vars: v, cleared: []string{"CURR1", "CURR2"}, keys: [6]calcKey{
		amount(0), amount(1), rate,
		{label: "STO", open: func(m *Machine) menu { return &pairMenu{sto: true} }},
		{label: "RCL", open: func(m *Machine) menu { return &pairMenu{} }},
		{label: "SELCT", open: func(*Machine) menu { return &currencyPicker{first: -1} }},
	}}
}

// currencyPicker is SELCT: the currency pages, asking for currency 1 and
// then currency 2; the second choice makes the new pair with RATE 1.
type currencyPicker struct {
	pager
	first int // currency 1 once chosen, else −1
}

func (c *currencyPicker) labels(*Machine) [6]string { return c.pager.labels(currencies) }

func (c *currencyPicker) topLine(*Machine) string {
	if c.first < 0 {
		return "SELECT CURRENCY 1"
	}
	return "SELECT CURRENCY 2"
}

func (c *currencyPicker) press(m *Machine, i int) {
	m.finishEntry()
	idx := c.index(len(currencies), i)
	if idx < 0 {
		return
	}
	if c.first < 0 {
		c.first, c.page = idx, 0
		return
	}
	m.usePair(currencyPair{Cur1: c.first, Cur2: idx, Rate: hp17b.One, Set: true})
	m.setMsg(rateLine(m, hp17b.One), "", nil)
}

// usePair makes p the current pair with its rate and no amounts, and
// returns from SELCT's or RCL's keys to CURRX's menu, now over p.
func (m *Machine) usePair(p currencyPair) {
	v := m.appStore("CURRX")
	m.currx.pair = p
	v.Store("RATE", p.Rate)
	v.Store("CURR1", hp17b.Zero)
	v.Store("CURR2", hp17b.Zero)
	m.popMenu()
	m.replaceMenu(currxMenu(m))
}

// pairMenu is STO's or RCL's six keys PAIR1 to PAIR6, each holding a pair
// of currencies and its rate.
type pairMenu struct{ sto bool }

func (p *pairMenu) labels(*Machine) [6]string {
	return [6]string{"PAIR1", "PAIR2", "PAIR3", "PAIR4", "PAIR5", "PAIR6"}
}

func (p *pairMenu) topLine(m *Machine) string {
	if p.sto {
		if !m.currx.pair.Set {
			return "SELECT CURRENCIES"
		}
		return "STORE " + pairName(m.currx.pair) + " IN?"
	}
	return "RECALL WHICH PAIR?"
}

// pairName is "US$/EURO".
func pairName(p currencyPair) string { return currencies[p.Cur1] + "/" + currencies[p.Cur2] }

func (p *pairMenu) press(m *Machine, i int) {
	m.finishEntry()
	v := m.appStore("CURRX")
	slot := &m.currx.stored[i]
	if p.sto {
		if !m.currx.pair.Set {
			return
		}
		*slot = m.currx.pair
		slot.Rate = v.Value("RATE")
		m.popMenu()
		m.setMsg(pairName(*slot)+" STORED", "", nil)
		return
	}
	if !slot.Set {
		m.errMsg("PAIR IS EMPTY", "", nil)
		return
	}
	m.usePair(*slot)
	m.setMsg(pairName(*slot)+" "+rateLine(m, slot.Rate), "", nil)
}

// CURRX's section of the state file, "currx": the current pair and the six
// stored pairs.

// currxSection is CURRX's current pair and its six stored pairs (a pair
// as the indexes of its two currencies).
type currxSection struct {
	Pair   *pairJSON    `json:"pair,omitempty"`
	Stored [6]*pairJSON `json:"stored"`
}

type pairJSON struct {
	Cur1 int          `json:"cur1"`
	Cur2 int          `json:"cur2"`
	Rate hp17b.Number `json:"rate"`
}

func pairToJSON(p currencyPair) *pairJSON {
	if !p.Set {
		return nil
	}
	return &pairJSON{Cur1: p.Cur1, Cur2: p.Cur2, Rate: p.Rate}
}

func pairFromJSON(j *pairJSON) currencyPair {
	if j == nil || j.Cur1 < 0 || j.Cur2 < 0 || j.Cur1 >= len(currencies) || j.Cur2 >= len(currencies) {
		return currencyPair{}
	}
	return currencyPair{Cur1: j.Cur1, Cur2: j.Cur2, Rate: j.Rate, Set: true}
}

// snapshot is CURRX's part of the state; nil when no pair was ever chosen.
func (c *currxApp) snapshot() *currxSection {
	s := &currxSection{Pair: pairToJSON(c.pair)}
	empty := s.Pair == nil
	for i, p := range c.stored {
		s.Stored[i] = pairToJSON(p)
		empty = empty && s.Stored[i] == nil
	}
	if empty {
		return nil
	}
	return s
}

// restore takes CURRX's part of the state; a pair naming no currency is
// dropped, and none (nil) clears the pairs.
func (c *currxApp) restore(s *currxSection) {
	if s == nil {
		s = &currxSection{}
	}
	c.pair = pairFromJSON(s.Pair)
	for i, j := range s.Stored {
		c.stored[i] = pairFromJSON(j)
	}
}

// saveCURRX is CURRX's section now (nil when no pair was ever chosen).
func saveCURRX(m *Machine) *currxSection { return m.currx.snapshot() }

// restoreCURRX takes CURRX's section on (restore).
func restoreCURRX(m *Machine, s *currxSection) []string {
	m.currx.restore(s)
	return nil
}
