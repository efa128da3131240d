package fin

import (
	"math"
	"math/bits"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The fast paths of the functions with fractional powers, logarithms and
// the display's rounding: ICNV's four conversions and AMRT's interest
// rounded to the display. Each computes in double-double with a bound on
// its own error, adds a model of the 34-digit code's error (the result
// must be the one that code rounds to, not the exact one), and rounds
// only when the sum of the two decides the rounding (hp17b.RoundDD);
// otherwise the 34-digit code computes the result as it always did.
//
// The model of the 34-digit code (package wide, apd at 34 digits): each
// +, −, × and ÷ within apdArith of its exact result (relative: half a
// unit of the 34th digit, the rounding); Pow within apdPow (apd's Pow
// forms an integer power, or exp(y·ln x), at 44 digits and rounds it to
// 34: half a unit and 10^-40 for the 44-digit work); Ln and Exp within
// apdTrans (a unit of the 34th digit: they work two or more digits wider
// and round). The errors of a calculation are carried through it to
// first order, each multiplied by its condition number, and the sum is
// doubled for the second-order terms and the bound's own float64
// roundings.

// apdArith, apdPow and apdTrans are the 34-digit code's errors, relative,
// for an arithmetic operation, Pow, and Ln or Exp (see above).
const (
	apdArith = 5e-34
	apdPow   = 5e-34 + 1e-40
	apdTrans = 1e-33
)

// fastNamed, when not nil, hears each attempt of the fast paths in this
// file by the function's name and whether it decided (the tests count
// them); read-only outside tests.
var fastNamed func(name string, decided bool)

// hear reports one attempt to fastHook and fastNamed.
func hear(name string, ok bool) {
	if fastHook != nil {
		fastHook(ok)
	}
	if fastNamed != nil {
		fastNamed(name, ok)
	}
}

// ddDiv is (ah + al)/(bh + bl) within 5·2^-104 relative (ddRecip 3, the
// product 1, and their composition).
func ddDiv(ah, al, bh, bl float64) (h, l float64) {
	rh, rl := ddRecip(bh, bl)
	return dd.Mul(ah, al, rh, rl)
}

// looseness scales every bound of this file's fast paths: 1, and 0.1 in
// the test that shows a bound ten times too small is caught.
var looseness = 1.0

// round12 rounds h + l, within eps relative of the value the 34-digit
// code rounds, when eps decides it; the doubling of the model (see
// above) is made here.
func round12(h, l, eps float64) (hp17b.Number, bool) {
	if math.IsNaN(eps) || math.IsInf(h, 0) || math.IsNaN(h) {
		return hp17b.Zero, false
	}
	return hp17b.RoundDD(h, l, 2*eps*(1+0x1p-20)*looseness)
}

// effectiveFast is Effective on the fast path: x = NOM%/(100·P) (the
// values within 2^-100 each, 100·P 2^-104, the quotient 5·2^-104: εx =
// 2^-98 relative), L = ln(1 + x) (Log1pDD, 2^-80 relative, x's error
// moving it by |x|·εx/|1 + x|), q = P·L (P's 2^-100 and the product's
// 2^-104), EFF% = 100·(e^q − 1) (Expm1DD 2^-80, q's absolute error Δ
// moving it by e^q·Δ·1.01; the product by 100 2^-104). The 34-digit code
// forms x (one quotient), B = 1 + x (a sum: δB = apdArith·(|x| + |B|)),
// B^P (P·δB/|B| relative, and apdPow), subtracts 1 and multiplies by
// 100 (apdArith each).
func effectiveFast(nom, p hp17b.Number) (hp17b.Number, bool) {
	nh, nl, ok1 := hp17b.DD(nom)
	ph, pl, ok2 := hp17b.DD(p)
	if !ok1 || !ok2 || nh == 0 || !(ph > 0) {
		return hp17b.Zero, false
	}
	qh, ql := dd.Mul(ph, pl, 100, 0)
	xh, xl := ddDiv(nh, nl, qh, ql)
	if !(xh > -0.99) {
		return hp17b.Zero, false
	}
	const ex = 0x1p-98
	lh, ll, ok := hp17b.Log1pDD(xh, xl)
	if !ok {
		return hp17b.Zero, false
	}
	b := 1 + xh
	ax := math.Abs(xh)
	eL := math.Abs(lh)*0x1p-80 + ax*ex/b // absolute
	rh, rl := dd.Mul(ph, pl, lh, ll)
	delta := ph*eL + math.Abs(rh)*(0x1p-100+0x1p-104)
	mh, ml, ok := hp17b.Expm1DD(rh, rl)
	if !ok || mh == 0 {
		return hp17b.Zero, false
	}
	am, er := math.Abs(mh), math.Exp(rh)
	fast := er*delta*1.01/am + 0x1p-80 + 0x1p-104
	dB := apdArith * (ax + b)
	model := er*(ph*dB/b+apdPow)/am + 3*apdArith
	eh, el := dd.Mul(mh, ml, 100, 0)
	return round12(eh, el, fast+model)
}

// nominalFast is Nominal on the fast path: x = EFF%/100 (εx = 2^-99),
// L = ln(1 + x) as effectiveFast's, q = L/P (P's 2^-100, the quotient
// 5·2^-104), NOM% = 100·P·(e^q − 1) (Expm1DD 2^-80 and q's error; P's
// 2^-100 and two products). The 34-digit code forms B = 1 + x (δB as
// effectiveFast's), 1/P (apdArith, moving B^(1/P) by |q|·apdArith),
// B^(1/P) (δB/(|B|·P) relative, and apdPow), subtracts 1 (apdArith)
// and multiplies twice (apdArith each).
func nominalFast(eff, p hp17b.Number) (hp17b.Number, bool) {
	eh, el, ok1 := hp17b.DD(eff)
	ph, pl, ok2 := hp17b.DD(p)
	if !ok1 || !ok2 || eh == 0 || !(ph > 0) {
		return hp17b.Zero, false
	}
	xh, xl := ddDiv(eh, el, 100, 0)
	if !(xh > -0.99) {
		return hp17b.Zero, false
	}
	const ex = 0x1p-99
	lh, ll, ok := hp17b.Log1pDD(xh, xl)
	if !ok {
		return hp17b.Zero, false
	}
	b := 1 + xh
	ax := math.Abs(xh)
	eL := math.Abs(lh)*0x1p-80 + ax*ex/b
	qh, ql := ddDiv(lh, ll, ph, pl)
	delta := eL/ph + math.Abs(qh)*(0x1p-100+6*0x1p-104)
	mh, ml, ok := hp17b.Expm1DD(qh, ql)
	if !ok || mh == 0 {
		return hp17b.Zero, false
	}
	am, er := math.Abs(mh), math.Exp(qh)
	fast := er*delta*1.01/am + 0x1p-80 + 0x1p-100 + 2*0x1p-104
	dB := apdArith * (ax + b)
	model := er*(dB/(b*ph)+math.Abs(qh)*apdArith+apdPow)/am + 3*apdArith
	rh, rl := dd.Mul(mh, ml, ph, pl)
	rh, rl = dd.Mul(rh, rl, 100, 0)
	return round12(rh, rl, fast+model)
}

// effectiveContFast is EffectiveCont on the fast path: x = NOM%/100
// (2^-99 relative), EFF% = 100·(e^x − 1) (Expm1DD 2^-80, x's error moving
// it by e^x·|x|·2^-99·1.01; the product 2^-104). The 34-digit code forms
// x exactly, e^x (apdTrans), subtracts 1 and multiplies by 100 (apdArith
// each).
func effectiveContFast(nom hp17b.Number) (hp17b.Number, bool) {
	nh, nl, ok := hp17b.DD(nom)
	if !ok || nh == 0 {
		return hp17b.Zero, false
	}
	xh, xl := ddDiv(nh, nl, 100, 0)
	mh, ml, ok := hp17b.Expm1DD(xh, xl)
	if !ok || mh == 0 {
		return hp17b.Zero, false
	}
	am, er := math.Abs(mh), math.Exp(xh)
	fast := er*math.Abs(xh)*0x1p-99*1.01/am + 0x1p-80 + 0x1p-104
	model := er*apdTrans/am + 2*apdArith
	rh, rl := dd.Mul(mh, ml, 100, 0)
	return round12(rh, rl, fast+model)
}

// nominalContFast is NominalCont on the fast path: x = EFF%/100 (2^-99),
// NOM% = 100·ln(1 + x) (Log1pDD 2^-80, x's error moving it by
// |x|·2^-99/|1 + x|; the product 2^-104). The 34-digit code forms
// B = 1 + x (δB as effectiveFast's, moving ln B by δB/|B|), ln B
// (apdTrans) and the product (apdArith).
func nominalContFast(eff hp17b.Number) (hp17b.Number, bool) {
	eh, el, ok := hp17b.DD(eff)
	if !ok || eh == 0 {
		return hp17b.Zero, false
	}
	xh, xl := ddDiv(eh, el, 100, 0)
	if !(xh > -0.99) {
		return hp17b.Zero, false
	}
	lh, ll, ok := hp17b.Log1pDD(xh, xl)
	if !ok || lh == 0 {
		return hp17b.Zero, false
	}
	b, ax, al := 1+xh, math.Abs(xh), math.Abs(lh)
	fast := 0x1p-80 + ax*0x1p-99/b/al + 0x1p-104
	model := apdArith*(ax+b)/b/al + apdTrans + apdArith
	rh, rl := dd.Mul(lh, ll, 100, 0)
	return round12(rh, rl, fast+model)
}

// maxUnits bounds the balance, the payment and each interest in units of
// the display's last decimal on AMRT's fast path: below 2^52, each is a
// float64 exactly, B·i's integer part is exact, and the sums of up to
// MaxPayments of them stay within int64.
const maxUnits = 1 << 52

// amrtRate is a schedule's periodic rate read for the fast path: |i| as
// the decimal ci·10^-ei when the 34-digit rate is one with ci < 2^64 and
// 0 ≤ ei ≤ 19 (exact), and |i| = |IYR|/(100·P/YR) as a double-double
// within 2^-99 relative (hp17b.DD's 2^-100, the quotient's rounding and
// its remainder's).
type amrtRate struct {
	neg    bool
	ci     uint64
	pow    uint64 // 10^ei
	exact  bool
	ih, il float64
	ddOK   bool
}

// newAMRTRate reads the 34-digit rate i of t (its periodic()).
func newAMRTRate(t TVM, i w) amrtRate {
	var r amrtRate
	r.neg = i.Negative
	var red apd.Decimal // i without its trailing zeros (a quotient keeps 34 digits)
	red.Reduce(i)
	if red.Form == apd.Finite && red.Coeff.IsUint64() && red.Exponent <= 0 {
		ci, ei := red.Coeff.Uint64(), int(-red.Exponent)
		if ei <= 19 {
			r.ci, r.pow, r.exact = ci, 1, true
			for range ei {
				r.pow *= 10
			}
		}
	}
	ph, pl, ok := hp17b.DD(t.IYR)
	pyr, _ := t.PYR.Int64()
	if ok {
		q := 100 * float64(pyr)
		ih := ph / q
		il := (math.FMA(-ih, q, ph) + pl) / q
		if ih < 0 {
			ih, il = -ih, -il
		}
		r.ih, r.il = dd.FastTwoSum(ih, il)
		r.ddOK = ih > 0 && !math.IsInf(ih, 0)
	}
	return r
}

// interest is |b·i| rounded half up to a whole number (the display's
// rounding of one payment's interest, in units of its last decimal), as
// the 34-digit code rounds it: round(mul(BAL, i)) with BAL = b units.
// Exactly, from ci·10^-ei, when the product |b|·ci is below 10^34 (the
// 34-digit product is exact then); otherwise in double-double: x =
// |b|·|i| within (2^-99 + 2^-104)·x of the exact product, the 34-digit
// rate and product within 2·apdArith·x of it, doubled; x's fraction
// formed within 2^-52. ok is false where neither decides.
func (r amrtRate) interest(b int64) (int64, bool) {
	ab := uint64(b)
	if b < 0 {
		ab = uint64(-b)
	}
	if r.exact {
		hi, lo := bits.Mul64(ab, r.ci)
		// 10^34 / 2^64 = 542101086242752.2: below that, |b|·ci < 10^34.
		if hi < 542101086242752 && hi < r.pow {
			q, rem := bits.Div64(hi, lo, r.pow)
			if rem >= r.pow-rem {
				q++
			}
			return int64(q), q < maxUnits
		}
	}
	if !r.ddOK {
		return 0, false
	}
	xh, xl := dd.Mul(float64(ab), 0, r.ih, r.il)
	if !(xh < maxUnits) {
		return 0, false
	}
	n := math.Floor(xh)
	f := (xh - n) + xl
	e := 2*xh*(0x1p-99+0x1p-104+2*apdArith)*looseness + 0x1p-52
	if math.Abs(f-0.5) <= e || f < -0.5 || f > 1.5 {
		return 0, false
	}
	if f > 0.5 {
		n++
	}
	return int64(n), true
}

// units is x (a 34-digit value with at most fix decimals) in units of
// 10^-fix, ok false when it has more decimals, is not below maxUnits or
// is not finite (an earlier payment's overflow leaves a NaN).
func units(x w, fix int) (int64, bool) {
	if x.Form != apd.Finite || !x.Coeff.IsInt64() {
		return 0, false
	}
	c, e := x.Coeff.Int64(), int(x.Exponent)+fix
	for e < 0 && c%10 == 0 && c != 0 {
		c, e = c/10, e+1
	}
	if e < 0 || e > 18 {
		return 0, c == 0
	}
	for range e {
		c *= 10
		if c >= maxUnits {
			return 0, false
		}
	}
	if c >= maxUnits {
		return 0, false
	}
	if x.Negative {
		c = -c
	}
	return c, true
}

// nextFast is Next's loop in whole units of the display's last decimal
// (interest decides each payment's rounding), ok false, with s unchanged,
// where a payment's rounding is not decided or a value leaves the range.
func (s *Schedule) nextFast(count int) (Set, bool) {
	if s.fix < 0 || s.fix > 18 {
		return Set{}, false
	}
	b, ok1 := units(s.bal, s.fix)
	p, ok2 := units(s.pmt, s.fix)
	if !ok1 || !ok2 {
		return Set{}, false
	}
	var sumInt, sumPrin int64
	for k := 0; k < count; k++ {
		var in int64
		if !(s.begin && s.next+k == 1) {
			m, ok := s.rate.interest(b)
			if !ok {
				return Set{}, false
			}
			if (b < 0) != s.rate.neg {
				m = -m // BAL·i < 0: its rounding is −m
			}
			in = -m
		}
		pr := p - in
		b += pr
		if b >= maxUnits || b <= -maxUnits {
			return Set{}, false
		}
		sumInt, sumPrin = sumInt+in, sumPrin+pr
	}
	set := Set{First: s.next, Last: s.next + count - 1}
	var err1, err2, err3 error
	set.Int, err1 = result(apd.New(sumInt, int32(-s.fix)))
	set.Prin, err2 = result(apd.New(sumPrin, int32(-s.fix)))
	bal := apd.New(b, int32(-s.fix))
	set.Bal, err3 = result(bal)
	if err1 != nil || err2 != nil || err3 != nil {
		return Set{}, false
	}
	s.bal = bal
	s.next += count
	return set, true
}
