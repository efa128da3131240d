package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The cash-flow calculations' fast path: NPV in double-double (a pair of
// float64, hi + lo, about 32 digits) with a running bound on its error,
// and IRR%'s refinement by chord steps in double-double, rounded to 12
// digits by hp17b.RoundDD only when the bound shows the rounding is
// decided; otherwise the 34-digit code (npvWide, refine) computes the
// result as it always did. TestFastFlowsAgree holds the two to the same
// results on random flow lists.

// fastFlows switches the double-double path on (the cash flows' and
// TVM's); tests switch it off to compute the reference results with the
// 34-digit code alone.
var fastFlows = true

// fastHook, when not nil, hears whether each fast-path attempt decided
// (the tests' means to count fallbacks); read-only outside tests.
var fastHook func(decided bool)

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

// periods is the list's N: the sum of its #TIMES.
func (g ddFlows) periods() int {
	n := 0
	for _, t := range g.times[1:] {
		n += t
	}
	return n
}

// ddFlows is a cash-flow list read for the fast path: each amount as a
// double-double within 2^-100 (hp17b.DD) and each #TIMES as an integer.
type ddFlows struct {
	ah, al []float64
	times  []int
}

// newDDFlows reads f; ok is false for an empty list, when an amount is
// out of hp17b.DD's range or a #TIMES is not a whole number from 1 to
// MaxTimes.
func newDDFlows(f Flows) (ddFlows, bool) {
	if len(f) == 0 {
		return ddFlows{}, false // no flows: the 34-digit code answers 0
	}
	g := ddFlows{make([]float64, len(f)), make([]float64, len(f)), make([]int, len(f))}
	for j, fl := range f {
		h, l, ok := hp17b.DD(fl.Amount)
		if !ok {
			return g, false
		}
		g.ah[j], g.al[j] = h, l
		if j == 0 {
			g.times[j] = 1
			continue
		}
		t, ok := fl.Times.Int64()
		if !ok || t < 1 || t > MaxTimes {
			return g, false
		}
		g.times[j] = int(t)
	}
	return g, true
}

// npv is npvWide's sum in double-double at the periodic rate ih + il
// (taken as exact), the same products in the same order, with a bound
// err on |s − NPV| (the exact NPV at that rate), or ok false when a
// quantity is not finite. Bound, in units of u = 2^-104 and relative to
// each quantity unless said: the amounts 2^4 (2^-100); 1 + i one
// rounding, v = 1/(1 + i) 3 more (ev = 4); d = v^k by one product a
// period, ed growing by ev + 1 each time; v^n (ddPow) n·ev + 20; 1 − v^n
// with an absolute error of |v^n|·evn + 1 + |v^n|, divided by i (3 more,
// relative); each product 1; each sum 1 absolute relative to |s| + |term|.
// The bound is computed in float64 and scaled by 1 + 2^-20 for its own
// roundings.
func (g ddFlows) npv(ih, il float64) (sh, sl, err float64, ok bool) {
	sh, sl, err, _, ok = g.npvAbs(ih, il)
	return sh, sl, err, ok
}

// npvAbs is npv with abs, the sum of the terms' magnitudes.
func (g ddFlows) npvAbs(ih, il float64) (sh, sl, err, abs float64, ok bool) {
	const ea = 16.0
	sh, sl = g.ah[0], g.al[0]
	abs = math.Abs(sh)
	eu := ea * math.Abs(sh) // absolute, in units
	if len(g.ah) == 1 {
		return sh, sl, eu * uDD, abs, true
	}
	ah, al := dd.TwoSum(1, ih)
	ah, al = dd.FastTwoSum(ah, al+il)
	vh, vl := ddRecip(ah, al)
	if apdUnderflows(vh, g.periods()) {
		return 0, 0, 0, 0, false
	}
	const ev = 4.0
	dh, dl, ed := 1.0, 0.0, 0.0
	for j := 1; j < len(g.ah); j++ {
		n := g.times[j]
		if n == 1 {
			dh, dl = dd.Mul(dh, dl, vh, vl)
			ed += ev + 1
			th, tl := dd.Mul(g.ah[j], g.al[j], dh, dl)
			at := math.Abs(th)
			abs += at
			eu += at*(ea+ed+1) + math.Abs(sh) + at
			sh, sl = dd.Add(sh, sl, th, tl)
			continue
		}
		nh, nl := ddPow(vh, vl, n)
		evn := float64(n)*ev + 20
		var uh, ul, eus float64 // USPV and its absolute error in units
		if ih == 0 && il == 0 {
			uh, eus = float64(n), 0
		} else {
			oh, ol := dd.TwoSum(1, -nh)
			oh, ol = dd.FastTwoSum(oh, ol-nl)
			eo := math.Abs(nh)*(evn+1) + 1 // absolute, units
			ir, irl := ddRecip(ih, il)
			uh, ul = dd.Mul(oh, ol, ir, irl)
			eus = eo*math.Abs(ir) + math.Abs(uh)*4
		}
		th, tl := dd.Mul(g.ah[j], g.al[j], uh, ul)
		th, tl = dd.Mul(th, tl, dh, dl)
		at := math.Abs(th)
		abs += at
		// relative error of the term: amount, USPV, d and two products.
		erel := ea + ed + 2
		if uh != 0 {
			erel += eus / math.Abs(uh)
		}
		eu += at*erel + math.Abs(sh) + at
		sh, sl = dd.Add(sh, sl, th, tl)
		dh, dl = dd.Mul(dh, dl, nh, nl)
		ed += evn + 1
	}
	if math.IsNaN(sh+eu+abs) || math.IsInf(sh+eu+abs, 0) {
		return 0, 0, 0, 0, false
	}
	return sh, sl, eu * uDD * (1 + 0x1p-20), abs, true
}

// irrFast refines the float64 root r of NPV (a periodic rate) in
// double-double (chordRoot) and returns 100·rate rounded to 12 digits,
// with ok false where it cannot show that the 34-digit refinement (refine
// over npvWide) rounds to the same number.
func (g ddFlows) irrFast(r float64) (hp17b.Number, bool) {
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		fh, _, err, ok := g.npv(xh, xl)
		return fh, err, ok
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	ph, pl := dd.Mul(xh, xl, 100, 0)
	return hp17b.RoundDD(ph, pl, eps+4*uDD)
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

// rateDD is the periodic rate pct/100 as a double-double and a bound on
// its error relative to the exact quotient (hp17b.DD 2^-100, the
// quotient's rounding and its remainder's 2^-104: 2^-99); ok false when
// pct is out of hp17b.DD's range.
func rateDD(pct hp17b.Number) (ih, il, rel float64, ok bool) {
	ph, pl, ok := hp17b.DD(pct)
	if !ok {
		return 0, 0, 0, false
	}
	ih = ph / 100
	il = (math.FMA(-ih, 100, ph) + pl) / 100
	ih, il = dd.FastTwoSum(ih, il)
	return ih, il, 0x1p-99, true
}

// flowsFast is NPV, NUS or NFV (kind 0, 1, 2) at I% a period in
// double-double, rounded where decided; ok false sends the caller to the
// 34-digit code. Bounds: npvAbs's err, doubled for the 34-digit sum's
// own error, plus the rate's error δi moving NPV by at most
// N·Σ|terms|·δi/|1+i| (each term's discount v^t moves by t·δi/|1+i|
// relative); for NUS and NFV the factor SPPV(i:N) = v^N (ddPow: 2·bits(N)
// + 4N units, and N·δi/|1+i| from the rate) and USPV = (1 − SPPV)/i,
// whose absolute error is SPPV's over |i| plus 4 units; the quotient adds
// 3 units.
func (g ddFlows) flowsFast(pct hp17b.Number, n int, kind int) (hp17b.Number, bool) {
	ih, il, irel, ok := rateDD(pct)
	if !ok || ih <= -1 {
		return hp17b.Zero, false
	}
	sh, sl, err, abs, ok := g.npvAbs(ih, il)
	if !ok || sh == 0 {
		return hp17b.Zero, false
	}
	a1 := math.Abs(1 + ih)
	di := irel * math.Abs(ih) // the rate's absolute error
	e := (2*err + 1.01*abs*float64(n)*di/a1) / math.Abs(sh)
	if kind == 0 {
		return hp17b.RoundDD(sh, sl, e+4*uDD)
	}
	if n == 0 {
		return hp17b.Zero, false
	}
	ah, al := dd.TwoSum(1, ih)
	ah, al = dd.FastTwoSum(ah, al+il)
	vh, vl := ddRecip(ah, al)
	if apdUnderflows(vh, n) {
		return hp17b.Zero, false
	}
	bits := 0
	for m := n; m > 0; m >>= 1 {
		bits++
	}
	sph, spl := ddPow(vh, vl, n)
	esp := (float64(2*bits)+4*float64(n)+2)*uDD + 1.01*float64(n)*di/a1 // relative
	var qh, ql, eq float64
	if kind == 2 { // NFV = NPV ÷ SPPV
		rh, rl := ddRecip(sph, spl)
		qh, ql = dd.Mul(sh, sl, rh, rl)
		eq = e + esp + 5*uDD
	} else { // NUS = NPV ÷ USPV
		if ih == 0 && il == 0 {
			return hp17b.Zero, false
		}
		oh, ol := dd.TwoSum(1, -sph)
		oh, ol = dd.FastTwoSum(oh, ol-spl)
		if oh == 0 {
			return hp17b.Zero, false
		}
		// USPV = o/i; NUS = NPV·i/o: the rate's error moves i by di too.
		eo := (esp*math.Abs(sph) + 2*uDD) / math.Abs(oh)
		rh, rl := ddRecip(oh, ol)
		qh, ql = dd.Mul(sh, sl, ih, il)
		qh, ql = dd.Mul(qh, ql, rh, rl)
		eq = e + eo + irel + 8*uDD
	}
	return hp17b.RoundDD(qh, ql, eq*1.01)
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
