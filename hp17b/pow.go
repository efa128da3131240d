package hp17b

import (
	"math"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// y^x (Pow, ALOG): a whole number to a whole power of at most 12 digits by
// integer products (smallPow, exact); any a to an integer power
// |b| ≤ 64 by squaring at 34 digits (powExact, powInt34: exact where the
// power has at most 34 digits, otherwise within 1.01·|b|·5·10^-34
// relative); otherwise e^p with p = b·ln|a|, the sign from an odd
// integer b.
//
// Bounds of e^p: powFast with ln a from lnParts (ln.go) and
// eps = 6u + 1.01·perr, perr = |b|·lerr·(1 + 2^-50) + 2^-99·|p|; powDD
// with lnDD (lnDDAbs) and expDD (2^-89), floored at apdFloor; then
// powHalf (a perfect square to a half-integer power: exact, the ties)
// and powApd (ln, product and exp at 30 digits: within 10^-28·(1 + |p|),
// apdFloor's figure).
//
// Tests: TestPowSmallIntegers, TestPowExactBound, TestStage2Decides,
// TestFunctionsCorrectlyRounded (Y^X, Y^N, ALOG), TestElementaryTable
// (POW, ALOG), TestApdPathsCorrectlyRounded (powApd, with powHalf's
// ties), FuzzFloatStage and FuzzDoubleStage.

// Pow returns a^b (the y^x key and the Solver's ^). 0^0 and 0 to a negative
// power give ErrPower, as does a negative base with a non-integer exponent.
func Pow(a, b Number) (Number, error) { return paths{}.pow(a, b) }

// pow is Pow on the paths p.
func (p paths) pow(a, b Number) (Number, error) {
	// (smallPow below gives what powExact gives, exactly, for whole
	// numbers whose power fits in 12 digits: 2^J, 10^J.)
	if a.IsZero() {
		if b.Sign() <= 0 {
			return Zero, ErrPower
		}
		return Zero, nil
	}
	if b.IsZero() {
		return One, nil
	}
	if a.Sign() < 0 && !b.IsInteger() {
		return Zero, ErrPower
	}
	if bi, ok := b.Int64(); ok && bi >= -64 && bi <= 64 {
		if ai, ok := a.Int64(); ok && bi > 0 {
			if r, ok := smallPow(ai, bi); ok {
				return FromInt(r), nil // exact, 12 digits at most
			}
		}
		return powExact(a, bi)
	}
	// General case: exp(b × ln|a|), sign from an odd integer exponent.
	if !p.apdOnly {
		_, ca, qa := a.parts()
		nb, cb, qb := b.parts()
		if rc, re, ok := powFast(ca, qa, nb, cb, qb); ok {
			return fromParts(a.Sign() < 0 && isOdd(b), rc, re)
		}
		if rc, re, ok := powDD(ca, qa, nb, cb, qb); ok {
			return fromParts(a.Sign() < 0 && isOdd(b), rc, re)
		}
		p.fellBack()
		if r, ok := powHalf(a, b); ok {
			return r, nil
		}
	}
	return powApd(a, b)
}

// Alog returns 10^a.
func Alog(a Number) (Number, error) { return paths{}.pow(Ten, a) }

// smallPow is a^e for whole a and e ≥ 1 when the result has at most 12
// digits (false otherwise): the exact integer power the calculator shows.
func smallPow(a, e int64) (int64, bool) {
	if a > smallLimit || a < -smallLimit {
		return 0, false
	}
	abs := max(a, -a)
	r := int64(1)
	for ; e > 0; e-- {
		if max(r, -r) > smallLimit/abs {
			return 0, false
		}
		r *= a
	}
	return r, true
}

// powExact is Pow for the integer powers 0 < |bi| ≤ 64: powInt34 rounded
// once to 12 digits. It is the correctly rounded result, ties to even,
// wherever powInt34 is exact (whole numbers and short decimals to small
// powers: 5^18 = 3814697265625 gives 3814697265620), and elsewhere unless
// a^bi lies within powInt34's bound of a midpoint between two 12-digit
// numbers.
func powExact(a Number, bi int64) (Number, error) {
	var r apd.Decimal
	powInt34(&r, a, bi)
	return round12(&r)
}

// powInt34 sets r to a^bi (bi ≠ 0) by squaring and multiplying at 34
// digits (Wide), and 1/a^|bi| by one quotient for bi < 0. It is exact
// when a^|bi|'s coefficient (without trailing zeros) has at most 34
// digits, and for bi < 0 the quotient's too: every factor a^(2^j) it uses
// and every partial product is then a smaller power of the same
// coefficient. Otherwise each product rounds (half a unit of the 34th
// digit: 5·10^-34 relative), each squaring doubles its operand's error,
// and the result is within (|bi| − 1)·5·10^-34 relative to first order,
// |bi|·5·10^-34 with the quotient, and 1.01·|bi|·5·10^-34 in all
// (TestPowExactBound holds both against 1,000 digits).
func powInt34(r *apd.Decimal, a Number, bi int64) {
	var base apd.Decimal
	r.SetInt64(1)
	a.in(&base)
	e := bi
	if e < 0 {
		e = -e
	}
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			_, _ = Wide.Mul(r, r, &base)
		}
		_, _ = Wide.Mul(&base, &base, &base)
	}
	if bi < 0 {
		var one apd.Decimal
		one.SetInt64(1)
		_, _ = Wide.Quo(r, &one, r)
	}
}

// powHalf is a^b exactly, rounded once, when b is half an odd integer and
// a the square of a decimal s whose power s^(2b) has at most 60 digits:
// the only non-integer powers whose result can be an exact tie of the 12th
// digit (14185² ^ 1.5 = 2854223781625 → 2854223781620, ties to even),
// which the rounding test never decides and exp(b × ln a) rounds either
// way. false otherwise.
func powHalf(a, b Number) (Number, bool) {
	var ctx = apd.Context{Precision: 60, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundHalfEven}
	var ta, tb, b2, s, sq apd.Decimal
	if _, err := ctx.Mul(&b2, b.in(&tb), apd.New(2, 0)); err != nil || a.Sign() <= 0 {
		return Zero, false
	}
	p, err := b2.Int64()
	if err != nil || p%2 == 0 || p > 1000 || p < -1000 {
		return Zero, false
	}
	ad := a.in(&ta)
	if _, err := ctx.Sqrt(&s, ad); err != nil {
		return Zero, false
	}
	if c, _ := ctx.Mul(&sq, &s, &s); c.Inexact() || sq.Cmp(ad) != 0 {
		return Zero, false // not a perfect square
	}
	var r apd.Decimal
	r.SetInt64(1)
	for k := max(p, -p); k > 0; k-- {
		if c, _ := ctx.Mul(&r, &r, &s); c.Inexact() {
			return Zero, false
		}
	}
	if p < 0 {
		if c, _ := ctx.Quo(&r, apd.New(1, 0), &r); c.Inexact() {
			return Zero, false
		}
	}
	n, err := round12(&r)
	return n, err == nil
}

// powApd is Pow's general case, a^b = exp(b × ln|a|) through apd at 30
// digits, the sign from an odd integer exponent.
func powApd(a, b Number) (Number, error) {
	neg := a.Sign() < 0
	var la, p, w, ta, tb apd.Decimal
	abs := Abs(a)
	wctx := Wide.WithPrecision(30)
	if _, err := wctx.Ln(&la, abs.in(&ta)); err != nil {
		return Zero, ErrPower
	}
	_, _ = wctx.Mul(&p, &la, b.in(&tb))
	// Range guard: |p| far past ln(1E500) ≈ 1151.
	var lim apd.Decimal
	lim.SetInt64(5000)
	var ap apd.Decimal
	ap.Abs(&p)
	if ap.Cmp(&lim) > 0 {
		if p.Sign() > 0 {
			return saturate(neg && isOdd(b)), ErrOverflow
		}
		return Zero, nil
	}
	if _, err := wctx.Exp(&w, &p); err != nil {
		return Zero, ErrPower
	}
	if neg && isOdd(b) {
		w.Neg(&w)
	}
	return round12(&w)
}

// isOdd reports whether the whole number b is odd.
func isOdd(b Number) bool {
	_, c, q := b.parts()
	if q > 0 || q < -11 {
		return false // a multiple of 10, or not whole
	}
	return (c/pow10[-q])%2 == 1
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

// powDD is y^x's second stage (see powFast): ln a within lnDDAbs absolute
// (lnDD; ln 10^E from the double-double ln 10), b within 2^-100, so p =
// b·ln a carries perr = |b|·lnDDAbs + 2^-99·|p|; expDD adds 2^-89:
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
	perr := math.Abs(bh)*lnDDAbs + 0x1p-99*math.Abs(ph)
	if math.Abs(ph) > 1160 || perr > 1e-14 {
		return 0, 0, false // powFast has decided these
	}
	yh, yl, k := expDD(ph, pl)
	return decide12dd(yh, yl, k, max(0x1p-89+1.01*perr, apdFloor(ph)))
}
