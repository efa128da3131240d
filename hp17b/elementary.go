package hp17b

import (
	"math"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The elementary functions (LN, LOG, EXP, EXPM1, LNP1, y^x, SQRT and the
// rate factors SPFV, SPPV, USFV, USPV) in three stages, one family a file
// as Go's math package lays them out: ln.go, exp.go, pow.go, sqrt.go,
// rates.go (with uniform_fine.go). Each file opens with its method, its
// bounds and the tests that hold them; this file keeps what they share:
// the rounding test, the conversion of a decimal to float64 and the
// constants.
//
// Method (Ziv, "Fast evaluation of elementary mathematical functions with
// correctly rounded last bit", ACM TOMS 17(3), 1991; the quick and the
// accurate phase of CRlibm, Daramy-Loirat et al. 2006):
//
//  1. A float64 kernel returns y and k with the exact result inside
//     y·10^k·(1 ± eps); decide12 rounds it when the whole interval lies
//     strictly between two rounding midpoints of the 12th digit. Budgets
//     are in units of u = 2^-53 (half an ulp of 1, the relative rounding
//     error of one float64 operation).
//  2. Where it cannot, a double-double kernel (Dekker) tries the same
//     test with bounds in units of 2^-90 (LN, LOG, EXP, y^x and the rate
//     factors: there b·ln a multiplies the first stage's error in ln a
//     by |b|). A second stage decides only where its interval also holds
//     the apd path's value (apdFloor and the floors in ln.go and exp.go),
//     so that what it decides is what the apd path gives.
//  3. Where neither decides, the function falls back to its apd code
//     path (the code every function had before the fast path, kept
//     whole), so that a result no stage decides is by construction the
//     one it was.
//
// What is claimed, and what holds it. A result a stage decides is the
// exact value rounded to 12 digits, ties to even: the correctly rounded
// one (TestFunctionsCorrectlyRounded, TestElementaryTable against 50 and
// 60 digits). The apd paths compute a wider value and round it once: 34
// digits (Wide: LN, LOG, EXP, SPFV, SPPV, small integer powers), 30 (y^x's
// general case, FACT), 40 (EXPM1, LNP1) or 70 (USFV and USPV in a form
// that does not cancel); such a value rounds correctly unless the exact
// result lies within its error (a few units of its last digit) of a
// midpoint between two 12-digit numbers, and TestApdPathsCorrectlyRounded
// finds no argument that does among the ones it draws. Exact results that
// are a tie of the 12th digit (5^18 = 3814697265625) never pass the
// rounding test and reach the apd path, which computes them exactly and
// rounds to even. Two fallbacks are exact instead, because there the apd
// path is not correctly rounded: SQRT decides in integers (sqrtExact;
// apd's 12-digit square root is faithful only) and y^x of a perfect square
// to a half-integer power is computed exactly (powHalf: the only
// non-integer powers whose result can be an exact tie, which 30 digits
// round either way).
//
// The Go library's Log, Log1p, Expm1 and Exp are documented as "less than
// 1 ulp" (the FreeBSD msun sources they come from); amd64's assembly Exp
// (after Shibata's SLEEF) states no bound, so every budget counts each
// library call at 2 ulps (4u relative), and TestLibraryBounds measures all
// of them against apd on the ranges the kernels use. math.Sqrt is IEEE's
// correctly rounded square root (1u). The double-double stages' own
// bounds are held by TestDDKernelBounds.

// paths chooses a function's code paths and hears its fallbacks. The
// zero value is the calculator's: every stage on, nothing heard. Each
// public function is its method on the zero value (Ln is paths{}.ln);
// the tests pass their own values, so that they run in parallel.
type paths struct {
	// apdOnly runs the apd code paths alone (the way strconv's
	// SetOptimize switches its fast paths off): the differential tests'
	// reference.
	apdOnly bool
	// fell, when not nil, is called each time a function leaves its
	// kernels for its apd code path (the tests count fallbacks).
	fell func()
}

// fellBack reports a fallback to p.fell.
func (p paths) fellBack() {
	if p.fell != nil {
		p.fell()
	}
}

// testSlack widens every rounding test by that many units of the 12th
// digit: the table's generation (go test -update) finds arguments near a
// rounding midpoint with it. 0 otherwise; no other test writes it.
var testSlack float64

// u is the unit of the error budgets: 2^-53.
const u = 0x1p-53

// ln 10 split for argument reduction (the way math/log.go splits ln 2):
// ln10Hi has its low 12 bits zero, so k·ln10Hi is exact for |k| < 4096,
// and ln 10 − ln10Hi − ln10Lo is below 2.5e-29.
const (
	ln10Hi = 2.3025850929934677    // 0x40026bb1bbb55000
	ln10Lo = 5.779870756024433e-13 // 0x3d64560b752b6b16
	// ln10H + ln10L is ln 10 as a double-double (error below 2^-106).
	ln10H = 2.302585092994046       // 0x40026bb1bbb55516
	ln10L = -2.1707562233822494e-16 // 0xbcaf48ad494ea3e9
	// ln2H + ln2L is ln 2 as a double-double (error below 2^-107).
	ln2H = 0.6931471805599453     // 0x3fe62e42fefa39ef
	ln2L = 2.3190468138462996e-17 // 0x3c7abc9e3b39803f
	// invLn10H + invLn10L is 1/ln 10 (error below 2^-106).
	invLn10H = 0.4342944819032518    // 0x3fdbcb7b1526e50e
	invLn10L = 1.098319650216765e-17 // 0x3c695355baaafad3
)

// pow10f holds 10^0 … 10^22, the powers of ten exact in float64.
var pow10f = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// scale10 returns x·10^s as hi + lo with |hi + lo − x·10^s| ≤ 2^-100·|x·10^s|,
// for −44 ≤ s ≤ 44 (false otherwise): one or two exact products (or
// quotients with an exact remainder) by the exact powers 10^0…10^22.
func scale10(x float64, s int) (hi, lo float64, ok bool) {
	switch {
	case s >= 0 && s <= 22:
		hi, lo = dd.TwoProd(x, pow10f[s])
	case s > 22 && s <= 44:
		h1, l1 := dd.TwoProd(x, 1e22)
		p := pow10f[s-22]
		hi, lo = dd.TwoProd(h1, p)
		lo += l1 * p
	case s < 0 && s >= -22:
		d := pow10f[-s]
		hi = x / d
		lo = math.FMA(-hi, d, x) / d
	case s < -22 && s >= -44:
		h1 := x / 1e22
		l1 := math.FMA(-h1, 1e22, x) / 1e22
		d := pow10f[-s-22]
		hi = h1 / d
		lo = (math.FMA(-hi, d, h1) + l1) / d
	default:
		return 0, 0, false
	}
	return hi, lo, true
}

// toFloat returns the decimal ±c·10^q (c < 2^53) as the double-double
// hi + lo, within 2^-100 relative, when −44 ≤ q ≤ 44 (false otherwise).
func toFloat(neg bool, c uint64, q int) (hi, lo float64, ok bool) {
	hi, lo, ok = scale10(float64(c), q)
	if neg {
		hi, lo = -hi, -lo
	}
	return hi, lo, ok
}

// decide12 is the rounding test. Given y > 0 and k such that the exact
// value v lies in y·10^k·[1 − eps, 1 + eps], it returns the 12-digit
// coefficient c (10^11 ≤ c ≤ 10^12) and exponent e with v rounding to
// c·10^e, ties to even, when every value of that interval rounds to it;
// false when the interval reaches a rounding midpoint (or y or eps is out
// of the range the test is exact in).
//
// Derivation: Y = y·10^s ∈ [10^11, 10^12) is formed as hi + lo within
// 2^-100 relative (scale10); n = ⌊hi⌋ and hi − n are exact (hi < 2^40), and
// f = (hi − n) + lo carries one rounding, below 2^-53. The interval is
// Y ± R with R = Y·(eps + 2^-100); the test asks |f − ½| > R + 2^-40, and
// R < 0.04 keeps the interval inside (n − ½, n + 3/2) and above
// 10^11 − 0.05, below which the grid of 12 digits is ten times finer
// (every value in (10^11 − 0.05, 10^11) rounds to 10^11 too). A c of 10^12
// is 10^11·10^(e+1), which fromParts reads exactly.
func decide12(y float64, k int, eps float64) (c uint64, e int, ok bool) {
	return decide12dd(y, 0, k, eps)
}

// decide12dd is decide12 for the double-double yh + yl (|yl| ≤ ulp(yh)):
// yl·10^s adds one rounding, below 2^-106 relative.
func decide12dd(y, yl float64, k int, eps float64) (c uint64, e int, ok bool) {
	if !(y >= 1e-300 && y <= 1e300) || !(eps < 1e-14) {
		return 0, 0, false
	}
	_, e2 := math.Frexp(y) // y ∈ [2^(e2−1), 2^e2)
	s := 11 - ((e2-1)*78913)>>18
	hi, lo, ok := scale10(y, s)
	for i := 0; ok && i < 2 && (hi >= 1e12 || hi < 1e11); i++ {
		if hi >= 1e12 {
			s--
		} else {
			s++
		}
		hi, lo, ok = scale10(y, s)
	}
	if !ok || hi >= 1e12 || hi < 1e11 {
		return 0, 0, false
	}
	if yl != 0 {
		ph, pl, _ := scale10(yl, s)
		lo += ph + pl
	}
	r := hi*(eps+0x1p-100)*(1+0x1p-50) + 0x1p-40 + testSlack
	if r >= 0.04 {
		return 0, 0, false
	}
	n := math.Floor(hi)
	f := (hi - n) + lo
	if f < 0 {
		n--
		f++
	} else if f >= 1 {
		n++
		f--
	}
	if math.Abs(f-0.5) <= r {
		return 0, 0, false
	}
	c = uint64(n)
	if f > 0.5 {
		c++
	}
	return c, k - s, true
}

// apdFloor is the least relative bound the second stage decides with:
// the error of the apd code paths (exp(b × ln a) at 30 digits, within
// ten units of the 30th digit: 10^-28·(1 + |p|)), so that a result the
// second stage decides is also the one the apd path rounds to.
func apdFloor(p float64) float64 { return 1e-28 * (1 + math.Abs(p)) }

// wide runs a transcendental function in Wide (34 digits) and rounds once
// to 12.
func wide(f func(d, x *apd.Decimal) (apd.Condition, error), a Number) (Number, error) {
	var w, t apd.Decimal
	c, err := f(&w, a.in(&t))
	if err != nil || c&(apd.InvalidOperation|apd.DivisionImpossible|apd.DivisionUndefined) != 0 {
		return Zero, ErrInvalidInput
	}
	return round12(&w)
}

// round12 rounds a wide result to the calculator's 12 digits, ties to
// even, with the range of finish (which rounds: the two are one).
func round12(w *apd.Decimal) (Number, error) { return finish(w) }
