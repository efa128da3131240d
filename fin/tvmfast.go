package fin

import (
	"math"
	"math/bits"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// TVM's fast path, one for every unknown: tvmEV, the error-tracking
// arithmetic of ev.go following the 34-digit code's formulas (tvm.go) in
// their order and modelling its error, rounded where the bound decides.
// SPPV = (1 + i)^-N is formed in double-double by squaring for a whole N
// from 1 to maxDDPeriods (ev.powNeg: 1/(1 + i) raised to N, whose error
// grows with the bits of N and with N) and by exp(−N·ln(1 + i)) for any
// other N (ev.pow); I%YR = 0 takes USPV = N and SPPV = 1. Tests:
// TestGapBound, TestDirectBound, TestFastIYRAgree, TestFastTVMAgree,
// TestTVMEVAgree, TestOneTVMPath, TestExactTies, TestAPDUnderflow.

// maxDDPeriods is the largest whole N whose power is formed by squaring
// (ddPow's products grow with the bits of N, its error with N).
const maxDDPeriods = 1 << 20

// powNeg is a^-n for a > 0 and a whole n from 1 to maxDDPeriods, the
// power the 34-digit code forms with Pow (apdPow): v = 1/a (ddRecip,
// within 3·2^-104, counted 4) raised to n by ddPow (2·bits(n)·2^-104 and
// n times v's error), a's bound moving the power by n·ea/(|a| − ea)
// relative, to first order with the factor 1.01 where that is below 0.01
// (as ev.exp). Where n·log2(v) < −900 (a double-double would lose its
// low part) the power is 0 with the bound 2^-896: the exact power and the
// 34-digit one are below 2^-899 there, the first-order error of n·log2(v)
// in float64 far below a unit. The bound is infinite where the 34-digit
// code's power underflows (apdUnderflows: its result is not finite) and
// where v^n is not finite.
func (a ev) powNeg(n int) ev {
	if !(a.h > 0) || !(a.e < a.h/2) {
		return ev{0, 0, math.Inf(1)}
	}
	ea := float64(n) * a.e / (a.h - a.e)
	if !(ea < 0.01) {
		return ev{0, 0, math.Inf(1)}
	}
	vh, vl := ddRecip(a.h, a.l)
	// ln v ≥ 1 − 1/v: where n·(1 − 1/v) ≥ −600, v^n ≥ e^-600 > 2^-900
	// and the logarithm is not needed.
	if float64(n)*(1-a.h) < -600 {
		lg := float64(n) * math.Log2(vh)
		if lg < -99000/math.Log10(2) { // apdUnderflows
			return ev{0, 0, math.Inf(1)}
		}
		if lg < -900 {
			return ev{0, 0, 0x1p-896}
		}
	}
	h, l := ddPow(vh, vl, n)
	if !(h > 0x1p-910) || math.IsInf(h, 0) {
		return ev{0, 0, math.Inf(1)}
	}
	rel := 1.01*ea + (4*float64(n)+2*float64(bits.Len(uint(n))))*0x1p-104 + apdPow
	return ev{h, l, h * rel}
}

// tvmEV is t's values as ev: i = I%YR ÷ 100 ÷ P/YR, the Begin factor k,
// PV, PMT, FV and N; ok false for a value out of hp17b.DD's range, an
// invalid P/YR or a rate at or below −99 % a period (left to the
// 34-digit code and its errors).
type tvmEV struct {
	i, k, pv, pmt, fv, n ev
	zero                 bool // I%YR = 0
	begin                bool // k is 1 + i; 1 (exact) in End mode
	whole                int  // N when it is a whole number from 1 to maxDDPeriods; 0 otherwise
}

// newTVMEV is t read as a tvmEV (read).
func newTVMEV(t *TVM) (tvmEV, bool) {
	var d tvmEV
	ok := d.read(t)
	return d, ok
}

// read fills d from t, false where tvmEV says (in place: the hot paths
// keep d on their stack without copying it).
func (d *tvmEV) read(t *TVM) bool {
	p, ok := t.PYR.Int64()
	if !ok || p < 1 || p > 999 { // ValidPYR
		return false
	}
	iyr, ok1 := evNum(t.IYR)
	pv, ok2 := evNum(t.PV)
	pmt, ok3 := evNum(t.PMT)
	fv, ok4 := evNum(t.FV)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return false
	}
	if w, ok := t.N.Int64(); ok && w >= 1 && w <= maxDDPeriods {
		d.whole, d.n = int(w), evF(float64(w)) // exact
	} else if d.n, ok = evNum(t.N); !ok {
		return false
	}
	// i = I%YR ÷ 100 ÷ P/YR: the quotient by q = 100·P/YR (exact in
	// float64) with its remainder (exact by FMA) divided once more, within
	// 2^-103·|i|; I%YR's bound over q; the 34-digit code's two roundings.
	q := 100 * float64(p)
	ih := iyr.h / q
	il := (math.FMA(-ih, q, iyr.h) + iyr.l) / q
	ih, il = dd.FastTwoSum(ih, il)
	d.i = ev{ih, il, iyr.e/q + math.Abs(ih)*(0x1p-103+2*apdArith)}
	if !(d.i.h > -0.99) {
		return false
	}
	d.zero = t.IYR.Sign() == 0
	d.k, d.begin = evF(1), t.Begin
	if t.Begin {
		d.k = d.k.add(d.i)
	}
	d.pv, d.pmt, d.fv = pv, pmt, fv
	return true
}

// onePlus is 1 + x (x a rate, or −SPPV), as evF(1).add(x) with its
// bound, in fewer operations: 1 + x.h exact (TwoSum), then x.l added to
// the low part (one rounding, within 2^-105·(1 + |x.h|): both low parts
// are within half a unit of their high parts) and renormalized
// (FastTwoSum: where 1 + x.h cancels, it is exact and its low part 0).
func onePlus(x ev) ev {
	h, l := dd.TwoSum(1, x.h)
	h, l = dd.FastTwoSum(h, l+x.l)
	return ev{h, l, x.e + (1+math.Abs(x.h))*0x1p-104 + math.Abs(h)*apdArith}
}

// kmul is k·x: x itself in End mode, where the 34-digit code's product
// by 1 is exact.
func (d *tvmEV) kmul(x ev) ev {
	if !d.begin {
		return x
	}
	return d.k.mul(x)
}

// sppv is SPPV = (1 + i)^-N for 1 + i as a: by squaring for a whole N
// (powNeg), otherwise as the 34-digit code writes it (pow).
func (d *tvmEV) sppv(a ev) ev {
	if d.whole > 0 {
		return a.powNeg(d.whole)
	}
	return a.pow(d.n.neg())
}

// factors is factors (tvm.go): USPV and SPPV.
func (d *tvmEV) factors() (us, sp ev) {
	if d.zero {
		return d.n, evF(1)
	}
	sp = d.sppv(onePlus(d.i))
	return onePlus(sp.neg()).quo(d.i), sp
}

// directEV is SolvePV, SolveFV or SolvePMT (kind 0, 1, 2) in ev, ok
// false where it does not decide (or where the 34-digit code gives an
// error: a quotient by a zero it cannot rule out).
func (t *TVM) directEV(kind int) (hp17b.Number, bool) {
	r, ok := t.directValue(kind)
	if !ok {
		return hp17b.Zero, false
	}
	return r.round(t.fast)
}

// directValue is directEV's value before the rounding, ok false where the
// 34-digit code's divisor may be 0 or a value is not read.
func (t *TVM) directValue(kind int) (ev, bool) {
	var d tvmEV
	if !d.read(t) {
		return ev{}, false
	}
	us, sp := d.factors()
	var r ev
	switch kind {
	case 0:
		r = d.kmul(d.pmt).mul(us).add(d.fv.mul(sp)).neg()
	case 1:
		if !sp.nonzero() {
			return ev{}, false
		}
		r = d.pv.add(d.kmul(d.pmt).mul(us)).quo(sp).neg()
	default:
		den := d.kmul(us)
		if !den.nonzero() {
			return ev{}, false
		}
		r = d.pv.add(d.fv.mul(sp)).quo(den).neg()
	}
	return r, true
}

// solveNFast is SolveN in ev, ok false where it does not decide or where
// the 34-digit code gives NO SOLUTION (left to it).
func (t TVM) solveNFast() (hp17b.Number, bool) {
	var d tvmEV
	if !d.read(&t) {
		return hp17b.Zero, false
	}
	if d.zero {
		if !d.pmt.nonzero() {
			return hp17b.Zero, false
		}
		return d.pv.add(d.fv).quo(d.pmt).neg().round(t.fast)
	}
	a := d.kmul(d.pmt).quo(d.i)
	num, den := a.sub(d.fv), d.pv.add(a)
	if !num.nonzero() || !den.nonzero() || (num.h < 0) != (den.h < 0) {
		return hp17b.Zero, false
	}
	return num.quo(den).ln().quo(evF(1).add(d.i).ln()).round(t.fast)
}

// gapEV is gapWide in ev at the periodic rate ih + il (taken as exact,
// not 0), for I%YR's refinement.
func (d *tvmEV) gapEV(ih, il float64, begin bool) ev {
	i := ev{ih, il, 0}
	a := onePlus(i)
	kp := d.pmt // k·PMT: the 34-digit code's product by 1 is exact
	if begin {
		kp = a.mul(d.pmt)
	}
	sp := d.sppv(a)
	us := onePlus(sp.neg()).quo(i)
	return d.pv.add(kp.mul(us)).add(d.fv.mul(sp))
}

// iyrEV is SolveIYR's refinement of the float64 root r in ev (chordRoot),
// ok false where it does not decide.
func (t TVM) iyrEV(r float64) (hp17b.Number, bool) {
	t.IYR = hp17b.Zero // the unknown: gapEV takes the rate as its argument
	var d tvmEV
	if !d.read(&t) {
		return hp17b.Zero, false
	}
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		g := d.gapEV(xh, xl, t.Begin)
		return g.h, g.e, g.ok()
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	pyr, _ := t.PYR.Int64()
	ph, pl := dd.Mul(xh, xl, float64(pyr)*100, 0)
	return hp17b.RoundDD(ph, pl, (eps+4*uDD)*t.fast.looseness())
}
