package hp17b

import (
	"github.com/cockroachdb/apd/v3"
)

// The operations below each return a result rounded to 12 digits, half away
// from zero, and either nil, ErrOverflow (with the saturated result) or the
// calculator's error for an undefined operation (with 0).

// smallLimit bounds the integers the fast paths handle: 12 digits, so that
// sums and differences stay exact and products of two stay inside int64
// only when checked.
const smallLimit = 999999999999

// small returns n as an int64 when it holds its small form: an integer of
// at most 12 digits (see Number).
func (n Number) small() (int64, bool) { return n.i, n.p == nil }

// fromSmall builds a Number from an int64 known to have at most 12 digits.
func fromSmall(v int64) Number { return Number{i: v} }

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
	if x, ok := a.small(); ok {
		if y, ok := b.small(); ok {
			if s := x + y; s <= smallLimit && s >= -smallLimit {
				return fromSmall(s), nil
			}
		}
	}
	var r, ta, tb apd.Decimal
	_, _ = ctx12.Add(&r, a.in(&ta), b.in(&tb))
	return finish(&r)
}

// Sub returns a − b.
func Sub(a, b Number) (Number, error) {
	if x, ok := a.small(); ok {
		if y, ok := b.small(); ok {
			if s := x - y; s <= smallLimit && s >= -smallLimit {
				return fromSmall(s), nil
			}
		}
	}
	var r, ta, tb apd.Decimal
	_, _ = ctx12.Sub(&r, a.in(&ta), b.in(&tb))
	return finish(&r)
}

// Mul returns a × b.
func Mul(a, b Number) (Number, error) {
	if x, ok := a.small(); ok {
		if y, ok := b.small(); ok && (x < 1000000 && x > -1000000 && y < 1000000 && y > -1000000) {
			return fromSmall(x * y), nil
		}
	}
	var r, ta, tb apd.Decimal
	_, _ = ctx12.Mul(&r, a.in(&ta), b.in(&tb))
	return finish(&r)
}

// Div returns a ÷ b; ErrDivideByZero when b is 0.
func Div(a, b Number) (Number, error) {
	if b.IsZero() {
		return Zero, ErrDivideByZero
	}
	var r, ta, tb apd.Decimal
	_, _ = ctx12.Quo(&r, a.in(&ta), b.in(&tb))
	return finish(&r)
}

// Neg returns −a.
func Neg(a Number) Number {
	if a.p == nil {
		return fromSmall(-a.i)
	}
	if a.IsZero() {
		return Zero
	}
	var r Number
	r.d().Neg(a.d())
	return r
}

// Abs returns |a|.
func Abs(a Number) Number {
	if a.p == nil {
		if a.i < 0 {
			return fromSmall(-a.i)
		}
		return a
	}
	var r Number
	r.d().Abs(a.d())
	return r
}

// Inv returns 1/a; ErrDivideByZero when a is 0.
func Inv(a Number) (Number, error) { return Div(One, a) }

// Sq returns a².
func Sq(a Number) (Number, error) { return Mul(a, a) }

// Sqrt returns √a; ErrSqrtNeg when a < 0.
func Sqrt(a Number) (Number, error) {
	if a.Sign() < 0 {
		return Zero, ErrSqrtNeg
	}
	var r, t apd.Decimal
	_, _ = ctx12.Sqrt(&r, a.in(&t))
	return finish(&r)
}

// wide runs a transcendental function in Wide (34 digits) and rounds to 12.
func wide(f func(d, x *apd.Decimal) (apd.Condition, error), a Number) (Number, error) {
	var w apd.Decimal
	c, err := f(&w, a.d())
	if err != nil || c&(apd.InvalidOperation|apd.DivisionImpossible|apd.DivisionUndefined) != 0 {
		return Zero, ErrInvalidInput
	}
	return round12(&w)
}

// Ln returns the natural logarithm; ErrLogZero for 0, ErrLogNeg below 0.
func Ln(a Number) (Number, error) {
	if err := logDomain(a); err != nil {
		return Zero, err
	}
	return wide(Wide.Ln, a)
}

// Log returns the common (base-10) logarithm; errors as Ln.
func Log(a Number) (Number, error) {
	if err := logDomain(a); err != nil {
		return Zero, err
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
	var e, one, r apd.Decimal
	one.SetInt64(1)
	wctx := Wide.WithPrecision(40)
	if _, err := wctx.Exp(&e, a.d()); err != nil {
		return Zero, ErrInvalidInput
	}
	if _, err := wctx.Sub(&r, &e, &one); err != nil {
		return Zero, ErrInvalidInput
	}
	return round12(&r)
}

// Lnp1 returns ln(1 + a), accurate for small a; errors as Ln of 1 + a.
func Lnp1(a Number) (Number, error) {
	var s, one apd.Decimal
	one.SetInt64(1)
	wctx := Wide.WithPrecision(40)
	_, _ = wctx.Add(&s, a.d(), &one)
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
	neg := a.Sign() < 0
	var la, p, w apd.Decimal
	abs := Abs(a)
	wctx := Wide.WithPrecision(30)
	if _, err := wctx.Ln(&la, abs.d()); err != nil {
		return Zero, ErrPower
	}
	_, _ = wctx.Mul(&p, &la, b.d())
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

func isOdd(b Number) bool {
	if i, ok := b.Int64(); ok {
		return i%2 != 0
	}
	// Huge integers: look at the last digit of the coefficient.
	var r apd.Decimal
	r.Reduce(b.d())
	if r.Exponent > 0 {
		return false
	}
	s := r.Coeff.String()
	return (s[len(s)-1]-'0')%2 == 1
}

// IP returns the integer part of a (truncation toward zero).
func IP(a Number) Number {
	if a.p == nil || a.p.Exponent >= 0 {
		return a
	}
	var ip, fp apd.Decimal
	a.p.Modf(&ip, &fp)
	n, _ := finish(&ip)
	return n
}

// FP returns the fractional part of a, with a's sign: a − IP(a).
func FP(a Number) Number {
	if a.p == nil || a.p.Exponent >= 0 {
		return Zero
	}
	var ip, fp apd.Decimal
	a.p.Modf(&ip, &fp)
	n, _ := finish(&fp)
	return n
}

// Int returns the greatest integer not above a (the Solver's INT).
func Int(a Number) Number {
	if a.p == nil || a.p.Exponent >= 0 {
		return a
	}
	var r apd.Decimal
	_, _ = ctx12.Floor(&r, a.p)
	n, _ := finish(&r)
	return n
}

// Sgn returns −1, 0 or 1 by the sign of a.
func Sgn(a Number) Number { return FromInt(int64(a.Sign())) }

// Mod returns a − b × INT(a ÷ b), whose sign follows b (MOD(−7:3) = 2), per
// the HP-17BII manual, Solver functions table. ErrDivideByZero when b is 0.
// For integers it is exact whatever their size; otherwise it is computed at
// wide precision and rounded once.
func Mod(a, b Number) (Number, error) {
	if b.IsZero() {
		return Zero, ErrDivideByZero
	}
	if x, ok := a.small(); ok {
		if y, ok := b.small(); ok {
			m := x % y
			if m != 0 && (m < 0) != (y < 0) {
				m += y
			}
			return fromSmall(m), nil
		}
	}
	var q, fl, p, r, ta, tb apd.Decimal
	ad, bd := a.in(&ta), b.in(&tb)
	wctx := Wide.WithPrecision(exactPrecision(a, b))
	if _, err := wctx.Quo(&q, ad, bd); err != nil {
		return Zero, ErrInvalidInput
	}
	_, _ = wctx.Floor(&fl, &q)
	_, _ = wctx.Mul(&p, bd, &fl)
	_, _ = wctx.Sub(&r, ad, &p)
	return round12(&r)
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

// Idiv returns the integer part of a ÷ b; ErrDivideByZero when b is 0.
func Idiv(a, b Number) (Number, error) {
	if b.IsZero() {
		return Zero, ErrDivideByZero
	}
	if x, ok := a.small(); ok {
		if y, ok := b.small(); ok {
			return fromSmall(x / y), nil
		}
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

// roundDigits rounds (or truncates) a to n decimals when 0 ≤ n ≤ 11, or to
// |n| significant digits when −12 ≤ n ≤ −1, as RND and TRN do (HP-17BII
// manual, Solver functions table). ErrInvalidInput for other n.
func roundDigits(a, n Number, mode apd.Rounder) (Number, error) {
	k, ok := n.Int64()
	if !ok || k < -12 || k > 11 {
		return Zero, ErrInvalidInput
	}
	if a.IsZero() {
		return Zero, nil
	}
	ctx := ctxShow
	ctx.Rounding = mode
	var r, ta apd.Decimal
	ad := a.in(&ta)
	if k >= 0 {
		if ad.Exponent >= -int32(k) {
			return a, nil
		}
		// Keep the digits down to 10^-k.
		prec := a.Exponent() + int(k) + 1
		if prec <= 0 {
			// Everything is below the last kept decimal: 0 or one unit.
			var unit apd.Decimal
			unit.SetFinite(1, -int32(k))
			ctx.Precision = 1
			var t apd.Decimal
			_, _ = ctx.Add(&t, ad, &unit) // leading digit = the unit
			_, _ = ctx.Sub(&r, &t, &unit)
			// The trick above rounds |a| < 10^-k into {0, ±unit}.
			return finish(&r)
		}
		ctx.Precision = uint32(prec)
	} else {
		ctx.Precision = uint32(-k)
	}
	_, _ = ctx.Round(&r, ad)
	return finish(&r)
}

// Rnd rounds a half away from zero to n decimals (0 ≤ n ≤ 11) or |n|
// significant digits (−12 ≤ n ≤ −1).
func Rnd(a, n Number) (Number, error) { return roundDigits(a, n, apd.RoundHalfUp) }

// Trn truncates a like Rnd rounds it.
func Trn(a, n Number) (Number, error) { return roundDigits(a, n, apd.RoundDown) }

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
	var pct, base, hundred apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Quo(&pct, i.d(), &hundred)
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
	var lb, p apd.Decimal
	_, _ = Wide.Ln(&lb, b)
	_, _ = Wide.Mul(&p, &lb, n.d())
	if p.Exponent+int32(p.NumDigits()) > 4 { // |p| ≥ 10,000
		if p.Sign() > 0 {
			return r, ErrOverflow
		}
		return r, nil // underflow: 0
	}
	if _, err := Wide.Pow(&r, b, n.d()); err != nil {
		return r, ErrInvalidInput
	}
	return r, nil
}

// round12 rounds a wide result to the calculator's 12 digits.
func round12(w *apd.Decimal) (Number, error) {
	var n apd.Decimal
	_, _ = ctx12.Round(&n, w)
	return finish(&n)
}

// Spfv returns (1 + i/100)^n, the single-payment future value factor.
func Spfv(i, n Number) (Number, error) {
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
	if i.IsZero() {
		return n, nil
	}
	f, err := spfvWide(i, n)
	if err != nil {
		// (huge − 1) ÷ (i/100) takes the sign of i.
		return overflowOr(err, i.Sign() < 0)
	}
	var num, pct, hundred, r apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Sub(&num, &f, apd.New(1, 0))
	_, _ = Wide.Quo(&pct, i.d(), &hundred)
	_, _ = Wide.Quo(&r, &num, &pct)
	return round12(&r)
}

// Uspv returns (1 − SPPV(i:n)) / (i/100), the uniform-series present value
// factor (USFV ÷ SPFV); n when i is 0.
func Uspv(i, n Number) (Number, error) {
	if i.IsZero() {
		return n, nil
	}
	f, err := spfvWide(i, Neg(n))
	if err != nil {
		// (1 − huge) ÷ (i/100) takes the opposite sign of i.
		return overflowOr(err, i.Sign() > 0)
	}
	var num, pct, hundred, r apd.Decimal
	hundred.SetInt64(100)
	_, _ = Wide.Sub(&num, apd.New(1, 0), &f)
	_, _ = Wide.Quo(&pct, i.d(), &hundred)
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
	base.Set(a.d())
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
