package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The cash flows' fast paths: NPV, NUS and NFV in double-double with a
// running bound on their error (npvAbs), doubled for the 34-digit sum's
// own; IRR% refined by chord steps (chordRoot). Tests: TestNPVBound,
// TestNPVFloat4, TestFastNPVAgree, TestFastFlowsAgree, TestEmptyFlows.

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

// periods is the list's N: the sum of its #TIMES.
func (g ddFlows) periods() int {
	n := 0
	for _, t := range g.times[1:] {
		n += t
	}
	return n
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
