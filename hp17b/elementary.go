package hp17b

import (
	"math"
	"math/bits"

	"github.com/hp17b/hp17b/hp17b/dd"
)

// The elementary functions' fast path: float64 kernels with a proven error
// bound, and a rounding test that accepts a float64 result only when every
// value its bound allows rounds to the same 12-digit decimal.
//
// Method (Ziv, "Fast evaluation of elementary mathematical functions with
// correctly rounded last bit", ACM TOMS 17(3), 1991; the quick phase of
// CRlibm, Daramy-Loirat et al. 2006): a kernel returns y and k with the
// exact result inside y·10^k·(1 ± eps); decide12 rounds it when the whole
// interval lies strictly between two rounding midpoints of the 12th digit;
// otherwise a double-double second stage tries (LN, LOG, EXP, y^x and the rate
// functions), and then the function falls back to its apd code path (the
// code every function had before the fast path, kept whole: wide(Wide.Ln),
// powApd, expm1Apd, …), so that a result no stage decides is by
// construction the one it was. Two fallbacks are exact instead, because
// the apd path is not correctly rounded there: SQRT decides in integers
// (sqrtExact; apd's 12-digit square root is faithful only) and y^x of a
// perfect square to a half-integer power is computed exactly (powHalf),
// the only non-integer powers whose result can be an exact tie.
//
// Error budgets are in units of u = 2^-53 (half an ulp of 1, the relative
// rounding error of one float64 operation). The Go library's Log, Log1p,
// Expm1 and Exp are documented as "less than 1 ulp" (the FreeBSD msun
// sources they come from); amd64's assembly Exp (after Shibata's SLEEF)
// states no bound, so every budget below counts each library call at 2 ulps
// (4u relative), and TestLibraryBounds measures all of them against apd on
// the ranges the kernels use. math.Sqrt is IEEE's correctly rounded square
// root (1u).
//
// Exact results that are a tie of the 12th digit (5^18 = 3814697265625)
// never pass the test, so they always reach the apd path, as they must.

// optimize switches the float64 kernels on; tests switch it off to run the
// apd paths alone (the way strconv's SetOptimize does).
var optimize = true

// fallbackHook, when not nil, is called each time a function leaves its
// float64 kernel for its apd code path, and testSlack widens every
// rounding test by that many units of the 12th digit: the tests' means to
// count fallbacks and to find arguments near a rounding midpoint. Both
// are read-only outside tests.
var (
	fallbackHook func()
	testSlack    float64
)

// fellBack reports a fallback to fallbackHook.
func fellBack() {
	if fallbackHook != nil {
		fallbackHook()
	}
}

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
	rc, re, ok = decide12(math.Abs(y), 0, 8.5*u)
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
	rc, re, ok = decide12(math.Abs(y), 0, 9.5*u)
	return neg, rc, re, ok
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

// powFast is y^x's kernel for a = ca·10^qa > 0 and b = ±cb·10^qb ≠ 0:
// a^b = e^p with p = b·ln a.
//
// Budget: ln a = lh + ll within lerr (lnParts); b enters within 2^-100
// (toFloat, |qb| ≤ 44); p = b·(lh + ll) is formed with an exact product
// of the high parts and one rounding for the rest (≤ 2^-100·|p|), so
// p carries perr = |b|·lerr·(1 + 2^-50) + 2^-99·|p|. expReduce adds 6u and
// turns perr into perr·(1 + perr) relative: eps = 6u + 1.01·perr.
// |p| > 1160 over- or underflows, as in expFast (perr < 1 there).
//
// Exponents out of toFloat's range: |b| < 10^-32 gives |p| < 10^-28 and
// a^b rounds to 1 (as expFast); |b| > 10^44 with a ≠ 1 gives |p| >
// 10^44·10^-12 (|ln a| ≥ ln(1 + 10^-11)): over- or underflow by the signs
// of b and ln a.
func powFast(ca uint64, qa int, negb bool, cb uint64, qb int) (rc uint64, re int, ok bool) {
	if qb < -44 {
		return 100000000000, -11, true
	}
	if qb > 44 {
		if ca == 100000000000 && qa == -11 {
			return 100000000000, -11, true
		}
		if (qa+11 >= 0) != negb {
			return 1, 600, true
		}
		return 1, -600, true
	}
	bh, bl, ok := toFloat(negb, cb, qb)
	if !ok {
		return 0, 0, false
	}
	var lh, ll, lerr float64
	if ca == 100000000000 { // a = 10^E: ln a = E·ln 10 as a double-double
		e := float64(qa + 11)
		lh, ll = dd.TwoProd(e, ln10H)
		ll += e * ln10L
		lerr = 0x1p-100 * math.Abs(lh)
	} else {
		lh, ll, lerr = lnParts(ca, qa)
	}
	ph, pe := dd.TwoProd(bh, lh)
	pl := pe + bh*ll + bl*lh
	perr := math.Abs(bh)*lerr*(1+0x1p-50) + 0x1p-99*math.Abs(ph)
	if ph > 1160 && perr < 1 {
		return 1, 600, true
	}
	if ph < -1160 && perr < 1 {
		return 1, -600, true
	}
	if perr > 1e-14 {
		return 0, 0, false
	}
	y, k := expReduce(ph, pl)
	return decide12(y, k, 6*u+1.01*perr)
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
	return lh, ll, 4.01 * u * math.Abs(lh)
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
		// Second stage: ln(1 + w) by ln1pDD2 (2^-88 absolute, 2^-80
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
		eps := 0x1p-88/math.Abs(lh) + 1e-30
		if math.Abs(wh) < 0.5 {
			eps = 0x1p-80 + 1e-30
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
		rc, re, ok = decide12(lh+ll, 0, 8.5*u+0x1p-60)
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

// The second stage: double-double (Dekker; the "accurate phase" of
// CRlibm) for y^x and the rate functions, where b·ln a multiplies the
// first stage's error in ln a by |b| and the rounding test fails for
// |p| beyond a few units. Its bounds are in units of 2^-90.

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

// apdFloor is the least relative bound the second stage decides with:
// the error of the apd code paths (exp(b × ln a) at 30 digits, within
// ten units of the 30th digit: 10^-28·(1 + |p|)), so that a result the
// second stage decides is also the one the apd path rounds to.
func apdFloor(p float64) float64 { return 1e-28 * (1 + math.Abs(p)) }

// powDD is y^x's second stage (see powFast): ln a within 2^-88 absolute
// (lnDD; ln 10^E from the double-double ln 10), b within 2^-100, so p =
// b·ln a carries perr = |b|·2^-88 + 2^-99·|p|; expDD adds 2^-89:
// eps = max(2^-89 + 1.01·perr, apdFloor(p)).
func powDD(ca uint64, qa int, negb bool, cb uint64, qb int) (rc uint64, re int, ok bool) {
	bh, bl, ok := toFloat(negb, cb, qb)
	if !ok {
		return 0, 0, false
	}
	var lh, ll float64
	if ca == 100000000000 {
		e := float64(qa + 11)
		lh, ll = dd.TwoProd(e, ln10H)
		ll += e * ln10L
	} else {
		lh, ll = lnDD(ca, qa)
	}
	ph, pl := dd.Mul(bh, bl, lh, ll)
	perr := math.Abs(bh)*0x1p-88 + 0x1p-99*math.Abs(ph)
	if math.Abs(ph) > 1160 || perr > 1e-14 {
		return 0, 0, false // powFast has decided these
	}
	yh, yl, k := expDD(ph, pl)
	return decide12dd(yh, yl, k, max(0x1p-89+1.01*perr, apdFloor(ph)))
}

// rateDD is the second stage of rateParts: p = n·ln(1 + w) with
// ln1pDD2 (2^-80·|ln(1 + w)| for |w| < 0.5, 2^-88 otherwise): perr =
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
	lerr := 0x1p-88
	if math.Abs(wh) < 0.5 {
		lerr = 0x1p-80 * math.Abs(lh)
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

// lnDDFast is LN's second stage, for a outside [0.1, 10) (|ln a| ≥ 2.30):
// lnDD's 2^-88 absolute is below 2^-89 relative; the apd path's floor
// (Wide's Ln, 34 digits: 10^-31): eps = max(2^-89, 10^-31).
func lnDDFast(c uint64, q int) (neg bool, rc uint64, re int, ok bool) {
	if e := q + 11; e == 0 || e == -1 {
		return false, 0, 0, false
	}
	h, l := lnDD(c, q)
	if h < 0 {
		rc, re, ok = decide12dd(-h, -l, 0, max(0x1p-89, 1e-31))
		return true, rc, re, ok
	}
	rc, re, ok = decide12dd(h, l, 0, max(0x1p-89, 1e-31))
	return false, rc, re, ok
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

// logDDFast is LOG's second stage, for a outside [0.1, 10) (|log10 a| ≥ 1):
// lnDD (2^-88 absolute) times 1/ln 10 as a double-double (2^-104):
// 2^-88·0.435 + 2^-104 absolute, below 2^-89 relative; the apd path's
// floor (Wide's Log10, 34 digits: 10^-31): eps = max(2^-89, 10^-31).
func logDDFast(c uint64, q int) (neg bool, rc uint64, re int, ok bool) {
	if e := q + 11; e == 0 || e == -1 {
		return false, 0, 0, false
	}
	lh, ll := lnDD(c, q)
	h, l := dd.Mul(lh, ll, invLn10H, invLn10L)
	if h < 0 {
		rc, re, ok = decide12dd(-h, -l, 0, max(0x1p-89, 1e-31))
		return true, rc, re, ok
	}
	rc, re, ok = decide12dd(h, l, 0, max(0x1p-89, 1e-31))
	return false, rc, re, ok
}
