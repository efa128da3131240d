package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b/dd"
)

// The fast paths: each calculation first computes in double-double (a
// pair of float64, hi + lo, about 32 digits) with a bound on its error,
// and keeps that result, rounded to 12 digits by hp17b.RoundDD, only
// where the bound shows the rounding decided; otherwise the 34-digit code
// computes the result as it always did. One file beside each application:
//
//   - flowsfast.go: NPV, NUS, NFV (a running bound on the sum) and IRR%
//     (chord steps, chordRoot here);
//   - tvmfast.go: TVM's PV, FV, PMT, N and I%YR (tvmEV: SPPV by squaring
//     for a whole N up to 2^20, by exp and ln for any other N);
//   - icnvfast.go, bondfast.go, deprcfast.go, amortfast.go: ICNV's four
//     conversions, BOND's ACCRU, PRICE and YLD%, DEPRC, AMRT's interest
//     rounded to the display.
//
// The results are the 34-digit code's, not the exact ones rounded: in
// tvmEV and the last four (fractional powers, logarithms, the display's
// rounding, or a power the 34-digit code forms with Pow) the bound adds a
// model of the 34-digit code's own error (ev.go); in flowsfast.go (only
// whole powers) the bound is doubled for it. TestFastFlowsAgree, TestFastNPVAgree, TestFastIYRAgree,
// TestFastTVMAgree, TestTVMEVAgree, TestICNVAgree, TestBondAgree,
// TestDeprcAgree and TestAMRTAgree hold each fast path to the 34-digit
// code on random inputs; TestNPVBound, TestGapBound and TestDirectBound
// hold the bounds.

// fastOpts steers the fast paths for the tests, which pass it in (a
// field of TVM, Bond, Asset and Schedule; an argument of the unexported
// forms of the ICNV functions, ACRS and the cash flows' functions). nil,
// what every caller outside the tests has, is the fast paths on, heard by
// no one, with their bounds as stated.
type fastOpts struct {
	// off switches the double-double paths off: the tests compute the
	// reference results with the 34-digit code alone.
	off bool
	// hook, when not nil, hears whether each fast-path attempt decided
	// (the tests' means to count fallbacks).
	hook func(decided bool)
	// named, when not nil, hears each attempt of the fast paths that hear
	// (ICNV, AMRT, BOND, DEPRC, TVM's N, PV, FV, PMT and I%YR) by the
	// function's name and whether it decided.
	named func(name string, decided bool)
	// loose scales every bound of the ev fast paths (0 is 1): 0.1 in the
	// test that shows a bound ten times too small is caught.
	loose float64
}

// on reports whether the fast paths are on.
func (o *fastOpts) on() bool { return o == nil || !o.off }

// heard reports one attempt to hook.
func (o *fastOpts) heard(ok bool) {
	if o != nil && o.hook != nil {
		o.hook(ok)
	}
}

// hear reports one attempt to hook and named.
func (o *fastOpts) hear(name string, ok bool) {
	o.heard(ok)
	if o != nil && o.named != nil {
		o.named(name, ok)
	}
}

// looseness is the factor of the ev fast paths' bounds: 1 but in a test.
func (o *fastOpts) looseness() float64 {
	if o == nil || o.loose == 0 {
		return 1
	}
	return o.loose
}

// uDD is the unit of the double-double error bounds: 2^-104, the relative
// error of one dd.Mul and the error of one dd.Add relative to |a| + |b|.
const uDD = 0x1p-104

// ddRecip is 1/(ah + al) within 3·2^-104 relative: q = 1/ah, the residual
// 1 − a·q formed in double-double (its high part exact by FMA) and one
// correction q·(1 + r).
func ddRecip(ah, al float64) (h, l float64) {
	q := 1 / ah
	r := -math.FMA(ah, q, -1) - al*q
	return dd.FastTwoSum(q, q*r)
}

// ddDiv is (ah + al)/(bh + bl) within 5·2^-104 relative (ddRecip 3, the
// product 1, and their composition).
func ddDiv(ah, al, bh, bl float64) (h, l float64) {
	rh, rl := ddRecip(bh, bl)
	return dd.Mul(ah, al, rh, rl)
}

// ddPow is (bh + bl)^n for n ≥ 1 by squaring and multiplying: at most
// 2·bits(n) products, so within (2·bits(n)·2^-104 + n·e) relative for a
// base within e relative (for n < 2^10: 20·2^-104 + n·e).
func ddPow(bh, bl float64, n int) (h, l float64) {
	h, l = 1, 0
	for n > 0 {
		if n&1 == 1 {
			h, l = dd.Mul(h, l, bh, bl)
		}
		n >>= 1
		if n > 0 {
			bh, bl = dd.Mul(bh, bl, bh, bl)
		}
	}
	return h, l
}

// apdUnderflows reports whether v^n (v > 0, n ≥ 0) lies below
// 10^-99000: the 34-digit code's power underflows there (hp17b.Wide's
// least exponent is −100,000, and its result is not finite: I%YR of
// 1,000,000 periods at 408 % a year was NO SOLUTION), while the
// double-double one is 0 and the fast path would answer.
func apdUnderflows(vh float64, n int) bool {
	return float64(n)*math.Log10(vh) < -99000
}

// chordRoot refines the float64 root r of f (a periodic rate), f given
// in double-double with a bound err on its error, and returns the root
// x with a bound eps on its error relative to |x| that covers refine's
// 34-digit result too; ok false where it cannot. Method: chord steps
// x ← x − f(x)/m with the slope m of f over [r, r + |r|·2^-30], until a
// step is below 2^-100·|x| or |f(x)| is within twice its bound of 0 (at
// most 6 evaluations); then the root lies within (|f(x)| + E)/(|m|/2) of
// x, E being twice f's bound (the 34-digit sum's own error, at 10^-34 an
// operation, is below the double-double one); the 34-digit secant's last
// iterate is allowed 10^-20·|x| besides (its steps stop below
// 10^-16·|x|, and a secant step squares the error of a simple root). It
// declines rates below 10^-6 in magnitude (where that relative allowance
// means nothing), roots the float64 search placed more than 10^-7·|r|
// away (ill-conditioned ones), and a slope that is 0 or not finite.
func chordRoot(f func(xh, xl float64) (fh, err float64, ok bool), r float64) (xh, xl, eps float64, ok bool) {
	if !(math.Abs(r) >= 1e-6) || r <= -1 {
		return 0, 0, 0, false
	}
	f0, _, ok := f(r, 0)
	if !ok {
		return 0, 0, 0, false
	}
	dx := math.Abs(r) * 0x1p-30
	f1, _, ok := f(r+dx, 0)
	if !ok {
		return 0, 0, 0, false
	}
	m := (f1 - f0) / dx
	if m == 0 || math.IsNaN(m) || math.IsInf(m, 0) {
		return 0, 0, 0, false
	}
	xh, xl = r, 0.0
	var fh, err float64
	for k := 0; ; k++ {
		fh, err, ok = f(xh, xl)
		if !ok || k == 6 {
			return 0, 0, 0, false
		}
		step := fh / m
		if math.Abs(fh) <= 2*err || math.Abs(step) <= 0x1p-100*math.Abs(xh) {
			break // f(x) is within its error of 0, or the step within x's last bits
		}
		xh, xl = dd.Add(xh, xl, -step, 0)
	}
	if math.Abs(xh-r) > 1e-7*math.Abs(r) {
		return 0, 0, 0, false
	}
	eps = (math.Abs(fh)+2*err)/(math.Abs(m)/2)/math.Abs(xh) + 1e-20
	return xh, xl, eps, true
}
