// Package fin holds the HP-17BII's financial calculations: time value of
// money and amortization (TVM), interest rate conversions (ICNV), cash-flow
// lists and their NPV, NUS, NFV and IRR% (CFLO), bonds (BOND) and
// depreciation (DEPRC), by the formulas of the 17bII+ owner's manual,
// appendix B ("More About Calculations", pp.238–252), and the chapters that
// use them (5 to 9).
//
// Inputs and results are calculator numbers (hp17b.Number). Each
// calculation keeps 34 digits inside and rounds once to 12 at the end, as
// the calculator keeps wider intermediates than it shows. Searches (I%YR,
// IRR%, a bond's yield) locate their roots in float64 and refine them at
// 34 digits; they take a context and stop with ErrInterrupted when it ends.
// IRR%, I%YR (for a whole N), NPV, NUS and NFV first compute in
// double-double with a bound on their error (flowsfast.go, tvmfast.go)
// and keep that result where the bound decides its 12-digit rounding, the
// one the 34-digit code gives; so do TVM's PV, FV, PMT, N and I%YR for any
// N, ICNV, BOND, DEPRC, and AMRT's interest rounded to the display (each
// application's *fast.go), whose bounds carry a model of the 34-digit
// code's own error besides (ev.go). dd.go says which file holds what.
//
// Errors are hp17b.Error values whose text is the calculator's message.
package fin

import (
	"context"
	"math"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/wide"
)

// Messages of the financial applications (17bII+ owner's manual, appendix
// B, pp.238–239, and the error-message list).
var (
	// ErrNoSolution: no value satisfies the calculation (p.239, case 5).
	ErrNoSolution = &hp17b.Error{Msg: "NO SOLUTION"}
	// ErrManySolutions: the search could not decide between several
	// answers or none (p.239, case 4); a guess stored in the variable
	// starts a search from it. The message's second line is
	// ManySolutionsHint.
	ErrManySolutions = &hp17b.Error{Msg: "MANY/NO SOLUTIONS; KEY"}
	// ErrInterrupted: a key stopped a search.
	ErrInterrupted = &hp17b.Error{Msg: hp17b.MsgInterrupted}
)

// ManySolutionsHint is the second display line of ErrManySolutions
// (p.239: "MANY/NO SOLUTIONS; KEY IN GUESS; [STO]{IRR%}" over two lines).
const ManySolutionsHint = "IN GUESS; [STO]{IRR%}"

// The wide helpers, at 34 digits (package wide).
type w = wide.W

var (
	wint = wide.Int
	wf   = wide.Float
	add  = wide.Add
	sub  = wide.Sub
	mul  = wide.Mul
	neg  = wide.Neg
	quo  = wide.Quo
	pow  = wide.Pow
	ln   = wide.Ln
	f64  = wide.Float64
)

func widen(n hp17b.Number) w { return wide.Of(n) }

func isZero(a w) bool { return a.IsZero() }

// result rounds a wide value to the calculator's 12 digits.
func result(a w) (hp17b.Number, error) { return wide.Result(a, ErrNoSolution) }

// rate is a percentage as a fraction: 6.75 → 0.0675.
func rate(pct w) w { return quo(pct, wint(100)) }

// done reports a cancelled search.
func done(c context.Context) error {
	if c.Err() != nil {
		return ErrInterrupted
	}
	return nil
}

// refine polishes a root r0 of f (found in float64) with secant steps at
// 34 digits, stopping when a step no longer changes its 15th digit.
func refine(f func(x w) w, r0 float64) w {
	x0 := wf(r0)
	d := math.Abs(r0) * 1e-9
	if d == 0 {
		d = 1e-12
	}
	x1 := wf(r0 + d)
	f0, f1 := f(x0), f(x1)
	for range 12 {
		den := sub(f1, f0)
		if isZero(den) || isZero(f1) {
			break
		}
		x2 := sub(x1, quo(mul(f1, sub(x1, x0)), den))
		step := math.Abs(f64(sub(x2, x1)))
		x0, f0 = x1, f1
		x1, f1 = x2, f(x2)
		if step <= 1e-16*math.Max(math.Abs(f64(x1)), 1e-300) {
			break
		}
	}
	return x1
}

// brackets scans f over the points xs (increasing) and returns each
// sign change as a pair of neighbouring points; a point where f is zero
// is returned as a pair of itself. Points where f is not finite are
// skipped.
func brackets(c context.Context, f func(float64) float64, xs []float64) ([][2]float64, error) {
	ys := make([]float64, len(xs))
	for i, x := range xs {
		if i%64 == 0 {
			if err := done(c); err != nil {
				return nil, err
			}
		}
		ys[i] = f(x)
	}
	return signChanges(xs, ys), nil
}

// brackets4 is brackets for a function evaluated at four points at once
// (f4 writes f(x[k]) to y[k]).
func brackets4(c context.Context, f4 func(x, y *[4]float64), xs []float64) ([][2]float64, error) {
	ys := make([]float64, len(xs))
	var x4, y4 [4]float64
	for i := 0; i < len(xs); i += 4 {
		if i%64 == 0 {
			if err := done(c); err != nil {
				return nil, err
			}
		}
		for k := range x4 {
			x4[k] = xs[min(i+k, len(xs)-1)]
		}
		f4(&x4, &y4)
		copy(ys[i:], y4[:])
	}
	return signChanges(xs, ys), nil
}

// signChanges returns the sign changes of the values ys at the points xs
// as brackets describes them.
func signChanges(xs, ys []float64) [][2]float64 {
	var out [][2]float64
	px, pf := math.NaN(), math.NaN()
	for i, x := range xs {
		y := ys[i]
		if math.IsNaN(y) || math.IsInf(y, 0) {
			continue
		}
		switch {
		case y == 0:
			out = append(out, [2]float64{x, x})
		case !math.IsNaN(pf) && pf != 0 && (pf < 0) != (y < 0):
			out = append(out, [2]float64{px, x})
		}
		px, pf = x, y
	}
	return out
}

// bisect narrows a sign-change bracket [a, b] of f to float64 precision.
func bisect(f func(float64) float64, a, b float64) float64 {
	if a == b {
		return a
	}
	fa := f(a)
	for range 200 {
		m := a + (b-a)/2
		if m == a || m == b {
			break
		}
		fm := f(m)
		if fm == 0 {
			return m
		}
		if (fm < 0) == (fa < 0) {
			a, fa = m, fm
		} else {
			b = m
		}
	}
	return a + (b-a)/2
}

// rateGrid is the periodic rates a search scans, as fractions: dense near
// 0, reaching down to −99.9999 % and up to 10,000 % a period; made on the
// first search, not as every program starts.
var rateGrid = sync.OnceValue(func() []float64 {
	var xs []float64
	// u = ln(1+i) from ln(1e-6) to ln(101), denser near 0.
	lo, hi := math.Log(1e-6), math.Log(101)
	const n = 1200
	for k := 0; k <= n; k++ {
		t := float64(k)/n*2 - 1 // −1..1
		var u float64
		if t < 0 {
			u = lo * -t * t * t
		} else {
			u = hi * t * t * t
		}
		xs = append(xs, math.Expm1(u))
	}
	return xs
})
