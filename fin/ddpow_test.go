package fin

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counts is how many attempts of each fast path decided and fell back.
type counts map[string]*[2]int

// listen counts, by name, the attempts of the fast paths steered by the
// returned options.
func listen() (counts, *fastOpts) {
	c := counts{}
	return c, &fastOpts{named: func(name string, ok bool) {
		k := c[name]
		if k == nil {
			k = new([2]int)
			c[name] = k
		}
		if ok {
			k[0]++
		} else {
			k[1]++
		}
	}}
}

func (c counts) String() string {
	names := make([]string, 0, len(c))
	for n := range c {
		names = append(names, n)
	}
	sort.Strings(names)
	s := ""
	for _, n := range names {
		s += fmt.Sprintf("%s: %d decided, %d fell back; ", n, c[n][0], c[n][1])
	}
	return s
}

// both is f by the fast path (steered by on) and by the 34-digit code
// alone.
func both[T any](on *fastOpts, f func(o *fastOpts) (T, error)) (fast, ref T, ferr, rerr error) {
	fast, ferr = f(on)
	ref, rerr = f(offOpts)
	return fast, ref, ferr, rerr
}

// randRate is a random rate in percent: mostly everyday (0.01 … 99),
// some tiny (down to 1E-25, where the 34-digit code's own cancellation
// decides its result), some large, some negative.
func randRate(rng *rand.Rand) hp17b.Number {
	var r hp17b.Number
	switch rng.IntN(8) {
	case 0:
		r = randAmount(rng, -25, -8) // the 34-digit code's cancellation
	case 1:
		r = randAmount(rng, 2, 4)
	case 2:
		r = hp17b.Neg(randAmount(rng, -3, 1))
	default:
		r = randAmount(rng, -2, 1)
	}
	return r
}

// randPeriods is a random number of compounding periods: mostly whole
// (1 … 400, and 365), some fractional, some huge.
func randPeriods(rng *rand.Rand) hp17b.Number {
	switch rng.IntN(8) {
	case 0:
		return randAmount(rng, -1, 3)
	case 1:
		return randAmount(rng, 4, 12)
	case 2:
		return hp17b.FromInt(365)
	default:
		return hp17b.FromInt(int64(1 + rng.IntN(400)))
	}
}

// icnvCase is one random conversion: which (0 Effective, 1 Nominal, 2
// EffectiveCont, 3 NominalCont), the rate and the periods. One case in
// eight is a short rate with P = 2, whose exact result often has a
// thirteenth digit of 5 (an exact tie the fast path must leave); one in
// eight an everyday rate with P from 10^15 to 10^20, where the 34-digit
// code's own error (the rounding of 1 + x, raised to the power P, or of
// the P-th root, less 1) reaches 10^-16 … 10^-13 of a result that lies
// anywhere between two 12-digit numbers: the draws that find a model of
// that error too small.
func icnvCase(rng *rand.Rand) (int, hp17b.Number, hp17b.Number) {
	kind := rng.IntN(4)
	r, p := randRate(rng), randPeriods(rng)
	switch rng.IntN(8) {
	case 0:
		kind = rng.IntN(2)
		r, p = randAmount(rng, -1, 1), randAmount(rng, 15, 20)
	case 1:
		r, _ = hp17b.Div(hp17b.FromInt(int64(1+rng.IntN(999))), hp17b.FromInt(int64([]int{1, 10, 100, 1000}[rng.IntN(4)])))
		p = hp17b.FromInt(2)
	}
	return kind, r, p
}

// icnv is ICNV's conversion kind (EFF%, NOM%, EFF% cont, NOM% cont) of
// r over p periods, steered by o.
func icnv(kind int, r, p hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	switch kind {
	case 0:
		return effective(r, p, o)
	case 1:
		return nominal(r, p, o)
	case 2:
		return effectiveCont(r, o)
	default:
		return nominalCont(r, o)
	}
}

// TestICNVAgree holds ICNV's four conversions on the fast path to the
// 34-digit code: the same number or the same error, every time (go test
// ./fin -run Agree -flows 20000 for a long run).
func TestICNVAgree(t *testing.T) {
	t.Parallel()
	c, on := listen()
	for seed := range uint64(*flowCases) * 4 {
		rng := rand.New(rand.NewPCG(seed, 45))
		kind, r, p := icnvCase(rng)
		got, want, gerr, werr := both(on, func(o *fastOpts) (hp17b.Number, error) { return icnv(kind, r, p, o) })
		require.Equal(t, werr, gerr, "seed %d kind %d (%s, %s)", seed, kind, r, p)
		require.Equal(t, want.String(), got.String(), "seed %d kind %d (%s, %s)", seed, kind, r, p)
	}
	t.Log(c)
	for name, k := range c {
		assert.Greater(t, k[0], (k[0]+k[1])*3/4, name)
	}
}

// looseCheck runs n draws where the 34-digit code's own error is 10^-16
// … 10^-14 of a result that lies anywhere between two 12-digit numbers,
// with the bounds as they are (every draw must agree with the 34-digit
// code) and ten times smaller (some draw must differ: the bound is what
// keeps the agreement, and the agreement test can fail).
func looseCheck(t *testing.T, n int, stream uint64, draw func(rng *rand.Rand) func(o *fastOpts) (hp17b.Number, error)) {
	t.Helper()
	for _, loose := range []float64{1, 0.1} {
		differ := 0
		for seed := range uint64(n) {
			f := draw(rand.New(rand.NewPCG(seed, stream)))
			got, want, gerr, werr := both(&fastOpts{loose: loose}, f)
			if gerr != werr || got.String() != want.String() {
				differ++
			}
		}
		t.Logf("bounds ×%g: %d of %d differ", loose, differ, n)
		if loose == 1 {
			assert.Zero(t, differ)
		} else {
			assert.Positive(t, differ)
		}
	}
}

// TestICNVLooseBoundFails: EFF% and NOM% of an everyday rate with P from
// 10^18 to 2·10^19, where the 34-digit code's 1 + x (rounded) raised to
// the power P, or its P-th root less 1, carries 10^-16 … 10^-14.
func TestICNVLooseBoundFails(t *testing.T) {
	t.Parallel()
	looseCheck(t, 3000, 46, func(rng *rand.Rand) func(o *fastOpts) (hp17b.Number, error) {
		kind, r := rng.IntN(2), randAmount(rng, -1, 1)
		p := randAmount(rng, 18, 19)
		return func(o *fastOpts) (hp17b.Number, error) { return icnv(kind, r, p, o) }
	})
}

// randSchedule is a random loan for AMRT: everyday and short rates (whose
// interest is often an exact tie at the display's last decimal), its
// payment from SolvePMT or at random, Begin or End, and a display of 0 to
// 11 decimals.
func randSchedule(rng *rand.Rand) (TVM, int) {
	x := TVM{Exact: true,
		N:     hp17b.FromInt(int64(1 + rng.IntN(480))),
		IYR:   randAmount(rng, -1, 1),
		PV:    randAmount(rng, 2, 7),
		PYR:   hp17b.FromInt(int64([]int{1, 2, 4, 12, 12, 12, 24, 26, 52, 365}[rng.IntN(10)])),
		Begin: rng.IntN(2) == 0,
	}
	switch rng.IntN(4) {
	case 0:
		x.IYR = hp17b.FromInt(int64(1 + rng.IntN(24)))
	case 1:
		x.IYR = hp17b.Neg(x.IYR)
	}
	pmt, err := x.SolvePMT()
	if err != nil || rng.IntN(5) == 0 {
		pmt = hp17b.Neg(randAmount(rng, 0, 5))
	}
	x.PMT = pmt
	fix := []int{0, 1, 2, 2, 2, 2, 3, 4, 6, 9, 11}[rng.IntN(11)]
	return x, fix
}

// TestAMRTAgree holds AMRT's payments on the fast path to the 34-digit
// code's: for random loans, the same sets of payments (numbers,
// interest, principal, balance) or the same errors, every time.
func TestAMRTAgree(t *testing.T) {
	t.Parallel()
	c, on := listen()
	for seed := range uint64(*flowCases) {
		rng := rand.New(rand.NewPCG(seed, 47))
		x, fix := randSchedule(rng)
		fast, ferr := NewSchedule(x.with(on), fix)
		ref, rerr := NewSchedule(x.with(offOpts), fix)
		require.Equal(t, rerr, ferr)
		if rerr != nil {
			continue
		}
		for range 1 + rng.IntN(4) {
			count := []int{1, 1, 12, 64, 360, MaxPayments}[rng.IntN(6)]
			got, gerr := fast.Next(count)
			want, werr := ref.Next(count)
			require.Equal(t, werr, gerr, "seed %d %+v FIX %d", seed, x, fix)
			require.Equal(t, fmt.Sprint(want), fmt.Sprint(got), "seed %d %+v FIX %d", seed, x, fix)
		}
	}
	t.Log(c)
	k := c["AMRT"]
	require.NotNil(t, k)
	assert.Greater(t, k[0], (k[0]+k[1])*3/4)
}

// randBond is a random bond: settlement from 1990 to 2030, maturity up to
// 40 years later, a coupon of 0 to 15 %, a call of 100 or near it, both
// calendars and coupon frequencies, a yield of −5 to 30 % (some tiny) and
// a price of 40 to 160.
func randBond(rng *rand.Rand) Bond {
	date := func(y int) hp17b.Number {
		m, d := 1+rng.IntN(12), 1+rng.IntN(28)
		if rng.IntN(6) == 0 {
			d = []int{29, 30, 31}[rng.IntN(3)]
			if m == 2 {
				d = 28
			}
			if d == 31 && (m == 4 || m == 6 || m == 9 || m == 11) {
				d = 30
			}
		}
		return mustNum(fmt.Sprintf("%d.%02d%04d", m, d, y))
	}
	y0 := 1990 + rng.IntN(40)
	b := Bond{
		Sett: date(y0), Mat: date(y0 + 1 + rng.IntN(40)),
		CPN:      randAmount(rng, -1, 1),
		Call:     hp17b.FromInt(100),
		Basis360: rng.IntN(2) == 0, Annual: rng.IntN(3) == 0,
		YLD:   randAmount(rng, -1, 1),
		PRICE: randAmount(rng, 1, 2),
	}
	switch rng.IntN(6) {
	case 0:
		b.CPN = hp17b.FromInt(int64(rng.IntN(16)))
	case 1:
		b.Call = randAmount(rng, 1, 2)
	case 2:
		b.YLD = hp17b.Neg(randAmount(rng, -2, 0))
	case 3:
		b.YLD = randAmount(rng, -9, -4)
	}
	return b
}

// TestBondAgree holds ACCRU, PRICE and YLD% on the fast path to the
// 34-digit code on random bonds: the same number or the same error.
func TestBondAgree(t *testing.T) {
	t.Parallel()
	c, on := listen()
	bg := context.Background()
	cases := *flowCases
	if testing.Short() {
		cases = 60 // the 34-digit yield takes about 50 ms a bond
	}
	for seed := range uint64(cases) {
		rng := rand.New(rand.NewPCG(seed, 48))
		b := randBond(rng)
		for name, fn := range map[string]func(Bond) (hp17b.Number, error){
			"ACCRU": Bond.Accrued, "PRICE": Bond.Price, "YLD%": func(b Bond) (hp17b.Number, error) { return b.Yield(bg) }} {
			got, want, gerr, werr := both(on, func(o *fastOpts) (hp17b.Number, error) { return fn(b.with(o)) })
			require.Equal(t, werr, gerr, "seed %d %s %+v", seed, name, b)
			require.Equal(t, want.String(), got.String(), "seed %d %s %+v", seed, name, b)
		}
	}
	t.Log(c)
	for name, k := range c {
		assert.Greater(t, k[0], (k[0]+k[1])*3/4, name)
	}
}

// randTVM is a random TVM problem of every kind tvmEV meets: N whole,
// fractional, negative, 0 or huge; I%YR everyday, tiny, negative or 0;
// Begin and End.
func randTVM(rng *rand.Rand) TVM {
	x := TVM{Exact: true,
		N:     hp17b.FromInt(int64(1 + rng.IntN(600))),
		IYR:   randAmount(rng, -1, 1),
		PV:    randAmount(rng, 2, 6),
		PMT:   hp17b.Neg(randAmount(rng, 0, 4)),
		FV:    randAmount(rng, 0, 5),
		PYR:   hp17b.FromInt(int64([]int{1, 2, 4, 12, 12, 12, 52, 365}[rng.IntN(8)])),
		Begin: rng.IntN(2) == 0,
	}
	switch rng.IntN(5) {
	case 0:
		x.N = randAmount(rng, -1, 3)
	case 1:
		x.N = hp17b.Neg(randAmount(rng, -1, 2))
	case 2:
		x.N = randAmount(rng, 6, 9)
	case 3:
		x.N = hp17b.Zero
	}
	switch rng.IntN(6) {
	case 0:
		x.IYR = hp17b.Zero
	case 1:
		x.IYR = hp17b.Neg(x.IYR)
	case 2:
		x.IYR = randAmount(rng, -12, -4)
	}
	if rng.IntN(3) == 0 {
		x.FV = hp17b.Neg(x.FV)
	}
	return x
}

// TestTVMEVAgree holds SolvePV, SolveFV, SolvePMT, SolveN and SolveIYR
// on the fast paths to the 34-digit code on random problems of every
// kind: the same number or the same error, every time.
func TestTVMEVAgree(t *testing.T) {
	t.Parallel()
	c, on := listen()
	fns := []struct {
		name string
		f    func(TVM) (hp17b.Number, error)
	}{{"PV", TVM.SolvePV}, {"FV", TVM.SolveFV}, {"PMT", TVM.SolvePMT}, {"N", TVM.SolveN},
		{"I%YR", func(x TVM) (hp17b.Number, error) { return x.SolveIYR(context.Background()) }}}
	for seed := range uint64(*flowCases) * 2 {
		rng := rand.New(rand.NewPCG(seed, 49))
		x := randTVM(rng)
		for _, fn := range fns {
			got, want, gerr, werr := both(on, func(o *fastOpts) (hp17b.Number, error) { return fn.f(x.with(o)) })
			require.Equal(t, werr, gerr, "seed %d %s %+v", seed, fn.name, x)
			require.Equal(t, want.String(), got.String(), "seed %d %s %+v", seed, fn.name, x)
		}
	}
	t.Log(c)
	for name, k := range c {
		part := 2
		if name == "I%YR" {
			part = 3 // the draws' huge N put most roots below 10^-6 a period, which chordRoot declines
		}
		assert.Greater(t, k[0], (k[0]+k[1])/part, name)
	}
}

// randAsset is a random depreciation problem: a basis, a salvage below
// or above it, a life of 1 to 50 years (some up to 10,000), FACT% of 100
// to 250 (some any), and a year within the life or past it.
func randAsset(rng *rand.Rand) Asset {
	life := int64(1 + rng.IntN(50))
	if rng.IntN(10) == 0 {
		life = int64(1 + rng.IntN(10000))
	}
	a := Asset{
		Basis: randAmount(rng, 2, 7),
		Salv:  randAmount(rng, 0, 5),
		Life:  hp17b.FromInt(life),
		Fact:  hp17b.FromInt(int64([]int{100, 125, 150, 175, 200, 250}[rng.IntN(6)])),
		Year:  hp17b.FromInt(1 + rng.Int64N(life+2)),
	}
	switch rng.IntN(6) {
	case 0:
		a.Fact = randAmount(rng, 0, 2)
	case 1:
		a.Salv = hp17b.Zero
	case 2:
		a.Salv = randAmount(rng, 6, 8)
	}
	return a
}

// TestDeprcAgree holds SL, SOYD, DB and ACRS on the fast paths to the
// 34-digit code on random assets: the same numbers or the same error.
func TestDeprcAgree(t *testing.T) {
	t.Parallel()
	c, on := listen()
	for seed := range uint64(*flowCases) * 2 {
		rng := rand.New(rand.NewPCG(seed, 50))
		a := randAsset(rng)
		for name, fn := range map[string]func(Asset) (Depreciation, error){"SL": Asset.SL, "SOYD": Asset.SOYD, "DB": Asset.DB} {
			got, want, gerr, werr := both(on, func(o *fastOpts) (Depreciation, error) { return fn(a.with(o)) })
			require.Equal(t, werr, gerr, "seed %d %s %+v", seed, name, a)
			require.Equal(t, fmt.Sprint(want), fmt.Sprint(got), "seed %d %s %+v", seed, name, a)
		}
		pct := randAmount(rng, -1, 1)
		got, want, gerr, werr := both(on, func(o *fastOpts) (hp17b.Number, error) { return acrs(a.Basis, pct, o) })
		require.Equal(t, werr, gerr, "seed %d ACRS", seed)
		require.Equal(t, want.String(), got.String(), "seed %d ACRS(%s, %s)", seed, a.Basis, pct)
	}
	t.Log(c)
	for name, k := range c {
		assert.Greater(t, k[0], (k[0]+k[1])/2, name)
	}
}

// with is b steered by o.
func (b Bond) with(o *fastOpts) Bond {
	b.fast = o
	return b
}

// with is a steered by o.
func (a Asset) with(o *fastOpts) Asset {
	a.fast = o
	return a
}

// must fails b on an error.
func must(b *testing.B, _ any, err error) {
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkICNV times the four conversions of p.89: 5 % compounded daily
// as an effective rate, that rate compounded monthly, and 10 % both ways
// compounded continuously.
func BenchmarkICNV(b *testing.B) { benchICNV(b, nil) }

func benchICNV(b *testing.B, o *fastOpts) {
	five, p365, p12, ten := mustNum("5"), hp17b.FromInt(365), hp17b.FromInt(12), mustNum("10")
	eff := mustNum("5.12674964674")
	for b.Loop() {
		r, err := effective(five, p365, o)
		must(b, r, err)
		r, err = nominal(eff, p12, o)
		must(b, r, err)
		r, err = nominalCont(ten, o)
		must(b, r, err)
		r, err = effectiveCont(ten, o)
		must(b, r, err)
	}
}

// BenchmarkICNVWide is BenchmarkICNV by the 34-digit code alone.
func BenchmarkICNVWide(b *testing.B) { benchICNV(b, offOpts) }

// BenchmarkAMRT times a whole schedule of the support document's loan
// (100,000 over 360 months at 10 %, FIX 2) a year at a time.
func BenchmarkAMRT(b *testing.B) { benchAMRT(b, nil) }

func benchAMRT(b *testing.B, o *fastOpts) {
	loan := TVM{Exact: true, N: hp17b.FromInt(360), IYR: mustNum("10"), PV: mustNum("100000"), PMT: mustNum("-877.57"), PYR: hp17b.FromInt(12)}
	for b.Loop() {
		s, err := NewSchedule(loan.with(o), 2)
		must(b, s, err)
		for range 30 {
			set, err := s.Next(12)
			must(b, set, err)
		}
	}
}

// BenchmarkAMRTWide is BenchmarkAMRT by the 34-digit code alone.
func BenchmarkAMRTWide(b *testing.B) { benchAMRT(b, offOpts) }

// BenchmarkBond times ACCRU and PRICE of p.113's bond.
func BenchmarkBond(b *testing.B) { benchBond(b, nil) }

func benchBond(b *testing.B, o *fastOpts) {
	x := Bond{Sett: mustNum("5.022003"), Mat: mustNum("3.032022"), CPN: mustNum("6"), Call: mustNum("100"),
		Basis360: true, YLD: mustNum("5.7"), fast: o}
	for b.Loop() {
		r, err := x.Accrued()
		must(b, r, err)
		r, err = x.Price()
		must(b, r, err)
	}
}

// BenchmarkBondWide is BenchmarkBond by the 34-digit code alone.
func BenchmarkBondWide(b *testing.B) { benchBond(b, offOpts) }

// BenchmarkBondYield times YLD% of p.113's bond to its call.
func BenchmarkBondYield(b *testing.B) { benchBondYield(b, nil) }

func benchBondYield(b *testing.B, o *fastOpts) {
	x := Bond{Sett: mustNum("5.022003"), Mat: mustNum("3.032006"), CPN: mustNum("6"), Call: mustNum("102.75"),
		Basis360: true, PRICE: mustNum("103.432340169"), fast: o}
	for b.Loop() {
		r, err := x.Yield(context.Background())
		must(b, r, err)
	}
}

// BenchmarkBondYieldWide is BenchmarkBondYield by the 34-digit code alone.
func BenchmarkBondYieldWide(b *testing.B) { benchBondYield(b, offOpts) }

// BenchmarkDeprc times SL, SOYD and DB of p.117's asset in its third year
// and ACRS of p.118.
func BenchmarkDeprc(b *testing.B) { benchDeprc(b, nil) }

func benchDeprc(b *testing.B, o *fastOpts) {
	a := Asset{Basis: mustNum("10000"), Salv: mustNum("500"), Life: mustNum("5"), Fact: mustNum("200"), Year: mustNum("3"), fast: o}
	basis, pct := mustNum("25000"), mustNum("15")
	for b.Loop() {
		for _, fn := range []func() (Depreciation, error){a.SL, a.SOYD, a.DB} {
			d, err := fn()
			must(b, d, err)
		}
		r, err := acrs(basis, pct, o)
		must(b, r, err)
	}
}

// BenchmarkDeprcWide is BenchmarkDeprc by the 34-digit code alone.
func BenchmarkDeprcWide(b *testing.B) { benchDeprc(b, offOpts) }

// BenchmarkTVMSolveN times SolveN of p.69's mortgage.
func BenchmarkTVMSolveN(b *testing.B) { benchTVMSolveN(b, nil) }

func benchTVMSolveN(b *testing.B, o *fastOpts) {
	x := TVM{Exact: true, N: hp17b.FromInt(360), IYR: mustNum("11.5"), PV: mustNum("63617.64"), PMT: mustNum("-630"), PYR: hp17b.FromInt(12), fast: o}
	for b.Loop() {
		r, err := x.SolveN()
		must(b, r, err)
	}
}

// BenchmarkTVMSolveNWide is BenchmarkTVMSolveN by the 34-digit code alone.
func BenchmarkTVMSolveNWide(b *testing.B) { benchTVMSolveN(b, offOpts) }

// BenchmarkTVMDirectFrac times SolvePV, SolveFV and SolvePMT of p.69's
// mortgage with N = 359.5, and once more at I%YR = 0.
func BenchmarkTVMDirectFrac(b *testing.B) { benchTVMDirectFrac(b, nil) }

func benchTVMDirectFrac(b *testing.B, o *fastOpts) {
	x := TVM{Exact: true, N: mustNum("359.5"), IYR: mustNum("11.5"), PV: mustNum("63617.64"), PMT: mustNum("-630"), PYR: hp17b.FromInt(12), fast: o}
	z := x
	z.IYR = hp17b.Zero
	for b.Loop() {
		for _, fn := range []func() (hp17b.Number, error){x.SolvePV, x.SolveFV, x.SolvePMT, z.SolvePV, z.SolveFV, z.SolvePMT} {
			r, err := fn()
			must(b, r, err)
		}
	}
}

// BenchmarkTVMDirectFracWide is BenchmarkTVMDirectFrac by the 34-digit
// code alone.
func BenchmarkTVMDirectFracWide(b *testing.B) { benchTVMDirectFrac(b, offOpts) }

// TestICNVEdges holds the conversions at the edges of their domains to
// the 34-digit code: the same number or the same error (EFF% of a
// continuous rate past 100,000 % overflows; a base at or below 0, or P at
// or below 0, is INVALID INPUT).
func TestICNVEdges(t *testing.T) {
	t.Parallel()
	tests := []struct{ r, p string }{
		{"100000", "1"}, {"100000.000001", "1"}, {"99999.9999999", "12"}, {"65000", "1"},
		{"-100", "1"}, {"-99.9999999", "1"}, {"-200", "2"}, {"-300", "2"}, {"0", "12"},
		{"5", "0"}, {"5", "-1"}, {"1E-30", "1"}, {"1E-499", "3"}, {"9.99999999999E499", "1"},
		{"-70000", "1"}, {"12", "1E12"}, {"12", "1E40"}, {"12", "0.001"},
		{"-29600", "5.4E46"}, {"29600", "5.4E46"}, // 1 + 10^-45 is 1 at 34 digits: EFF% 0
	}
	for _, tt := range tests {
		r, p := mustNum(tt.r), mustNum(tt.p)
		for kind := range 4 {
			got, want, gerr, werr := both(nil, func(o *fastOpts) (hp17b.Number, error) { return icnv(kind, r, p, o) })
			assert.Equal(t, werr, gerr, "kind %d (%s, %s)", kind, tt.r, tt.p)
			assert.Equal(t, want.String(), got.String(), "kind %d (%s, %s)", kind, tt.r, tt.p)
		}
	}
	_, err := EffectiveCont(mustNum("100000.000001"))
	assert.Equal(t, hp17b.ErrOverflow, err)
	e, err := EffectiveCont(mustNum("100000"))
	require.NoError(t, err)
	assert.Equal(t, "1.97007111402E+436", e.String())
}

// TestExactTies: results whose exact value is a tie of the 13th digit
// round to even as the 34-digit code rounds them (the fast paths leave a
// tie to it, their interval always holding the midpoint).
func TestExactTies(t *testing.T) {
	t.Parallel()
	half := mustNum("50")
	acrs1 := func(o *fastOpts) (hp17b.Number, error) { return acrs(mustNum("999999999999"), half, o) }
	sl := func(o *fastOpts) (hp17b.Number, error) {
		d, err := Asset{Basis: mustNum("999999999997"), Salv: hp17b.Zero, Life: mustNum("2"), Year: hp17b.One, fast: o}.SL()
		return d.Dep, err
	}
	tests := []struct {
		name string
		f    func(o *fastOpts) (hp17b.Number, error)
		want string
	}{
		{"ACRS(999999999999, 50)", acrs1, "500000000000"}, // 499999999999.5
		{"SL(999999999997 over 2)", sl, "499999999998"},   // 499999999998.5
	}
	for _, tt := range tests {
		got, want, gerr, werr := both(nil, tt.f)
		require.NoError(t, gerr, tt.name)
		require.NoError(t, werr, tt.name)
		assert.Equal(t, tt.want, want.String(), tt.name)
		assert.Equal(t, tt.want, got.String(), tt.name)
	}
}

// TestAPDUnderflow: where (1 + i)^-N lies below the 34-digit code's range
// (10^-100000), its power has no finite result and the fast paths leave
// the answer to it (the double-double power was 0 there, and I%YR of the
// first problem was 408.317944766 where the 34-digit code says NO
// SOLUTION).
func TestAPDUnderflow(t *testing.T) {
	t.Parallel()
	x := TVM{Exact: true, N: mustNum("1000000"), IYR: mustNum("5.258361"), PV: mustNum("145.346"), PMT: mustNum("-296.7369"),
		FV: mustNum("3186.113"), PYR: hp17b.FromInt(2)}
	y := TVM{Exact: true, N: mustNum("1000000"), IYR: mustNum("100"), PV: mustNum("1000"), PMT: mustNum("-10"), FV: mustNum("5"), PYR: hp17b.One}
	f := Flows{{Amount: mustNum("-1000"), Times: hp17b.One}}
	for range 400 {
		f = append(f, Flow{Amount: mustNum("3"), Times: hp17b.FromInt(999)})
	}
	tests := map[string]func(o *fastOpts) (hp17b.Number, error){
		"I%YR": func(o *fastOpts) (hp17b.Number, error) { return x.with(o).SolveIYR(context.Background()) },
		"PV":   func(o *fastOpts) (hp17b.Number, error) { return y.with(o).SolvePV() },
		"FV":   func(o *fastOpts) (hp17b.Number, error) { return y.with(o).SolveFV() },
		"PMT":  func(o *fastOpts) (hp17b.Number, error) { return y.with(o).SolvePMT() },
		"NPV":  func(o *fastOpts) (hp17b.Number, error) { return f.npv(mustNum("100"), o) },
		"NFV":  func(o *fastOpts) (hp17b.Number, error) { return f.nfv(mustNum("100"), o) },
	}
	for name, fn := range tests {
		got, want, gerr, werr := both(nil, fn)
		assert.Equal(t, werr, gerr, name)
		assert.Equal(t, want.String(), got.String(), name)
	}
	_, err := x.SolveIYR(context.Background())
	assert.Equal(t, ErrNoSolution, err)
}

// BenchmarkTVMSolveIYRFrac times I%YR of p.68's car loan over N = 36.5.
func BenchmarkTVMSolveIYRFrac(b *testing.B) { benchTVMSolveIYRFrac(b, nil) }

func benchTVMSolveIYRFrac(b *testing.B, o *fastOpts) {
	x := TVM{Exact: true, N: mustNum("36.5"), PV: mustNum("5750"), PMT: mustNum("-176.89"), PYR: hp17b.FromInt(12), fast: o}
	for b.Loop() {
		r, err := x.SolveIYR(context.Background())
		must(b, r, err)
	}
}

// BenchmarkTVMSolveIYRFracWide is BenchmarkTVMSolveIYRFrac by the
// 34-digit code alone.
func BenchmarkTVMSolveIYRFracWide(b *testing.B) { benchTVMSolveIYRFrac(b, offOpts) }

// FuzzFastFinance: ICNV's conversions, TVM's PV, FV, PMT and N, DEPRC and
// ACRS give on the fast paths what the 34-digit code gives (the same
// number or the same error) for any operands made of the fuzzer's
// coefficients and exponents.
func FuzzFastFinance(f *testing.F) {
	f.Add(int64(5), int8(0), int64(365), int8(0), int64(100000), int8(0), int64(-630), int8(0), uint8(3))
	f.Add(int64(123456789012), int8(-30), int64(12), int8(18), int64(-1), int8(2), int64(7), int8(-3), uint8(200))
	f.Fuzz(func(t *testing.T, c1 int64, e1 int8, c2 int64, e2 int8, c3 int64, e3 int8, c4 int64, e4 int8, sel uint8) {
		num := func(c int64, e int8) hp17b.Number {
			c %= 1_000_000_000_000
			n, err := hp17b.Parse(fmt.Sprintf("%dE%d", c, int(e)%60))
			if err != nil {
				return hp17b.Zero
			}
			return n
		}
		r, p, a, b := num(c1, e1), num(c2, e2), num(c3, e3), num(c4, e4)
		check := func(name string, fn func(o *fastOpts) (hp17b.Number, error)) {
			got, want, gerr, werr := both(nil, fn)
			if gerr != werr || got.String() != want.String() {
				t.Fatalf("%s: fast %v %v, 34-digit %v %v", name, got, gerr, want, werr)
			}
		}
		check("ICNV", func(o *fastOpts) (hp17b.Number, error) { return icnv(int(sel%4), r, p, o) })
		x := TVM{Exact: true, N: p, IYR: r, PV: a, PMT: b, FV: num(c1^c3, e2), PYR: hp17b.FromInt(int64(1 + sel%12)), Begin: sel&16 != 0}
		check("PV", func(o *fastOpts) (hp17b.Number, error) { return x.with(o).SolvePV() })
		check("FV", func(o *fastOpts) (hp17b.Number, error) { return x.with(o).SolveFV() })
		check("PMT", func(o *fastOpts) (hp17b.Number, error) { return x.with(o).SolvePMT() })
		check("N", func(o *fastOpts) (hp17b.Number, error) { return x.with(o).SolveN() })
		life := int64(1 + sel%40)
		as := Asset{Basis: a, Salv: b, Life: hp17b.FromInt(life), Fact: p, Year: hp17b.FromInt(1 + int64(sel)%(life+2))}
		for name, fn := range map[string]func(Asset) (Depreciation, error){"SL": Asset.SL, "SOYD": Asset.SOYD, "DB": Asset.DB} {
			got, want, gerr, werr := both(nil, func(o *fastOpts) (Depreciation, error) { return fn(as.with(o)) })
			if gerr != werr || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: fast %v %v, 34-digit %v %v", name, got, gerr, want, werr)
			}
		}
		check("ACRS", func(o *fastOpts) (hp17b.Number, error) { return acrs(a, r, o) })
	})
}
