package fin

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randAmount is a random calculator number of 1 to 12 significant digits
// with its leading digit at exponent lo … hi.
func randAmount(rng *rand.Rand, lo, hi int) hp17b.Number {
	digits := 1 + rng.IntN(12)
	c := rng.Int64N(9*pow10i(digits-1)) + pow10i(digits-1)
	e := lo + rng.IntN(hi-lo+1) - (digits - 1)
	n, err := hp17b.Parse(fmt.Sprintf("%dE%d", c, e))
	if err != nil {
		panic(err)
	}
	return n
}

func pow10i(k int) int64 {
	p := int64(1)
	for range k {
		p *= 10
	}
	return p
}

// randFlows is a random cash-flow list: an investment, then 1 … 40 flows
// of mostly one period and some of many, mostly receipts.
func randFlows(rng *rand.Rand) Flows {
	f := Flows{{Amount: hp17b.Neg(randAmount(rng, 3, 6)), Times: hp17b.One}}
	n := 1 + rng.IntN(40)
	for range n {
		a := randAmount(rng, 1, 5)
		if rng.IntN(8) == 0 {
			a = hp17b.Neg(a)
		}
		t := hp17b.One
		switch rng.IntN(6) {
		case 0:
			t = hp17b.FromInt(int64(2 + rng.IntN(30)))
		case 1:
			t = hp17b.FromInt(int64(2 + rng.IntN(MaxTimes-1)))
		}
		f = append(f, Flow{Amount: a, Times: t})
	}
	return f
}

// flowCases is how many random lists or problems each agreement test
// tries (go test ./fin -run Agree -flows 100000 for a long run).
var flowCases = flag.Int("flows", 300, "random lists or problems each agreement test tries")

// offOpts switches the fast paths off: the tests' reference results come
// from the 34-digit code alone.
var offOpts = &fastOpts{off: true}

// with is x steered by o.
func (x TVM) with(o *fastOpts) TVM {
	x.fast = o
	return x
}

// irrBoth is IRR% by the fast path (steered by on) and by the 34-digit
// code alone.
func irrBoth(f Flows, guess *hp17b.Number, on *fastOpts) (fast, ref hp17b.Number, ferr, rerr error) {
	bg := context.Background()
	fast, ferr = f.irr(bg, guess, on)
	ref, rerr = f.irr(bg, guess, offOpts)
	return fast, ref, ferr, rerr
}

// TestFastFlowsAgree holds IRR%'s double-double refinement to the
// 34-digit one on random flow lists (many seeds): the same number or the
// same error, every time; and the fast path decides most of them.
func TestFastFlowsAgree(t *testing.T) {
	cases := *flowCases
	if testing.Short() {
		cases = 100
	}
	t.Parallel()
	decided, total := 0, 0
	on := &fastOpts{hook: func(ok bool) {
		total++
		if ok {
			decided++
		}
	}}
	for seed := range uint64(cases) {
		rng := rand.New(rand.NewPCG(seed, 45))
		f := randFlows(rng)
		var guess *hp17b.Number
		if seed%5 == 4 { // a guess picks the answer nearest it
			g := randAmount(rng, -1, 2)
			guess = &g
		}
		fast, ref, ferr, rerr := irrBoth(f, guess, on)
		require.Equal(t, rerr, ferr, "seed %d", seed)
		require.Equal(t, ref.String(), fast.String(), "seed %d: %v", seed, f)
	}
	t.Logf("%d of %d answers decided by the fast path", decided, total)
	assert.Greater(t, decided, total*95/100)
}

// exactNPV is NPV at the rate ih + il (taken as exact) at 60 digits.
func exactNPV(t *testing.T, f Flows, ih, il float64) *apd.Decimal {
	ctx := apd.BaseContext.WithPrecision(60)
	dec := func(x float64) *apd.Decimal {
		d, _, err := apd.NewFromString(new(big.Float).SetFloat64(x).Text('e', 800))
		require.NoError(t, err)
		return d
	}
	i := new(apd.Decimal)
	_, _ = ctx.Add(i, dec(ih), dec(il))
	one := apd.New(1, 0)
	v, a := new(apd.Decimal), new(apd.Decimal)
	_, _ = ctx.Add(a, one, i)
	_, _ = ctx.Quo(v, one, a)
	d0 := f[0].Amount.Decimal()
	s, d := &d0, apd.New(1, 0)
	for _, fl := range f[1:] {
		n, _ := fl.Times.Int64()
		vn, us, tm := new(apd.Decimal), new(apd.Decimal), new(apd.Decimal)
		_, _ = ctx.Pow(vn, v, apd.New(n, 0))
		if i.IsZero() {
			us.SetInt64(n)
		} else {
			_, _ = ctx.Sub(us, one, vn)
			_, _ = ctx.Quo(us, us, i)
		}
		amt := fl.Amount.Decimal()
		_, _ = ctx.Mul(tm, &amt, us)
		_, _ = ctx.Mul(tm, tm, d)
		_, _ = ctx.Add(s, s, tm)
		_, _ = ctx.Mul(d, d, vn)
	}
	return s
}

// TestNPVBound holds the double-double NPV within its own error bound of
// the exact NPV (at 60 digits), at random rates on random flow lists:
// the bound the fast path's rounding test trusts.
func TestNPVBound(t *testing.T) {
	checked := 0
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 17))
		f := randFlows(rng)
		g, ok := newDDFlows(f)
		require.True(t, ok)
		ih := (rng.Float64()*2 - 0.5) * []float64{1e-5, 1e-3, 0.1, 1}[rng.IntN(4)]
		il := ih * 0x1p-60 * (rng.Float64() - 0.5)
		sh, sl, bound, ok := g.npv(ih, il)
		if !ok {
			continue // beyond float64's range (a rate near −1 over many periods)
		}
		checked++
		exact := exactNPV(t, f, ih, il)
		got := new(apd.Decimal)
		_, _ = apd.BaseContext.WithPrecision(60).Add(got, dec60(t, sh), dec60(t, sl))
		diff := new(apd.Decimal)
		_, _ = apd.BaseContext.WithPrecision(60).Sub(diff, got, exact)
		e, _ := diff.Float64()
		require.LessOrEqual(t, math.Abs(e), bound, "seed %d: rate %g, NPV %s", seed, ih, exact)
	}
	assert.Greater(t, checked, 200)
}

func dec60(t *testing.T, x float64) *apd.Decimal {
	d, _, err := apd.NewFromString(new(big.Float).SetFloat64(x).Text('e', 800))
	require.NoError(t, err)
	return d
}

// TestNPVFloat4 holds the four-rate NPV to the one-rate one, bit for bit,
// over the whole search grid (NaN for NaN), on random lists with and
// without flows that occur many times.
func TestNPVFloat4(t *testing.T) {
	xs := rateGrid()
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 4))
		f := randFlows(rng)
		if seed%2 == 0 {
			for j := range f {
				f[j].Times = hp17b.One
			}
		}
		one, four := f.npvFloat(), f.npvFloat4()
		var x4, y4 [4]float64
		for i := 0; i+4 <= len(xs); i += 4 {
			copy(x4[:], xs[i:])
			four(&x4, &y4)
			for k := range 4 {
				want := one(x4[k])
				if math.IsNaN(want) {
					require.True(t, math.IsNaN(y4[k]), "seed %d at %g", seed, x4[k])
					continue
				}
				require.Equal(t, math.Float64bits(want), math.Float64bits(y4[k]), "seed %d at %g", seed, x4[k])
			}
		}
	}
}

// TestFastNPVAgree holds NPV, NUS and NFV on the double-double path to
// the 34-digit code on random flow lists and rates (0, small, large,
// negative): the same number or the same error, every time.
func TestFastNPVAgree(t *testing.T) {
	t.Parallel()
	decided, total := 0, 0
	on := &fastOpts{hook: func(ok bool) {
		total++
		if ok {
			decided++
		}
	}}
	fns := []struct {
		name string
		f    func(Flows, hp17b.Number, *fastOpts) (hp17b.Number, error)
	}{{"NPV", Flows.npv}, {"NUS", Flows.nus}, {"NFV", Flows.nfv}}
	for seed := range uint64(*flowCases) {
		rng := rand.New(rand.NewPCG(seed, 7))
		f := randFlows(rng)
		var pct hp17b.Number
		switch rng.IntN(6) {
		case 0:
			pct = hp17b.Zero
		case 1:
			pct = hp17b.Neg(randAmount(rng, -3, 1))
		case 2:
			pct = randAmount(rng, -12, -1)
		default:
			pct = randAmount(rng, -1, 2)
		}
		for _, fn := range fns {
			got, gerr := fn.f(f, pct, on)
			want, werr := fn.f(f, pct, offOpts)
			require.Equal(t, werr, gerr, "seed %d %s(%s)", seed, fn.name, pct)
			require.Equal(t, want.String(), got.String(), "seed %d %s(%s): %v", seed, fn.name, pct, f)
		}
	}
	t.Logf("%d of %d decided by the fast path", decided, total)
	assert.Greater(t, decided, total*3/4) // 83 % in a run of 90,000
}

// TestFastIYRAgree holds SolveIYR's double-double refinement to the
// 34-digit one on random TVM problems (Begin and End, whole and
// fractional N): the same number or the same error, every time.
func TestFastIYRAgree(t *testing.T) {
	t.Parallel()
	decided, total := 0, 0
	on := &fastOpts{hook: func(ok bool) {
		total++
		if ok {
			decided++
		}
	}}
	bg := context.Background()
	for seed := range uint64(*flowCases) {
		rng := rand.New(rand.NewPCG(seed, 9))
		x := TVM{Exact: true,
			N:     hp17b.FromInt(int64(1 + rng.IntN(600))),
			PV:    randAmount(rng, 2, 6),
			PMT:   hp17b.Neg(randAmount(rng, 0, 4)),
			FV:    randAmount(rng, 0, 5),
			PYR:   hp17b.FromInt(int64(1 + rng.IntN(12))),
			Begin: rng.IntN(2) == 0,
		}
		if rng.IntN(3) == 0 {
			x.FV = hp17b.Neg(x.FV)
		}
		if rng.IntN(10) == 0 {
			x.N = randAmount(rng, 0, 2)
		}
		got, gerr := x.with(on).SolveIYR(bg)
		want, werr := x.with(offOpts).SolveIYR(bg)
		require.Equal(t, werr, gerr, "seed %d %+v", seed, x)
		require.Equal(t, want.String(), got.String(), "seed %d %+v", seed, x)
	}
	t.Logf("%d of %d decided by the fast path", decided, total)
	assert.Greater(t, decided, total*9/10)
}

// TestGapBound holds the double-double TVM equation (tvmEV.gapEV, a whole
// N: SPPV by squaring) within its bound of the exact value (60 digits) at
// random rates and problems.
func TestGapBound(t *testing.T) {
	t.Parallel()
	ctx := apd.BaseContext.WithPrecision(60)
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 19))
		x := TVM{Exact: true, N: hp17b.FromInt(int64(1 + rng.IntN(1000))), PV: randAmount(rng, 2, 6),
			PMT: hp17b.Neg(randAmount(rng, 0, 4)), FV: randAmount(rng, 0, 5), Begin: rng.IntN(2) == 0}
		x.PYR = hp17b.One
		d, ok := newTVMEV(&x)
		require.True(t, ok)
		require.Positive(t, d.whole)
		ih := (rng.Float64()*2 - 0.5) * []float64{1e-5, 1e-3, 0.1}[rng.IntN(3)]
		il := ih * 0x1p-60 * (rng.Float64() - 0.5)
		g := d.gapEV(ih, il, x.Begin)
		require.True(t, g.ok())
		gh, gl, bound := g.h, g.l, g.e
		i := new(apd.Decimal)
		_, _ = ctx.Add(i, dec60(t, ih), dec60(t, il))
		one := apd.New(1, 0)
		a, sp, us, k, s := new(apd.Decimal), new(apd.Decimal), new(apd.Decimal), apd.New(1, 0), new(apd.Decimal)
		_, _ = ctx.Add(a, one, i)
		n, _ := x.N.Int64()
		_, _ = ctx.Pow(sp, a, apd.New(-n, 0))
		_, _ = ctx.Sub(us, one, sp)
		_, _ = ctx.Quo(us, us, i)
		if x.Begin {
			k = a
		}
		pv, pmt, fv := x.PV.Decimal(), x.PMT.Decimal(), x.FV.Decimal()
		_, _ = ctx.Mul(us, us, &pmt)
		_, _ = ctx.Mul(us, us, k)
		_, _ = ctx.Mul(sp, sp, &fv)
		_, _ = ctx.Add(s, &pv, us)
		_, _ = ctx.Add(s, s, sp)
		got := new(apd.Decimal)
		_, _ = ctx.Add(got, dec60(t, gh), dec60(t, gl))
		_, _ = ctx.Sub(got, got, s)
		e, _ := got.Float64()
		require.LessOrEqual(t, math.Abs(e), bound, "seed %d: rate %g", seed, ih)
	}
}

// TestFastTVMAgree holds SolvePV, SolveFV and SolvePMT on the
// double-double path to the 34-digit code on random problems (rates
// small, large and negative; Begin and End; whole and fractional N).
func TestFastTVMAgree(t *testing.T) {
	t.Parallel()
	decided, total := 0, 0
	on := &fastOpts{hook: func(ok bool) {
		total++
		if ok {
			decided++
		}
	}}
	fns := []struct {
		name string
		f    func(TVM) (hp17b.Number, error)
	}{{"PV", TVM.SolvePV}, {"FV", TVM.SolveFV}, {"PMT", TVM.SolvePMT}}
	for seed := range uint64(*flowCases) {
		rng := rand.New(rand.NewPCG(seed, 11))
		x := TVM{Exact: true,
			N:     hp17b.FromInt(int64(1 + rng.IntN(1000))),
			IYR:   randAmount(rng, -3, 2),
			PV:    randAmount(rng, 2, 6),
			PMT:   hp17b.Neg(randAmount(rng, 0, 4)),
			FV:    randAmount(rng, 0, 5),
			PYR:   hp17b.FromInt(int64(1 + rng.IntN(12))),
			Begin: rng.IntN(2) == 0,
		}
		switch rng.IntN(8) {
		case 0:
			x.IYR = hp17b.Neg(x.IYR)
		case 1:
			x.N = randAmount(rng, 0, 2)
		case 2:
			x.IYR = hp17b.Zero
		}
		for _, fn := range fns {
			got, gerr := fn.f(x.with(on))
			want, werr := fn.f(x.with(offOpts))
			require.Equal(t, werr, gerr, "seed %d %s %+v", seed, fn.name, x)
			require.Equal(t, want.String(), got.String(), "seed %d %s %+v", seed, fn.name, x)
		}
	}
	t.Logf("%d of %d decided by the fast path", decided, total)
	assert.Greater(t, decided, total*7/10) // a rate of 0 or a fractional N (a fourth of the draws) is left to the 34-digit code
}

// TestDirectBound holds SolvePV's, SolveFV's and SolvePMT's double-double
// values (directValue, a whole N: SPPV by squaring) within their bound
// (which holds the 34-digit code's error too) of the exact values at 60
// digits, on random problems.
func TestDirectBound(t *testing.T) {
	t.Parallel()
	ctx := apd.BaseContext.WithPrecision(60)
	checked := 0
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 23))
		x := TVM{Exact: true, N: hp17b.FromInt(int64(1 + rng.IntN(1000))), IYR: randAmount(rng, -3, 2),
			PV: randAmount(rng, 2, 6), PMT: hp17b.Neg(randAmount(rng, 0, 4)), FV: randAmount(rng, 0, 5),
			PYR: hp17b.FromInt(int64(1 + rng.IntN(12))), Begin: rng.IntN(2) == 0}
		pyr, _ := x.PYR.Int64()
		iyr, pv, pmt, fv := x.IYR.Decimal(), x.PV.Decimal(), x.PMT.Decimal(), x.FV.Decimal()
		i, one := new(apd.Decimal), apd.New(1, 0)
		_, _ = ctx.Quo(i, &iyr, apd.New(100*pyr, 0))
		a, sp, us, k := new(apd.Decimal), new(apd.Decimal), new(apd.Decimal), apd.New(1, 0)
		_, _ = ctx.Add(a, one, i)
		n, _ := x.N.Int64()
		_, _ = ctx.Pow(sp, a, apd.New(-n, 0))
		_, _ = ctx.Sub(us, one, sp)
		_, _ = ctx.Quo(us, us, i)
		if x.Begin {
			k = a
		}
		t2, t3 := new(apd.Decimal), new(apd.Decimal)
		_, _ = ctx.Mul(t2, &pmt, us)
		_, _ = ctx.Mul(t2, t2, k)
		_, _ = ctx.Mul(t3, &fv, sp)
		want := make([]*apd.Decimal, 3)
		for kind := range want {
			w := new(apd.Decimal)
			switch kind {
			case 0:
				_, _ = ctx.Add(w, t2, t3)
			case 1:
				_, _ = ctx.Add(w, &pv, t2)
				_, _ = ctx.Quo(w, w, sp)
			case 2:
				_, _ = ctx.Add(w, &pv, t3)
				den := new(apd.Decimal)
				_, _ = ctx.Mul(den, k, us)
				_, _ = ctx.Quo(w, w, den)
			}
			w.Neg(w)
			want[kind] = w
		}
		for kind, w := range want {
			r, ok := x.directValue(kind)
			if !ok || !r.ok() || r.h == 0 {
				continue
			}
			h, l, eps := r.h, r.l, r.e/math.Abs(r.h)
			checked++
			got := new(apd.Decimal)
			_, _ = ctx.Add(got, dec60(t, h), dec60(t, l))
			_, _ = ctx.Sub(got, got, w)
			_, _ = ctx.Quo(got, got, w)
			e, _ := got.Float64()
			require.LessOrEqual(t, math.Abs(e), eps, "seed %d kind %d: %+v", seed, kind, x)
		}
	}
	assert.Greater(t, checked, 800)
}

// TestEmptyFlows: NPV, NUS and NFV of an empty list are what the 34-digit
// code gives (0, or its error), never a panic of the double-double path
// (CFLO's CALC with no flows entered reaches them).
func TestEmptyFlows(t *testing.T) {
	t.Parallel()
	pct := mustNum("9")
	for name, fn := range map[string]func(hp17b.Number, *fastOpts) (hp17b.Number, error){"NPV": Flows{}.npv, "NUS": Flows{}.nus, "NFV": Flows{}.nfv} {
		want, wantErr := fn(pct, offOpts)
		var got hp17b.Number
		var err error
		require.NotPanics(t, func() { got, err = fn(pct, nil) }, name)
		assert.Equal(t, wantErr, err, name)
		assert.True(t, want.Equal(got), "%s: %v, want %v", name, got, want)
	}
}
