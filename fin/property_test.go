package fin

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ctx30 is the independent check's precision.
var ctx30 = apd.Context{Precision: 30, MaxExponent: 10000, MinExponent: -10000, Rounding: apd.RoundHalfEven}

// residual30 evaluates the TVM equation by summing every payment
// separately at 30 digits: PV + Σ_{k=1..N} PMT × (1+i)^−(k−S) + FV ×
// (1+i)^−N, a different computation from the closed form of tvm.go.
func residual30(t TVM) float64 {
	n, _ := t.N.Int64()
	var i, one, base, v, sum, term, e apd.Decimal
	one.SetInt64(1)
	iy, py := t.IYR.Decimal(), t.PYR.Decimal()
	_, _ = ctx30.Quo(&i, &iy, &py)
	_, _ = ctx30.Quo(&i, &i, apd.New(100, 0))
	_, _ = ctx30.Add(&base, &one, &i)
	_, _ = ctx30.Quo(&v, &one, &base)
	pv, pmt, fv := t.PV.Decimal(), t.PMT.Decimal(), t.FV.Decimal()
	sum.Set(&pv)
	s := int64(0)
	if t.Begin {
		s = 1
	}
	for k := int64(1); k <= n; k++ {
		e.SetInt64(k - s)
		_, _ = ctx30.Pow(&term, &v, &e)
		_, _ = ctx30.Mul(&term, &term, &pmt)
		_, _ = ctx30.Add(&sum, &sum, &term)
	}
	e.SetInt64(n)
	_, _ = ctx30.Pow(&term, &v, &e)
	_, _ = ctx30.Mul(&term, &term, &fv)
	_, _ = ctx30.Add(&sum, &sum, &term)
	f, _ := sum.Float64()
	return f
}

func near(t *testing.T, want, got hp17b.Number, rel float64, msg string) {
	t.Helper()
	w, g := want.Float64(), got.Float64()
	assert.LessOrEqual(t, math.Abs(w-g), rel*math.Max(math.Abs(w), 1), "%s: want %s, got %s", msg, want, got)
}

// TestTVMProperty: on random problems, the solved PMT satisfies the
// equation summed payment by payment at 30 digits, and solving for each
// other variable gives back its value within the 12th digit (a looser
// 10th for N and I%YR, which the rounded PMT leaves less determined).
func TestTVMProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 2))
	for trial := range 300 {
		// Problems that their data determine: the last payment still
		// weighs at least e^−5 of the first (N × ln(1+i) ≤ 5), past
		// which 12-digit data cannot fix N or the rate.
		n := 1 + r.IntN(480)
		pyr := []int{1, 2, 4, 12, 52, 365}[r.IntN(6)]
		i := 0.0005 + r.Float64()*(math.Min(0.3, 5/float64(n))-0.0005)
		x := TVM{Exact: true,
			N:     hp17b.FromInt(int64(n)),
			IYR:   mustNum(fmt.Sprintf("%.4f", i*float64(pyr)*100)),
			PV:    mustNum(fmt.Sprintf("%.2f", (r.Float64()*2-1)*1e6)),
			FV:    mustNum(fmt.Sprintf("%.2f", (r.Float64()*2-1)*1e5)),
			PYR:   hp17b.FromInt(int64(pyr)),
			Begin: r.IntN(2) == 1,
		}
		pmt, err := x.SolvePMT()
		require.NoError(t, err)
		x.PMT = pmt
		name := fmt.Sprintf("trial %d: %+v", trial, x)
		scale := math.Max(math.Abs(x.PV.Float64()), math.Max(math.Abs(x.FV.Float64()), math.Abs(pmt.Float64())*x.N.Float64()))
		assert.LessOrEqual(t, math.Abs(residual30(x)), 1e-10*scale, name)
		pv, err := x.SolvePV()
		require.NoError(t, err, name)
		near(t, x.PV, pv, 1e-11*scale/math.Max(math.Abs(x.PV.Float64()), 1), name+" PV")
		fv, err := x.SolveFV()
		require.NoError(t, err, name)
		// FV carries the rounded PMT's error times SPFV, at most e^5.
		near(t, x.FV, fv, 150e-11*scale/math.Max(math.Abs(x.FV.Float64()), 1), name+" FV")
		if math.Abs(pmt.Float64())*x.N.Float64() > 1e-3*scale {
			n, err := x.SolveN()
			require.NoError(t, err, name)
			near(t, x.N, n, 1e-8, name+" N")
			i, err := x.SolveIYR(context.Background())
			require.NoError(t, err, name)
			if x.PV.Sign()*x.FV.Sign() > 0 && x.PV.Sign() != pmt.Sign() {
				// Two sign changes (PV, PMT…, FV): two rates may
				// balance the flows; the one returned must.
				y := x
				y.IYR = i
				assert.LessOrEqual(t, math.Abs(residual30(y)), 1e-9*scale, name+" I%YR root")
				continue
			}
			near(t, x.IYR, i, 1e-8, name+" I%YR")
		}
	}
}

func mustNum(s string) hp17b.Number {
	n, err := hp17b.Parse(s)
	if err != nil {
		panic(err)
	}
	return n
}

// BenchmarkTVMSolveIYR times a solve for I%YR (the car loan of p.68).
func BenchmarkTVMSolveIYR(b *testing.B) { benchTVMSolveIYR(b, nil) }

func benchTVMSolveIYR(b *testing.B, o *fastOpts) {
	x := TVM{Exact: true, N: hp17b.FromInt(36), PV: mustNum("5750"), PMT: mustNum("-176.89"), PYR: hp17b.FromInt(12), fast: o}
	for b.Loop() {
		if _, err := x.SolveIYR(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTVMSolveIYRWide is BenchmarkTVMSolveIYR by the 34-digit
// refinement alone.
func BenchmarkTVMSolveIYRWide(b *testing.B) { benchTVMSolveIYR(b, offOpts) }

// BenchmarkIRR100 times IRR% over 100 flows.
func BenchmarkIRR100(b *testing.B) { benchIRR100(b, nil) }

func benchIRR100(b *testing.B, o *fastOpts) {
	f := Flows{{Amount: mustNum("-100000"), Times: hp17b.One}}
	for k := 1; k < 100; k++ {
		f = append(f, Flow{Amount: hp17b.FromInt(int64(1500 + 37*k)), Times: hp17b.One})
	}
	for b.Loop() {
		if _, err := f.irr(context.Background(), nil, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNPV100 times NPV, NUS and NFV at 9 % over IRR100's 100 flows.
func BenchmarkNPV100(b *testing.B) { benchNPV100(b, nil) }

// BenchmarkNPV100Wide is BenchmarkNPV100 by the 34-digit code alone.
func BenchmarkNPV100Wide(b *testing.B) { benchNPV100(b, offOpts) }

// BenchmarkIRR100Wide is BenchmarkIRR100 by the 34-digit refinement alone.
func BenchmarkIRR100Wide(b *testing.B) { benchIRR100(b, offOpts) }

func benchNPV100(b *testing.B, o *fastOpts) {
	f := Flows{{Amount: mustNum("-100000"), Times: hp17b.One}}
	for k := 1; k < 100; k++ {
		f = append(f, Flow{Amount: hp17b.FromInt(int64(1500 + 37*k)), Times: hp17b.One})
	}
	pct := mustNum("9")
	for b.Loop() {
		for _, fn := range []func(hp17b.Number, *fastOpts) (hp17b.Number, error){f.npv, f.nus, f.nfv} {
			if _, err := fn(pct, o); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkTVMDirect times SolvePV, SolveFV and SolvePMT of the home
// mortgage of p.69 (360 payments of 630 at 11.5 %).
func BenchmarkTVMDirect(b *testing.B) { benchTVMDirect(b, nil) }

func benchTVMDirect(b *testing.B, o *fastOpts) {
	x := TVM{Exact: true, N: hp17b.FromInt(360), IYR: mustNum("11.5"), PV: mustNum("63617.64"), PMT: mustNum("-630"), PYR: hp17b.FromInt(12), fast: o}
	for b.Loop() {
		for _, fn := range []func() (hp17b.Number, error){x.SolvePV, x.SolveFV, x.SolvePMT} {
			if _, err := fn(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkTVMDirectWide is BenchmarkTVMDirect by the 34-digit code alone.
func BenchmarkTVMDirectWide(b *testing.B) { benchTVMDirect(b, offOpts) }
