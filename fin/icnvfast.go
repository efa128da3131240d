package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// ICNV's fast paths: the four conversions in double-double with a bound
// on their own error and on the 34-digit code's (the model of ev.go:
// apdArith, apdPow, apdTrans), rounded where the sum decides. Tests:
// TestICNVAgree (against the 34-digit code), TestICNVLooseBoundFails (a
// bound ten times too small is caught), TestICNVEdges.

// effectiveFast is Effective on the fast path: x = NOM%/(100·P) (the
// values within 2^-100 each, 100·P 2^-104, the quotient 5·2^-104: εx =
// 2^-98 relative), L = ln(1 + x) (Log1pDD, 2^-80 relative, x's error
// moving it by |x|·εx/|1 + x|), q = P·L (P's 2^-100 and the product's
// 2^-104), EFF% = 100·(e^q − 1) (Expm1DD 2^-80, q's absolute error Δ
// moving it by e^q·Δ·1.01; the product by 100 2^-104). The 34-digit code
// forms x (one quotient), B = 1 + x (a sum: δB = apdArith·(|x| + |B|)),
// B^P (P·δB/|B| in the exponent, and apdPow), subtracts 1 and multiplies
// by 100 (apdArith each). An exponent's error δ moves a power by
// e^δ − 1 ≤ 1.01·δ relative only for δ < 0.01: beyond, the 34-digit
// code answers (1 + 10^-45 is 1 at 34 digits, and EFF% of −29,600 % over
// 5.4·10^46 periods is 0 there, −100 exactly).
func effectiveFast(nom, p hp17b.Number, o *fastOpts) (hp17b.Number, bool) {
	nh, nl, ok1 := hp17b.DD(nom)
	ph, pl, ok2 := hp17b.DD(p)
	if !ok1 || !ok2 || nh == 0 || !(ph > 0) {
		return hp17b.Zero, false
	}
	qh, ql := dd.Mul(ph, pl, 100, 0)
	xh, xl := ddDiv(nh, nl, qh, ql)
	if !(xh > -0.99) {
		return hp17b.Zero, false
	}
	const ex = 0x1p-98
	lh, ll, ok := hp17b.Log1pDD(xh, xl)
	if !ok {
		return hp17b.Zero, false
	}
	b := 1 + xh
	ax := math.Abs(xh)
	eL := math.Abs(lh)*0x1p-80 + ax*ex/b // absolute
	rh, rl := dd.Mul(ph, pl, lh, ll)
	delta := ph*eL + math.Abs(rh)*(0x1p-100+0x1p-104)
	mh, ml, ok := hp17b.Expm1DD(rh, rl)
	if !ok || mh == 0 {
		return hp17b.Zero, false
	}
	am, er := math.Abs(mh), math.Exp(rh)
	dB := apdArith * (ax + b)
	shift := ph * dB / b // the 34-digit power's exponent error
	if !(delta < 0.01 && shift < 0.01) {
		return hp17b.Zero, false // beyond first order: e^δ − 1 ≤ 1.01·δ only below 0.01
	}
	fast := er*delta*1.01/am + 0x1p-80 + 0x1p-104
	model := er*(1.01*shift+apdPow)/am + 3*apdArith
	eh, el := dd.Mul(mh, ml, 100, 0)
	return round12(eh, el, fast+model, o)
}

// nominalFast is Nominal on the fast path: x = EFF%/100 (εx = 2^-99),
// L = ln(1 + x) as effectiveFast's, q = L/P (P's 2^-100, the quotient
// 5·2^-104), NOM% = 100·P·(e^q − 1) (Expm1DD 2^-80 and q's error; P's
// 2^-100 and two products). The 34-digit code forms B = 1 + x (δB as
// effectiveFast's), 1/P (apdArith, moving B^(1/P) by |q|·apdArith),
// B^(1/P) (δB/(|B|·P) relative, and apdPow), subtracts 1 (apdArith)
// and multiplies twice (apdArith each).
func nominalFast(eff, p hp17b.Number, o *fastOpts) (hp17b.Number, bool) {
	eh, el, ok1 := hp17b.DD(eff)
	ph, pl, ok2 := hp17b.DD(p)
	if !ok1 || !ok2 || eh == 0 || !(ph > 0) {
		return hp17b.Zero, false
	}
	xh, xl := ddDiv(eh, el, 100, 0)
	if !(xh > -0.99) {
		return hp17b.Zero, false
	}
	const ex = 0x1p-99
	lh, ll, ok := hp17b.Log1pDD(xh, xl)
	if !ok {
		return hp17b.Zero, false
	}
	b := 1 + xh
	ax := math.Abs(xh)
	eL := math.Abs(lh)*0x1p-80 + ax*ex/b
	qh, ql := ddDiv(lh, ll, ph, pl)
	delta := eL/ph + math.Abs(qh)*(0x1p-100+6*0x1p-104)
	mh, ml, ok := hp17b.Expm1DD(qh, ql)
	if !ok || mh == 0 {
		return hp17b.Zero, false
	}
	am, er := math.Abs(mh), math.Exp(qh)
	dB := apdArith * (ax + b)
	shift := dB/(b*ph) + math.Abs(qh)*apdArith // the 34-digit root's exponent error
	if !(delta < 0.01 && shift < 0.01) {
		return hp17b.Zero, false
	}
	fast := er*delta*1.01/am + 0x1p-80 + 0x1p-100 + 2*0x1p-104
	model := er*(1.01*shift+apdPow)/am + 3*apdArith
	rh, rl := dd.Mul(mh, ml, ph, pl)
	rh, rl = dd.Mul(rh, rl, 100, 0)
	return round12(rh, rl, fast+model, o)
}

// effectiveContFast is EffectiveCont on the fast path: x = NOM%/100
// (2^-99 relative), EFF% = 100·(e^x − 1) (Expm1DD 2^-80, x's error moving
// it by e^x·|x|·2^-99·1.01; the product 2^-104). The 34-digit code forms
// x exactly, e^x (apdTrans), subtracts 1 and multiplies by 100 (apdArith
// each).
func effectiveContFast(nom hp17b.Number, o *fastOpts) (hp17b.Number, bool) {
	nh, nl, ok := hp17b.DD(nom)
	if !ok || nh == 0 {
		return hp17b.Zero, false
	}
	xh, xl := ddDiv(nh, nl, 100, 0)
	mh, ml, ok := hp17b.Expm1DD(xh, xl)
	if !ok || mh == 0 {
		return hp17b.Zero, false
	}
	am, er := math.Abs(mh), math.Exp(xh)
	if !(math.Abs(xh)*0x1p-99 < 0.01) {
		return hp17b.Zero, false
	}
	fast := er*math.Abs(xh)*0x1p-99*1.01/am + 0x1p-80 + 0x1p-104
	model := er*apdTrans/am + 2*apdArith
	rh, rl := dd.Mul(mh, ml, 100, 0)
	return round12(rh, rl, fast+model, o)
}

// nominalContFast is NominalCont on the fast path: x = EFF%/100 (2^-99),
// NOM% = 100·ln(1 + x) (Log1pDD 2^-80, x's error moving it by
// |x|·2^-99/|1 + x|; the product 2^-104). The 34-digit code forms
// B = 1 + x (δB as effectiveFast's, moving ln B by δB/|B|), ln B
// (apdTrans) and the product (apdArith).
func nominalContFast(eff hp17b.Number, o *fastOpts) (hp17b.Number, bool) {
	eh, el, ok := hp17b.DD(eff)
	if !ok || eh == 0 {
		return hp17b.Zero, false
	}
	xh, xl := ddDiv(eh, el, 100, 0)
	if !(xh > -0.99) {
		return hp17b.Zero, false
	}
	lh, ll, ok := hp17b.Log1pDD(xh, xl)
	if !ok || lh == 0 {
		return hp17b.Zero, false
	}
	b, ax, al := 1+xh, math.Abs(xh), math.Abs(lh)
	fast := 0x1p-80 + ax*0x1p-99/b/al + 0x1p-104
	model := apdArith*(ax+b)/b/al + apdTrans + apdArith
	rh, rl := dd.Mul(lh, ll, 100, 0)
	return round12(rh, rl, fast+model, o)
}
