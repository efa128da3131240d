package hp17b

import (
	"math"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// LN, LOG and LNP1: ln a = E·ln 10 + ln m for a = m·10^E, m ∈ [1, 10)
// (near 1, ln(1 + w) from Log1p instead: no cancellation), and
// LOG = LN/ln 10.
//
// Bounds, stated once here (each derived where its kernel is written) and
// used by every kernel that takes a logarithm (y^x, the rate factors):
//
//   - first stage: lnParts within 5u·|ln a| (a ∈ [1, 10)), 8u·|ln a|
//     (a ∈ [0.1, 1)) or 9.01u absolute (otherwise, |ln a| ≥ 2.30);
//     lnFast decides with lnEps, logFast with logEps, ln1pDD within
//     ln1pEps of |ln(1 + w)|;
//   - second stage: lnDD within lnDDAbs absolute; ln1pDD2 within
//     ln1pDDRel relative for |w| < 0.5 and ln1pDDAbs absolute otherwise
//     (Log1pDD, fin's entry point, is ln1pDD2);
//   - the apd path: Wide's Ln and Log10 at 34 digits (within 10^-31 of
//     |ln a| ≥ 2.30, lnDDEps's floor), LNP1 at 40 digits.
//
// Tests: TestLibraryBounds (math.Log and math.Log1p within the 2 ulps the
// budgets count), TestDDKernelBounds (Log1pDD), TestFunctionsCorrectlyRounded
// and TestElementaryTable (LN, LOG, LNP1 against 50 and 60 digits),
// TestElementaryAgreesWithApdPaths (every stage against the apd path),
// FuzzFloatStage and FuzzDoubleStage.
const (
	lnEps     = 8.5 * u  // lnFast's eps, relative
	logEps    = 9.5 * u  // logFast's eps, relative
	ln1pEps   = 4.01 * u // ln1pDD's bound, relative to |ln(1 + w)|
	lnDDAbs   = 0x1p-88  // lnDD's bound, absolute
	ln1pDDRel = 0x1p-80  // ln1pDD2's bound for |w| < 0.5, relative
	ln1pDDAbs = 0x1p-88  // ln1pDD2's bound for |w| ≥ 0.5, absolute
	// lnDDEps is lnDDFast's and logDDFast's eps: lnDDAbs is below 2^-89
	// relative where they take a (|ln a| ≥ 2.30), and Wide's Ln and Log10
	// err by less than 10^-31 relative.
	lnDDEps = max(0x1p-89, 1e-31)
)

// Ln returns the natural logarithm; ErrLogZero for 0, ErrLogNeg below 0.
// The float64 kernel decides (lnFast), or the double-double one
// (lnDDFast); Wide's Ln where neither can.
func Ln(a Number) (Number, error) { return paths{}.ln(a) }

// ln is Ln on the paths p.
func (p paths) ln(a Number) (Number, error) {
	if err := logDomain(a); err != nil {
		return Zero, err
	}
	if !p.apdOnly {
		_, c, q := a.parts()
		if neg, rc, re, ok := lnFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := lnDDFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		p.fellBack()
	}
	return wide(Wide.Ln, a)
}

// Log returns the common (base-10) logarithm; errors as Ln. The float64
// kernel decides (logFast), or the double-double one (logDDFast); Wide's
// Log10 where neither can.
func Log(a Number) (Number, error) { return paths{}.log(a) }

// log is Log on the paths p.
func (p paths) log(a Number) (Number, error) {
	if err := logDomain(a); err != nil {
		return Zero, err
	}
	if !p.apdOnly {
		_, c, q := a.parts()
		if neg, rc, re, ok := logFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := logDDFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		p.fellBack()
	}
	return wide(Wide.Log10, a)
}

func logDomain(a Number) error {
	switch a.Sign() {
	case 0:
		return ErrLogZero
	case -1:
		return ErrLogNeg
	}
	return nil
}

// Lnp1 returns ln(1 + a), accurate for small a; errors as Ln of 1 + a.
// The float64 kernel decides (lnp1Fast); lnp1Apd where it cannot.
func Lnp1(a Number) (Number, error) { return paths{}.lnp1(a) }

// lnp1 is Lnp1 on the paths p.
func (p paths) lnp1(a Number) (Number, error) {
	if !p.apdOnly {
		neg, c, q := a.parts()
		if c == 0 {
			return Zero, nil
		}
		if rneg, rc, re, ok := lnp1Fast(neg, c, q); ok {
			return fromParts(rneg, rc, re)
		}
		p.fellBack()
	}
	return lnp1Apd(a)
}

// lnp1Apd is ln(1 + a) through apd at 40 digits: 1 + a rounded to 40
// digits first, so correctly rounded only where |a| is well above 10^-28
// (Lnp1's first stage answers every |a| below 1E-20).
func lnp1Apd(a Number) (Number, error) {
	var s, one, t apd.Decimal
	one.SetInt64(1)
	wctx := Wide.WithPrecision(40)
	_, _ = wctx.Add(&s, a.in(&t), &one)
	switch s.Sign() {
	case 0:
		return Zero, ErrLogZero
	case -1:
		return Zero, ErrLogNeg
	}
	var w apd.Decimal
	if _, err := wctx.Ln(&w, &s); err != nil {
		return Zero, ErrInvalidInput
	}
	return round12(&w)
}

// lnParts returns ln(c·10^q) for a normalised coefficient c (10^11 ≤ c
// < 10^12) as lh + ll, with the absolute error bound err:
//
//   - a = c·10^q in [1, 10) (E = q + 11 = 0): w = (c − 10^11)/10^11 has one
//     rounding (c − 10^11 is exact); log1p's condition number
//     w/((1+w)·ln(1+w)) is ≤ 1 for w ≥ 0; math.Log1p adds 2 ulps:
//     err ≤ 5u·|lh|.
//   - a in [0.1, 1) (E = −1): w = −(10^12 − c)/10^12 ∈ [−0.9, 0); the
//     condition number is ≤ 0.9/(0.1·ln 10) < 3.91: err ≤ 7.91u·|lh| < 8u·|lh|.
//   - otherwise ln a = E·ln 10 + ln m with m = c/10^11 ∈ [1, 10): m's
//     rounding adds ≤ u absolute, math.Log(m) < 2.31 adds 2 ulps ≤ 8u;
//     E·ln10Hi is exact and dd.TwoSum exact; E·ln10Lo adds ≤ 2^-80 and the
//     split ≤ 2^-86: err ≤ 9.01u, and |lh| ≥ 2.30.
func lnParts(c uint64, q int) (lh, ll, err float64) {
	switch q + 11 {
	case 0:
		w := float64(c-100000000000) / 1e11
		lh = math.Log1p(w)
		return lh, 0, 5 * u * lh
	case -1:
		w := -float64(1000000000000-c) / 1e12
		lh = math.Log1p(w)
		return lh, 0, -8 * u * lh
	}
	e := float64(q + 11)
	lm := math.Log(float64(c) / 1e11)
	lh, ll = dd.TwoSum(e*ln10Hi, lm)
	ll += e * ln10Lo
	return lh, ll, 9.01 * u
}

// lnFast is LN's kernel: ln a for a = c·10^q > 0 as y·10^0 within eps,
// negative when neg. The relative bound is 8u (lnParts: 5u, 7.91u, and
// 9.01u/2.30 + 1u for dropping ll = 4.92u): eps = 8.5u.
func lnFast(c uint64, q int) (neg bool, rc uint64, re int, ok bool) {
	if c == 100000000000 && q == -11 {
		return false, 0, 0, true // ln 1 = 0
	}
	lh, ll, _ := lnParts(c, q)
	y := lh + ll
	neg = y < 0
	rc, re, ok = decide12(math.Abs(y), 0, lnEps)
	return neg, rc, re, ok
}

// logFast is LOG's kernel (base 10). Exact powers of ten give their
// exponent. Otherwise, as lnParts and one more rounding by 1/ln 10
// (invLn10H + invLn10L, the product rounding ≤ 1u): E = 0: 5u + 1u;
// E = −1: 7.91u + 1u; otherwise E + log10(m) where log10(m) < 1 carries
// 9.01u·0.435 + 1u and the sum rounds once (≤ 1u·|y|, |y| ≥ 1): 5.92u.
// eps = 9.5u.
func logFast(c uint64, q int) (neg bool, rc uint64, re int, ok bool) {
	E := q + 11
	if c == 100000000000 {
		if E == 0 {
			return false, 0, 0, true
		}
		return E < 0, uint64(max(E, -E)), 0, true // exactly E
	}
	var y float64
	switch E {
	case 0, -1:
		lh, _, _ := lnParts(c, q)
		y = lh*invLn10H + lh*invLn10L
	default:
		lm := math.Log(float64(c) / 1e11)
		y = float64(E) + (lm*invLn10H + lm*invLn10L)
	}
	neg = y < 0
	rc, re, ok = decide12(math.Abs(y), 0, logEps)
	return neg, rc, re, ok
}

// ln1pDD returns ln(1 + w) for the double-double w = wh + wl > −1
// (|wl| ≤ ulp(wh)) as lh + ll with the absolute error err:
//
//   - wh ≥ −0.5: math.Log1p(wh) (2 ulps: 4u·|lh|) and the first-order
//     correction wl/(1 + wh) (its rounding and the second-order term are
//     below 2^-100·|lh|): err ≤ 4.01u·|lh|.
//   - wh < −0.5: 1 + wh is exact (Sterbenz), and 1 + wh + wl is formed
//     as the double-double vh + vl (fast two-sum, |wl| < 1 + wh), so that
//     the correction vl/vh is below 2^-52 and its second-order term below
//     2^-104 (1 + w may be as small as 10^-12: the correction wl/(1 + wh)
//     alone would leave (wl/(1 + wh))²/2, up to 10^-8); math.Log(vh)
//     adds 2 ulps: err ≤ 4.01u·|lh|.
func ln1pDD(wh, wl float64) (lh, ll, err float64) {
	if wh >= -0.5 {
		lh = math.Log1p(wh)
		ll = wl / (1 + wh)
	} else {
		v := 1 + wh
		vh := v + wl
		vl := (v - vh) + wl
		lh = math.Log(vh)
		ll = vl / vh
	}
	return lh, ll, ln1pEps * math.Abs(lh)
}

// lnp1Fast is LNP1's kernel for a = ±c·10^q > −1. |a| < 10^-20: ln(1 + a)
// is within a² of a: a itself (as expm1Fast). a ≥ 10^20: ln(1 + a) =
// ln a + ln(1 + 1/a), the second term below 10^-20 < 2^-66 relative to
// ln a > 46: lnFast's 8.5u + 2^-60. Otherwise ln1pDD (4.01u relative) and
// the dropped low part (1u): eps = 5.5u.
func lnp1Fast(neg bool, c uint64, q int) (rneg bool, rc uint64, re int, ok bool) {
	if q < -31 {
		return neg, c, q, true
	}
	if q >= 9 && !neg {
		lh, ll, _ := lnParts(c, q)
		rc, re, ok = decide12(lh+ll, 0, lnEps+0x1p-60)
		return false, rc, re, ok
	}
	xh, xl, ok := toFloat(neg, c, q)
	if !ok || xh <= -1 {
		return false, 0, 0, false
	}
	lh, ll, _ := ln1pDD(xh, xl)
	y := lh + ll
	rc, re, ok = decide12(math.Abs(y), 0, 5.5*u)
	return y < 0, rc, re, ok
}

// lnDD is ln(c·10^q) for a normalised coefficient c as a double-double
// within 2^-88 absolute. Method: m = c/10^11 ∈ [1, 10) as a double-double
// (an exact remainder), y0 = math.Log(m) (within 2^-50), one Newton step
// ln m = y0 + ln(1 + d) with d = m·e^-y0 − 1 (ddExp: 2^-90 relative, the
// product 2^-104; |d| < 2^-49, so ln(1 + d) = d − d²/2 within 2^-146):
// ln m within 2^-89.9; E·ln 10 from the double-double ln 10 (2^-106
// relative, |E| ≤ 511: 2^-96) and the sum (2^-104 of ≤ 1200): < 2^-88.
func lnDD(c uint64, q int) (h, l float64) {
	x := float64(c)
	mh := x / 1e11
	ml := math.FMA(-mh, 1e11, x) / 1e11
	y0 := math.Log(mh)
	eh, el := ddExp(-y0, 0)
	ph, pl := dd.Mul(mh, ml, eh, el)
	d := (ph - 1) + pl // ph − 1 is exact (Sterbenz)
	lh, ll := dd.FastTwoSum(y0, d-d*d/2)
	e := float64(q + 11)
	th, tl := dd.TwoProd(e, ln10H)
	tl += e * ln10L
	return dd.Add(th, tl, lh, ll)
}

// ln1pDD2 is ln(1 + w) for the double-double w > −1 within 2^-80
// relative when |w| < 0.5, and within 2^-88 absolute otherwise.
//
// |w| < 0.5: y0 = math.Log1p(wh), |y0| < 0.7, and one Newton step
// ln(1 + w) = y0 + ln(1 + d), d = (w − expm1(y0))/(1 + expm1(y0)), with
// expm1(y0) from ddExpm1 (2^-81 relative, and |expm1(y0)| < 2|w|);
// w − expm1(y0) cancels to about 2^-52·|w| and is formed within
// 2^-100·|w|: the result within 2^-80 relative.
//
// Otherwise 1 + w is formed exactly as a double-double v and scaled by a
// power of two to f = v·2^-j ∈ [1, 2) (exact); ln v = j·ln 2 + ln f, ln 2
// a double-double (2^-107 relative, |j| ≤ 1700: 2^-96), and ln f as in
// lnDD: y0 = math.Log(f) ∈ [0, 0.7], one Newton step through ddExp.
func ln1pDD2(wh, wl float64) (h, l float64) {
	if math.Abs(wh) < 0.5 {
		y0 := math.Log1p(wh)
		mh, ml := ddExpm1(y0)
		nh, nl := dd.Add(wh, wl, -mh, -ml)
		d := (nh + nl) / (1 + mh)
		return dd.FastTwoSum(y0, d-d*d/2)
	}
	vh, vl := dd.TwoSum(1, wh)
	vh, vl = dd.FastTwoSum(vh, vl+wl)
	_, j := math.Frexp(vh)
	j--
	fh, fl := math.Ldexp(vh, -j), math.Ldexp(vl, -j)
	y0 := math.Log(fh)
	eh, el := ddExp(-y0, 0)
	ph, pl := dd.Mul(fh, fl, eh, el)
	d := (ph - 1) + pl
	lh, ll := dd.FastTwoSum(y0, d-d*d/2)
	th, tl := dd.TwoProd(float64(j), ln2H)
	tl += float64(j) * ln2L
	return dd.Add(th, tl, lh, ll)
}

// lnDDFast is LN's second stage, for a outside [0.1, 10) (|ln a| ≥ 2.30):
// lnDD's lnDDAbs is below 2^-89 relative; the apd path's floor
// (Wide's Ln, 34 digits: 10^-31): eps = max(2^-89, 10^-31).
func lnDDFast(c uint64, q int) (neg bool, rc uint64, re int, ok bool) {
	if e := q + 11; e == 0 || e == -1 {
		return false, 0, 0, false
	}
	h, l := lnDD(c, q)
	if h < 0 {
		rc, re, ok = decide12dd(-h, -l, 0, lnDDEps)
		return true, rc, re, ok
	}
	rc, re, ok = decide12dd(h, l, 0, lnDDEps)
	return false, rc, re, ok
}

// logDDFast is LOG's second stage, for a outside [0.1, 10) (|log10 a| ≥ 1):
// lnDD (lnDDAbs) times 1/ln 10 as a double-double (2^-104):
// lnDDAbs·0.435 + 2^-104 absolute, below 2^-89 relative; the apd path's
// floor (Wide's Log10, 34 digits: 10^-31): eps = max(2^-89, 10^-31).
func logDDFast(c uint64, q int) (neg bool, rc uint64, re int, ok bool) {
	if e := q + 11; e == 0 || e == -1 {
		return false, 0, 0, false
	}
	lh, ll := lnDD(c, q)
	h, l := dd.Mul(lh, ll, invLn10H, invLn10L)
	if h < 0 {
		rc, re, ok = decide12dd(-h, -l, 0, lnDDEps)
		return true, rc, re, ok
	}
	rc, re, ok = decide12dd(h, l, 0, lnDDEps)
	return false, rc, re, ok
}
