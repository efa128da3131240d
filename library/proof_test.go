package library

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/compare"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// proof is how one entry is proven: the compare engine solves the
// equation over a domain (steps of `hp17b compare`, with ranges and
// lists) against ref, a reference written in Go from the textbook formula
// (not from the equation), at 12 digits or within tol, a relative
// tolerance that why explains from the equation's own rounding.
type proof struct {
	steps  []string
	random int64 // random points over the steps' ranges; 0: the whole grid
	tol    string
	why    string
	// ref returns the solved variable's value from the stored values, by
	// name; NaN says the reference finds no answer. refLog10 returns the
	// value's common logarithm instead (and its sign), for values past
	// float64's range (1E-400 is a number on the calculator); exact returns
	// it as an exact rational, for the proofs at 12 digits, where
	// float64's own rounding could cross a 12-digit rounding boundary.
	ref      func(v map[string]float64) float64
	refLog10 func(v map[string]float64) float64
	exact    func(v map[string]*big.Rat) *big.Rat
}

// answer is the proof's reference's answer at the stored values.
func (p proof) answer(v map[string]float64, r map[string]*big.Rat) hp17b.Number {
	switch {
	case p.exact != nil:
		x := p.exact(r)
		if x == nil {
			return hp17b.Number{}
		}
		n, err := hp17b.Parse(x.FloatString(30))
		if err != nil {
			panic(err)
		}
		return n
	case p.refLog10 != nil:
		l := p.refLog10(v)
		e := math.Floor(l)
		n, err := hp17b.Parse(fmt.Sprintf("%.15fE%d", math.Pow(10, l-e), int(e)))
		if err != nil {
			panic(err)
		}
		return n
	}
	return num(p.ref(v))
}

// rat is x as an exact rational.
func rat(x hp17b.Number) *big.Rat {
	r, ok := new(big.Rat).SetString(x.String())
	if !ok {
		panic(x.String())
	}
	return r
}

// domain says the plan's domain in short: a long list by its first and
// last values.
func domain(plan *compare.Plan, src compare.Source) string {
	var f []string
	for _, v := range plan.Vars {
		switch {
		case len(v.List) > 8:
			f = append(f, fmt.Sprintf("%s=%s,%s,…,%s (%d values)", v.Name, v.List[0], v.List[1], v.List[len(v.List)-1], len(v.List)))
		default:
			f = append(f, v.Text)
		}
	}
	for _, st := range plan.Steps {
		if st.Store && st.Var < 0 {
			f = append(f, st.Name+"="+st.Value.String())
		}
	}
	what := "every point of the grid"
	if plan.Size() != src.Total() {
		what = fmt.Sprintf("%d random points of the grid's %d", src.Total(), plan.Size())
	}
	return strings.Join(f, " ") + " (" + what + ")"
}

// num is x as the calculator keys it: its shortest decimal, rounded to
// 12 digits.
func num(x float64) hp17b.Number {
	n, err := hp17b.Parse(strconv.FormatFloat(x, 'g', -1, 64))
	if err != nil {
		panic(err)
	}
	return n
}

// TestProofs runs each entry's proof through package compare and logs the
// report: at least 1,000 points each, every one agreeing.
func TestProofs(t *testing.T) {
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			p, ok := proofs[e.Name]
			require.True(t, ok, "%s has no proof", e.Name)
			rep, text := prove(t, e.Text, p, 0, 1)
			require.GreaterOrEqual(t, rep.Points, int64(1000), "at least 1,000 points")
			t.Log("\n" + text)
			assert.True(t, rep.OK(), "%s disagrees with its reference", e.Name)
		})
	}
}

// TestProofsPlus runs each proof on the 17bII+'s Solver, which always
// searches (docs/solver-models.md), over 1,000 random points of its domain.
func TestProofsPlus(t *testing.T) {
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			rep, text := proveOn(t, solver.Model17BIIPlus, e.Text, proofs[e.Name], 1000, 1)
			t.Log("\n" + text)
			assert.True(t, rep.OK(), "%s disagrees with its reference on the 17bII+", e.Name)
		})
	}
}

// TestProofsCanFail: a proof fails on a wrong equation (the Canadian
// mortgage compounded monthly, GROW's and REAL's first forms, which lose
// digits) and on a reference off by one part in a million, at every
// entry: the criteria are tight enough to see it.
func TestProofsCanFail(t *testing.T) {
	wrong := map[string]string{
		"CANM": "CANM:PV×SPFV(I%YR÷12:N)+PMT×USFV(I%YR÷12:N)+FV=0",
		"GROW": "GROW:PV=IF(I%=G%:PMT×N÷(1+I%÷100):PMT×(1-SPPV(I%:N)×SPFV(G%:N))÷((I%-G%)÷100))",
		"REAL": "REAL:1+NOM%÷100=(1+REAL%÷100)×(1+INF%÷100)",
	}
	for name, text := range wrong {
		rep, _ := prove(t, text, proofs[name], 0, 1)
		assert.False(t, rep.OK(), "%s: %s passes", name, text)
	}
	for _, e := range All() {
		rep, text := prove(t, e.Text, proofs[e.Name], 100, 1+1e-6)
		// Every point but those whose answer is 0 (R78's K=0: 1 in 7).
		assert.Greater(t, rep.Disagree, int64(80), "%s: a reference off by 1E-6 agrees\n%s", e.Name, text)
	}
}

// prove runs proof p on the equation text: over its domain, or over n
// random points of it when n > 0, with the reference's answers multiplied
// by scale. It returns the report and its text.
func prove(t *testing.T, text string, p proof, n int64, scale float64) (*compare.Report, string) {
	return proveOn(t, solver.Model17BII, text, p, n, scale)
}

// proveOn is prove on the given calculator's Solver.
func proveOn(t *testing.T, model solver.Model, text string, p proof, n int64, scale float64) (*compare.Report, string) {
	t.Helper()
	eq, err := solver.Parse(text)
	require.NoError(t, err)
	plan, err := compare.ParsePlan(eq, p.steps)
	require.NoError(t, err)
	require.Len(t, plan.Solved, 1)
	crit := compare.Default
	if p.tol != "" {
		crit, err = compare.Rel(p.tol)
		require.NoError(t, err)
		require.NotEmpty(t, p.why, "a tolerance says why")
	}
	src := compare.Grid(plan)
	switch {
	case n > 0:
		src = compare.Random(plan, n, 5)
	case p.random > 0:
		src = compare.Random(plan, p.random, 17)
	}
	ref := compare.Func(func(plan *compare.Plan, pt *compare.Point) compare.Answer {
		v, r := map[string]float64{}, map[string]*big.Rat{}
		for _, st := range plan.Steps {
			x := st.Value
			switch {
			case !st.Store:
				continue
			case st.Var >= 0:
				x = pt.Values[st.Var]
			}
			v[st.Name], r[st.Name] = x.Float64(), rat(x)
		}
		if p.ref != nil && math.IsNaN(p.ref(v)) {
			return compare.Answer{Out: []compare.Value{{Msg: hp17b.MsgSolutionNotFound}}}
		}
		x := p.answer(v, r)
		if scale != 1 {
			x, _ = hp17b.Mul(x, num(scale))
		}
		return compare.Answer{Out: []compare.Value{{Num: x}}}
	})
	rep, err := compare.Run(context.Background(), compare.Config{Plan: plan, Source: src, Ref: ref, Criterion: crit, Domain: domain(plan, src), Model: model})
	require.NoError(t, err)
	var b strings.Builder
	rep.WriteText(&b)
	if p.why != "" {
		b.WriteString("tolerance: " + p.why + "\n")
	}
	return rep, b.String()
}

// The references' textbook formulas. Rates are fractions a period.

// annuityPV is a(n, i), the present value of n payments of 1 at the end
// of each period: (1−(1+i)^−n)/i, n when i is 0.
func annuityPV(i, n float64) float64 {
	if i == 0 {
		return n
	}
	return -math.Expm1(-n*math.Log1p(i)) / i
}

// annuityFV is s(n, i), the future value of n payments of 1 at the end of
// each period: ((1+i)^n−1)/i, n when i is 0.
func annuityFV(i, n float64) float64 {
	if i == 0 {
		return n
	}
	return math.Expm1(n*math.Log1p(i)) / i
}

// growth is (1+i)^n.
func growth(i, n float64) float64 { return math.Exp(n * math.Log1p(i)) }

// bisect finds the root of f between lo and hi, where f changes sign, to
// float64's last bit; NaN when it does not change sign there.
func bisect(f func(float64) float64, lo, hi float64) float64 {
	flo, fhi := f(lo), f(hi)
	if flo == 0 {
		return lo
	}
	if fhi == 0 {
		return hi
	}
	if (flo > 0) == (fhi > 0) {
		return math.NaN()
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		fm := f(mid)
		if fm == 0 {
			return mid
		}
		if (fm > 0) == (flo > 0) {
			lo, flo = mid, fm
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// date reads an M.DDYYYY value.
func date(x float64) time.Time {
	s := strconv.FormatFloat(x, 'f', 6, 64)
	m, rest, _ := strings.Cut(s, ".")
	mm, _ := strconv.Atoi(m)
	dd, _ := strconv.Atoi(rest[:2])
	yy, _ := strconv.Atoi(rest[2:])
	return time.Date(yy, time.Month(mm), dd, 0, 0, 0, 0, time.UTC)
}

// dateRat reads an M.DDYYYY value held exactly.
func dateRat(x *big.Rat) time.Time {
	f, _ := x.Float64()
	return date(f)
}

// mdy is t as M.DDYYYY.
func mdy(t time.Time) float64 {
	x, _ := strconv.ParseFloat(fmt.Sprintf("%d.%02d%04d", t.Month(), t.Day(), t.Year()), 64)
	return x
}

// actualDays counts the calendar's days from a to b.
func actualDays(a, b time.Time) float64 {
	return float64(b.Unix()/86400 - a.Unix()/86400) // time.Duration holds only 292 years
}

// days365 counts the days from a to b leaving out every February 29.
func days365(a, b time.Time) float64 {
	sign := 1.0
	if b.Before(a) {
		a, b, sign = b, a, -1
	}
	n := actualDays(a, b)
	for y := a.Year(); y <= b.Year(); y++ {
		if f := time.Date(y, 2, 29, 0, 0, 0, 0, time.UTC); f.Month() == 2 && !f.Before(a) && f.Before(b) {
			n--
		}
	}
	return sign * n
}

// days360 counts the days from a to b on the 30/360 calendar of the
// HP-17B (17bII+ owner's manual, chapter 11: twelve 30-day months, a 31st
// first date the 30th, a 31st second date the 30th when the first is the
// 30th or 31st).
func days360(a, b time.Time) float64 {
	d1, d2 := a.Day(), b.Day()
	if d1 == 31 {
		d1 = 30
	}
	if d2 == 31 && d1 >= 30 {
		d2 = 30
	}
	return float64((b.Year()-a.Year())*360 + (int(b.Month())-int(a.Month()))*30 + d2 - d1)
}

// dates lists the dates from first every step days, n of them, as
// M.DDYYYY.
func dates(first time.Time, step, n int) string {
	f := make([]string, n)
	for k := range f {
		f[k] = num(mdy(first.AddDate(0, 0, k*step))).String()
	}
	return strings.Join(f, ",")
}

// rates is the rates every financial proof runs over: 0, the smallest,
// then every half percent to hi.
func rates(hi float64) string { return "0,1E-6,0.01," + seq(0.5, hi, 0.5) }

// rounds is the tolerance's reason for an equation whose every operation
// rounds to 12 digits: k roundings, each within half a unit of the 12th
// digit (5E-12 relative).
func rounds(k int) string {
	return fmt.Sprintf("%d operations each round to 12 digits (at most 5E-12 relative each), so the result is within %d×5E-12 of the exact one", k, k)
}

// proofs is every entry's proof, by name.
var proofs = map[string]proof{
	// Loans and mortgages.
	"CANM": {
		// The monthly rate j = (1+i/2)^(1/6)−1; the balance after N
		// payments PV(1+j)^N + PMT·s(N, j) is −FV (Brealey, Myers and
		// Allen, ch. 2), solved for PMT.
		steps: []string{"PV=1000,250000,1E6", "I%YR=" + rates(25), "N=1..600 step 7", "FV=0,-100", "PMT"},
		tol:   "1e-10",
		why:   "the monthly rate j (12 digits through EXPM1 and LNP1) is raised to N ≤ 600 inside SPFV and USFV, so (1+j)^N carries about N×5E-13 ≤ 3E-10×j relative error; with the sum and the division, under 1E-10",
		ref: func(v map[string]float64) float64 {
			j := math.Expm1(math.Log1p(v["I%YR"]/200) / 6)
			return -(v["PV"]*growth(j, v["N"]) + v["FV"]) / annuityFV(j, v["N"])
		},
	},
	"ODD": {
		// The payments' value at the loan's date, each payment and the
		// balloon discounted one period at a time from the odd date, the
		// odd days at simple interest (17bII+ manual, pp.195-197).
		steps:  []string{"PV=1000,4500,250000", "I%YR=" + rates(24), "DAYS=0..59", "N=1,2,12,36,360", "FV=0,-100", "PMT"},
		random: 4000,
		tol:    "1e-10",
		why:    rounds(12) + "; (1+i)^N inside USPV and SPPV carries N×5E-13 more for N ≤ 360",
		ref: func(v map[string]float64) float64 {
			i, n := v["I%YR"]/1200, int(v["N"])
			f := math.Mod(v["DAYS"], 30) / 30
			x := v["PV"] * (1 + i*f) // the loan's value at the odd date
			first := 1.0             // End: the first payment a period after the odd date
			if v["DAYS"] < 30 {
				first = 0 // Begin: at the odd date
			}
			sum := 0.0
			for k := range n {
				sum += math.Pow(1+i, -(first + float64(k)))
			}
			return -(x + v["FV"]*math.Pow(1+i, -float64(n))) / sum
		},
	},
	"APR": {
		// The contract's payment, then the rate at which the amount
		// received less points and fees has the payments and the balloon
		// as its present value (Regulation Z; 17bII+ manual, p.193).
		steps:  []string{"PV=1000,60000,1E6", "PTS=0,1,2,3", "FEES=0,750", "FV=0,-1000", "N=12,36,120,360", "I%YR=" + seq(0.5, 24, 0.5), "APR"},
		random: 1500,
		tol:    "1e-9",
		why:    "APR is found by the Solver's search: it stops at the 12-digit rate where the two sides (each of about 8 roundings of 12 digits) are equal to their last digit; an error of 1E-11 in a side moves the rate by about 1E-11 divided by the sides' relative slope in the rate (their duration, at least 1/N), so at most N×1E-11 ≤ 4E-9 for N = 360 in theory and under 1E-9 on this domain",
		ref: func(v map[string]float64) float64 {
			n := v["N"]
			i := v["I%YR"] / 1200
			pmt := (v["PV"] + v["FV"]*growth(i, -n)) / annuityPV(i, n)
			net := v["PV"]*(1-v["PTS"]/100) - v["FEES"]
			r := bisect(func(r float64) float64 { return net + v["FV"]*growth(r, -n) - pmt*annuityPV(r, n) }, 0, 2)
			return 1200 * r
		},
	},
	"BALN": {
		// The balance, payment by payment: B ← B(1+i) − PMT, N times.
		steps: []string{"PV=1000,75250,1E6", "I%YR=" + rates(24), "T=120,180,300,360,480", "N=1,2,12,24,36,48,60", "BAL"},
		tol:   "1e-10",
		why:   "BAL = PV×(SPFV − USFV÷USPV) takes the difference of two terms of about PV×(1+i)^N, the second at most half the first for N ≤ T/2: its 12-digit factors' errors (N×5E-13 each) double at most; with 4 roundings, under 1E-10",
		ref: func(v map[string]float64) float64 {
			i := v["I%YR"] / 1200
			pmt := v["PV"] / annuityPV(i, v["T"])
			b := v["PV"]
			for range int(v["N"]) {
				b = b*(1+i) - pmt
			}
			return b
		},
	},
	"BIWK": {
		// a(26·YB, i/26) = 2·a(12·YRS, i/12), solved for the bi-weekly
		// count by n = −ln(1 − A·r)/ln(1+r).
		steps: []string{"I%YR=" + rates(20), "YRS=1..40", "YB"},
		tol:   "1e-9",
		why:   "YB is found by the Solver's search on USPV, whose 12-digit value (N×5E-13 relative for N ≤ 1,040) changes with YB by its slope; the 12-digit rate I%YR÷26 and the search's last step bring it to under 1E-9",
		ref: func(v map[string]float64) float64 {
			a := 2 * annuityPV(v["I%YR"]/1200, 12*v["YRS"])
			r := v["I%YR"] / 2600
			if r == 0 {
				return a / 26
			}
			return -math.Log1p(-a*r) / math.Log1p(r) / 26
		},
	},
	"QUAL": {
		// The payment a ratio of the monthly income allows, less tax and
		// insurance, as an annuity's present value.
		steps: []string{"INC=30000,90000,250000", "RAT%=25,28,31,36", "TAX=0,400", "I%YR=" + rates(25), "YRS=1,5,10,15,20,25,30,40", "LOAN"},
		tol:   "1e-10",
		why:   rounds(5) + "; USPV's (1+i)^−n carries n×5E-13 ≤ 2.4E-10×i more",
		ref: func(v map[string]float64) float64 {
			return (v["INC"]*v["RAT%"]/100/12 - v["TAX"]) * annuityPV(v["I%YR"]/1200, 12*v["YRS"])
		},
	},
	// Savings and annuities.
	"TVMB": {
		// 0 = PV + (1+iS)·PMT·a(N, i) + FV·(1+i)^−N (17bII+ manual, p.65),
		// solved for PMT.
		steps:  []string{"PV=1000,-5750,250000", "I%YR=" + rates(25), "P=1,2,4,12,52,365", "N=1,2,12,36,360,600", "BEG=0,1", "FV=0,-100", "PMT"},
		random: 3000,
		tol:    "1e-10",
		why:    "the periodic rate I%YR÷P keeps 12 digits and is raised to N ≤ 600 inside SPFV and USFV (N×5E-13 relative), with 6 roundings more: under 1E-10",
		ref: func(v map[string]float64) float64 {
			i, n := v["I%YR"]/v["P"]/100, v["N"]
			return -(v["PV"] + v["FV"]*growth(i, -n)) / ((1 + i*v["BEG"]) * annuityPV(i, n))
		},
	},
	"GROW": {
		// Σ PMT(1+g)^(k−1)/(1+i)^k, k = 1…N, term by term.
		steps: []string{"I%=" + seq(0, 20, 0.5), "G%=" + seq(0, 10, 0.5), "PMT=1000", "N=1,2,10,40,100", "PV"},
		tol:   "1e-10",
		why:   "LNP1(G%÷100) − LNP1(I%÷100) is a difference of 12-digit logarithms (5E-14 absolute each for rates under 20%) of at least 0.0048 on this grid, 2E-11 relative; with EXPM1, the division and 4 roundings more, under 1E-10",
		ref: func(v map[string]float64) float64 {
			i, g := v["I%"]/100, v["G%"]/100
			s := 0.0
			for k := 1; k <= int(v["N"]); k++ {
				s += v["PMT"] * math.Pow(1+g, float64(k-1)) / math.Pow(1+i, float64(k))
			}
			return s
		},
	},
	"DEFR": {
		// Σ PMT/(1+i)^k, k = D+1…D+N, term by term.
		steps: []string{"PMT=1,5000", "I%=" + rates(15), "N=1,2,10,30,100", "D=0,1,5,20,50", "PV"},
		tol:   "1e-11",
		why:   rounds(2) + "; SPPV's and USPV's (1+i)^n carry n×5E-13 for n ≤ 100 at most",
		ref: func(v map[string]float64) float64 {
			i := v["I%"] / 100
			s := 0.0
			for k := int(v["D"]) + 1; k <= int(v["D"]+v["N"]); k++ {
				s += v["PMT"] / math.Pow(1+i, float64(k))
			}
			return s
		},
	},
	"PERP": {
		// PMT/(i−g).
		steps: []string{"PMT=1,2.5,100", "I%=" + seq(1, 20, 0.25), "G%=" + seq(-5, 0.75, 0.25), "PV"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			d := new(big.Rat).Sub(v["I%"], v["G%"])
			return d.Quo(new(big.Rat).Mul(v["PMT"], big.NewRat(100, 1)), d)
		},
	},
	"RETR": {
		// DEP·s(12·YS, i) = WD·a(12·YW, i), solved for DEP.
		steps: []string{"I%YR=" + rates(15), "YS=1,5,10,20,30,40", "WD=1000,3000", "YW=1,10,25,40", "DEP"},
		tol:   "1e-10",
		why:   rounds(4) + "; USFV's and USPV's (1+i)^n carry n×5E-13 ≤ 2.4E-10×i more",
		ref: func(v map[string]float64) float64 {
			i := v["I%YR"] / 1200
			return v["WD"] * annuityPV(i, 12*v["YW"]) / annuityFV(i, 12*v["YS"])
		},
	},
	// Leases.
	"LEAS": {
		// PV = ADV·PMT + Σ PMT/(1+i)^k, k = 1…N−ADV, + RES/(1+i)^N.
		steps: []string{"PV=25000,1E6", "ADV=0,1,2,3", "I%YR=" + rates(24), "N=12,24,36,48,60", "RES=0,5000,15000", "PMT"},
		tol:   "1e-10",
		why:   rounds(6) + "; PV − RES×SPPV is at least 0.4×PV here, and (1+i)^N carries N×5E-13 more",
		ref: func(v map[string]float64) float64 {
			i, n := v["I%YR"]/1200, v["N"]
			s := v["ADV"]
			for k := 1; k <= int(n-v["ADV"]); k++ {
				s += math.Pow(1+i, -float64(k))
			}
			return (v["PV"] - v["RES"]*math.Pow(1+i, -n)) / s
		},
	},
	"MFAC": {
		// (CAP−RES)/N + (CAP+RES)·APR/2400, taxed.
		steps: []string{"CAP=20000,30000,55000", "RES=0,12000,18000", "N=24,36,39,48", "APR=" + seq(0, 9, 0.25), "TAX%=0,6.25,8", "PMT"},
		tol:   "1e-10",
		why:   rounds(6),
		ref: func(v map[string]float64) float64 {
			return ((v["CAP"]-v["RES"])/v["N"] + (v["CAP"]+v["RES"])*v["APR"]/2400) * (1 + v["TAX%"]/100)
		},
	},
	// Bonds and notes.
	"BOND": {
		// The coupon dates counted back from maturity, six months at a
		// time, the price Σ C/2·v^(k−1+DSC/E) + RV·v^(N−1+DSC/E) −
		// C/2·A/E (SIA, Standard Securities Calculation Methods).
		steps: []string{"SETT=1.152003,5.022003,9.032003,11.282003,3.032004,6.152004,9.302004,12.012004,4.152005,9.032005",
			"MAT=3.032006,6.152010,11.282030,5.012040,8.152045", "CPN%=0,3,6,8.5", "YLD%=0,0.01,1,5.7,10,15", "RV=100,102.75", "PRICE"},
		tol: "1e-10",
		why: rounds(10) + "; (1+y)^N for N ≤ 75 half years carries N×5E-13 more",
		ref: func(v map[string]float64) float64 {
			sett, mat := date(v["SETT"]), date(v["MAT"])
			if !sett.Before(mat) {
				return math.NaN()
			}
			prev, n := mat, 0
			for prev.After(sett) {
				n++
				prev = mat.AddDate(0, -6*n, 0)
			}
			next := prev.AddDate(0, 6, 0)
			a, dsc := days360(prev, sett), days360(sett, next)
			y, c := v["YLD%"]/200, v["CPN%"]/2
			p := 0.0
			for k := 1; k <= n; k++ {
				p += c * math.Pow(1+y, -(float64(k-1)+dsc/180))
			}
			return p + v["RV"]*math.Pow(1+y, -(float64(n-1)+dsc/180)) - c*a/180
		},
	},
	"TBIL": {
		steps: []string{"DISC%=" + seq(0, 15, 0.05), "DAYS=1,7,28,91,182,364", "PRICE"},
		tol:   "1e-11",
		why:   rounds(2),
		ref:   func(v map[string]float64) float64 { return 100 - v["DISC%"]*v["DAYS"]/360 },
	},
	"BEY": {
		steps: []string{"PRICE=" + seq(90, 99.99, 0.01), "DAYS=1,28,91,182", "BEY%"},
		tol:   "2e-11",
		why:   rounds(3),
		ref:   func(v map[string]float64) float64 { return (100 - v["PRICE"]) / v["PRICE"] * 365 / v["DAYS"] * 100 },
	},
	"DUR": {
		// Σ t·CF_t·v^t / Σ CF_t·v^t over the coupons, in years.
		steps: []string{"YLD%=" + seq(0.5, 20, 0.5), "P=1,2,4,12", "YRS=1,2,5,10,30", "CPN%=1,4,8,12", "DUR"},
		tol:   "1e-9",
		why:   "the closed form is a difference, (1+y)/y less a term nearly as large when y is small: at YLD% = 0.5 monthly (y = 4.2E-4) the terms are about 2,400 against a duration of 10 to 350 periods, so the 12-digit terms' errors (about 8 roundings) grow up to 240 times: under 1E-9",
		ref: func(v map[string]float64) float64 {
			n := int(v["YRS"] * v["P"])
			y, c := v["YLD%"]/100/v["P"], v["CPN%"]/100/v["P"]
			num, den := 0.0, 0.0
			for t := 1; t <= n; t++ {
				cf := c
				if t == n {
					cf++
				}
				pv := cf * math.Pow(1+y, -float64(t))
				num += float64(t) * pv
				den += pv
			}
			return num / den / v["P"]
		},
	},
	"ZERO": {
		steps: []string{"RV=100,102.5", "YLD%=" + seq(0, 20, 0.25), "P=1,2,4,12", "YRS=0.5,1,5,14,30", "PRICE"},
		tol:   "1e-10",
		why:   "YLD%÷P rounds to 12 digits (up to 5E-12×YLD%÷P absolute in percent), which (1+y)^−n multiplies by n: at most 360×5E-14×1.7 = 3E-11; with SPPV's and the product's roundings, under 1E-10",
		ref: func(v map[string]float64) float64 {
			return v["RV"] * math.Pow(1+v["YLD%"]/100/v["P"], -v["YRS"]*v["P"])
		},
	},
	// Interest and rates.
	"R78": {
		// The sum of the digits of the K last payments over that of all N.
		steps: []string{"FIN=1200,3567.89", "N=12..84", "K=0,1,2,3,4,6,12", "REB"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			k, n := int64(0), int64(0)
			for d := int64(1); d <= v["K"].Num().Int64(); d++ {
				k += d
			}
			for d := int64(1); d <= v["N"].Num().Int64(); d++ {
				n += d
			}
			return new(big.Rat).Mul(v["FIN"], big.NewRat(k, n))
		},
	},
	"ADDN": {
		// The payment PV(1+r·N/12)/N repays PV at the APR: with PV = 1,
		// N/(1+r·N/12) = a(N, APR/12), found by bisection.
		steps: []string{"N=1,2,3,6,12,18,24,30,36,48,60,72,84,120", "ADD%=" + seq(0.25, 20, 0.25), "APR"},
		tol:   "5e-8",
		why:   "1+ADD%×N÷1200 holds 12 digits (up to 5E-12 absolute), and the root moves with it by 5E-12 over the right side's slope in the monthly rate (at least 1/12 per %/yr, at N = 1), up to 6E-9 %/yr: for APR ≥ 0.25 that is 2.4E-8 relative at most, reached at N = 1 and 2 only; from N = 3 on every point agrees to 1E-9",
		ref: func(v map[string]float64) float64 {
			n := v["N"]
			x := n / (1 + v["ADD%"]*n/1200)
			return 1200 * bisect(func(r float64) float64 { return annuityPV(r, n) - x }, 0, 1)
		},
	},
	"RCNV": {
		// (1+NOM1/P1)^P1 = (1+NOM2/P2)^P2.
		steps: []string{"NOM1=" + rates(30), "P1=1,2,4,12,52,365", "P2=1,2,4,12,52,365", "NOM2"},
		tol:   "1e-10",
		why:   rounds(6) + "; EXPM1 keeps its argument's relative error (its argument is at most 0.35)",
		ref: func(v map[string]float64) float64 {
			return 100 * v["P2"] * math.Expm1(v["P1"]/v["P2"]*math.Log1p(v["NOM1"]/100/v["P1"]))
		},
	},
	"REAL": {
		// 1+nominal = (1+real)(1+inflation), solved for real.
		steps: []string{"NOM%=" + seq(0, 20, 0.25), "INF%=" + seq(0, 10, 0.5), "REAL%"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			one, hundred := big.NewRat(1, 1), big.NewRat(100, 1)
			n := new(big.Rat).Add(one, new(big.Rat).Quo(v["NOM%"], hundred))
			i := new(big.Rat).Add(one, new(big.Rat).Quo(v["INF%"], hundred))
			q := new(big.Rat).Quo(n, i)
			return q.Mul(q.Sub(q, one), hundred)
		},
	},
	"SINT": {
		steps: []string{"PV=450,1000,12345.67", "I%YR=" + seq(0, 15, 0.25), "DAYS=1,30,60,90,180,365", "YR=360,365", "INT"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			x := new(big.Rat).Mul(v["PV"], v["I%YR"])
			x.Mul(x, v["DAYS"])
			return x.Quo(x, new(big.Rat).Mul(v["YR"], big.NewRat(100, 1)))
		},
	},
	"CONT": {
		steps: []string{"PV=1,1000", "R%=" + seq(-10, 20, 0.25), "YRS=0.5,1,2,5,10,30,100", "FV"},
		tol:   "1e-11",
		why:   rounds(2),
		ref:   func(v map[string]float64) float64 { return v["PV"] * math.Exp(v["R%"]*v["YRS"]/100) },
	},
	// Business.
	"MUC": {
		// Price = cost × (1 + markup/100) (the 17bII+ owner's manual, ch. 3,
		// "Markup Calculations").
		steps: []string{"COST=0.01,1,19.99,250,1E6", "MU%=" + seq(-50, 300, 1.5), "PRICE"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			m := new(big.Rat).Quo(v["MU%"], big.NewRat(100, 1))
			return m.Mul(v["COST"], m.Add(m, big.NewRat(1, 1)))
		},
	},
	"MRGN": {
		steps: []string{"PRICE=1..100", "COST=" + seq(0.5, 10, 0.5), "MRG%"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			q := new(big.Rat).Quo(v["COST"], v["PRICE"])
			return q.Mul(q.Sub(big.NewRat(1, 1), q), big.NewRat(100, 1))
		},
	},
	"MCHN": {
		steps: []string{"COST=40,9.6,1234.56", "MU1%=" + seq(0, 100, 10), "MU2%=" + seq(0, 50, 5), "MU3%=0,25,50,75,100", "PRICE"},
		tol:   "2e-11",
		why:   rounds(3),
		ref: func(v map[string]float64) float64 {
			p := v["COST"]
			for _, m := range []string{"MU1%", "MU2%", "MU3%"} {
				p += p * v[m] / 100
			}
			return p
		},
	},
	"BRKE": {
		// Units = (fixed costs + profit) / contribution margin.
		steps: []string{"PROF=0,10000,-5000", "PRICE=" + seq(10, 30, 1), "VC=" + seq(1, 9, 0.5), "FC=40000,123456.78", "UNITS"},
		tol:   "1e-11",
		why:   rounds(2),
		ref:   func(v map[string]float64) float64 { return (v["FC"] + v["PROF"]) / (v["PRICE"] - v["VC"]) },
	},
	"EOQ": {
		steps: []string{"D=100,1000,12000,50000,1E6", "S=" + seq(5, 100, 5), "H=0.25,1,3,7.5,12,20,40,100,250,1000", "Q"},
		tol:   "1e-11",
		why:   rounds(3) + " (the square root halves its argument's error)",
		ref:   func(v map[string]float64) float64 { return math.Sqrt(2 * v["D"] * v["S"] / v["H"]) },
	},
	"TDSC": {
		steps: []string{"LIST=800,19.99,12345.67", "D1%=" + seq(0, 50, 5), "D2%=" + seq(0, 30, 3), "D3%=0,2,5,10,15", "NET"},
		tol:   "2e-11",
		why:   rounds(3),
		ref: func(v map[string]float64) float64 {
			p := v["LIST"]
			for _, d := range []string{"D1%", "D2%", "D3%"} {
				p -= p * v[d] / 100
			}
			return p
		},
	},
	"CASH": {
		steps: []string{"DSC%=" + seq(0.5, 5, 0.25), "DAYS=0,5,10,15,20", "NET=" + seq(25, 90, 5), "COST%"},
		tol:   "2e-11",
		why:   rounds(4),
		ref: func(v map[string]float64) float64 {
			return v["DSC%"] / (100 - v["DSC%"]) * 365 / (v["NET"] - v["DAYS"]) * 100
		},
	},
	// Statistics.
	"NORM": {
		// Φ(z) = erfc(−z/√2)/2.
		steps: []string{"X=" + seq(-1, 6, 0.01), "M=0,-1", "SD=1,2", "P"},
		tol:   "1e-10",
		why:   "the series' 101 terms are each a few 12-digit roundings and are all positive (their sum's error is 5E-12 times a few); 0.5 + φ·Σ loses at most a factor 1/(2Φ(z)) ≤ 3.2 for z ≥ −1: under 1E-10",
		ref: func(v map[string]float64) float64 {
			z := (v["X"] - v["M"]) / v["SD"]
			return math.Erfc(-z/math.Sqrt2) / 2
		},
	},
	"BINM": {
		// C(N,K)·p^K·(1−p)^(N−K), through the log-gamma function.
		steps: []string{"N=50,60,80,100,150,200", "K=0,1,2,3,5,10,25,50", "PR=0.01," + seq(0.05, 0.95, 0.05) + ",0.99", "P"},
		tol:   "1e-10",
		why:   rounds(8) + " (FACT, two products, a quotient, two powers of exact bases and their product)",
		refLog10: func(v map[string]float64) float64 {
			n, k, p := v["N"], v["K"], v["PR"]
			ln, _ := math.Lgamma(n + 1)
			lk, _ := math.Lgamma(k + 1)
			lnk, _ := math.Lgamma(n - k + 1)
			return (ln - lk - lnk + k*math.Log(p) + (n-k)*math.Log1p(-p)) / math.Ln10
		},
	},
	"POIS": {
		steps: []string{"MU=0.1,0.5,1,2,4,7.5,10,20,35,50", "K=0..100", "P"},
		tol:   "1e-10",
		why:   rounds(4) + "; EXP(−MU) and MU^K keep their exact arguments' values to 12 digits",
		refLog10: func(v map[string]float64) float64 {
			lk, _ := math.Lgamma(v["K"] + 1)
			return (-v["MU"] + v["K"]*math.Log(v["MU"]) - lk) / math.Ln10
		},
	},
	"SSIZ": {
		steps: []string{"Z=1,1.645,1.96,2.576,3", "PR=" + seq(0.05, 0.95, 0.05), "E=0.005," + seq(0.01, 0.1, 0.01), "N"},
		tol:   "2e-11",
		why:   rounds(4),
		ref: func(v map[string]float64) float64 {
			return v["Z"] * v["Z"] * v["PR"] * (1 - v["PR"]) / (v["E"] * v["E"])
		},
	},
	// Dates.
	"ACCR": {
		// The days counted on the calendar (Go's time package): actual,
		// without February 29, or 30/360.
		steps: []string{"PV=10000", "I%YR=5",
			"D1=1.152024,2.282023,3.012024,1.312024,12.312023,6.302023,8.312022,10.151582,7.041776,5.012000,2.282100,11.302030,4.152024,9.302024,12.312099",
			"D2=7.152024,3.012023,2.282025,5.312024,1.312024,12.312030,8.302024,3.012000,1.012001,10.312024,2.282028,6.152026,12.312024,3.312023,4.302029",
			"CAL=1,2,3", "YR=360,365", "INT"},
		exact: func(v map[string]*big.Rat) *big.Rat {
			a, b := dateRat(v["D1"]), dateRat(v["D2"])
			d := map[string]float64{"1": actualDays(a, b), "2": days365(a, b), "3": days360(a, b)}[v["CAL"].RatString()]
			x := new(big.Rat).Mul(v["PV"], v["I%YR"])
			x.Mul(x, big.NewRat(int64(d), 100))
			return x.Quo(x, v["YR"])
		},
	},
	"DUE": {
		steps: []string{"D1=" + dates(time.Date(1583, 1, 1, 0, 0, 0, 0, time.UTC), 15331, 20) + ",10.151582,12.319999",
			"DAYS=" + seq(-390, 0, 10) + ",1,29,59,365,366,1461,36524,146097", "D2"},
		ref: func(v map[string]float64) float64 {
			t := date(v["D1"]).AddDate(0, 0, int(v["DAYS"]))
			if t.Year() > 9999 || t.Before(time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)) {
				return math.NaN()
			}
			return mdy(t)
		},
	},
	"WKDY": {
		steps: []string{"D=" + dates(time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC), 2297, 1300) + ",12.319999", "DAY"},
		ref: func(v map[string]float64) float64 {
			return float64((int(date(v["D"]).Weekday())+6)%7 + 1)
		},
	},
}

// seq is the values from, from+step, … to as a list of a step
// ("0.5,1,1.5"), each as the calculator keys it.
func seq(from, to, step float64) string {
	var f []string
	for k := 0; ; k++ {
		x := from + float64(k)*step
		if x > to+step/1e6 {
			break
		}
		f = append(f, num(x).String())
	}
	return strings.Join(f, ",")
}
