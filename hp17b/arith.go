package hp17b

import (
	"math/bits"

	"github.com/cockroachdb/apd/v3"
)

// The operations below each return a result rounded to 12 digits, ties to
// the even digit (RND and TRN as they say), and either nil, ErrOverflow
// (with the saturated result) or the calculator's error for an undefined
// operation (with 0).

// smallLimit bounds the integers the fast paths handle: 12 digits, so that
// sums and differences stay exact and products of two stay inside int64
// only when checked.
const smallLimit = 999999999999

// fromSmall builds a Number from an int64 known to have at most 12 digits.
func fromSmall(v int64) Number { return Number{c: v} }

// Arith applies a binary operator: '+', '-', '*' (×), '/' (÷) or '^' (y^x);
// errors as the operation's own.
func Arith(op byte, a, b Number) (Number, error) {
	switch op {
	case '+':
		return Add(a, b)
	case '-':
		return Sub(a, b)
	case '*':
		return Mul(a, b)
	case '/':
		return Div(a, b)
	case '^':
		return Pow(a, b)
	}
	return Zero, ErrInvalidInput
}

// Add returns a + b.
func Add(a, b Number) (Number, error) {
	if a.e == 0 && b.e == 0 {
		if s := a.c + b.c; s <= smallLimit && s >= -smallLimit {
			return fromSmall(s), nil
		}
	}
	return addParts(a, b, false)
}

// Sub returns a − b.
func Sub(a, b Number) (Number, error) {
	if a.e == 0 && b.e == 0 {
		if s := a.c - b.c; s <= smallLimit && s >= -smallLimit {
			return fromSmall(s), nil
		}
	}
	return addParts(a, b, true)
}

// addParts is a + b, or a − b when sub: the exact sum of the coefficients
// aligned in 128 bits, rounded once.
func addParts(a, b Number, sub bool) (Number, error) {
	na, ca, ea := a.parts()
	nb, cb, eb := b.parts()
	nb = nb != sub
	switch {
	case cb == 0:
		return a, nil
	case ca == 0:
		if sub {
			return Neg(b), nil
		}
		return b, nil
	}
	if ea < eb {
		na, ca, ea, nb, cb, eb = nb, cb, eb, na, ca, ea
	}
	d := ea - eb
	if d > Digits+1 {
		// |b| < 10^(ea−2): below half a unit in the 12th digit of a, or of
		// the decade below if a is a power of ten, so a + b rounds to a.
		return pack(na, ca, ea), nil
	}
	hi, lo := bits.Mul64(ca, pow10[d])
	var carry uint64
	switch {
	case na == nb:
		lo, carry = bits.Add64(lo, cb, 0)
		hi += carry
	case hi != 0 || lo >= cb:
		lo, carry = bits.Sub64(lo, cb, 0)
		hi -= carry
	default:
		hi, lo, na = 0, cb-lo, nb
	}
	return round128(na, hi, lo, eb)
}

// Mul returns a × b.
func Mul(a, b Number) (Number, error) {
	if a.e == 0 && b.e == 0 && (a.c < 1000000 && a.c > -1000000 && b.c < 1000000 && b.c > -1000000) {
		return fromSmall(a.c * b.c), nil
	}
	ca, cb := uint64(a.c), uint64(b.c)
	if a.c < 0 {
		ca = -ca
	}
	if b.c < 0 {
		cb = -cb
	}
	hi, lo := bits.Mul64(ca, cb)
	return round128((a.c < 0) != (b.c < 0), hi, lo, int(a.e)+int(b.e))
}

// Div returns a ÷ b; ErrDivideByZero when b is 0.
func Div(a, b Number) (Number, error) {
	if b.c == 0 {
		return Zero, ErrDivideByZero
	}
	na, ca, ea := a.parts()
	nb, cb, eb := b.parts()
	if ca == 0 {
		return Zero, nil
	}
	// ca × 10^s ÷ cb has 13 digits: 12 and one to round on, and the
	// remainder says whether anything follows it.
	s := Digits
	if ca < cb {
		s++
	}
	hi, lo := bits.Mul64(ca, pow10[s])
	q, r := bits.Div64(hi, lo, cb)
	c, digit := q/10, q%10
	e := ea - eb - s + 1
	if digit > 5 || digit == 5 && (r != 0 || c&1 == 1) {
		c++
		if c > coeffMax {
			c /= 10
			e++
		}
	}
	return ranged(na != nb, c, e)
}

// Neg returns −a.
func Neg(a Number) Number { return Number{c: -a.c, e: a.e} }

// Abs returns |a|.
func Abs(a Number) Number {
	if a.c < 0 {
		return Number{c: -a.c, e: a.e}
	}
	return a
}

// Inv returns 1/a; ErrDivideByZero when a is 0.
func Inv(a Number) (Number, error) { return Div(One, a) }

// Sq returns a².
func Sq(a Number) (Number, error) { return Mul(a, a) }

// Sqrt returns √a correctly rounded; ErrSqrtNeg when a < 0. The float64
// kernel decides (sqrtFast); the exact integer test where it cannot
// (sqrtExact).
func Sqrt(a Number) (Number, error) {
	if a.Sign() < 0 {
		return Zero, ErrSqrtNeg
	}
	if optimize {
		_, c, q := a.parts()
		if c == 0 {
			return Zero, nil
		}
		if rc, re, ok := sqrtFast(c, q); ok {
			return fromParts(false, rc, re)
		}
		fellBack()
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

// wide runs a transcendental function in Wide (34 digits) and rounds to 12.
func wide(f func(d, x *apd.Decimal) (apd.Condition, error), a Number) (Number, error) {
	var w, t apd.Decimal
	c, err := f(&w, a.in(&t))
	if err != nil || c&(apd.InvalidOperation|apd.DivisionImpossible|apd.DivisionUndefined) != 0 {
		return Zero, ErrInvalidInput
	}
	return round12(&w)
}

// Ln returns the natural logarithm; ErrLogZero for 0, ErrLogNeg below 0.
// The float64 kernel decides (lnFast); Wide's Ln where it cannot.
func Ln(a Number) (Number, error) {
	if err := logDomain(a); err != nil {
		return Zero, err
	}
	if optimize {
		_, c, q := a.parts()
		if neg, rc, re, ok := lnFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := lnDDFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		fellBack()
	}
	return wide(Wide.Ln, a)
}

// Log returns the common (base-10) logarithm; errors as Ln. The float64
// kernel decides (logFast); Wide's Log10 where it cannot.
func Log(a Number) (Number, error) {
	if err := logDomain(a); err != nil {
		return Zero, err
	}
	if optimize {
		_, c, q := a.parts()
		if neg, rc, re, ok := logFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := logDDFast(c, q); ok {
			return fromParts(neg, rc, re)
		}
		fellBack()
	}
	return wide(Wide.Log10, a)
}

func logDomain(a Number) error {
	switch a.Sign() {
	case 0:
		return ErrLogZero
	case -1:
		return ErrLogNeg
	}
	return nil
}

// Exp returns e^a; overflow saturates, underflow gives 0.
func Exp(a Number) (Number, error) {
	if a.Exponent() > 5 { // |a| ≥ 1E6: far outside the range either way
		if a.Sign() > 0 {
			return saturate(false), ErrOverflow
		}
		return Zero, nil
	}
	if optimize {
		neg, c, q := a.parts()
		if rc, re, ok := expFast(neg, c, q); ok {
			return fromParts(false, rc, re)
		}
		if rc, re, ok := expDDFast(neg, c, q); ok {
			return fromParts(false, rc, re)
		}
		fellBack()
	}
	return wide(Wide.Exp, a)
}

// Alog returns 10^a.
func Alog(a Number) (Number, error) { return Pow(Ten, a) }

// Expm1 returns e^a − 1, accurate for small a.
func Expm1(a Number) (Number, error) {
	if a.Exponent() > 5 && a.Sign() > 0 {
		return Exp(a)
	}
	if a.Cmp(FromInt(-60)) < 0 {
		return Neg(One), nil // e^a is below the 12th digit of 1
	}
	if optimize {
		neg, c, q := a.parts()
		if c == 0 {
			return Zero, nil
		}
		if rc, re, ok := expm1Fast(neg, c, q); ok {
			return fromParts(neg, rc, re)
		}
		fellBack()
	}
	return expm1Apd(a)
}

// expm1Apd is e^a − 1 through apd at 40 digits.
func expm1Apd(a Number) (Number, error) {
	var e, one, r, t apd.Decimal
	one.SetInt64(1)
	wctx := Wide.WithPrecision(40)
	if _, err := wctx.Exp(&e, a.in(&t)); err != nil {
		return Zero, ErrInvalidInput
	}
	if _, err := wctx.Sub(&r, &e, &one); err != nil {
		return Zero, ErrInvalidInput
	}
	return round12(&r)
}

// Lnp1 returns ln(1 + a), accurate for small a; errors as Ln of 1 + a.
// The float64 kernel decides (lnp1Fast); lnp1Apd where it cannot.
func Lnp1(a Number) (Number, error) {
	if optimize {
		neg, c, q := a.parts()
		if c == 0 {
			return Zero, nil
		}
		if rneg, rc, re, ok := lnp1Fast(neg, c, q); ok {
			return fromParts(rneg, rc, re)
		}
		fellBack()
	}
	return lnp1Apd(a)
}

// lnp1Apd is ln(1 + a) through apd at 40 digits.
func lnp1Apd(a Number) (Number, error) {
	var s, one, t apd.Decimal
	one.SetInt64(1)
	wctx := Wide.WithPrecision(40)
	_, _ = wctx.Add(&s, a.in(&t), &one)
	switch s.Sign() {
	case 0:
		return Zero, ErrLogZero
	case -1:
		return Zero, ErrLogNeg
	}
	var w apd.Decimal
	if _, err := wctx.Ln(&w, &s); err != nil {
		return Zero, ErrInvalidInput
	}
	return round12(&w)
}

// Pow returns a^b (the y^x key and the Solver's ^). 0^0 and 0 to a negative
// power give ErrPower, as does a negative base with a non-integer exponent.
func Pow(a, b Number) (Number, error) {
	// (The fast path below gives what the exact repeated multiplication
	// gives, for whole numbers whose power fits in 12 digits: 2^J, 10^J.)
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
	if optimize {
		_, ca, qa := a.parts()
		nb, cb, qb := b.parts()
		if rc, re, ok := powFast(ca, qa, nb, cb, qb); ok {
			return fromParts(a.Sign() < 0 && isOdd(b), rc, re)
		}
		if rc, re, ok := powDD(ca, qa, nb, cb, qb); ok {
			return fromParts(a.Sign() < 0 && isOdd(b), rc, re)
		}
		fellBack()
		if r, ok := powHalf(a, b); ok {
			return r, nil
		}
	}
	return powApd(a, b)
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

// IP returns the integer part of a (truncation toward zero).
func IP(a Number) Number {
	if a.e >= 0 {
		return a
	}
	neg, c, e := a.parts()
	if -e >= Digits {
		return Zero // |a| < 1
	}
	ip := int64(c / pow10[-e])
	if neg {
		ip = -ip
	}
	return fromSmall(ip)
}

// FP returns the fractional part of a, with a's sign: a − IP(a).
func FP(a Number) Number {
	if a.e >= 0 {
		return Zero
	}
	neg, c, e := a.parts()
	if -e >= Digits {
		return a // |a| < 1
	}
	r, _ := round128(neg, 0, c%pow10[-e], e)
	return r
}

// Int returns the greatest integer not above a (the Solver's INT).
func Int(a Number) Number {
	if a.e >= 0 {
		return a
	}
	ip := IP(a)
	if a.c < 0 && !FP(a).IsZero() {
		return fromSmall(ip.c - 1) // |ip| < 10^11: a has decimals
	}
	return ip
}

// Sgn returns −1, 0 or 1 by the sign of a.
func Sgn(a Number) Number { return FromInt(int64(a.Sign())) }

// Mod returns a − b × INT(a ÷ b), whose sign follows b (MOD(−7:3) = 2), per
// the HP-17BII manual, Solver functions table. ErrDivideByZero when b is 0.
// It is exact whatever the operands' sizes (a remainder has at most b's
// digits), and rounded once when |a| < |b| and the signs differ (a + b).
func Mod(a, b Number) (Number, error) {
	if b.c == 0 {
		return Zero, ErrDivideByZero
	}
	if a.e == 0 && b.e == 0 {
		x, y := a.c, b.c
		m := x % y
		if m != 0 && (m < 0) != (y < 0) {
			m += y
		}
		return fromSmall(m), nil
	}
	na, ca, ea := a.parts()
	nb, cb, eb := b.parts()
	switch {
	case ca == 0:
		return Zero, nil
	case ea < eb || ea == eb && ca < cb: // |a| < |b|: INT(a ÷ b) is 0 or −1
		if na == nb {
			return a, nil
		}
		return Add(a, b)
	}
	// a = ca × 10^d units of 10^eb, d ≥ 0; its remainder by cb, reduced
	// by 18 digits at a time so that each product's high word stays
	// below cb.
	m := ca % cb
	for d := ea - eb; d > 0; d -= 18 {
		hi, lo := bits.Mul64(m, pow10[min(d, 18)])
		_, m = bits.Div64(hi, lo, cb)
	}
	if m == 0 {
		return Zero, nil
	}
	if na != nb {
		m = cb - m
	}
	return round128(nb, 0, m, eb)
}

// Idiv returns the integer part of a ÷ b; ErrDivideByZero when b is 0.
// The quotient is exact and rounded once to 12 digits; operands more than
// 26 digits apart in exponent are divided by apd at the precision that
// holds the quotient's integer part.
func Idiv(a, b Number) (Number, error) {
	if b.c == 0 {
		return Zero, ErrDivideByZero
	}
	if a.e == 0 && b.e == 0 {
		return fromSmall(a.c / b.c), nil
	}
	na, ca, ea := a.parts()
	_, cb, eb := b.parts()
	switch d := ea - eb; {
	case ca == 0 || ea < eb || ea == eb && ca < cb: // |a| < |b|
		return Zero, nil
	case d <= 26:
		hi, lo := bits.Mul64(ca, pow10[min(d, 19)])
		if d > 19 {
			h, l := bits.Mul64(lo, pow10[d-19])
			hi, lo = hi*pow10[d-19]+h, l
		}
		qhi, r := hi/cb, hi%cb
		qlo, _ := bits.Div64(r, lo, cb)
		return round128(na != (b.c < 0), qhi, qlo, 0)
	}
	var q, ta, tb apd.Decimal
	wctx := Wide.WithPrecision(exactPrecision(a, b))
	if _, err := wctx.Quo(&q, a.in(&ta), b.in(&tb)); err != nil {
		return Zero, ErrInvalidInput
	}
	var ip, fp apd.Decimal
	q.Modf(&ip, &fp)
	return round12(&ip)
}

// exactPrecision is enough digits to hold the integer part of a ÷ b and the
// operands' digits exactly.
func exactPrecision(a, b Number) uint32 {
	p := a.Exponent() - b.Exponent() + 3*Digits
	if p < 3*Digits {
		p = 3 * Digits
	}
	return uint32(p)
}

// Max returns the larger of a and b.
func Max(a, b Number) Number {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// Min returns the smaller of a and b.
func Min(a, b Number) Number {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// Fact returns a! for an integer 0 ≤ a ≤ 253 (a larger one overflows);
// ErrInvalidInput for a negative or non-integer a.
func Fact(a Number) (Number, error) {
	i, ok := a.Int64()
	if !ok || i < 0 {
		if a.IsInteger() && a.Sign() > 0 {
			return saturate(false), ErrOverflow
		}
		return Zero, ErrInvalidInput
	}
	if i > 300 {
		return saturate(false), ErrOverflow
	}
	if i <= 20 { // 20! < 2^63: exact, rounded once as below
		p := uint64(1)
		for j := uint64(2); j <= uint64(i); j++ {
			p *= j
		}
		return fromParts(false, p, 0)
	}
	var r apd.Decimal
	r.SetInt64(1)
	wctx := Wide.WithPrecision(30)
	var k apd.Decimal
	for j := int64(2); j <= i; j++ {
		k.SetInt64(j)
		_, _ = wctx.Mul(&r, &r, &k)
	}
	return round12(&r)
}

// roundDigits rounds half away from zero (half) or truncates a to n
// decimals when 0 ≤ n ≤ 11, or to |n| significant digits when
// −12 ≤ n ≤ −1, as RND and TRN do (HP-17BII manual, Solver functions
// table); −a gives −(the result for a). ErrInvalidInput for other n.
func roundDigits(a, n Number, half bool) (Number, error) {
	k, ok := n.Int64()
	if !ok || k < -12 || k > 11 {
		return Zero, ErrInvalidInput
	}
	neg, c, e := a.parts()
	if c == 0 {
		return Zero, nil
	}
	drop := Digits + int(k) // significant digits dropped: 12 − |k|
	if k >= 0 {
		drop = -int(k) - e // digits below 10^-k
	}
	switch {
	case drop <= 0:
		return a, nil
	case drop > Digits:
		return Zero, nil // |a| < 10^-k ÷ 10: rounds to 0 either way
	}
	q, r := c/pow10[drop], c%pow10[drop]
	if half && r >= 5*pow10[drop-1] {
		q++
	}
	return fromParts(neg, q, e+drop)
}

// Rnd rounds a half away from zero to n decimals (0 ≤ n ≤ 11) or |n|
// significant digits (−12 ≤ n ≤ −1).
func Rnd(a, n Number) (Number, error) { return roundDigits(a, n, true) }

// Trn truncates a like Rnd rounds it.
func Trn(a, n Number) (Number, error) { return roundDigits(a, n, false) }

// RoundFix rounds a to n decimals (0..11), as the display and the RND key do
// in FIX n.
func RoundFix(a Number, n int) Number {
	r, _ := Rnd(a, FromInt(int64(n)))
	return r
}

// The financial factors are computed whole at Wide's precision and
// rounded once, so each is the correctly rounded 12-digit result:
// USPV(1:12) is 11.2550774735 (C. Finseth's HP-17B data pages: functions
// keep 15-digit intermediates). A rate of −100 % or less has no factor
// (ErrInvalidInput), except that SPFV of −100 % is 0^n.

// spfvWide returns (1 + i/100)^n at wide precision.
func spfvWide(i, n Number) (apd.Decimal, error) {
	var pct, base, hundred, t apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Quo(&pct, i.in(&t), &hundred)
	_, _ = Wide.Add(&base, &pct, apd.New(1, 0))
	return powWide(&base, n)
}

// powWide returns b^n at wide precision for b ≥ 0: ErrInvalidInput for
// b < 0 or 0 to a power ≤ 0, ErrOverflow past the range (the result then
// is irrelevant).
func powWide(b *apd.Decimal, n Number) (apd.Decimal, error) {
	var r apd.Decimal
	switch {
	case b.Sign() < 0:
		return r, ErrInvalidInput
	case b.IsZero():
		if n.Sign() <= 0 {
			return r, ErrInvalidInput
		}
		return r, nil
	case n.IsZero():
		r.SetInt64(1)
		return r, nil
	}
	// |n × ln b| far past ln(1E500) ≈ 1151 over- or underflows.
	var lb, p, t apd.Decimal
	_, _ = Wide.Ln(&lb, b)
	_, _ = Wide.Mul(&p, &lb, n.in(&t))
	if p.Exponent+int32(p.NumDigits()) > 4 { // |p| ≥ 10,000
		if p.Sign() > 0 {
			return r, ErrOverflow
		}
		return r, nil // underflow: 0
	}
	if _, err := Wide.Pow(&r, b, n.in(&t)); err != nil {
		return r, ErrInvalidInput
	}
	return r, nil
}

// round12 rounds a wide result to the calculator's 12 digits, ties to
// even, with the range of finish (which rounds: the two are one).
func round12(w *apd.Decimal) (Number, error) { return finish(w) }

// Spfv returns (1 + i/100)^n, the single-payment future value factor.
// The float64 kernel decides (spfvFast); spfvApd where it cannot.
func Spfv(i, n Number) (Number, error) {
	if optimize {
		if i.IsZero() {
			return One, nil
		}
		if rc, re, ok := spfvFast(i, n); ok {
			return fromParts(false, rc, re)
		}
		if rc, re, ok := spfvDD(i, n); ok {
			return fromParts(false, rc, re)
		}
		if _, rc, re, ok := tinyRate(i, n, "SPFV", 1); ok {
			return fromParts(false, rc, re)
		}
		fellBack()
	}
	return spfvApd(i, n)
}

// spfvApd is Spfv through apd at Wide's precision.
func spfvApd(i, n Number) (Number, error) {
	w, err := spfvWide(i, n)
	if err != nil {
		return overflowOr(err, false)
	}
	return round12(&w)
}

// overflowOr turns a wide computation's error into the calculator's
// result: the saturated number (negative if neg) for ErrOverflow.
func overflowOr(err error, neg bool) (Number, error) {
	if err == ErrOverflow {
		return saturate(neg), ErrOverflow
	}
	return Zero, err
}

// Sppv returns 1 / SPFV(i:n), the single-payment present value factor.
func Sppv(i, n Number) (Number, error) {
	return Spfv(i, Neg(n))
}

// Usfv returns (SPFV(i:n) − 1) / (i/100), the uniform-series future value
// factor; n when i is 0.
func Usfv(i, n Number) (Number, error) {
	return uniformSeries(i, n, 1, usfvApd)
}

// uniformSeries is USFV (dir 1) or USPV (dir −1): n when i is 0, else
// the float64 kernel (usFast), its double-double stage (usDD) and the
// tiny-rate series (tinyRate); where none decides, usFine (70 digits, in
// a form that does not cancel), and slow, the 34-digit apd path, where
// that declines (an exact tie, an overflow).
func uniformSeries(i, n Number, dir float64, slow func(i, n Number) (Number, error)) (Number, error) {
	if i.IsZero() {
		return n, nil
	}
	if optimize {
		if neg, rc, re, ok := usFast(i, n, dir); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := usDD(i, n, dir); ok {
			return fromParts(neg, rc, re)
		}
		if neg, rc, re, ok := tinyRate(i, n, "US", dir); ok {
			return fromParts(neg, rc, re)
		}
		fellBack()
	}
	if r, err, ok := usFine(i, n, int64(dir)); ok {
		return r, err
	}
	return slow(i, n)
}

// usfvApd is Usfv for i ≠ 0 through apd at Wide's precision.
func usfvApd(i, n Number) (Number, error) {
	f, err := spfvWide(i, n)
	if err != nil {
		// (huge − 1) ÷ (i/100) takes the sign of i.
		return overflowOr(err, i.Sign() < 0)
	}
	var num, pct, hundred, r, t apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Sub(&num, &f, apd.New(1, 0))
	_, _ = Wide.Quo(&pct, i.in(&t), &hundred)
	_, _ = Wide.Quo(&r, &num, &pct)
	return round12(&r)
}

// Uspv returns (1 − SPPV(i:n)) / (i/100), the uniform-series present value
// factor (USFV ÷ SPFV); n when i is 0.
func Uspv(i, n Number) (Number, error) {
	return uniformSeries(i, n, -1, uspvApd)
}

// uspvApd is Uspv for i ≠ 0 through apd at Wide's precision.
func uspvApd(i, n Number) (Number, error) {
	f, err := spfvWide(i, Neg(n))
	if err != nil {
		// (1 − huge) ÷ (i/100) takes the opposite sign of i.
		return overflowOr(err, i.Sign() > 0)
	}
	var num, pct, hundred, r, t apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Sub(&num, apd.New(1, 0), &f)
	_, _ = Wide.Quo(&pct, i.in(&t), &hundred)
	_, _ = Wide.Quo(&r, &num, &pct)
	return round12(&r)
}

// Hms converts decimal hours to H.MMSS (HP-17BII manual: HMS).
func Hms(a Number) (Number, error) {
	if a.Exponent() >= Digits-1 {
		return a, nil // minutes and seconds are below the 12th digit
	}
	neg := a.Sign() < 0
	// Work in whole and fractional seconds at 12 digits.
	secs, err := Mul(Abs(a), FromInt(3600))
	if err != nil {
		return Zero, err
	}
	h := Int(mustDiv(secs, FromInt(3600)))
	rest, _ := Sub(secs, mustMul(h, FromInt(3600)))
	m := Int(mustDiv(rest, FromInt(60)))
	s, _ := Sub(rest, mustMul(m, FromInt(60)))
	r, _ := Add(h, mustDiv(m, Hundred))
	r, _ = Add(r, mustDiv(s, FromInt(10000)))
	if neg {
		r = Neg(r)
	}
	return r, nil
}

// Hrs converts H.MMSS to decimal hours (HP-17BII manual: HRS).
func Hrs(a Number) (Number, error) {
	neg := a.Sign() < 0
	x := Abs(a)
	h := IP(x)
	mm := mustMul(FP(x), Hundred)
	m := IP(mm)
	s := mustMul(FP(mm), Hundred)
	r, _ := Add(h, mustDiv(m, FromInt(60)))
	r, _ = Add(r, mustDiv(s, FromInt(3600)))
	if neg {
		r = Neg(r)
	}
	return r, nil
}

func mustDiv(a, b Number) Number { r, _ := Div(a, b); return r }
func mustMul(a, b Number) Number { r, _ := Mul(a, b); return r }

// powExact is a^bi by exact repeated multiplication at wide precision,
// rounded once to 12 digits: Pow for small integer powers.
func powExact(a Number, bi int64) (Number, error) {
	var r, base apd.Decimal
	r.SetInt64(1)
	a.in(&base)
	e := bi
	if e < 0 {
		e = -e
	}
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			_, _ = Wide.Mul(&r, &r, &base)
		}
		_, _ = Wide.Mul(&base, &base, &base)
	}
	if bi < 0 {
		var one apd.Decimal
		one.SetInt64(1)
		_, _ = Wide.Quo(&r, &one, &r)
	}
	return round12(&r)
}

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
