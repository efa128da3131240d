package fin

import (
	"math"
	"math/bits"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The fast paths of the functions with fractional powers, logarithms and
// the display's rounding: ICNV's four conversions, AMRT's interest
// rounded to the display, BOND, TVM beyond ddTVM (any N, I%YR = 0, the
// solves for N and for I%YR over any N) and DEPRC. Each computes in double-double with a bound on
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
// B^P (P·δB/|B| in the exponent, and apdPow), subtracts 1 and multiplies
// by 100 (apdArith each). An exponent's error δ moves a power by
// e^δ − 1 ≤ 1.01·δ relative only for δ < 0.01: beyond, the 34-digit
// code answers (1 + 10^-45 is 1 at 34 digits, and EFF% of −29,600 % over
// 5.4·10^46 periods is 0 there, −100 exactly).
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
	dB := apdArith * (ax + b)
	shift := ph * dB / b // the 34-digit power's exponent error
	if !(delta < 0.01 && shift < 0.01) {
		return hp17b.Zero, false // beyond first order: e^δ − 1 ≤ 1.01·δ only below 0.01
	}
	fast := er*delta*1.01/am + 0x1p-80 + 0x1p-104
	model := er*(1.01*shift+apdPow)/am + 3*apdArith
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
	dB := apdArith * (ax + b)
	shift := dB/(b*ph) + math.Abs(qh)*apdArith // the 34-digit root's exponent error
	if !(delta < 0.01 && shift < 0.01) {
		return hp17b.Zero, false
	}
	fast := er*delta*1.01/am + 0x1p-80 + 0x1p-100 + 2*0x1p-104
	model := er*(1.01*shift+apdPow)/am + 3*apdArith
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
	if !(math.Abs(xh)*0x1p-99 < 0.01) {
		return hp17b.Zero, false
	}
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

// nextFast is Next's loop in whole units of the display's last decimal:
// each payment's interest by interest, or where that does not decide, by
// the 34-digit code's product and rounding (an exact tie of a rate such
// as 10 % ÷ 12, whose 34-digit value lies below the exact one); ok false,
// with s unchanged, where a value leaves the range.
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
			if ok && (b < 0) != s.rate.neg {
				m = -m // BAL·i < 0: its rounding is −m
			}
			if !ok { // this payment's interest by the 34-digit code
				m, ok = units(s.round(mul(apd.New(b, int32(-s.fix)), s.i)), s.fix)
				if !ok {
					return Set{}, false
				}
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
	set.Int, err1 = fromUnits(sumInt, s.fix)
	set.Prin, err2 = fromUnits(sumPrin, s.fix)
	set.Bal, err3 = fromUnits(b, s.fix)
	if err1 != nil || err2 != nil || err3 != nil {
		return Set{}, false
	}
	s.bal = apd.New(b, int32(-s.fix))
	s.next += count
	return set, true
}

// ev is a double-double value h + l with a bound e on its distance from
// the exact value of the formula it computes plus the distance of the
// 34-digit code's value of the same formula, operation by operation, from
// that exact value: each operation adds its own double-double rounding
// and the 34-digit code's (apdArith, or apdPow and apdTrans for the
// functions) times the result's magnitude, and carries its operands'
// bounds through to first order (the second-order terms are left to
// round12's doubling). The formulas must be written in the order the
// 34-digit code computes them.
type ev struct{ h, l, e float64 }

// rnd is one double-double rounding (2^-104) and one 34-digit one.
const rnd = 0x1p-104 + apdArith

// evNum is a calculator number (exact in the 34-digit code; 2^-100 as a
// double-double), ok false out of hp17b.DD's range.
func evNum(n hp17b.Number) (ev, bool) {
	h, l, ok := hp17b.DD(n)
	return ev{h, l, math.Abs(h) * 0x1p-100}, ok
}

// evF is a float64 taken exactly (a whole number of days, a count).
func evF(x float64) ev { return ev{x, 0, 0} }

func (a ev) add(b ev) ev {
	h, l := dd.Add(a.h, a.l, b.h, b.l)
	return ev{h, l, a.e + b.e + (math.Abs(a.h)+math.Abs(b.h))*0x1p-104 + math.Abs(h)*apdArith}
}

func (a ev) neg() ev { return ev{-a.h, -a.l, a.e} }

func (a ev) sub(b ev) ev { return a.add(b.neg()) }

func (a ev) mul(b ev) ev {
	h, l := dd.Mul(a.h, a.l, b.h, b.l)
	return ev{h, l, math.Abs(a.h)*b.e + math.Abs(b.h)*a.e + a.e*b.e + math.Abs(h)*rnd}
}

// quo is a/b: b's bound must be below half of |b| (otherwise the bound is
// infinite and the result undecided).
func (a ev) quo(b ev) ev {
	h, l := ddDiv(a.h, a.l, b.h, b.l)
	ab := math.Abs(b.h)
	if !(b.e < ab/2) {
		return ev{h, l, math.Inf(1)}
	}
	return ev{h, l, (a.e+math.Abs(h)*b.e)/(ab-b.e) + math.Abs(h)*(5*0x1p-104+apdArith)}
}

// ln is the natural logarithm (Log1pDD of a − 1, the difference formed
// within 2^-106·|a|): 2^-80 relative, apdTrans, and a's bound over |a|.
func (a ev) ln() ev {
	if !(a.h > 0) || !(a.e < a.h/2) {
		return ev{0, 0, math.Inf(1)}
	}
	wh, wl := dd.Add(a.h, a.l, -1, 0)
	h, l, ok := hp17b.Log1pDD(wh, wl)
	if !ok {
		return ev{0, 0, math.Inf(1)}
	}
	return ev{h, l, a.e/(a.h-a.e) + math.Abs(h)*(0x1p-80+apdTrans) + math.Abs(a.h)*0x1p-106}
}

// exp is e^a (ExpDD, 2^-89 relative; |a| ≤ 650): a's bound moves it by
// e^a·(e^ea − 1) ≤ 1.01·ea·e^a for ea < 0.01.
func (a ev) exp(apdErr float64) ev {
	h, l, ok := hp17b.ExpDD(a.h, a.l)
	if !ok || !(a.e < 0.01) {
		return ev{0, 0, math.Inf(1)}
	}
	return ev{h, l, math.Abs(h) * (1.01*a.e + 0x1p-89 + apdErr)}
}

// pow is a^b for a > 0 as apd's Pow computes it (exp(b·ln a) at 44
// digits, rounded to 34: apdPow in all): b·ln a in double-double with
// a's and b's bounds carried, and the exponential's.
func (a ev) pow(b ev) ev {
	if !(a.h > 0) || !(a.e < a.h/2) {
		return ev{0, 0, math.Inf(1)}
	}
	wh, wl := dd.Add(a.h, a.l, -1, 0)
	lh, ll, ok := hp17b.Log1pDD(wh, wl)
	if !ok {
		return ev{0, 0, math.Inf(1)}
	}
	el := a.e/(a.h-a.e) + math.Abs(lh)*0x1p-80 + math.Abs(a.h)*0x1p-106
	ph, pl := dd.Mul(b.h, b.l, lh, ll)
	ep := math.Abs(b.h)*el + math.Abs(lh)*b.e + el*b.e + math.Abs(ph)*0x1p-104
	return ev{ph, pl, ep}.exp(apdPow)
}

// ok reports a finite value with a finite bound.
func (a ev) ok() bool {
	return !math.IsNaN(a.h) && !math.IsInf(a.h, 0) && !math.IsNaN(a.e) && !math.IsInf(a.e, 0)
}

// round is a rounded to 12 digits where its bound decides (an exact 0,
// with no bound, is 0).
func (a ev) round() (hp17b.Number, bool) {
	if a.h == 0 && a.l == 0 && a.e == 0 {
		return hp17b.Zero, true
	}
	if !a.ok() || a.h == 0 {
		return hp17b.Zero, false
	}
	return round12(a.h, a.l, a.e/math.Abs(a.h))
}

// The bond's fast paths: ACCRU, PRICE and YLD% in ev, the formulas of
// priceWide in its order.

// bondEV is the bond's inputs as ev values: the coupon per period cf,
// CALL, A/E and DSC/E (1 − A/E) and the coupons a year f.
type bondEV struct {
	cf, call, ae, dsc, f ev
	n                    int
}

// newBondEV reads b at the coupon period p, ok false for a value out of
// hp17b.DD's range.
func newBondEV(b Bond, p period) (bondEV, bool) {
	cpn, ok1 := evNum(b.CPN)
	call, ok2 := evNum(b.Call)
	if !ok1 || !ok2 || !(p.e > 0) {
		return bondEV{}, false
	}
	f := evF(b.perYear())
	one := evF(1)
	ae := evF(p.a).quo(evF(p.e))
	return bondEV{
		cf:   cpn.quo(evF(100)).quo(f).mul(evF(100)),
		call: call, ae: ae, dsc: one.sub(ae), f: f, n: p.n,
	}, true
}

// price is priceWide at the yield y (a fraction a year).
func (d bondEV) price(y ev) ev {
	one := evF(1)
	yf := y.quo(d.f)
	if d.n == 1 {
		return d.call.add(d.cf).quo(one.add(d.dsc.mul(yf))).sub(d.ae.mul(d.cf))
	}
	base := one.add(yf)
	v := one.quo(base)
	first := base.pow(d.dsc.neg())
	vn := v.pow(evF(float64(d.n)))
	var sum ev
	if yf.h == 0 {
		sum = evF(float64(d.n))
	} else {
		sum = one.sub(vn).quo(one.sub(v))
	}
	pv := d.call.mul(vn.quo(v)).add(d.cf.mul(sum))
	return pv.mul(first).sub(d.ae.mul(d.cf))
}

// priceF is price in float64, for the yield's scan: one coupon left,
// (CALL + C/f) ÷ (1 + DSC/E·y/f) − A/E·C/f; otherwise (CALL·v^(N−1) +
// C/f·Σ v^k) ÷ (1 + y/f)^(DSC/E) − A/E·C/f.
func (b Bond) priceF(p period) func(yf float64) float64 {
	f := b.perYear()
	cf, call := b.CPN.Float64()/f, b.Call.Float64()
	ae := p.a / p.e
	dsc := 1 - ae
	return func(yf float64) float64 {
		if p.n == 1 {
			return (call+cf)/(1+dsc*yf) - ae*cf
		}
		lb := math.Log1p(yf)
		vn1 := math.Exp(-float64(p.n-1) * lb)
		var sum float64
		if yf == 0 {
			sum = float64(p.n)
		} else {
			sum = -math.Expm1(-float64(p.n)*lb) / (1 - 1/(1+yf))
		}
		return (call*vn1+cf*sum)*math.Exp(-dsc*lb) - ae*cf
	}
}

// accruedFast is Accrued on the fast path.
func (b Bond) accruedFast(p period) (hp17b.Number, bool) {
	cpn, ok := evNum(b.CPN)
	if !ok || !(p.e > 0) {
		return hp17b.Zero, false
	}
	cf := cpn.quo(evF(b.perYear()))
	return evF(p.a).quo(evF(p.e)).mul(cf).round()
}

// priceFast is Price on the fast path (a yield above −99 % a period).
func (b Bond) priceFast(p period) (hp17b.Number, bool) {
	y, ok := evNum(b.YLD)
	if !ok {
		return hp17b.Zero, false
	}
	y = y.quo(evF(100))
	if !(y.h/b.perYear() > -0.99) {
		return hp17b.Zero, false
	}
	d, ok := newBondEV(b, p)
	if !ok {
		return hp17b.Zero, false
	}
	return d.price(y).round()
}

// yieldFast is Yield on the fast path, for a bond whose price falls as
// its yield rises (CPN% ≥ 0, CALL > 0: at most one yield gives a price):
// the scan of Yield's grid and the bisection in float64 (priceF), then
// chordRoot in ev, whose bound covers the 34-digit price's error and the
// 34-digit secant's last step; ok false where it does not decide (the
// caller then searches at 34 digits as before).
func (b Bond) yieldFast(p period) (hp17b.Number, bool) {
	if b.CPN.Sign() < 0 || b.Call.Sign() <= 0 {
		return hp17b.Zero, false
	}
	d, ok1 := newBondEV(b, p)
	target, ok2 := evNum(b.PRICE)
	if !ok1 || !ok2 {
		return hp17b.Zero, false
	}
	f := b.perYear()
	pf := b.priceF(p)
	tf := b.PRICE.Float64()
	gap := func(i float64) float64 { return pf(i) - tf }
	var bs [][2]float64
	px, pg := math.NaN(), math.NaN()
	for k, x := range rateGrid() {
		if k%8 != 0 {
			continue
		}
		g := gap(x)
		if math.IsNaN(g) || math.IsInf(g, 0) {
			continue
		}
		if g == 0 {
			bs = append(bs, [2]float64{x, x})
		} else if !math.IsNaN(pg) && pg != 0 && (pg < 0) != (g < 0) {
			bs = append(bs, [2]float64{px, x})
		}
		px, pg = x, g
	}
	if len(bs) != 1 {
		return hp17b.Zero, false
	}
	r := bisect(gap, bs[0][0], bs[0][1])
	fe := evF(f)
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		g := d.price(ev{xh, xl, 0}.mul(fe)).sub(target)
		return g.h, g.e, g.ok()
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	ph, pl := dd.Mul(xh, xl, f*100, 0)
	return hp17b.RoundDD(ph, pl, (eps+4*uDD)*looseness)
}

// The TVM fast paths that ddTVM leaves (a fractional, negative, zero or
// huge N, I%YR = 0) and the solve for N: in ev, the formulas of tvm.go in
// their order.

// tvmEV is t's values as ev: i = I%YR ÷ 100 ÷ P/YR, the Begin factor k,
// PV, PMT, FV and N; ok false for a value out of hp17b.DD's range, an
// invalid P/YR or a rate at or below −99 % a period (left to the
// 34-digit code and its errors).
type tvmEV struct {
	i, k, pv, pmt, fv, n ev
	zero                 bool // I%YR = 0
}

func newTVMEV(t TVM) (tvmEV, bool) {
	var d tvmEV
	if !ValidPYR(t.PYR) {
		return d, false
	}
	iyr, ok1 := evNum(t.IYR)
	pyr, ok2 := evNum(t.PYR)
	pv, ok3 := evNum(t.PV)
	pmt, ok4 := evNum(t.PMT)
	fv, ok5 := evNum(t.FV)
	n, ok6 := evNum(t.N)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 {
		return d, false
	}
	d.i = iyr.quo(evF(100)).quo(pyr)
	if !(d.i.h > -0.99) {
		return d, false
	}
	d.zero = t.IYR.Sign() == 0
	d.k = evF(1)
	if t.Begin {
		d.k = d.k.add(d.i)
	}
	d.pv, d.pmt, d.fv, d.n = pv, pmt, fv, n
	return d, true
}

// factors is factors (tvm.go): USPV and SPPV.
func (d tvmEV) factors() (us, sp ev) {
	if d.zero {
		return d.n, evF(1)
	}
	one := evF(1)
	sp = one.add(d.i).pow(d.n.neg())
	return one.sub(sp).quo(d.i), sp
}

// nonzero reports a value whose bound shows it is not 0 in the 34-digit
// code either (its sign is decided).
func (a ev) nonzero() bool { return a.ok() && math.Abs(a.h) > 2*a.e }

// directEV is SolvePV, SolveFV or SolvePMT (kind 0, 1, 2) in ev, ok
// false where it does not decide (or where the 34-digit code gives an
// error: a quotient by a zero it cannot rule out).
func (t TVM) directEV(kind int) (hp17b.Number, bool) {
	d, ok := newTVMEV(t)
	if !ok {
		return hp17b.Zero, false
	}
	us, sp := d.factors()
	var r ev
	switch kind {
	case 0:
		r = d.k.mul(d.pmt).mul(us).add(d.fv.mul(sp)).neg()
	case 1:
		if !sp.nonzero() {
			return hp17b.Zero, false
		}
		r = d.pv.add(d.k.mul(d.pmt).mul(us)).quo(sp).neg()
	default:
		den := d.k.mul(us)
		if !den.nonzero() {
			return hp17b.Zero, false
		}
		r = d.pv.add(d.fv.mul(sp)).quo(den).neg()
	}
	return r.round()
}

// solveNFast is SolveN in ev, ok false where it does not decide or where
// the 34-digit code gives NO SOLUTION (left to it).
func (t TVM) solveNFast() (hp17b.Number, bool) {
	d, ok := newTVMEV(t)
	if !ok {
		return hp17b.Zero, false
	}
	if d.zero {
		if !d.pmt.nonzero() {
			return hp17b.Zero, false
		}
		return d.pv.add(d.fv).quo(d.pmt).neg().round()
	}
	a := d.k.mul(d.pmt).quo(d.i)
	num, den := a.sub(d.fv), d.pv.add(a)
	if !num.nonzero() || !den.nonzero() || (num.h < 0) != (den.h < 0) {
		return hp17b.Zero, false
	}
	return num.quo(den).ln().quo(evF(1).add(d.i).ln()).round()
}

// The depreciation's fast paths: SL, SOYD, DB and ACRS in ev, the
// formulas of deprc.go in their order. A comparison the 34-digit code
// makes (DB's deduction against the remaining value, and against 0) is
// followed only where the bound decides it.

// assetEV is BASIS and SALV as ev.
func (a Asset) assetEV() (basis, salv ev, ok bool) {
	b, ok1 := evNum(a.Basis)
	s, ok2 := evNum(a.Salv)
	return b, s, ok1 && ok2
}

// finishEV rounds dep and rdv, ok false unless both are decided.
func finishEV(dep, rdv ev) (Depreciation, bool) {
	d, ok1 := dep.round()
	r, ok2 := rdv.round()
	return Depreciation{Dep: d, RDV: r}, ok1 && ok2
}

// slFast is SL on the fast path.
func (a Asset) slFast(life, year int64) (Depreciation, bool) {
	if year > life {
		return Depreciation{Dep: hp17b.Zero, RDV: hp17b.Zero}, true // as finish(0, 0)
	}
	basis, salv, ok := a.assetEV()
	if !ok {
		return Depreciation{}, false
	}
	total := basis.sub(salv)
	per := total.quo(evF(float64(life)))
	return finishEV(per, total.sub(per.mul(evF(float64(year)))))
}

// soydFast is SOYD on the fast path.
func (a Asset) soydFast(life, year int64) (Depreciation, bool) {
	if year > life {
		return Depreciation{Dep: hp17b.Zero, RDV: hp17b.Zero}, true // as finish(0, 0)
	}
	basis, salv, ok := a.assetEV()
	if !ok {
		return Depreciation{}, false
	}
	total := basis.sub(salv)
	sum := evF(float64(life * (life + 1) / 2))
	dep := total.mul(evF(float64(life - year + 1))).quo(sum)
	left := evF(float64((life - year) * (life - year + 1) / 2))
	return finishEV(dep, total.mul(left).quo(sum))
}

// dbFast is DB on the fast path.
func (a Asset) dbFast(life, year int64) (Depreciation, bool) {
	basis, salv, ok1 := a.assetEV()
	fact, ok2 := evNum(a.Fact)
	if !ok1 || !ok2 {
		return Depreciation{}, false
	}
	r := fact.quo(evF(100)).quo(evF(float64(life)))
	rdv := basis.sub(salv)
	book := basis
	dep := evF(0)
	for k := int64(1); k <= year && k <= life; k++ {
		dep = book.mul(r)
		last := k == life
		if !last {
			c := dep.sub(rdv)
			if !c.nonzero() {
				return Depreciation{}, false
			}
			last = c.h > 0
		}
		if last {
			dep = rdv
		}
		if dep.h != 0 || dep.l != 0 || dep.e != 0 { // not an exact 0
			if !dep.nonzero() {
				return Depreciation{}, false
			}
			if dep.h < 0 {
				dep = evF(0)
			}
		}
		book = book.sub(dep)
		if last && dep == rdv {
			rdv = evF(0) // x − x is exactly 0 at 34 digits too
		} else {
			rdv = rdv.sub(dep)
		}
	}
	if year > life {
		dep = evF(0)
	}
	return finishEV(dep, rdv)
}

// fromUnits is u·10^-fix rounded to 12 digits as result rounds it.
func fromUnits(u int64, fix int) (hp17b.Number, error) {
	if u < 0 {
		return hp17b.FromParts(true, uint64(-u), -fix)
	}
	return hp17b.FromParts(false, uint64(u), -fix)
}

// gapEV is gapWide in ev at the periodic rate ih + il (taken as exact,
// not 0), for I%YR's refinement where ddTVM does not take N.
func (d tvmEV) gapEV(ih, il float64, begin bool) ev {
	i := ev{ih, il, 0}
	one := evF(1)
	k := one
	if begin {
		k = k.add(i)
	}
	sp := one.add(i).pow(d.n.neg())
	us := one.sub(sp).quo(i)
	return d.pv.add(k.mul(d.pmt).mul(us)).add(d.fv.mul(sp))
}

// iyrEV is SolveIYR's refinement of the float64 root r in ev (chordRoot)
// for an N ddTVM does not take, ok false where it does not decide.
func (t TVM) iyrEV(r float64) (hp17b.Number, bool) {
	t.IYR = hp17b.Zero // the unknown: gapEV takes the rate as its argument
	d, ok := newTVMEV(t)
	if !ok {
		return hp17b.Zero, false
	}
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		g := d.gapEV(xh, xl, t.Begin)
		return g.h, g.e, g.ok()
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	pyr, _ := t.PYR.Int64()
	ph, pl := dd.Mul(xh, xl, float64(pyr)*100, 0)
	return hp17b.RoundDD(ph, pl, (eps+4*uDD)*looseness)
}
