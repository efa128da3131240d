package hp17b

import (
	"math"

	"github.com/hp17b/hp17b/hp17b/dd"
)

// Double-double entry points for the financial applications (package fin),
// which compute in pairs of float64 (hi + lo, about 32 digits) and fall
// back to apd at 34 digits only where the 12-digit rounding is not decided.
// The rounding test is elementary.go's decide12dd, the one every
// elementary function's second stage uses.

// DD returns n as the double-double hi + lo within 2^-100 of |n|
// (relative), with ok false when n's exponent is outside the range the
// conversion is exact in (the last digit's exponent beyond ±44: |n| below
// 1E-33 or at least 1E+56); for 0 it returns 0, 0, true. Method: the 12-digit coefficient c < 2^40 is exact
// in a float64 and c·10^q is formed by scale10 (elementary.go: one or two
// exact products, or quotients with an exact remainder).
func DD(n Number) (hi, lo float64, ok bool) {
	neg, c, q := n.parts()
	if c == 0 {
		return 0, 0, true
	}
	return toFloat(neg, c, q)
}

// RoundDD rounds the double-double value hi + lo, known to lie within
// eps·|hi| (relative) of an exact value v, to the calculator's 12 digits,
// ties to even, when every value in that interval rounds to the same
// number; ok is false when the interval reaches a rounding midpoint, when
// hi is 0, not finite or outside 1E-300 … 1E300, or when eps ≥ 1E-14 (the
// caller then computes v another way). The result is v rounded exactly as
// FromDecimal rounds it.
func RoundDD(hi, lo, eps float64) (Number, bool) {
	neg := hi < 0
	if neg {
		hi, lo = -hi, -lo
	}
	c, e, ok := decide12dd(hi, lo, 0, eps)
	if !ok {
		return Zero, false
	}
	r, err := fromParts(neg, c, e)
	return r, err == nil
}

// Log1pDD is ln(1 + w) for the double-double w = wh + wl > −1 (taken as
// exact), as a double-double within 2^-80 relative: ln1pDD2's bound
// (ln.go: ln1pDDRel relative for |w| < 0.5, ln1pDDAbs absolute otherwise,
// where |ln(1 + w)| ≥ ln 1.5 > 2^-2 makes it 2^-86 relative). ok is false
// for w ≤ −1, a w not finite or |w| ≥ 2^1000 (ln1pDD2's power-of-two
// reduction is bounded there).
func Log1pDD(wh, wl float64) (h, l float64, ok bool) {
	if !(wh > -1) || math.IsInf(wh, 0) || math.Abs(wh) >= 0x1p1000 {
		return 0, 0, false
	}
	if wh == 0 {
		return wl, 0, true // ln(1 + w) = w within w²/2 < 2^-106·|w|: wl ≤ 2^-53·ulp
	}
	h, l = ln1pDD2(wh, wl)
	return h, l, true
}

// ExpDD is e^(rh + rl) (the argument taken as exact) as a double-double
// within 2^-89 relative, for |rh| ≤ 650 (ok false beyond, or for an
// argument not finite). Method: k = round(r/ln 2), s = r − k·ln 2 with
// the double-double ln 2 (2^-107 relative, |k| ≤ 940: 2^-97 absolute;
// the difference's rounding 2^-104·650 < 2^-94.6), |s| ≤ 0.35; ddExp(s)
// within 2^-90; the product by 2^k exact (e^-650 > 2^-938 keeps the low
// part 2^-100 of the high one above the subnormals). The argument's own absolute
// error δ adds δ·1.01 relative (for δ < 2^-10).
func ExpDD(rh, rl float64) (h, l float64, ok bool) {
	if !(math.Abs(rh) <= 650) {
		return 0, 0, false
	}
	k := math.Round(rh / ln2H)
	th, tl := dd.TwoProd(k, ln2H)
	tl += k * ln2L
	sh, sl := dd.Add(rh, rl, -th, -tl)
	h, l = ddExp(sh, sl)
	return math.Ldexp(h, int(k)), math.Ldexp(l, int(k)), true
}

// Expm1DD is e^(rh + rl) − 1 (the argument taken as exact) as a
// double-double within 2^-80 relative, for |rh| ≤ 650 (ok false beyond).
// |rh| < 2.5: e^r − 1 = m + (1 + m)·rl within rl²·e^2.5 with m =
// ddExpm1(rh) (2^-81 relative); |e^r − 1| ≥ 0.36·|r| there, so the
// dropped term and the two roundings are below 2^-100 relative.
// Otherwise ExpDD(r) − 1 (2^-89 relative, e^r/|e^r − 1| < 1.1: 2^-88).
func Expm1DD(rh, rl float64) (h, l float64, ok bool) {
	if !(math.Abs(rh) <= 650) {
		return 0, 0, false
	}
	if math.Abs(rh) >= 2.5 {
		eh, el, _ := ExpDD(rh, rl)
		h, l = dd.Add(eh, el, -1, 0)
		return h, l, true
	}
	mh, ml := ddExpm1(rh)
	ch, cl := dd.TwoSum(1, mh)
	ch, cl = dd.FastTwoSum(ch, cl+ml)
	ph, pl := dd.Mul(ch, cl, rl, 0)
	h, l = dd.Add(mh, ml, ph, pl)
	return h, l, true
}

// FromParts is the number ±c·10^e for any c of at most 19 digits, rounded
// to 12 digits half to even as FromDecimal rounds (parts.go's fromParts):
// ErrOverflow past 9.99999999999E499, 0 below 1E-499. It never
// allocates.
func FromParts(neg bool, c uint64, e int) (Number, error) { return fromParts(neg, c, e) }
