package hp17b

import (
	"math"
	"math/bits"

	"github.com/cockroachdb/apd/v3"
)

// SQRT: √(c·10^q) = √(c·10^(q mod 2))·10^⌊q/2⌋, the coefficient below
// 10^13 exact in float64 and math.Sqrt correctly rounded: sqrtFast
// decides with eps = 2u; where it cannot, sqrtExact decides in integers.
// Sqrt is correctly rounded everywhere. The apd path (sqrtApd, 12 digits)
// is faithful only and is the fallback of no stage: the tests' record of
// what SQRT gave before (√0.999999999999 was 1).
//
// Tests: TestFunctionsCorrectlyRounded and TestElementaryTable (SQRT
// against 50 and 60 digits), FuzzFloatStage.

// Sqrt returns √a correctly rounded; ErrSqrtNeg when a < 0. The float64
// kernel decides (sqrtFast); the exact integer test where it cannot
// (sqrtExact).
func Sqrt(a Number) (Number, error) { return paths{}.sqrt(a) }

// sqrt is Sqrt on the paths p.
func (p paths) sqrt(a Number) (Number, error) {
	if a.Sign() < 0 {
		return Zero, ErrSqrtNeg
	}
	if !p.apdOnly {
		_, c, q := a.parts()
		if c == 0 {
			return Zero, nil
		}
		if rc, re, ok := sqrtFast(c, q); ok {
			return fromParts(false, rc, re)
		}
		p.fellBack()
		rc, re := sqrtExact(c, q)
		return fromParts(false, rc, re)
	}
	return sqrtApd(a)
}

// sqrtApd is √a for a ≥ 0 through apd at 12 digits: faithful, not
// always correctly rounded (√0.999999999999 gives 1, not 0.999999999999;
// docs/decisions.md), kept as the reference the tests compare with.
func sqrtApd(a Number) (Number, error) {
	var r, t apd.Decimal
	_, _ = ctx12.Sqrt(&r, a.in(&t))
	return finish(&r)
}

// sqrtFast is SQRT's kernel: a = c·10^q is (c·10^(q mod 2))·10^(2⌊q/2⌋)
// with c·10^(q mod 2) < 10^13 < 2^53 exact, and math.Sqrt is correctly
// rounded (≤ 1u): eps = 2u.
func sqrtFast(c uint64, q int) (rc uint64, re int, ok bool) {
	h := q >> 1
	if q&1 != 0 {
		c *= 10
	}
	return decide12(math.Sqrt(float64(c)), h, 2*u)
}

// sqrtExact is SQRT's exact fallback: the 12-digit rounding of √a for
// a = c·10^q decided in integers. With X = c·10^(q mod 2) < 10^13 and t
// (5 or 6) such that √(X·10^2t) ∈ [10^11, 10^12), n = ⌊√N⌋ for
// N = X·10^2t < 2^84 (a float64 estimate corrected by exact 128-bit
// squares), and √N rounds up exactly when 4N > (2n + 1)² (never equal:
// one side is even, the other odd).
func sqrtExact(c uint64, q int) (rc uint64, re int) {
	h := q >> 1
	x := c
	if q&1 != 0 {
		x *= 10
	}
	t := 6
	if x >= 1000000000000 {
		t = 5
	}
	// N = x·10^2t as hi:lo.
	nh, nl := bits.Mul64(x, pow10[2*t])
	n := uint64(math.Sqrt(float64(x) * float64(pow10[2*t])))
	le := func(m uint64) bool { // m² ≤ N
		sh, sl := bits.Mul64(m, m)
		return sh < nh || sh == nh && sl <= nl
	}
	for !le(n) {
		n--
	}
	for le(n + 1) {
		n++
	}
	// 4N against (2n+1)²: N·4 fits (N < 2^84).
	fh, fl := nh<<2|nl>>62, nl<<2
	m := 2*n + 1
	sh, sl := bits.Mul64(m, m)
	if sh < fh || sh == fh && sl < fl {
		n++
	}
	return n, h - t
}
