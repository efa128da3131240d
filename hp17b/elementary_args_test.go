package hp17b

import (
	"math/rand/v2"
)

// The arguments of the differential tests: drawn from a seeded PCG with
// integer operations only, so that every platform draws the same ones.

// elemFunc is one function under the differential test: its name, the
// draw of its arguments, and the function on given paths: paths{} is the
// public function, apdPaths its apd code path (what the fast path must
// equal where it decides nothing).
type elemFunc struct {
	name string
	draw func(r *rand.Rand) (a, b Number)
	f    func(p paths, a, b Number) (Number, error)
}

// num is ±c·10^e from integers (c of 12 digits at most).
func num(neg bool, c uint64, e int) Number {
	n, _ := fromParts(neg, c, e)
	return n
}

// coeff draws a 12-digit coefficient; one time in 8 a short one (a few
// digits, then zeros), where exact results live.
func coeff(r *rand.Rand) uint64 {
	if r.IntN(8) == 0 {
		d := 1 + r.IntN(5)
		return (pow10[d-1] + r.Uint64N(9*pow10[d-1])) * pow10[12-d]
	}
	return coeffMin + r.Uint64N(coeffMax-coeffMin+1)
}

// between draws a number whose leading digit's exponent is in lo..hi.
func between(r *rand.Rand, neg bool, lo, hi int) Number {
	return num(neg, coeff(r), lo+r.IntN(hi-lo+1)-11)
}

// edges are the range's special values.
var edges = []Number{MustParse("9.99999999999E499"), MustParse("-9.99999999999E499"), MustParse("1E-499"),
	MustParse("-1E-499"), Zero, One, Neg(One), Ten, MustParse("0.5"), MustParse("2"),
	MustParse("0.999999999999"), MustParse("1.00000000001"), MustParse("-0.999999999999")}

// edge draws one of the range's special values.
func edge(r *rand.Rand) Number { return edges[r.IntN(len(edges))] }

// elemFuncs lists every function of the differential test.
var elemFuncs = []elemFunc{
	{"LN", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1, 2: // near 1
			return num(false, 100000000000+r.Uint64N(1000000), -11), Zero
		case 3:
			return num(false, 999999000000+r.Uint64N(1000000), -12), Zero
		}
		return between(r, false, MinExp, MaxExp), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.ln(a) }},
	{"LOG", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1:
			return num(false, 100000000000, r.IntN(999)-510), Zero
		case 2:
			return num(false, 100000000000+r.Uint64N(1000000), -11), Zero
		}
		return between(r, false, MinExp, MaxExp), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.log(a) }},
	{"EXP", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1:
			return between(r, r.IntN(2) == 0, -40, -1), Zero
		case 2:
			return between(r, r.IntN(2) == 0, 4, 7), Zero
		}
		return between(r, r.IntN(2) == 0, -3, 3), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.exp(a) }},
	{"ALOG", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1:
			return FromInt(int64(r.IntN(1400)) - 700), Zero
		case 2:
			return between(r, r.IntN(2) == 0, -30, -1), Zero
		}
		return between(r, r.IntN(2) == 0, 0, 2), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.pow(Ten, a) }},
	{"EXPM1", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1:
			return between(r, r.IntN(2) == 0, -60, -15), Zero
		case 2:
			return between(r, r.IntN(2) == 0, 2, 6), Zero
		}
		return between(r, r.IntN(2) == 0, -14, 1), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.expm1(a) }},
	{"LNP1", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1:
			return between(r, r.IntN(2) == 0, -60, -15), Zero
		case 2:
			return between(r, false, 2, MaxExp), Zero
		case 3:
			return num(true, 900000000000+r.Uint64N(100000000000), -12), Zero
		}
		return between(r, r.IntN(3) == 0, -14, 1), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.lnp1(a) }},
	{"SQRT", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), Zero
		case 1: // perfect squares
			k := 1 + r.Uint64N(999999)
			return num(false, k*k, 2*(r.IntN(400)-200)), Zero
		}
		return between(r, false, MinExp, MaxExp), Zero
	}, func(p paths, a, _ Number) (Number, error) { return p.sqrt(a) }},
	{"POW", func(r *rand.Rand) (Number, Number) {
		switch r.IntN(10) {
		case 0:
			return edge(r), edge(r)
		case 1: // integer exponents, negative bases
			return between(r, r.IntN(2) == 0, -20, 20), FromInt(int64(r.IntN(2000)) - 1000)
		case 2: // exact results: s^3 raised to 2/3 and friends
			s := 1 + r.Uint64N(99999)
			return num(false, s*s, 0), MustParse("1.5")
		case 3: // the TVM's kind: 1 + i/100 to ±N
			return num(false, 100000000000+r.Uint64N(10000000000), -11), FromInt(int64(r.IntN(1000)) - 500)
		case 4: // wide range
			return between(r, false, MinExp, MaxExp), between(r, r.IntN(2) == 0, -6, 0)
		}
		return between(r, false, -10, 10), between(r, r.IntN(2) == 0, -3, 2)
	}, func(p paths, a, b Number) (Number, error) { return p.pow(a, b) }},
	{"SPFV", func(r *rand.Rand) (Number, Number) {
		return rate(r), periods(r)
	}, func(p paths, a, b Number) (Number, error) { return p.spfv(a, b) }},
	{"USFV", func(r *rand.Rand) (Number, Number) {
		return rate(r), periods(r)
	}, func(p paths, a, b Number) (Number, error) { return p.usfv(a, b) }},
	{"USPV", func(r *rand.Rand) (Number, Number) {
		return rate(r), periods(r)
	}, func(p paths, a, b Number) (Number, error) { return p.uspv(a, b) }},
}

// rate draws an interest rate in %: mostly 0.01 to 100, some tiny, some
// near −100, some 0.
func rate(r *rand.Rand) Number {
	switch r.IntN(10) {
	case 0:
		return edge(r)
	case 1:
		return between(r, r.IntN(2) == 0, -30, -3)
	case 2:
		return num(true, 990000000000+r.Uint64N(10000000000), -10)
	case 3:
		return between(r, false, 2, 4)
	}
	return between(r, r.IntN(8) == 0, -2, 1)
}

// periods draws a number of periods: mostly whole 1 to 1000, some
// fractional, some huge, some negative.
func periods(r *rand.Rand) Number {
	switch r.IntN(6) {
	case 0:
		return between(r, r.IntN(2) == 0, -3, 6)
	case 1:
		return edge(r)
	}
	return FromInt(int64(1 + r.IntN(1000)))
}
