package hp17b

import (
	"math"
	"math/bits"

	"github.com/hp17b/hp17b/hp17b/dd"
)

// S15 is a number of the HP-17BII's working arithmetic: 15 significant
// decimal digits, every result truncated (chopped) toward zero, exponents
// of the leading digit from −49999 to +49999, the final result rounded half
// up to 12 digits (Round12). Sources: J. Horn and T. Klemm, "HP41: accuracy
// of 13-digit routines", HP Museum forum thread 4619, 2015 ("calculate
// internally to 15 *truncated* digits, then round that result to 12
// digits"); J. H. Meyers, "Long real and long complex objects",
// comp.sys.hp48, 2010 (15 digits, exponents ±49999); the 17BII is an RPL
// machine inside (B. Platt, HP Museum archive message 107875, 2007).
//
// Addition and subtraction align the operand with the smaller exponent in
// a 16-digit window (the larger operand's 15 digits and one guard digit):
// its digits below the window are dropped, the sum is exact, then chopped
// to 15 digits. dm319 and T. Hutchins ("Rogue Zero: An HP-12c Story", 2026)
// explain the 17BII's flat-rate TVM pattern by this rule; a window of 15
// or 17 digits, or rounding, gives other patterns.
//
// ×, ÷, LN, LNP1, EXP and EXPM1 give the exact result chopped to 15 digits
// (the functions' own last-digit errors are not published; here they are
// computed in double-double, about 32 digits, and chopped, so a result
// within 10^-16 of a 15-digit boundary may fall on either side of it).
//
// An S15 is three words and never allocates. The zero value is 0. The
// value is ±c × 10^e with 10^14 ≤ c < 10^15, or c = 0.
type S15 struct {
	c   uint64
	e   int32
	neg bool
}

// S15MaxExp bounds the exponent of an S15's leading digit: ±49999.
const S15MaxExp = 49999

const (
	s15Min = 100000000000000  // 10^14
	s15Lim = 1000000000000000 // 10^15
)

// S15Of widens a 12-digit number exactly.
func S15Of(n Number) S15 {
	neg, c, e := n.parts()
	if c == 0 {
		return S15{}
	}
	return S15{c: c * 1000, e: int32(e - 3), neg: neg}
}

// S15Int is the whole number i (|i| < 10^15 exactly; larger chopped).
func S15Int(i int64) S15 {
	neg := i < 0
	u := uint64(i)
	if neg {
		u = -u
	}
	return s15Norm(neg, 0, u, 0)
}

// s15Norm chops ±(hi·2^64 + lo) × 10^e to 15 digits and applies the range:
// a leading exponent above S15MaxExp saturates at 9.99999999999999E49999,
// below −S15MaxExp gives 0.
func s15Norm(neg bool, hi, lo uint64, e int) S15 {
	if hi == 0 && lo == 0 {
		return S15{}
	}
	if hi != 0 {
		// At most 10^31 here: keep the leading 15 digits.
		k := digits128(hi, lo) - 15
		_, lo, _ = divPow10(hi, lo, k)
		e += k
	}
	nd := digits64(lo)
	switch {
	case nd > 15:
		lo /= pow10[nd-15]
		e += nd - 15
	case nd < 15:
		lo *= pow10[15-nd]
		e -= 15 - nd
	}
	switch lead := e + 14; {
	case lead > S15MaxExp:
		return S15{c: s15Lim - 1, e: S15MaxExp - 14, neg: neg}
	case lead < -S15MaxExp:
		return S15{}
	}
	return S15{c: lo, e: int32(e), neg: neg}
}

// IsZero reports whether a is 0.
func (a S15) IsZero() bool { return a.c == 0 }

// Sign is −1, 0 or 1.
func (a S15) Sign() int {
	switch {
	case a.c == 0:
		return 0
	case a.neg:
		return -1
	}
	return 1
}

// Neg is −a.
func (a S15) Neg() S15 {
	if a.c != 0 {
		a.neg = !a.neg
	}
	return a
}

// Lead is the exponent of a's leading digit (0 for 0).
func (a S15) Lead() int {
	if a.c == 0 {
		return 0
	}
	return int(a.e) + 14
}

// Add is a + b: the operand with the smaller leading exponent aligned in a
// 16-digit window, the sum exact, then chopped to 15 digits.
func (a S15) Add(b S15) S15 {
	if b.c == 0 {
		return a
	}
	if a.c == 0 {
		return b
	}
	if b.e > a.e {
		a, b = b, a
	}
	// The window: a's digits and one guard digit, at exponent a.e − 1.
	x := a.c * 10
	var y uint64
	if d := int(a.e) - 1 - int(b.e); d < 0 {
		y = b.c * 10 // same exponent: b fits the window whole
	} else if d < 17 {
		y = b.c / pow10[d]
	}
	e := int(a.e) - 1
	if a.neg == b.neg {
		return s15Norm(a.neg, 0, x+y, e)
	}
	if x >= y {
		return s15Norm(a.neg, 0, x-y, e)
	}
	return s15Norm(b.neg, 0, y-x, e)
}

// down is a with its magnitude one unit of the 15th digit less: the chop
// of a value just inside a.
func (a S15) down() S15 {
	if a.c == s15Min {
		return S15{c: s15Lim - 1, e: a.e - 1, neg: a.neg}
	}
	a.c--
	return a
}

// Sub is a − b (Add of −b).
func (a S15) Sub(b S15) S15 { return a.Add(b.Neg()) }

// Mul is a × b chopped to 15 digits.
func (a S15) Mul(b S15) S15 {
	if a.c == 0 || b.c == 0 {
		return S15{}
	}
	hi, lo := bits.Mul64(a.c, b.c)
	return s15Norm(a.neg != b.neg, hi, lo, int(a.e)+int(b.e))
}

// Div is a ÷ b chopped to 15 digits; ok is false when b is 0.
func (a S15) Div(b S15) (S15, bool) {
	if b.c == 0 {
		return S15{}, false
	}
	if a.c == 0 {
		return S15{}, true
	}
	// a.c·10^16 ÷ b.c lies in (10^15, 10^17): two digits to spare.
	hi, lo := bits.Mul64(a.c, pow10[16])
	q, _ := bits.Div64(hi, lo, b.c)
	return s15Norm(a.neg != b.neg, 0, q, int(a.e)-int(b.e)-16), true
}

// Cmp compares a and b: −1, 0 or 1.
func (a S15) Cmp(b S15) int {
	d := a.Sub(b)
	return d.Sign()
}

// Round12 rounds a half up to the calculator's 12 digits: ErrOverflow and
// the largest number past 9.99999999999E499, 0 below 1E-499.
func (a S15) Round12() (Number, error) {
	if a.c == 0 {
		return Zero, nil
	}
	c, e := (a.c+500)/1000, int(a.e)+3
	if c > coeffMax {
		c /= 10
		e++
	}
	return ranged(a.neg, c, e)
}

// dd returns a as the double-double hi + lo times 10^k, with hi + lo = c ×
// 10^-14 in [1, 10) (exact to 2^-106) and k the leading exponent.
func (a S15) dd() (h, l float64, k int) {
	// c < 2^50: exact; ÷ 10^14 (exact double) in double-double.
	h, l = ddDivExact(float64(a.c), 0, 1e14)
	if a.neg {
		h, l = -h, -l
	}
	return h, l, a.Lead()
}

// Float returns a's value as a double-double (hi + lo); ok is false when
// it is outside 1E-290 … 1E290.
func (a S15) Float() (h, l float64, ok bool) {
	if a.c == 0 {
		return 0, 0, true
	}
	h, l, k := a.dd()
	if k > 290 || k < -290 {
		return 0, 0, false
	}
	h, l = ddScale10(h, l, k)
	return h, l, true
}

// ddDivExact divides the double-double h + l by the double p.
func ddDivExact(h, l, p float64) (float64, float64) {
	q1 := h / p
	ph, pl := dd.TwoProd(q1, p)
	r := h - ph - pl + l
	q2 := r / p
	return dd.FastTwoSum(q1, q2)
}

// ddScale10 is (h + l) × 10^k in double-double, by exact powers of ten
// of at most 22 at a time (each step within 2^-104).
func ddScale10(h, l float64, k int) (float64, float64) {
	for k > 0 {
		s := min(k, 22)
		h, l = dd.Mul(h, l, math.Pow10(s), 0)
		k -= s
	}
	for k < 0 {
		s := min(-k, 22)
		h, l = ddDivExact(h, l, math.Pow10(s))
		k += s
	}
	return h, l
}

// s15FromDD chops the double-double (h + l) × 10^k to 15 digits.
func s15FromDD(h, l float64, k int) S15 {
	if h == 0 {
		return S15{}
	}
	neg := h < 0
	if neg {
		h, l = -h, -l
	}
	lead := int(math.Floor(math.Log10(h)))
	var c float64
	for range 3 {
		mh, ml := ddScale10(h, l, 14-lead)
		c = math.Floor(mh)
		if c == mh {
			c += math.Floor(ml)
		}
		if c >= s15Lim {
			lead++
		} else if c < s15Min {
			lead--
		} else {
			break
		}
	}
	return s15Norm(neg, 0, uint64(c), lead-14+k)
}

// Lnp1 is ln(1 + a) chopped to 15 digits; ok is false for a ≤ −1.
func (a S15) Lnp1() (S15, bool) {
	if a.c == 0 {
		return S15{}, true
	}
	if a.Lead() > 200 {
		return a.Add(S15Int(1)).Ln()
	}
	h, l, ok := a.Float()
	if !ok { // |a| below 1E-290: ln(1 + a) = a − a²/2… chops to a − 1 unit, or a below 0
		if a.neg {
			return a, true
		}
		return a.down(), true
	}
	rh, rl, ok := Log1pDD(h, l)
	if !ok {
		return S15{}, false
	}
	return s15FromDD(rh, rl, 0), true
}

// Ln is ln(a) chopped to 15 digits; ok is false for a ≤ 0.
func (a S15) Ln() (S15, bool) {
	if a.c == 0 || a.neg {
		return S15{}, false
	}
	h, l, k := a.dd()
	rh, rl, _ := Log1pDD(dd.Add(h, l, -1, 0))
	th, tl := dd.Mul(ln10H, ln10L, float64(k), 0)
	rh, rl = dd.Add(rh, rl, th, tl)
	return s15FromDD(rh, rl, 0), true
}

// exp10 splits e^a as m × 10^k with m in [1, 10) as a double-double; ok
// is false when k is beyond ±S15MaxExp + 1.
func (a S15) exp10() (mh, ml float64, k int, ok bool) {
	xh, xl, fine := a.Float()
	if !fine || math.Abs(xh) > 2.31*(S15MaxExp+2) {
		return 0, 0, 0, false
	}
	kf := math.Floor(xh / ln10H)
	th, tl := dd.Mul(ln10H, ln10L, kf, 0)
	rh, rl := dd.Add(xh, xl, -th, -tl)
	mh, ml, _ = ExpDD(rh, rl)
	return mh, ml, int(kf), true
}

// Exp is e^a chopped to 15 digits; ok is false past the range (e^a above
// 10^50000), and e^a below it is 0.
func (a S15) Exp() (S15, bool) {
	if a.c == 0 {
		return S15Int(1), true
	}
	mh, ml, k, ok := a.exp10()
	if !ok {
		if a.neg {
			return S15{}, true
		}
		return S15{}, false
	}
	if k > S15MaxExp {
		return S15{}, false
	}
	return s15FromDD(mh, ml, k), true
}

// ExpBoth is Exp and Expm1 of a at once (one e^a computed where both come
// from it): the TVM's SPPV and USPV factors.
func (a S15) ExpBoth() (exp, expm1 S15, ok bool) {
	if a.c == 0 {
		return S15Int(1), S15{}, true
	}
	h, _, fine := a.Float()
	if !fine || math.Abs(h) < 2.5 {
		exp, ok1 := a.Exp()
		expm1, ok2 := a.Expm1()
		return exp, expm1, ok1 && ok2
	}
	mh, ml, k, ok := a.exp10()
	if !ok || k > S15MaxExp || k < -15 {
		exp, ok1 := a.Exp()
		expm1, ok2 := a.Expm1()
		return exp, expm1, ok1 && ok2
	}
	exp = s15FromDD(mh, ml, k)
	sh, sl := ddScale10(1, 0, -k)
	mh, ml = dd.Add(mh, ml, -sh, -sl)
	return exp, s15FromDD(mh, ml, k), true
}

// Expm1 is e^a − 1 chopped to 15 digits; ok is false past the range.
func (a S15) Expm1() (S15, bool) {
	if a.c == 0 {
		return S15{}, true
	}
	h, l, fine := a.Float()
	if fine && math.Abs(h) < 2.5 {
		if a.Lead() < -40 { // e^a − 1 = a + a²/2…: chops to a, or to a's magnitude less a unit below 0
			if a.neg {
				return a.down(), true
			}
			return a, true
		}
		rh, rl, _ := Expm1DD(h, l)
		return s15FromDD(rh, rl, 0), true
	}
	mh, ml, k, ok := a.exp10()
	switch {
	case a.neg && (!ok || k < -15):
		// −1 + e^a with 0 < e^a < 10^-15 chops to −0.999999999999999.
		return S15{c: s15Lim - 1, e: -15, neg: true}, true
	case !ok || k > S15MaxExp:
		return S15{}, false
	case k < 300:
		sh, sl := ddScale10(1, 0, -k)
		mh, ml = dd.Add(mh, ml, -sh, -sl)
	}
	return s15FromDD(mh, ml, k), true
}
