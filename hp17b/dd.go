package hp17b

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
