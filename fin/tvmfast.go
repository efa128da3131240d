package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// TVM's fast paths, two of them: ddTVM for a whole N up to 2^20 and a
// rate not 0 (v^N by squaring in double-double, the bound doubled for the
// 34-digit code's own error: PV, FV, PMT and I%YR's refinement), and
// tvmEV for the rest (a fractional, negative, zero or huge N, I%YR = 0)
// and for N, in the error-tracking arithmetic of ev.go, which follows the
// 34-digit code's formulas in their order and models its error. Tests:
// TestGapBound, TestDirectBound, TestFastIYRAgree, TestFastTVMAgree,
// TestTVMEVAgree, TestExactTies, TestAPDUnderflow.

// ddTVM is a TVM problem read for the fast path: PV, PMT and FV as
// double-doubles within 2^-100 (hp17b.DD), N a whole number of periods.
type ddTVM struct {
	n                            int
	pvh, pvl, pmh, pml, fvh, fvl float64
	begin                        bool
}

// maxDDPeriods is the largest N the fast path takes (ddPow's products
// grow with the bits of N, its error with N).
const maxDDPeriods = 1 << 20

// newDDTVM reads t; ok is false when N is not a whole number from 1 to
// maxDDPeriods or a value is out of hp17b.DD's range.
func newDDTVM(t TVM) (ddTVM, bool) {
	var d ddTVM
	n, ok := t.N.Int64()
	if !ok || n < 1 || n > maxDDPeriods {
		return d, false
	}
	d.n, d.begin = int(n), t.Begin
	var ok1, ok2, ok3 bool
	d.pvh, d.pvl, ok1 = hp17b.DD(t.PV)
	d.pmh, d.pml, ok2 = hp17b.DD(t.PMT)
	d.fvh, d.fvl, ok3 = hp17b.DD(t.FV)
	return d, ok1 && ok2 && ok3
}

// gap is gapWide in double-double at the periodic rate ih + il (taken as
// exact, not 0), with a bound err on its error. In units of 2^-104,
// relative unless said: the values 2^4; v = 1/(1 + i) 4; SPPV = v^N
// (ddPow) 4N + 2·bits(N); 1 − SPPV absolute |SPPV|·(that + 1) + 1; 1/i 3
// and USPV's product 1 more; 1 + i in Begin mode 1, each product 1, each
// sum 1 absolute relative to the magnitudes summed.
func (d ddTVM) gap(ih, il float64) (gh, gl, err float64, ok bool) {
	if ih == 0 && il == 0 {
		return 0, 0, 0, false
	}
	ah, al := dd.TwoSum(1, ih)
	ah, al = dd.FastTwoSum(ah, al+il)
	vh, vl := ddRecip(ah, al)
	if apdUnderflows(vh, d.n) {
		return 0, 0, 0, false
	}
	bits := 0
	for m := d.n; m > 0; m >>= 1 {
		bits++
	}
	sph, spl := ddPow(vh, vl, d.n)
	esp := 4*float64(d.n) + 2*float64(bits)
	oh, ol := dd.TwoSum(1, -sph)
	oh, ol = dd.FastTwoSum(oh, ol-spl)
	eo := math.Abs(sph)*(esp+1) + 1
	rh, rl := ddRecip(ih, il)
	uh, ul := dd.Mul(oh, ol, rh, rl)
	eus := 0.0 // USPV's relative error
	if uh != 0 {
		eus = eo*math.Abs(rh)/math.Abs(uh) + 4
	}
	th, tl := dd.Mul(d.pmh, d.pml, uh, ul)
	e2 := 16 + eus + 1
	if d.begin {
		th, tl = dd.Mul(th, tl, ah, al)
		e2 += 2
	}
	fh, fl := dd.Mul(d.fvh, d.fvl, sph, spl)
	e3 := 16 + esp + 1
	a2, a3 := math.Abs(th), math.Abs(fh)
	eu := 16*math.Abs(d.pvh) + e2*a2 + e3*a3
	gh, gl = dd.Add(d.pvh, d.pvl, th, tl)
	eu += math.Abs(d.pvh) + a2
	eu += math.Abs(gh) + a3
	gh, gl = dd.Add(gh, gl, fh, fl)
	if math.IsNaN(gh+eu) || math.IsInf(gh+eu, 0) {
		return 0, 0, 0, false
	}
	return gh, gl, eu * uDD * (1 + 0x1p-20), true
}

// iyrFast refines the float64 root r of the TVM equation (a periodic
// rate) by chordRoot and returns I%YR = rate·P/YR·100 rounded to 12
// digits, ok false where it does not decide.
func (d ddTVM) iyrFast(r float64, pyr int) (hp17b.Number, bool) {
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		gh, _, err, ok := d.gap(xh, xl)
		return gh, err, ok
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	ph, pl := dd.Mul(xh, xl, float64(pyr)*100, 0)
	return hp17b.RoundDD(ph, pl, eps+4*uDD)
}

// direct is SolvePV, SolveFV or SolvePMT (kind 0, 1, 2) of t in
// double-double, rounded where its bound decides; ok false sends the
// caller to the 34-digit code (also for a rate of 0). Bounds, in units of
// 2^-104 relative unless said: i = I%YR ÷ (100·P/YR) within δi = 2^-99·|i|
// (hp17b.DD, the quotient and its remainder); v = 1/(1 + i) 4 and
// δi/|1+i|; SPPV = v^N (ddPow) 4N + 2·bits(N) and N·δi/|1+i|; USPV =
// (1 − SPPV)/i with SPPV's absolute error over |i|, 4 more and δi/|i|;
// 1 + i in Begin mode 1 and δi/|1+i|; the values 2^4; each product 1;
// each sum 1 relative to the magnitudes summed; a quotient 3. The bound is
// doubled for the 34-digit code's own error (10^-34 an operation).
func (d ddTVM) direct(iyr hp17b.Number, pyr int, kind int) (hp17b.Number, bool) {
	h, l, eps, ok := d.directDD(iyr, pyr, kind)
	if !ok {
		return hp17b.Zero, false
	}
	return hp17b.RoundDD(h, l, eps)
}

// directDD is direct's value before the rounding, h + l, and its bound
// eps relative to |h| (doubled as direct says).
func (d ddTVM) directDD(iyr hp17b.Number, pyr int, kind int) (h, l, eps float64, ok bool) {
	ph, pl, ok := hp17b.DD(iyr)
	if !ok || ph == 0 {
		return 0, 0, 0, false
	}
	q := 100 * float64(pyr)
	ih := ph / q
	il := (math.FMA(-ih, q, ph) + pl) / q
	ih, il = dd.FastTwoSum(ih, il)
	if ih <= -1 {
		return 0, 0, 0, false
	}
	const u = uDD
	di := 0x1p-99 * math.Abs(ih)
	ah, al := dd.TwoSum(1, ih)
	ah, al = dd.FastTwoSum(ah, al+il)
	a1 := math.Abs(ah)
	vh, vl := ddRecip(ah, al)
	if apdUnderflows(vh, d.n) {
		return 0, 0, 0, false
	}
	bits := 0
	for m := d.n; m > 0; m >>= 1 {
		bits++
	}
	sph, spl := ddPow(vh, vl, d.n)
	esp := (4*float64(d.n)+2*float64(bits))*u + float64(d.n)*di/a1
	oh, ol := dd.TwoSum(1, -sph)
	oh, ol = dd.FastTwoSum(oh, ol-spl)
	rh, rl := ddRecip(ih, il)
	uh, ul := dd.Mul(oh, ol, rh, rl)
	if uh == 0 || sph == 0 {
		return 0, 0, 0, false
	}
	eus := ((math.Abs(sph)*esp+2*u)*math.Abs(rh))/math.Abs(uh) + 4*u + di/math.Abs(ih)
	kh, kl, ek := 1.0, 0.0, 0.0
	if d.begin {
		kh, kl, ek = ah, al, u+di/a1
	}
	const ev = 16 * u // a value's conversion
	// t2 = k·PMT·USPV, t3 = FV·SPPV, with their relative errors.
	t2h, t2l := dd.Mul(d.pmh, d.pml, uh, ul)
	t2h, t2l = dd.Mul(t2h, t2l, kh, kl)
	e2 := ev + eus + ek + 2*u
	t3h, t3l := dd.Mul(d.fvh, d.fvl, sph, spl)
	e3 := ev + esp + u
	var nh, nl, en, qrel float64 // the numerator, its absolute error, the divisor's relative error
	switch kind {
	case 0: // PV = −(t2 + t3)
		nh, nl = dd.Add(t2h, t2l, t3h, t3l)
		en = e2*math.Abs(t2h) + e3*math.Abs(t3h) + u*(math.Abs(t2h)+math.Abs(t3h))
	case 1: // FV = −(PV + t2) ÷ SPPV
		nh, nl = dd.Add(d.pvh, d.pvl, t2h, t2l)
		en = ev*math.Abs(d.pvh) + e2*math.Abs(t2h) + u*(math.Abs(d.pvh)+math.Abs(t2h))
		qrel = esp + 3*u
		r1, r2 := ddRecip(sph, spl)
		nh, nl = dd.Mul(nh, nl, r1, r2)
	default: // PMT = −(PV + t3) ÷ (k·USPV)
		nh, nl = dd.Add(d.pvh, d.pvl, t3h, t3l)
		en = ev*math.Abs(d.pvh) + e3*math.Abs(t3h) + u*(math.Abs(d.pvh)+math.Abs(t3h))
		dh, dl := dd.Mul(kh, kl, uh, ul)
		if dh == 0 {
			return 0, 0, 0, false
		}
		qrel = eus + ek + 4*u
		r1, r2 := ddRecip(dh, dl)
		nh, nl = dd.Mul(nh, nl, r1, r2)
		en = en * math.Abs(r1) // the numerator's error carried through the quotient
	}
	if kind == 1 {
		en = en / math.Abs(sph)
	}
	if nh == 0 || math.IsNaN(nh) || math.IsInf(nh, 0) || math.IsNaN(en) {
		return 0, 0, 0, false
	}
	eps = 2*(en/math.Abs(nh)+qrel)*(1+0x1p-20) + 4*u
	return -nh, -nl, eps, true
}

// The TVM fast paths that ddTVM leaves (a fractional, negative, zero or
// huge N, I%YR = 0) and the solve for N: in ev, the formulas of tvm.go in
// their order.

// tvmEV is t's values as ev: i = I%YR ÷ 100 ÷ P/YR, the Begin factor k,
// PV, PMT, FV and N; ok false for a value out of hp17b.DD's range, an
// invalid P/YR or a rate at or below −99 % a period (left to the
// 34-digit code and its errors).
type tvmEV struct {
	i, k, pv, pmt, fv, n ev
	zero                 bool // I%YR = 0
}

func newTVMEV(t TVM) (tvmEV, bool) {
	var d tvmEV
	if !ValidPYR(t.PYR) {
		return d, false
	}
	iyr, ok1 := evNum(t.IYR)
	pyr, ok2 := evNum(t.PYR)
	pv, ok3 := evNum(t.PV)
	pmt, ok4 := evNum(t.PMT)
	fv, ok5 := evNum(t.FV)
	n, ok6 := evNum(t.N)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 {
		return d, false
	}
	d.i = iyr.quo(evF(100)).quo(pyr)
	if !(d.i.h > -0.99) {
		return d, false
	}
	d.zero = t.IYR.Sign() == 0
	d.k = evF(1)
	if t.Begin {
		d.k = d.k.add(d.i)
	}
	d.pv, d.pmt, d.fv, d.n = pv, pmt, fv, n
	return d, true
}

// factors is factors (tvm.go): USPV and SPPV.
func (d tvmEV) factors() (us, sp ev) {
	if d.zero {
		return d.n, evF(1)
	}
	one := evF(1)
	sp = one.add(d.i).pow(d.n.neg())
	return one.sub(sp).quo(d.i), sp
}

// directEV is SolvePV, SolveFV or SolvePMT (kind 0, 1, 2) in ev, ok
// false where it does not decide (or where the 34-digit code gives an
// error: a quotient by a zero it cannot rule out).
func (t TVM) directEV(kind int) (hp17b.Number, bool) {
	d, ok := newTVMEV(t)
	if !ok {
		return hp17b.Zero, false
	}
	us, sp := d.factors()
	var r ev
	switch kind {
	case 0:
		r = d.k.mul(d.pmt).mul(us).add(d.fv.mul(sp)).neg()
	case 1:
		if !sp.nonzero() {
			return hp17b.Zero, false
		}
		r = d.pv.add(d.k.mul(d.pmt).mul(us)).quo(sp).neg()
	default:
		den := d.k.mul(us)
		if !den.nonzero() {
			return hp17b.Zero, false
		}
		r = d.pv.add(d.fv.mul(sp)).quo(den).neg()
	}
	return r.round(t.fast)
}

// solveNFast is SolveN in ev, ok false where it does not decide or where
// the 34-digit code gives NO SOLUTION (left to it).
func (t TVM) solveNFast() (hp17b.Number, bool) {
	d, ok := newTVMEV(t)
	if !ok {
		return hp17b.Zero, false
	}
	if d.zero {
		if !d.pmt.nonzero() {
			return hp17b.Zero, false
		}
		return d.pv.add(d.fv).quo(d.pmt).neg().round(t.fast)
	}
	a := d.k.mul(d.pmt).quo(d.i)
	num, den := a.sub(d.fv), d.pv.add(a)
	if !num.nonzero() || !den.nonzero() || (num.h < 0) != (den.h < 0) {
		return hp17b.Zero, false
	}
	return num.quo(den).ln().quo(evF(1).add(d.i).ln()).round(t.fast)
}

// gapEV is gapWide in ev at the periodic rate ih + il (taken as exact,
// not 0), for I%YR's refinement where ddTVM does not take N.
func (d tvmEV) gapEV(ih, il float64, begin bool) ev {
	i := ev{ih, il, 0}
	one := evF(1)
	k := one
	if begin {
		k = k.add(i)
	}
	sp := one.add(i).pow(d.n.neg())
	us := one.sub(sp).quo(i)
	return d.pv.add(k.mul(d.pmt).mul(us)).add(d.fv.mul(sp))
}

// iyrEV is SolveIYR's refinement of the float64 root r in ev (chordRoot)
// for an N ddTVM does not take, ok false where it does not decide.
func (t TVM) iyrEV(r float64) (hp17b.Number, bool) {
	t.IYR = hp17b.Zero // the unknown: gapEV takes the rate as its argument
	d, ok := newTVMEV(t)
	if !ok {
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
