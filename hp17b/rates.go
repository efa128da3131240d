package hp17b

import (
	"math"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The rate factors SPFV, SPPV, USFV and USPV: (1 + w)^n = e^p with
// w = i/100 and p = n·ln(1 + w); USFV = expm1(p)/w and USPV =
// −expm1(−p)/w, which do not cancel at small rates. A rate of −100 % or
// less has no factor (ErrInvalidInput), except that SPFV of −100 % is
// 0^n. Each factor is the correctly rounded 12-digit result: USPV(1:12) is
// 11.2550774735 (C. Finseth's HP-17B data pages: functions keep 15-digit
// intermediates).
//
// Bounds: rateParts carries p within perr = |n|·ln1pEps·|ln(1 + w)|·
// (1 + 2^-50) + 2^-99·|p| (ln.go); spfvFast decides with 6u + 1.01·perr,
// usFast with 7.5u or 19.5u + 1.01·perr·(1 + max(p, 0))/|p|; the second
// stage (rateDD, with ln1pDD2; spfvDD, usDD) floored at apdFloor; tinyRate
// for |w| < 10^-32. The apd paths: SPFV and SPPV by Wide's Pow at 34
// digits (spfvApd); USFV and USPV at 70 digits in the form that does not
// cancel (usFine, uniform_fine.go), and by (SPFV − 1)/w at 34 digits
// (usfvApd, uspvApd) only where that declines (an exact tie, |p| > 1000):
// that form cancels at small rates and is not claimed correct there.
//
// Tests: TestFunctionsCorrectlyRounded (SPFV, SPPV, USFV, USPV against 60
// digits), TestElementaryTable, TestUniformSeriesCancelling,
// TestApdPathsCorrectlyRounded, FuzzFloatStage and FuzzDoubleStage.

// Spfv returns (1 + i/100)^n, the single-payment future value factor.
// The float64 kernel decides (spfvFast); spfvApd where it cannot.
func Spfv(i, n Number) (Number, error) { return paths{}.spfv(i, n) }

// spfv is Spfv on the paths p.
func (p paths) spfv(i, n Number) (Number, error) {
	if !p.apdOnly {
		if i.IsZero() {
			return One, nil
		}
		if rc, re, ok := spfvFast(i, n); ok {
			return fromParts(false, rc, re)
		}
		if rc, re, ok := spfvDD(i, n); ok {
			return fromParts(false, rc, re)
		}
		if _, rc, re, ok := tinyRate(i, n, "SPFV", 1); ok {
			return fromParts(false, rc, re)
		}
		p.fellBack()
	}
	return spfvApd(i, n)
}

// Sppv returns 1 / SPFV(i:n), the single-payment present value factor.
func Sppv(i, n Number) (Number, error) { return paths{}.sppv(i, n) }

// sppv is Sppv on the paths p.
func (p paths) sppv(i, n Number) (Number, error) {
	return p.spfv(i, Neg(n))
}

// Usfv returns (SPFV(i:n) − 1) / (i/100), the uniform-series future value
// factor; n when i is 0.
func Usfv(i, n Number) (Number, error) { return paths{}.usfv(i, n) }

// usfv is Usfv on the paths p.
func (p paths) usfv(i, n Number) (Number, error) {
	return p.uniformSeries(i, n, 1, usfvApd)
}

// Uspv returns (1 − SPPV(i:n)) / (i/100), the uniform-series present value
// factor (USFV ÷ SPFV); n when i is 0.
func Uspv(i, n Number) (Number, error) { return paths{}.uspv(i, n) }

// uspv is Uspv on the paths p.
func (p paths) uspv(i, n Number) (Number, error) {
	return p.uniformSeries(i, n, -1, uspvApd)
}

// uniformSeries is USFV (dir 1) or USPV (dir −1): n when i is 0, else
// the float64 kernel (usFast), its double-double stage (usDD) and the
// tiny-rate series (tinyRate); where none decides, usFine (70 digits, in
// a form that does not cancel), and slow, the 34-digit apd path, where
// that declines (an exact tie, an overflow).
func (p paths) uniformSeries(i, n Number, dir float64, slow func(i, n Number) (Number, error)) (Number, error) {
	if i.IsZero() {
		return n, nil
	}
	if !p.apdOnly {
		if neg, rc, re, ok := usFast(i, n, dir); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := usDD(i, n, dir); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := tinyRate(i, n, "US", dir); ok {
			return fromParts(neg, rc, re)
		}
		p.fellBack()
	}
	if r, err, ok := usFine(i, n, int64(dir)); ok {
		return r, err
	}
	return slow(i, n)
}

// spfvApd is Spfv through apd at Wide's precision (34 digits).
func spfvApd(i, n Number) (Number, error) {
	w, err := spfvWide(i, n)
	if err != nil {
		return overflowOr(err, false)
	}
	return round12(&w)
}

// usfvApd is Usfv for i ≠ 0 through apd at Wide's precision: (SPFV − 1)
// ÷ (i/100), which cancels at small rates (usFine answers there).
func usfvApd(i, n Number) (Number, error) {
	f, err := spfvWide(i, n)
	if err != nil {
		// (huge − 1) ÷ (i/100) takes the sign of i.
		return overflowOr(err, i.Sign() < 0)
	}
	var num, pct, hundred, r, t apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Sub(&num, &f, apd.New(1, 0))
	_, _ = Wide.Quo(&pct, i.in(&t), &hundred)
	_, _ = Wide.Quo(&r, &num, &pct)
	return round12(&r)
}

// uspvApd is Uspv for i ≠ 0 through apd at Wide's precision, as usfvApd.
func uspvApd(i, n Number) (Number, error) {
	f, err := spfvWide(i, Neg(n))
	if err != nil {
		// (1 − huge) ÷ (i/100) takes the opposite sign of i.
		return overflowOr(err, i.Sign() > 0)
	}
	var num, pct, hundred, r, t apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Sub(&num, apd.New(1, 0), &f)
	_, _ = Wide.Quo(&pct, i.in(&t), &hundred)
	_, _ = Wide.Quo(&r, &num, &pct)
	return round12(&r)
}

// spfvWide returns (1 + i/100)^n at Wide's precision (34 digits).
func spfvWide(i, n Number) (apd.Decimal, error) {
	var pct, base, hundred, t apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Quo(&pct, i.in(&t), &hundred)
	_, _ = Wide.Add(&base, &pct, apd.New(1, 0))
	return powWide(&base, n)
}

// powWide returns b^n at Wide's precision for b ≥ 0: ErrInvalidInput for
// b < 0 or 0 to a power ≤ 0, ErrOverflow past the range (the result then
// is irrelevant).
func powWide(b *apd.Decimal, n Number) (apd.Decimal, error) {
	var r apd.Decimal
	switch {
	case b.Sign() < 0:
		return r, ErrInvalidInput
	case b.IsZero():
		if n.Sign() <= 0 {
			return r, ErrInvalidInput
		}
		return r, nil
	case n.IsZero():
		r.SetInt64(1)
		return r, nil
	}
	// |n × ln b| far past ln(1E500) ≈ 1151 over- or underflows.
	var lb, p, t apd.Decimal
	_, _ = Wide.Ln(&lb, b)
	_, _ = Wide.Mul(&p, &lb, n.in(&t))
	if p.Exponent+int32(p.NumDigits()) > 4 { // |p| ≥ 10,000
		if p.Sign() > 0 {
			return r, ErrOverflow
		}
		return r, nil // underflow: 0
	}
	if _, err := Wide.Pow(&r, b, n.in(&t)); err != nil {
		return r, ErrInvalidInput
	}
	return r, nil
}

// overflowOr turns a wide computation's error into the calculator's
// result: the saturated number (negative if neg) for ErrOverflow.
func overflowOr(err error, neg bool) (Number, error) {
	if err == ErrOverflow {
		return saturate(neg), ErrOverflow
	}
	return Zero, err
}

// rateParts returns, for the rate i = ±c·10^q in %, w = i/100 as a
// double-double and p = n·ln(1 + w) with its absolute error bound
// (ln1pDD, then as powFast: perr = |n|·lerr·(1 + 2^-50) + 2^-99·|p|);
// false when i ≤ −100 or the operands leave the kernel's range.
func rateParts(i, n Number) (wh, wl, ph, pl, perr float64, ok bool) {
	ni, ci, qi := i.parts()
	nn, cn, qn := n.parts()
	if ci == 0 || cn == 0 {
		return 0, 0, 0, 0, 0, false
	}
	if wh, wl, ok = toFloat(ni, ci, qi-2); !ok || wh <= -1 || math.Abs(wh) < 1e-290 {
		return 0, 0, 0, 0, 0, false
	}
	nh, nl, ok := toFloat(nn, cn, qn)
	if !ok {
		return 0, 0, 0, 0, 0, false
	}
	lh, ll, lerr := ln1pDD(wh, wl)
	ph, pe := dd.TwoProd(nh, lh)
	pl = pe + nh*ll + nl*lh
	perr = math.Abs(nh)*lerr*(1+0x1p-50) + 0x1p-99*math.Abs(ph)
	return wh, wl, ph, pl, perr, perr < 1e-14 || math.Abs(ph) > 1160 && perr < 1
}

// spfvFast is SPFV's kernel: (1 + i/100)^n = e^p, budget as powFast
// (eps = 6u + 1.01·perr).
func spfvFast(i, n Number) (rc uint64, re int, ok bool) {
	_, _, ph, pl, perr, ok := rateParts(i, n)
	if !ok {
		return 0, 0, false
	}
	if ph > 1160 {
		return 1, 600, true
	}
	if ph < -1160 {
		return 1, -600, true
	}
	y, k := expReduce(ph, pl)
	return decide12(y, k, 6*u+1.01*perr)
}

// usFast is the kernel of USFV (sign +1) and USPV (sign −1):
// sign·expm1(sign·p)/w with p = n·ln(1 + w), w = i/100.
//
// Budget: math.Expm1 of the high part (2 ulps: 4u) and the first-order
// correction pl·(1 + expm1) (its sum rounds: ≤ 1u); an absolute error d
// in p becomes d·e^p/|e^p − 1| ≤ d·(1 + max(p, 0))/|p| relative; the
// quotient q = em/wh rounds once (1u), the correction q·(wl/wh) is below
// 2^-52·|q| and adds below 2^-100, and the last difference rounds (1u):
// eps = 7.5u + 1.01·perr·(1 + max(p, 0))/|p|, for |p| < 0.5 (math.Expm1
// errs by up to 28 ulps beyond 30: TestLibraryBounds). For 0.5 ≤ |p| ≤
// 40, e^p from expReduce (6u) scaled back by 10^k (2^-100) less 1 (1u),
// e^p's error multiplied by e^p/|e^p − 1| < 2.55: 16.5u in place of the
// 5u above: eps = 19.5u + 1.01·perr·(1 + max(p, 0))/|p|. Beyond 40, usDD.
//
// Two edges first. A rate below 10^-38 % with |n| < 10^15: the factor is
// n·(1 ± (|n| + 1)·|w|) and (|n| + 1)·|w| < 10^-24 is far inside half a
// unit of the 12th digit of the 12-digit n: n itself. |n| < 10^-32 (too
// small for toFloat): p = n·ln(1 + w) is below 10^-20 (|ln(1 + w)| <
// 28), so the factor is n·ln(1 + w)/w·(1 + θ) with |θ| < 10^-20: the
// 12-digit coefficient of n times ln(1 + w)/w (ln1pDD: 4.01u, the
// quotient and the product: 2u), at n's exponent: eps = 6.5u.
func usFast(i, n Number, sign float64) (neg bool, rc uint64, re int, ok bool) {
	ni, ci, qi := i.parts()
	nn, cn, qn := n.parts()
	if cn == 0 {
		return false, 0, 0, false
	}
	if ci != 0 && qi+11 < -38 && qn+11 < 15 {
		return nn, cn, qn, true
	}
	if ci != 0 && qn+11 < -32 {
		wh, wl, ok := toFloat(ni, ci, qi-2)
		if !ok || wh <= -1 {
			return false, 0, 0, false
		}
		lh, ll, _ := ln1pDD(wh, wl)
		g := (lh + ll) / wh
		if rc, re, ok = decide12(float64(cn)*g, qn, 6.5*u); ok {
			return nn != (g < 0), rc, re, ok
		}
		// Second stage: ln(1 + w) by ln1pDD2 (ln1pDDAbs absolute, ln1pDDRel
		// relative for |w| < 0.5), the quotient and the product in
		// double-double (2^-100 each), and θ below |p| < 10^-30.
		lh, ll = ln1pDD2(wh, wl)
		qh := lh / wh
		rh, rl := dd.TwoProd(qh, wh)
		ql := ((lh - rh) - rl + ll - qh*wl) / wh
		yh, yl := dd.Mul(qh, ql, float64(cn), 0)
		if yh < 0 {
			yh, yl = -yh, -yl
		}
		eps := ln1pDDAbs/math.Abs(lh) + 1e-30
		if math.Abs(wh) < 0.5 {
			eps = ln1pDDRel + 1e-30
		}
		rc, re, ok = decide12dd(yh, yl, qn, eps)
		return nn != (qh < 0), rc, re, ok
	}
	wh, wl, ph, pl, perr, ok := rateParts(i, n)
	if !ok {
		return false, 0, 0, false
	}
	ph, pl = sign*ph, sign*pl
	if math.Abs(ph) > 40 || ph == 0 {
		return false, 0, 0, false
	}
	var em, eps float64
	if math.Abs(ph) < 0.5 {
		em = math.Expm1(ph)
		em += pl * (1 + em)
		eps = 7.5*u + 1.01*perr*(1+max(ph, 0))/math.Abs(ph)
	} else {
		y, k := expReduce(ph, pl)
		e, el, _ := scale10(y, k)
		em = (e - 1) + el
		eps = 19.5*u + 1.01*perr*(1+max(ph, 0))/math.Abs(ph)
	}
	q := sign * em / wh
	y := q - q*(wl/wh)
	rc, re, ok = decide12(math.Abs(y), 0, eps)
	return y < 0, rc, re, ok
}

// rateDD is the second stage of rateParts: p = n·ln(1 + w) with
// ln1pDD2 (ln1pDDRel·|ln(1 + w)| for |w| < 0.5, ln1pDDAbs otherwise): perr =
// |n|·that + 2^-99·|p|.
func rateDD(i, n Number) (wh, wl, ph, pl, perr float64, ok bool) {
	ni, ci, qi := i.parts()
	nn, cn, qn := n.parts()
	if ci == 0 || cn == 0 {
		return 0, 0, 0, 0, 0, false
	}
	if wh, wl, ok = toFloat(ni, ci, qi-2); !ok || wh <= -1 {
		return 0, 0, 0, 0, 0, false
	}
	nh, nl, ok := toFloat(nn, cn, qn)
	if !ok {
		return 0, 0, 0, 0, 0, false
	}
	lh, ll := ln1pDD2(wh, wl)
	ph, pl = dd.Mul(nh, nl, lh, ll)
	lerr := ln1pDDAbs
	if math.Abs(wh) < 0.5 {
		lerr = ln1pDDRel * math.Abs(lh)
	}
	perr = math.Abs(nh)*lerr + 0x1p-99*math.Abs(ph)
	return wh, wl, ph, pl, perr, perr < 1e-14 || math.Abs(ph) > 1160 && perr < 1
}

// spfvDD is SPFV's second stage: e^p as powDD.
func spfvDD(i, n Number) (rc uint64, re int, ok bool) {
	_, _, ph, pl, perr, ok := rateDD(i, n)
	if !ok || math.Abs(ph) > 1160 {
		return 0, 0, false // spfvFast has decided over- and underflow
	}
	yh, yl, k := expDD(ph, pl)
	return decide12dd(yh, yl, k, max(0x1p-89+1.01*perr, apdFloor(ph)))
}

// usDD is USFV's and USPV's second stage: sign·(e^(sign·p) − 1)/w.
// With p now standing for sign·p, m = e^p − 1 is formed as m·10^k within
// rel:
//
//   - |p| ≤ 2.5: ddExp (2^-90, no reduction) less 1 (exact in
//     double-double terms); relative to m the 2^-90·e^p becomes at most
//     2^-90·(1 + |p|)/|p|, and perr becomes perr·(1 + max(p, 0))/|p|
//     (usFast).
//   - 2.5 < |p| ≤ 40: e^p from expDD (2^-89) scaled back by 10^k,
//     |k| ≤ 18 (2^-100), then as above.
//   - p > 40: m = e^p·(1 − e^-p): expDD (2^-89), perr·1.01, and e^-p
//     (bounded by 1.01·math.Exp(−p)) relative.
//   - p < −40: m = −1·(1 − e^p): e^p·1.01 relative (perr moves only e^p).
//
// The quotient by w is formed in double-double (2^-103): eps = max(rel +
// 2^-100, apdFloor(p)).
func usDD(i, n Number, sign float64) (neg bool, rc uint64, re int, ok bool) {
	wh, wl, ph, pl, perr, ok := rateDD(i, n)
	ph, pl = sign*ph, sign*pl
	if !ok || ph == 0 || ph > 1160 || perr > 1e-14 && ph > -40 {
		return false, 0, 0, false
	}
	ap := math.Abs(ph)
	var mh, ml, rel float64
	k := 0
	switch {
	case ap <= 2.5:
		eh, el := ddExp(ph, pl)
		mh, ml = dd.Add(eh, el, -1, 0)
		rel = 0x1p-89*(1+ap)/ap + 1.01*perr*(1+max(ph, 0))/ap
	case ap <= 40:
		yh, yl, ky := expDD(ph, pl)
		h, l, _ := scale10(yh, ky)
		lh, ll, _ := scale10(yl, ky)
		eh, el := dd.FastTwoSum(h, l+lh+ll)
		mh, ml = dd.Add(eh, el, -1, 0)
		rel = 0x1p-89*(1+ap)/ap + 1.01*perr*(1+max(ph, 0))/ap
	case ph > 40:
		mh, ml, k = expDD(ph, pl)
		rel = 0x1p-89 + 1.01*perr + 1.01*math.Exp(-ph)
	default:
		mh, ml = -1, 0
		rel = 1.01 * math.Exp(ph+perr)
	}
	// q = m/w in double-double: qh, then the exact remainder.
	qh := mh / wh
	rh, rl := dd.TwoProd(qh, wh)
	ql := ((mh - rh) - rl + ml - qh*wl) / wh
	qh, ql = dd.FastTwoSum(qh, ql)
	qh, ql = sign*qh, sign*ql
	eps := max(rel+0x1p-100, apdFloor(ph))
	if qh < 0 {
		rc, re, ok = decide12dd(-qh, -ql, k, eps)
		return true, rc, re, ok
	}
	rc, re, ok = decide12dd(qh, ql, k, eps)
	return false, rc, re, ok
}

// tinyRate handles the rates below toFloat's range (|w| = |i|/100 <
// 10^-32): ln(1 + w) = w·(1 + θ), |θ| ≤ |w| < 10^-32, so p = n·ln(1 + w)
// is n·w within 10^-32 relative, formed as the product of the two
// coefficients (one rounding) times math.Pow10 of the exponents' sum
// (1.5 ulps: two correctly rounded table values multiplied) and once more
// rounded: perr = 6u·|p|. It returns sign (−1 for USPV), p, and the result
// of kind ("SPFV" or "US") as rc, re with the budgets of spfvFast and
// usFast: SPFV: e^p, eps = 6u + 1.01·perr; USFV and USPV: n·g(±p) with
// g(x) = expm1(x)/x, whose relative sensitivity to x is at most 1 + |x|:
// math.Expm1 (4u), the quotient (1u), the product by n's coefficient
// (1u), and 6u·(1 + |p|) from p: eps = 6u + 6.1u·(1 + |p|), for |x| <
// 0.5 (math.Expm1's range: TestLibraryBounds); 0.5 ≤ |x| ≤ 2.5 goes to
// the second stage directly. |g − 1| < |x| when |x| < 10^-20 makes g = 1
// exact to 10^-20: n itself.
func tinyRate(i, n Number, kind string, sign float64) (neg bool, rc uint64, re int, ok bool) {
	ni, ci, qi := i.parts()
	nn, cn, qn := n.parts()
	if ci == 0 || cn == 0 || qi-2 >= -44 {
		return false, 0, 0, false
	}
	e := qn + qi - 2
	if e > 300 || e < -600 {
		return false, 0, 0, false
	}
	p := float64(cn) * float64(ci)
	if e < -300 {
		p = 0 // |p| < 10^24·10^-301: e^p and g(p) are 1 within 10^-277
	} else {
		p *= math.Pow10(e)
	}
	if ni != nn {
		p = -p
	}
	if kind == "SPFV" {
		switch {
		case p > 1160:
			return false, 1, 600, true
		case p < -1160:
			return false, 1, -600, true
		}
		y, k := expReduce(p, 0)
		rc, re, ok = decide12(y, k, 6*u+1.01*6*u*math.Abs(p))
		return false, rc, re, ok
	}
	x := sign * p
	if math.Abs(x) < 1e-20 {
		return nn, cn, qn, true
	}
	if math.Abs(x) > 2.5 {
		return false, 0, 0, false
	}
	if math.Abs(x) < 0.5 {
		g := math.Expm1(x) / x
		if rc, re, ok = decide12(float64(cn)*g, qn, 6*u+6.1*u*(1+math.Abs(x))); ok || e < -44 {
			return nn, rc, re, ok
		}
	} else if e < -44 {
		return false, 0, 0, false
	}
	// Second stage: p = n·w exactly (scale10: 2^-100), e^x by ddExp
	// (2^-90 relative, so e^x − 1 within 2^-90·(1 + |x|)/|x| relative, as
	// in usDD), the quotient by x and the product by the coefficient in
	// double-double (2^-100 each), θ's 10^-32·(1 + |x|):
	// eps = 2^-89·(1 + |x|)/|x| + 10^-31.
	ph, pl := dd.TwoProd(float64(cn), float64(ci))
	h, l, _ := scale10(ph, e)
	lh, ll, _ := scale10(pl, e)
	xh, xl := dd.FastTwoSum(h, l+lh+ll)
	if (ni != nn) != (sign < 0) {
		xh, xl = -xh, -xl
	}
	eh, el := ddExp(xh, xl)
	mh, ml := dd.Add(eh, el, -1, 0)
	qh := mh / xh
	rh, rl := dd.TwoProd(qh, xh)
	ql := ((mh - rh) - rl + ml - qh*xl) / xh
	yh, yl := dd.Mul(qh, ql, float64(cn), 0)
	ax := math.Abs(xh)
	rc, re, ok = decide12dd(yh, yl, qn, 0x1p-89*(1+ax)/ax+1e-31)
	return nn, rc, re, ok
}
