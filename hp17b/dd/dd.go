// Package dd is double-double arithmetic: a value is an unevaluated sum
// hi + lo of two float64 with |lo| ≤ ulp(hi)/2, about 32 significant
// digits. The elementary functions' second stage (hp17b/elementary.go)
// and the finance applications' fast paths (fin/dd.go) compute with it;
// each states its error bounds in units of 2^-104 from those given here.
package dd

import "math"

// TwoProd returns a·b as p + e exactly (FMA).
func TwoProd(a, b float64) (p, e float64) {
	p = a * b
	return p, math.FMA(a, b, -p)
}

// TwoSum returns a + b as s + e exactly (Knuth).
func TwoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

// FastTwoSum returns a + b as s + e exactly when |a| ≥ |b| (Dekker).
func FastTwoSum(a, b float64) (s, e float64) {
	s = a + b
	return s, b - (s - a)
}

// Mul is (ah + al)·(bh + bl) within 2^-104 relative (the product of the
// high parts exact by FMA, the cross terms rounded, al·bl dropped).
func Mul(ah, al, bh, bl float64) (h, l float64) {
	p, e := TwoProd(ah, bh)
	e += ah*bl + al*bh
	return FastTwoSum(p, e)
}

// Add is (ah + al) + (bh + bl) within 2^-104·(|a| + |b|).
func Add(ah, al, bh, bl float64) (h, l float64) {
	s, e := TwoSum(ah, bh)
	e += al + bl
	return FastTwoSum(s, e)
}
