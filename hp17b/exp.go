package hp17b

import (
	"math"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// EXP and EXPM1: e^a = e^r·10^k with k = round(a/ln 10) and |r| ≤ 1.16
// (expReduce); EXPM1 from math.Expm1 for |a| < 0.5, where e^a − 1 would
// cancel, and from e^a beyond.
//
// Bounds: expReduce within 6u relative (and the argument's own error d
// as d·(1 + d)); expFast decides with 6.5u; expm1Fast with 5.5u
// (|a| < 0.5), 17.5u (0.5 ≤ |a| ≤ 40) or 6u + 2^-57 (a > 40), and
// answers a itself below 1E-20. Second stage (EXP only): ddExp within
// 2^-90 relative for |r| ≤ 2.5, expDD 2^-89, ddExpm1 2^-81 (the rate
// factors' and fin's), expDDFast's floor 10^-31·(1 + |a|) (Wide's Exp).
// The apd path: Wide's Exp at 34 digits; EXPM1 e^a − 1 at 40 digits,
// correct from 1E-20 up (below, 1 + a at 40 digits has lost a's digits:
// the first stage answers there).
//
// Tests: TestLibraryBounds (math.Exp, math.Expm1), TestDDKernelBounds
// (ExpDD, Expm1DD), TestFunctionsCorrectlyRounded and TestElementaryTable
// (EXP, EXPM1 against 50 and 60 digits), TestApdPathsCorrectlyRounded,
// TestElementaryAgreesWithApdPaths, FuzzFloatStage and FuzzDoubleStage.

// Exp returns e^a; overflow saturates, underflow gives 0.
func Exp(a Number) (Number, error) { return paths{}.exp(a) }

// exp is Exp on the paths p.
func (p paths) exp(a Number) (Number, error) {
	if a.Exponent() > 5 { // |a| ≥ 1E6: far outside the range either way
		if a.Sign() > 0 {
			return saturate(false), ErrOverflow
		}
		return Zero, nil
	}
	if !p.apdOnly {
		neg, c, q := a.parts()
		if rc, re, ok := expFast(neg, c, q); ok {
			return fromParts(false, rc, re)
		}
		if rc, re, ok := expDDFast(neg, c, q); ok {
			return fromParts(false, rc, re)
		}
		p.fellBack()
	}
	return wide(Wide.Exp, a)
}

// Expm1 returns e^a − 1, accurate for small a.
func Expm1(a Number) (Number, error) { return paths{}.expm1(a) }

// expm1 is Expm1 on the paths p.
func (p paths) expm1(a Number) (Number, error) {
	if a.Exponent() > 5 && a.Sign() > 0 {
		return p.exp(a)
	}
	if a.Cmp(FromInt(-60)) < 0 {
		return Neg(One), nil // e^a is below the 12th digit of 1
	}
	if !p.apdOnly {
		neg, c, q := a.parts()
		if c == 0 {
			return Zero, nil
		}
		if rc, re, ok := expm1Fast(neg, c, q); ok {
			return fromParts(neg, rc, re)
		}
		p.fellBack()
	}
	return expm1Apd(a)
}

// expm1Apd is e^a − 1 through apd at 40 digits: e^a rounded to 40
// digits, less 1, so correctly rounded only where |a| is well above
// 10^-28 (Expm1's first stage answers every |a| below 1E-20).
func expm1Apd(a Number) (Number, error) {
	var e, one, r, t apd.Decimal
	one.SetInt64(1)
	wctx := Wide.WithPrecision(40)
	if _, err := wctx.Exp(&e, a.in(&t)); err != nil {
		return Zero, ErrInvalidInput
	}
	if _, err := wctx.Sub(&r, &e, &one); err != nil {
		return Zero, ErrInvalidInput
	}
	return round12(&r)
}

// expReduce returns y and k with e^(ph+pl) = y·10^k·(1 + δ), for
// |ph| ≤ 4000 and |pl| ≤ ulp(ph):
//
//	|δ| ≤ 6u, not counting the error the caller's ph + pl carries
//	(an absolute error d in the argument adds d·(1 + d) relative).
//
// Budget: k = round(ph/ln 10), |k| < 1800 < 4096, so k·ln10Hi is exact;
// ph − k·ln10Hi is exact (both are multiples of min(ulp(ph), 2^-39), and
// the difference is below 1.16 < 2: when k ≠ 0, |ph| > 1.15 and
// ulp(ph) ≥ 2^-52); pl − k·ln10Lo is below 2^-30 and carries ≤ 2^-80;
// the last sum r rounds once (≤ 1.16u); the split of ln 10 leaves
// ≤ 1800·2.5e-29 < 2^-80. So r is within 1.2u of the reduced argument,
// and math.Exp (|r| ≤ 1.16, result in [0.31, 3.2]) adds 2 ulps ≤ 4u:
// 5.2u < 6u.
func expReduce(ph, pl float64) (y float64, k int) {
	kf := math.Round(ph * invLn10H)
	r := (ph - kf*ln10Hi) + (pl - kf*ln10Lo)
	return math.Exp(r), int(kf)
}

// expFast is EXP's kernel for a = ±c·10^q with |a| < 10^6. For
// |a| < 10^-28 e^a rounds to 1 (it is within 2·10^-28 of 1, and the
// nearest midpoints are 1 − 5·10^-13 and 1 + 5·10^-12). For a > 1160
// the result is past 9.99999999999E499 (e^1151.3 = 10^500), for
// a < −1160 below 1E-499: the caller's range does the rest. Otherwise a
// enters as a double-double within 2^-100 (toFloat) and expReduce's 6u
// is the whole budget: eps = 6u + 2^-100·1160·1.01 < 6.5u.
func expFast(neg bool, c uint64, q int) (rc uint64, re int, ok bool) {
	if c == 0 || q < -40 {
		return 100000000000, -11, true
	}
	xh, xl, ok := toFloat(neg, c, q)
	if !ok {
		return 0, 0, false
	}
	if xh > 1160 {
		return 1, 600, true // overflows in fromParts
	}
	if xh < -1160 {
		return 1, -600, true // underflows to 0 in fromParts
	}
	y, k := expReduce(xh, xl)
	return decide12(y, k, 6.5*u)
}

// expm1Fast is EXPM1's kernel for a = ±c·10^q with −60 ≤ a < 10^6.
// |a| < 10^-20: e^a − 1 is within a² of a, a 12-digit number whose
// neighbouring midpoints are ≥ 5·10^-14·|a| away: a itself. a > 40:
// e^a − 1 = e^a·(1 − e^-a) with e^-a < 2^-57, so expFast's budget plus
// 2^-57. Otherwise math.Expm1 of a's high part (2 ulps: 4u) and the
// correction al·(1 + expm1) (≤ 1u; a is within 2^-100): eps = 5.5u, for
// |a| < 0.5 (beyond, math.Expm1 errs by up to 28 ulps: TestLibraryBounds);
// for 0.5 ≤ |a| ≤ 40, e^a from expReduce (6u) scaled back by 10^k,
// |k| ≤ 18 (2^-100), less 1 (1u), which multiplies e^a's error by
// e^a/|e^a − 1| ≤ 1/(1 − e^-0.5) < 2.55: eps = 2.55·6.1u + 1u < 17.5u.
func expm1Fast(neg bool, c uint64, q int) (rc uint64, re int, ok bool) {
	if q < -31 {
		return c, q, true
	}
	xh, xl, ok := toFloat(neg, c, q)
	if !ok {
		return 0, 0, false
	}
	if xh > 40 {
		if xh > 1160 {
			return 1, 600, true
		}
		y, k := expReduce(xh, xl)
		return decide12(y, k, 6*u+0x1p-57)
	}
	if math.Abs(xh) >= 0.5 {
		y, k := expReduce(xh, xl)
		e, el, _ := scale10(y, k)
		em := (e - 1) + el
		return decide12(math.Abs(em), 0, 17.5*u)
	}
	em := math.Expm1(xh)
	em += xl * (1 + em)
	return decide12(math.Abs(em), 0, 5.5*u)
}

// ddExp is e^(rh + rl) for |rh| ≤ 2.5 within 2^-90 relative. Method:
// s = r/2^10 (exact), |s| ≤ 2.45·10^-3; e^s by the Taylor polynomial of
// degree 9 in nested form t ← 1 + s·t/k (k = 9…1), each step in
// double-double within 2^-103 (a product, a quotient by k with its exact
// remainder, a sum): the polynomial's error is below s^10/10! < 2^-109 and
// the steps' below 2^-100; then ten squarings, each doubling the
// relative error and adding 2^-103: 2^10·2^-100 + 2^-93 < 2^-89.9.
func ddExp(rh, rl float64) (h, l float64) {
	sh, sl := rh*0x1p-10, rl*0x1p-10
	th, tl := 1.0, 0.0
	for k := 9.0; k >= 1; k-- {
		ph, pl := dd.Mul(sh, sl, th, tl)
		qh := ph / k
		ql := (math.FMA(-qh, k, ph) + pl) / k
		th, tl = dd.TwoSum(1, qh)
		th, tl = dd.FastTwoSum(th, tl+ql)
	}
	for range 10 {
		th, tl = dd.Mul(th, tl, th, tl)
	}
	return th, tl
}

// ddExpm1 is e^r − 1 for |r| < 2.5 within 2^-81 relative: for
// |r| < 2^-9 the Taylor polynomial of degree 13 in nested form
// r·(1 + r/2·(1 + r/3·(…))) (remainder below r^13/13! < 2^-139·|r|,
// steps 2^-103 each: 2^-99); otherwise ddExp(r) − 1, whose 2^-90·e^r
// becomes 2^-90·e^r/|e^r − 1| ≤ 2^-90·(1 + |r|)/|r| < 2^-81 relative for
// |r| ≥ 2^-9.
func ddExpm1(r float64) (h, l float64) {
	if math.Abs(r) >= 0x1p-9 {
		eh, el := ddExp(r, 0)
		return dd.Add(eh, el, -1, 0)
	}
	th, tl := 1.0, 0.0
	for k := 13.0; k >= 2; k-- {
		ph, pl := dd.Mul(r, 0, th, tl)
		qh := ph / k
		ql := (math.FMA(-qh, k, ph) + pl) / k
		th, tl = dd.TwoSum(1, qh)
		th, tl = dd.FastTwoSum(th, tl+ql)
	}
	return dd.Mul(r, 0, th, tl)
}

// expDD is e^(ph + pl) for |ph| ≤ 1200 as y·10^k with y = yh + yl within
// 2^-89 relative (not counting the argument's own error): r = p − k·ln 10
// with the double-double ln 10 (2^-106 relative: k·ln 10 within 2^-94;
// the difference's rounding 2^-104·1200 < 2^-93), ddExp 2^-90.
func expDD(ph, pl float64) (yh, yl float64, k int) {
	kf := math.Round(ph * invLn10H)
	th, tl := dd.TwoProd(kf, ln10H)
	tl += kf * ln10L
	rh, rl := dd.Add(ph, pl, -th, -tl)
	yh, yl = ddExp(rh, rl)
	return yh, yl, int(kf)
}

// expDDFast is EXP's second stage for |a| ≤ 1160 (expFast has the rest):
// a within 2^-100 (toFloat), expDD 2^-89, the apd path's floor (Wide's
// Exp, 34 digits: 10^-31·(1 + |a|)).
func expDDFast(neg bool, c uint64, q int) (rc uint64, re int, ok bool) {
	xh, xl, ok := toFloat(neg, c, q)
	if !ok || math.Abs(xh) > 1160 {
		return 0, 0, false
	}
	yh, yl, k := expDD(xh, xl)
	return decide12dd(yh, yl, k, max(0x1p-89+0x1p-99*math.Abs(xh), 1e-31*(1+math.Abs(xh))))
}
