package emulator

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/hp17b/hp17b/fin"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// The FIN application (17bII+ owner's manual, chapters 5 to 9, menu maps
// pp.255–256): TVM with OTHER and AMRT, ICNV, CFLO (cfloapp.go), BOND and
// DEPRC. Each keeps its variables in its own part of continuous memory
// (the state file's apps.TVM, apps.ICNV, apps.BOND, apps.DEPRC); the
// calculations are package fin's.

func init() {
	register(application{label: "FIN", slot: 0, menu: func(*Machine) menu { return finMenu },
		memory: sectionOf("cflo", saveCFLO, restoreCFLO)})
}

// finMenu is FIN: TVM ICNV CFLO BOND DEPRC.
var finMenu = &table{
	{label: "TVM", open: openTVM},
	{label: "ICNV", open: func(m *Machine) menu {
		m.setMsg("SELECT COMPOUNDING", "", nil)
		return icnvMenu
	}},
	{label: "CFLO", open: openCFLO},
	{label: "BOND", open: openBond},
	{label: "DEPRC", open: openDeprc},
}

// solved returns a calculation that needs no search.
func solved(x hp17b.Number, err error) (func(context.Context) (hp17b.Number, error), error) {
	return func(context.Context) (hp17b.Number, error) { return x, err }, nil
}

// --- TVM (chapter 5) ---

// The TVM store's variables: the five of the menu, P/YR and the payment
// mode (BEGIN 1 for Begin mode).
const (
	varPYR   = "P/YR"
	varBegin = "BEGIN"
)

// tvmVars returns TVM's store, with P/YR 12 and End mode the first time
// (the calculator's defaults, p.66).
func tvmVars(m *Machine) *solver.Vars {
	v := m.appStore("TVM")
	if _, ok := v.Get(varPYR); !ok {
		v.Store(varPYR, hp17b.FromInt(12))
		v.Store(varBegin, hp17b.Zero)
	}
	return v
}

// tvmOf reads the TVM problem from the store, with the machine's choice
// of digits (SetExactTVM).
func tvmOf(m *Machine, v *solver.Vars) fin.TVM {
	return fin.TVM{N: v.Value("N"), IYR: v.Value("I%YR"), PV: v.Value("PV"), PMT: v.Value("PMT"),
		FV: v.Value("FV"), PYR: v.Value(varPYR), Begin: !v.Value(varBegin).IsZero(), Exact: m.exactTVM}
}

// tvmStatus is the status line, "12 P/YR END MODE" (p.66).
func tvmStatus(v *solver.Vars) string {
	mode := "END"
	if !v.Value(varBegin).IsZero() {
		mode = "BEGIN"
	}
	return hp17b.Format(v.Value(varPYR), hp17b.Mode{Fix: 0}) + " P/YR " + mode + " MODE"
}

// openTVM opens TVM. A number on the calculator line stays: after
// ICNV's NOM%, "switches to TVM menu; NOM% value is still in calculator
// line" (p.89, display 5.01); with none (0, nothing keyed) the status line
// shows, to be read before calculating (p.66, step 3). CLEAR DATA and
// EXIT back from OTHER show it too.
func openTVM(m *Machine) menu {
	v := tvmVars(m)
	if m.entry == "" && m.x.IsZero() {
		m.setMsg(tvmStatus(v), "", nil)
	}
	tvmKey := func(name string, solve func(t fin.TVM) (hp17b.Number, error)) calcKey {
		return calcKey{label: name, name: name, calc: func(m *Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(solve(tvmOf(m, v)))
		}}
	}
	status := func(m *Machine) { m.setMsg(tvmStatus(v), "", nil) }
	n := tvmKey("N", fin.TVM.SolveN)
	// Shift N stores the number times P/YR in N (Table 5-1, p.63: with
	// P/YR 12, 30 shift N sets N=360).
	n.shift = func(x hp17b.Number) (hp17b.Number, error) { return hp17b.Mul(x, v.Value(varPYR)) }
	// CLEAR DATA clears the five and shows the status line (p.68); so
	// does EXIT back from OTHER (pp.72, 76).
	return &calcMenu{vars: v, cleared: []string{"N", "I%YR", "PV", "PMT", "FV"},
		reset: status, onBack: status, keys: [6]calcKey{
			n,
			{label: "I%YR", name: "I%YR", calc: func(m *Machine) (func(context.Context) (hp17b.Number, error), error) {
				t := tvmOf(m, v)
				return t.SolveIYR, nil
			}},
			tvmKey("PV", fin.TVM.SolvePV),
			tvmKey("PMT", fin.TVM.SolvePMT),
			tvmKey("FV", fin.TVM.SolveFV),
			{label: "OTHER", open: func(m *Machine) menu { return tvmOther(m, v) }},
		}}
}

// tvmOther is TVM's second level: P/YR BEG END AMRT (p.66).
func tvmOther(m *Machine, v *solver.Vars) menu {
	m.setMsg(tvmStatus(v), "", nil)
	status := func(m *Machine) { m.setMsg(tvmStatus(v), "", nil) }
	mode := func(begin int64) func(m *Machine) {
		return func(m *Machine) {
			m.finishEntry()
			v.Store(varBegin, hp17b.FromInt(begin))
			status(m)
		}
	}
	// CLEAR DATA here returns to 12 payments a year and End mode, and
	// shows so (p.80: "If needed: sets 12 payment periods per year; End
	// mode", display 12 P/YR END MODE).
	reset := func(m *Machine) {
		v.Store(varPYR, hp17b.FromInt(12))
		v.Store(varBegin, hp17b.Zero)
		status(m)
	}
	return &calcMenu{vars: v, reset: reset, keys: [6]calcKey{
		{label: "P/YR", name: varPYR, after: status, check: func(x hp17b.Number) error {
			if !fin.ValidPYR(x) {
				return fin.ErrInvalidPYR
			}
			return nil
		}},
		{label: "BEG", do: mode(1)},
		{label: "END", do: mode(0)},
		{label: "AMRT", open: func(m *Machine) menu { return newAmrt(m, v) }},
	}}
}

// amrtMenu is AMRT: #P INT PRIN BAL NEXT TABLE (pp.78–83). The schedule
// starts at payment 1 when the menu opens and after CLEAR DATA.
type amrtMenu struct {
	v     *solver.Vars
	sched *fin.Schedule
	count int     // #P, 0 before the first
	set   fin.Set // the last set amortized
	err   error
}

// msgKeyPayments is AMRT's prompt (p.80: "KEY #PMTS; PRESS {#P}").
const msgKeyPayments = "KEY #PMTS; PRESS {#P}"

func newAmrt(m *Machine, v *solver.Vars) menu {
	a := &amrtMenu{v: v}
	a.start(m)
	m.setMsg(msgKeyPayments, "", nil)
	return a
}

// start begins the schedule at payment 1 with the display's rounding.
func (a *amrtMenu) start(m *Machine) {
	fix := m.mode.Fix
	if m.mode.All {
		fix = -1
	}
	a.sched, a.err = fin.NewSchedule(tvmOf(m, a.v), fix)
	a.count = 0
}

func (a *amrtMenu) labels(*Machine) [6]string {
	return [6]string{"#P", "INT", "PRIN", "BAL", "NEXT", "TABLE"}
}

func (a *amrtMenu) clearData(m *Machine) {
	a.start(m)
	m.setMsg(msgKeyPayments, "", nil)
}

// setLine is "#P=12 PMTS: 1-12" (p.80).
func (a *amrtMenu) setLine() string {
	return "#P=" + strconv.Itoa(a.count) + " PMTS: " + strconv.Itoa(a.set.First) + "-" + strconv.Itoa(a.set.Last)
}

// amortize amortizes the next #P payments.
func (a *amrtMenu) amortize(m *Machine) {
	if a.err != nil {
		m.setMsg(a.err.Error(), "", nil)
		return
	}
	set, err := a.sched.Next(a.count)
	if err != nil {
		m.errMsg(err.Error(), "", nil)
		return
	}
	a.set = set
	m.setX(hp17b.FromInt(int64(a.count)))
	m.fresh = false
	m.setMsg(a.setLine(), "", nil)
}

func (a *amrtMenu) press(m *Machine, i int) {
	m.takePrefix()
	switch i {
	case 0: // #P
		if m.fresh || m.pending() {
			m.complete()
			n, ok := m.x.Int64()
			if !ok || !m.x.IsInteger() || n < 1 || n > fin.MaxPayments {
				m.errMsg(hp17b.ErrInvalidInput.Error(), "", nil)
				return
			}
			a.count = int(n)
			a.amortize(m)
			return
		}
		if a.count == 0 {
			m.setMsg(msgKeyPayments, "", nil)
			return
		}
		m.setMsg(a.setLine(), "", nil)
	case 1, 2, 3:
		m.finishEntry()
		if a.count == 0 {
			m.setMsg(msgKeyPayments, "", nil)
			return
		}
		name, x := "INTEREST", a.set.Int
		switch i {
		case 2:
			name, x = "PRINCIPAL", a.set.Prin
		case 3:
			name, x = "BALANCE", a.set.Bal
		}
		m.setX(x)
		m.fresh = false
		m.setMsg(m.varLine(name, x), "", nil)
	case 4: // NEXT
		m.finishEntry()
		if a.count == 0 {
			m.setMsg(msgKeyPayments, "", nil)
			return
		}
		a.amortize(m)
	case 5: // TABLE
		m.finishEntry()
		m.pushMenu(amrtTable(m, a.v))
	}
}

// amrtTable is TABLE: FIRST LAST INCR GO (p.82). GO prints the schedule
// of the loan in tvm from payment FIRST (1 when 0) to LAST, INCR payments
// (1 when 0) a line: TVM's values, then for each set of payments its
// numbers, interest, principal and balance, as AMRT shows them.
func amrtTable(m *Machine, tvm *solver.Vars) menu {
	v := m.appStore("AMRT")
	m.setMsg("PRINT AMORT TABLE", "", nil)
	return &calcMenu{vars: v, keys: [6]calcKey{
		{label: "FIRST", name: "FIRST"},
		{label: "LAST", name: "LAST"},
		{label: "INCR", name: "INCR"},
		{label: "GO", do: func(m *Machine) { m.finishEntry(); printAmortTable(m, tvm, v) }},
	}}
}

// printAmortTable is TABLE's GO (see amrtTable).
func printAmortTable(m *Machine, tvm, v *solver.Vars) {
	count := func(name string, zero int) (int, bool) {
		x := v.Value(name)
		n, ok := x.Int64()
		if x.IsZero() {
			return zero, true
		}
		return int(n), ok && x.IsInteger() && n >= 1 && n <= fin.MaxPayments
	}
	first, ok1 := count("FIRST", 1)
	last, ok2 := count("LAST", 0)
	incr, ok3 := count("INCR", 1)
	if !ok1 || !ok2 || !ok3 || last < first {
		m.errMsg(hp17b.ErrInvalidInput.Error(), "", nil)
		return
	}
	fix := m.mode.Fix
	if m.mode.All {
		fix = -1
	}
	sched, err := fin.NewSchedule(tvmOf(m, tvm), fix)
	if err == nil && first > 1 {
		_, err = sched.Next(first - 1)
	}
	if err != nil {
		m.errMsg(err.Error(), "", nil)
		return
	}
	for _, name := range []string{"I%YR", "PV", "PMT"} {
		m.print(m.varLine(name, tvm.Value(name)))
	}
	m.print("")
	for k := first; k <= last; k += incr {
		set, err := sched.Next(min(incr, last-k+1))
		if err != nil {
			m.errMsg(err.Error(), "", nil)
			return
		}
		m.print("PMTS: "+strconv.Itoa(set.First)+"-"+strconv.Itoa(set.Last),
			m.varLine("INTEREST", set.Int), m.varLine("PRINCIPAL", set.Prin), m.varLine("BALANCE", set.Bal), "")
	}
	m.setMsg("PRINTED: PMTS "+strconv.Itoa(first)+"-"+strconv.Itoa(last), "", nil)
}

// --- ICNV (chapter 6) ---

// icnvMenu is ICNV: PER CONT (p.86).
var icnvMenu = &table{
	{label: "PER", open: func(m *Machine) menu {
		m.setMsg("COMPOUNDING P TIMES/YR", "", nil)
		return icnvRates(m, true)
	}},
	{label: "CONT", open: func(m *Machine) menu {
		m.setMsg("CONTINUOUS COMPOUNDING", "", nil)
		return icnvRates(m, false)
	}},
}

// icnvRates is PER (NOM% EFF% P) or CONT (NOM% EFF%), over one store:
// the two menus share NOM% and EFF% (p.87).
func icnvRates(m *Machine, periodic bool) menu {
	v := m.appStore("ICNV")
	calc := func(f func() (hp17b.Number, error)) func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
		return func(*Machine) (func(context.Context) (hp17b.Number, error), error) { return solved(f()) }
	}
	nom := calc(func() (hp17b.Number, error) {
		if periodic {
			return fin.Nominal(v.Value("EFF%"), v.Value("P"))
		}
		return fin.NominalCont(v.Value("EFF%"))
	})
	eff := calc(func() (hp17b.Number, error) {
		if periodic {
			return fin.Effective(v.Value("NOM%"), v.Value("P"))
		}
		return fin.EffectiveCont(v.Value("NOM%"))
	})
	c := &calcMenu{vars: v, cleared: []string{"NOM%", "EFF%", "P"}, keys: [6]calcKey{
		{label: "NOM%", name: "NOM%", calc: nom},
		{label: "EFF%", name: "EFF%", calc: eff},
	}}
	if periodic {
		c.keys[2] = calcKey{label: "P", name: "P"}
	} else {
		c.cleared = c.cleared[:2]
	}
	return c
}

// --- BOND (chapter 8) ---

// bondVars is BOND's store, with CALL 100 the first time (p.109).
func bondVars(m *Machine) *solver.Vars {
	v := m.appStore("BOND")
	if _, ok := v.Get("CALL"); !ok {
		v.Store("CALL", hp17b.Hundred)
	}
	return v
}

func bondOf(v *solver.Vars) fin.Bond {
	return fin.Bond{Sett: v.Value("SETT"), Mat: v.Value("MAT"), CPN: v.Value("CPN%"), Call: v.Value("CALL"),
		Basis360: v.Value("A/A").IsZero(), Annual: !v.Value("ANN").IsZero(), YLD: v.Value("YLD%"), PRICE: v.Value("PRICE")}
}

// bondType is the type line, "30/360 SEMIANNUAL" or "A/A ANNUAL" (p.108).
func bondType(v *solver.Vars) string {
	b := bondOf(v)
	s := "A/A"
	if b.Basis360 {
		s = "30/360"
	}
	if b.Annual {
		return s + " ANNUAL"
	}
	return s + " SEMIANNUAL"
}

// dateLine shows a date variable as "SETT=05/02/2003 FRI" (p.113).
func dateLine(name string) func(m *Machine, x hp17b.Number) string {
	return func(m *Machine, x hp17b.Number) string {
		t, err := hp17b.ToDate(x)
		if err != nil {
			return m.varLine(name, x)
		}
		return name + "=" + dateText(t, false)
	}
}

// dateText is a date with its weekday as the calculator shows it,
// "04/20/2003 SUN", or "20.04.2003 SUN" day first (TIME's D/M).
func dateText(t time.Time, dayFirst bool) string {
	layout := "01/02/2006"
	if dayFirst {
		layout = "02.01.2006"
	}
	return t.Format(layout) + " " + strings.ToUpper(t.Format("Mon"))
}

func checkDate(x hp17b.Number) error {
	_, err := hp17b.ToDate(x)
	return err
}

// openBond opens BOND, showing the bond's type.
func openBond(m *Machine) menu {
	v := bondVars(m)
	m.setMsg(bondType(v), "", nil)
	return bondPage(v, 0)
}

// bondPage is one of BOND's two pages: TYPE SETT MAT CPN% CALL MORE, and
// YLD% PRICE ACCRU MORE.
func bondPage(v *solver.Vars, page int) menu {
	more := calcKey{label: "MORE", do: func(m *Machine) { m.finishEntry(); m.replaceMenu(bondPage(v, 1-page)) }}
	// EXIT back from TYPE shows the type again (pp.111, 113).
	c := &calcMenu{vars: v, cleared: []string{"SETT", "MAT", "CPN%", "CALL", "YLD%", "PRICE"},
		reset:  func(*Machine) { v.Store("CALL", hp17b.Hundred) },
		onBack: func(m *Machine) { m.setMsg(bondType(v), "", nil) }}
	if page == 0 {
		c.keys = [6]calcKey{
			{label: "TYPE", open: bondTypeMenu(v)},
			{label: "SETT", name: "SETT", show: dateLine("SETT"), check: checkDate},
			{label: "MAT", name: "MAT", show: dateLine("MAT"), check: checkDate},
			{label: "CPN%", name: "CPN%"},
			{label: "CALL", name: "CALL"},
			more,
		}
		return c
	}
	c.keys = [6]calcKey{
		{label: "YLD%", name: "YLD%", calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return bondOf(v).Yield, nil
		}},
		{label: "PRICE", name: "PRICE", calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(bondOf(v).Price())
		}},
		{label: "ACCRU", name: "ACCRU", calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			return solved(bondOf(v).Accrued())
		}},
		{}, {}, more,
	}
	return c
}

// bondTypeMenu is TYPE: 360 A/A SEMI ANN, each showing the new type.
func bondTypeMenu(v *solver.Vars) func(m *Machine) menu {
	set := func(name string, x int64) func(m *Machine) {
		return func(m *Machine) {
			m.finishEntry()
			v.Store(name, hp17b.FromInt(x))
			m.setMsg(bondType(v), "", nil)
		}
	}
	return func(m *Machine) menu {
		m.setMsg(bondType(v), "", nil)
		return &table{
			{label: "360", do: set("A/A", 0)},
			{label: "A/A", do: set("A/A", 1)},
			{label: "SEMI", do: set("ANN", 0)},
			{label: "ANN", do: set("ANN", 1)},
		}
	}
}

// --- DEPRC (chapter 9) ---

// deprcMenu is a page of DEPRC: BASIS SALV LIFE ACRS% ACRS MORE, and YR#
// FACT% DB SOYD SL MORE (p.115). After DB, SOYD or SL, x≷y shows the
// remaining depreciable value, RDV (p.117); the two pages share it.
type deprcMenu struct {
	*calcMenu
	rdv **hp17b.Number
}

// swap is x≷y: RDV after a depreciation.
func (d *deprcMenu) swap(m *Machine) {
	r := *d.rdv
	if r == nil {
		return
	}
	m.finishEntry()
	m.setX(*r)
	m.fresh = false
	m.setMsg(m.varLine("RDV", *r), "", nil)
}

func openDeprc(m *Machine) menu {
	return deprcPage(m.appStore("DEPRC"), 0, new(*hp17b.Number))
}

func deprcPage(v *solver.Vars, page int, rdv **hp17b.Number) menu {
	more := calcKey{label: "MORE", do: func(m *Machine) { m.finishEntry(); m.replaceMenu(deprcPage(v, 1-page, rdv)) }}
	asset := func() fin.Asset {
		return fin.Asset{Basis: v.Value("BASIS"), Salv: v.Value("SALV"), Life: v.Value("LIFE"),
			Fact: v.Value("FACT%"), Year: v.Value("YR#")}
	}
	method := func(name string, f func(fin.Asset) (fin.Depreciation, error)) calcKey {
		return calcKey{label: name, name: name, calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
			r, err := f(asset())
			if err == nil {
				*rdv = &r.RDV
			}
			return solved(r.Dep, err)
		}}
	}
	c := &calcMenu{vars: v, cleared: []string{"BASIS", "SALV", "LIFE", "ACRS%", "YR#", "FACT%"}}
	if page == 0 {
		c.keys = [6]calcKey{
			{label: "BASIS", name: "BASIS"}, {label: "SALV", name: "SALV"}, {label: "LIFE", name: "LIFE"},
			{label: "ACRS%", name: "ACRS%"},
			{label: "ACRS", name: "ACRS", calc: func(*Machine) (func(context.Context) (hp17b.Number, error), error) {
				return solved(fin.ACRS(v.Value("BASIS"), v.Value("ACRS%")))
			}},
			more,
		}
	} else {
		c.keys = [6]calcKey{
			{label: "YR#", name: "YR#"}, {label: "FACT%", name: "FACT%"},
			method("DB", fin.Asset.DB), method("SOYD", fin.Asset.SOYD), method("SL", fin.Asset.SL),
			more,
		}
	}
	return &deprcMenu{calcMenu: c, rdv: rdv}
}
