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
// ErrInvalidInput for a negative or non-integer a. Up to 20! the product
// is exact in int64; beyond, the products at 30 digits carry at most
// 252·5·10^-30 relative, and the 12-digit result is the correctly rounded
// one for every a (TestFactCorrectlyRounded, all 254 against exact
// integers).
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
