package hp17b

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
)

// The reference: the arithmetic as it was computed by apd before the
// Number held its coefficient in machine words (each operation on the
// operands' decimal forms in ctx12, then the range of finish), kept to
// hold the word arithmetic to it on every input.

// d returns n's decimal form in a decimal of its own.
func (n Number) d() *apd.Decimal { d := n.Decimal(); return &d }

var refMax = apd.New(999999999999, 488)

// refFinish is the range of a result rounded to 12 digits: ±9.99999999999E499
// with ErrOverflow past it, 0 below 1E-499.
func refFinish(t *apd.Decimal) (apd.Decimal, error) {
	var r apd.Decimal
	if t.Form != apd.Finite {
		if t.Form == apd.Infinite {
			r.Set(refMax)
			r.Negative = t.Negative
			return r, ErrOverflow
		}
		return r, ErrInvalidInput
	}
	if t.IsZero() {
		return r, nil
	}
	switch adj := int64(t.Exponent) + t.NumDigits() - 1; {
	case adj > MaxExp:
		r.Set(refMax)
		r.Negative = t.Negative
		return r, ErrOverflow
	case adj < MinExp:
		return r, nil
	}
	r.Set(t)
	return r, nil
}

func refRound12(w *apd.Decimal) (apd.Decimal, error) {
	var n apd.Decimal
	_, _ = ctx12.Round(&n, w)
	return refFinish(&n)
}

type refOp2 func(r, a, b *apd.Decimal) (apd.Condition, error)

func ref2(op refOp2, a, b Number) (apd.Decimal, error) {
	var r apd.Decimal
	_, _ = op(&r, a.d(), b.d())
	return refFinish(&r)
}

func refDiv(a, b Number) (apd.Decimal, error) {
	if b.IsZero() {
		return apd.Decimal{}, ErrDivideByZero
	}
	return ref2(ctx12.Quo, a, b)
}

func refMod(a, b Number) (apd.Decimal, error) {
	if b.IsZero() {
		return apd.Decimal{}, ErrDivideByZero
	}
	var q, fl, p, r apd.Decimal
	ad, bd := a.d(), b.d()
	wctx := Wide.WithPrecision(exactPrecision(a, b))
	_, _ = wctx.Quo(&q, ad, bd)
	_, _ = wctx.Floor(&fl, &q)
	_, _ = wctx.Mul(&p, bd, &fl)
	_, _ = wctx.Sub(&r, ad, &p)
	return refRound12(&r)
}

func refIdiv(a, b Number) (apd.Decimal, error) {
	if b.IsZero() {
		return apd.Decimal{}, ErrDivideByZero
	}
	var q apd.Decimal
	wctx := Wide.WithPrecision(exactPrecision(a, b))
	_, _ = wctx.Quo(&q, a.d(), b.d())
	var ip, fp apd.Decimal
	q.Modf(&ip, &fp)
	return refRound12(&ip)
}

func refIP(a Number) apd.Decimal {
	var ip, fp apd.Decimal
	a.d().Modf(&ip, &fp)
	r, _ := refFinish(&ip)
	return r
}

func refFP(a Number) apd.Decimal {
	var ip, fp apd.Decimal
	a.d().Modf(&ip, &fp)
	r, _ := refFinish(&fp)
	return r
}

func refInt(a Number) apd.Decimal {
	var r apd.Decimal
	_, _ = ctx12.Floor(&r, a.d())
	f, _ := refFinish(&r)
	return f
}

// refRoundDigits is RND (RoundHalfUp) and TRN (RoundDown) as apd computed
// them for a ≥ 0, and −(the result for −a) for a < 0.
func refRoundDigits(a Number, k int64, mode apd.Rounder) (apd.Decimal, error) {
	if k < -12 || k > 11 {
		return apd.Decimal{}, ErrInvalidInput
	}
	ctx := ctxShow
	ctx.Rounding = mode
	var r apd.Decimal
	ad := a.d()
	neg := ad.Negative
	ad.Negative = false
	if ad.IsZero() {
		return r, nil
	}
	if k >= 0 {
		if ad.Exponent >= -int32(k) {
			ad.Negative = neg
			return refFinish(ad)
		}
		prec := a.Exponent() + int(k) + 1
		if prec <= 0 {
			var unit, t apd.Decimal
			unit.SetFinite(1, -int32(k))
			ctx.Precision = 1
			_, _ = ctx.Add(&t, ad, &unit)
			_, _ = ctx.Sub(&r, &t, &unit)
			r.Negative = neg && !r.IsZero()
			return refFinish(&r)
		}
		ctx.Precision = uint32(prec)
	} else {
		ctx.Precision = uint32(-k)
	}
	_, _ = ctx.Round(&r, ad)
	r.Negative = neg && !r.IsZero()
	return refFinish(&r)
}

// refString is String as apd wrote it.
func refString(d *apd.Decimal) string {
	var r apd.Decimal
	r.Reduce(d)
	if r.IsZero() {
		return "0"
	}
	if e := int(r.Exponent) + int(r.NumDigits()) - 1; e >= -20 && e <= 20 {
		return r.Text('f')
	}
	return r.Text('G')
}

// refParse is Parse as apd read the text.
func refParse(s string) (apd.Decimal, error) {
	if len(s) > MaxNumberText {
		return apd.Decimal{}, fmt.Errorf("long")
	}
	t := strings.TrimSpace(s)
	t = strings.Replace(t, ",", ".", 1)
	if t == "" || strings.ContainsAny(t, "_") || strings.EqualFold(t, "nan") ||
		strings.Contains(strings.ToLower(t), "inf") {
		return apd.Decimal{}, fmt.Errorf("not a number")
	}
	var d apd.Decimal
	if _, _, err := d.SetString(t); err != nil || d.Form != apd.Finite {
		return apd.Decimal{}, fmt.Errorf("not a number")
	}
	return refRound12(&d)
}

// agree reports how got differs from the reference want ("" if not).
func agree(got Number, gerr error, want apd.Decimal, werr error) string {
	if gerr != werr {
		return fmt.Sprintf("error %v, want %v", gerr, werr)
	}
	g := got.Decimal()
	if g.Cmp(&want) != 0 {
		return fmt.Sprintf("%s, want %s", got, refString(&want))
	}
	if s, w := got.String(), refString(&want); s != w {
		return fmt.Sprintf("text %q, want %q", s, w)
	}
	if got.Exponent() != refExponent(&want) {
		return fmt.Sprintf("exponent %d, want %d", got.Exponent(), refExponent(&want))
	}
	if !canonical(got) {
		return fmt.Sprintf("%s not in its one form: %+v", got, got)
	}
	return ""
}

func refExponent(d *apd.Decimal) int {
	if d.IsZero() {
		return 0
	}
	return int(d.Exponent) + int(d.NumDigits()) - 1
}

// canonical reports whether n is in the one form of its value.
func canonical(n Number) bool {
	c := max(n.c, -n.c)
	if n.e == 0 {
		return c <= coeffMax
	}
	if c < coeffMin || c > coeffMax || int(n.e)+Digits-1 > MaxExp || int(n.e)+Digits-1 < MinExp {
		return false
	}
	if n.e < 0 && n.e > -Digits {
		return c%int64(pow10[-n.e]) != 0
	}
	return true
}

// checkOps holds every operation on a and b to the reference, RND and TRN
// with the numbers of digits ks.
func checkOps(t *testing.T, a, b Number, ks ...int64) {
	t.Helper()
	fail := func(op string, why string) {
		t.Helper()
		if why != "" {
			t.Fatalf("%s(%s, %s): %s", op, a, b, why)
		}
	}
	v, err := Add(a, b)
	w, werr := ref2(ctx12.Add, a, b)
	fail("+", agree(v, err, w, werr))
	v, err = Sub(a, b)
	w, werr = ref2(ctx12.Sub, a, b)
	fail("−", agree(v, err, w, werr))
	v, err = Mul(a, b)
	w, werr = ref2(ctx12.Mul, a, b)
	fail("×", agree(v, err, w, werr))
	v, err = Div(a, b)
	w, werr = refDiv(a, b)
	fail("÷", agree(v, err, w, werr))
	v, err = Mod(a, b)
	w, werr = refMod(a, b)
	fail("MOD", agree(v, err, w, werr))
	v, err = Idiv(a, b)
	w, werr = refIdiv(a, b)
	fail("IDIV", agree(v, err, w, werr))
	if g, w := a.Cmp(b), a.d().Cmp(b.d()); g != w {
		t.Fatalf("Cmp(%s, %s) = %d, want %d", a, b, g, w)
	}
	if a.Equal(b) != (a.d().Cmp(b.d()) == 0) || (a == b) != a.Equal(b) {
		t.Fatalf("Equal(%s, %s) = %v", a, b, a.Equal(b))
	}
	for _, x := range []Number{a, b} {
		fail("IP", agree(IP(x), nil, refIP(x), nil))
		fail("FP", agree(FP(x), nil, refFP(x), nil))
		fail("INT", agree(Int(x), nil, refInt(x), nil))
		fail("NEG", agree(Neg(x), nil, *new(apd.Decimal).Neg(x.d()), nil))
		fail("ABS", agree(Abs(x), nil, *new(apd.Decimal).Abs(x.d()), nil))
		if x.Sign() != x.d().Sign() || x.IsZero() != x.d().IsZero() {
			t.Fatalf("Sign(%s) = %d", x, x.Sign())
		}
		var fp, ip apd.Decimal
		x.d().Modf(&ip, &fp)
		if x.IsInteger() != fp.IsZero() {
			t.Fatalf("IsInteger(%s) = %v", x, x.IsInteger())
		}
		var red apd.Decimal
		red.Reduce(x.d())
		wi, werr := red.Int64()
		if gi, ok := x.Int64(); ok != (werr == nil && fp.IsZero()) || ok && gi != wi {
			t.Fatalf("Int64(%s) = %d, %v", x, gi, ok)
		}
		if wf, _ := x.d().Float64(); x.Float64() != wf {
			t.Fatalf("Float64(%s) = %v, want %v", x, x.Float64(), wf)
		}
		back, err := Parse(x.String())
		if err != nil || back != x {
			t.Fatalf("Parse(String(%s)) = %s, %v", x, back, err)
		}
		for _, k := range ks {
			v, err := Rnd(x, FromInt(k))
			w, werr := refRoundDigits(x, k, apd.RoundHalfUp)
			if why := agree(v, err, w, werr); why != "" {
				t.Fatalf("RND(%s, %d): %s", x, k, why)
			}
			v, err = Trn(x, FromInt(k))
			w, werr = refRoundDigits(x, k, apd.RoundDown)
			if why := agree(v, err, w, werr); why != "" {
				t.Fatalf("TRN(%s, %d): %s", x, k, why)
			}
		}
	}
}

// allDigits are the numbers of digits RND and TRN are tried with: every
// valid one and one past each end.
var allDigits = []int64{-13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}

// randomNumber draws a number of every kind the arithmetic meets: whole
// numbers of 1 to 12 digits, coefficients of every length, all nines,
// powers of ten and halves (ties and carries into a 13th digit), over the
// whole exponent range and at its ends.
func randomNumber(r *rand.Rand, near int) Number {
	nd := 1 + r.IntN(Digits)
	var c uint64
	switch r.IntN(8) {
	case 0:
		c = pow10[nd] - 1 // all nines
	case 1:
		c = pow10[nd-1] // a power of ten
	case 2:
		c = 5 * pow10[nd-1] // a half
	case 3:
		c = pow10[nd-1] + uint64(r.IntN(10)) // a power of ten and a little
	case 4:
		c = (pow10[nd]-1)/9*5 + uint64(r.IntN(3)) // 555…5
	default:
		c = pow10[nd-1] + r.Uint64N(pow10[nd]-pow10[nd-1])
	}
	var e int
	switch r.IntN(6) {
	case 0:
		e = 0 // a whole number
	case 1:
		e = MaxExp - nd + 1 - r.IntN(3) // the top of the range
	case 2:
		e = MinExp - nd + 1 + r.IntN(3) // the bottom
	case 3:
		e = -r.IntN(Digits + 2) // decimals of a number near 1
	default:
		e = near - nd + 1 + r.IntN(31) - 15 // near the other operand
	}
	nd = digits64(c)
	e = min(max(e, MinExp-nd+1), MaxExp-nd+1)
	x, err := fromParts(r.IntN(2) == 0, c, e)
	if err != nil {
		panic(err)
	}
	return x
}

// TestAgainstReference: every operation equals the apd reference on 5×10^4
// pairs of operands of every kind, and the special ones.
func TestAgainstReference(t *testing.T) {
	specials := []string{"0", "1", "-1", "0.5", "-0.5", "5E-12", "9.99999999999E499", "-9.99999999999E499",
		"1E-499", "-1E-499", "999999999999", "-999999999999", "1E12", "100000000000", "0.1", "3", "7",
		"1.00000000001", "9.99999999999", "5.00000000001E-12", "1E-11", "123456789012", "2.5", "-2.5"}
	for _, x := range specials {
		for _, y := range specials {
			checkOps(t, MustParse(x), MustParse(y), allDigits...)
		}
	}
	r := rand.New(rand.NewPCG(45, 12))
	pairs := 50000
	if testing.Short() || raceEnabled {
		pairs = 10000
	}
	for range pairs {
		a := randomNumber(r, r.IntN(2*MaxExp+1)-MaxExp)
		b := randomNumber(r, a.Exponent())
		checkOps(t, a, b, r.Int64N(26)-13, r.Int64N(26)-13)
	}
}

// numberOf builds a fuzzed operand: 12 digits of c, e within the range.
func numberOf(c uint64, e int16, neg bool) Number {
	c %= pow10[Digits]
	nd := digits64(c)
	x, _ := fromParts(neg, c, min(max(int(e), MinExp-nd+1), MaxExp-nd+1))
	return x
}

// FuzzArithmetic holds every operation on two fuzzed numbers to the apd
// reference.
func FuzzArithmetic(f *testing.F) {
	f.Add(uint64(1), int16(0), uint64(3), int16(0), false)
	f.Add(uint64(100000000000), int16(-11), uint64(5), int16(-12), false)
	f.Add(uint64(999999999999), int16(488), uint64(1), int16(477), true)
	f.Add(uint64(1), int16(-499), uint64(7), int16(-499), false)
	f.Add(uint64(123456789012), int16(300), uint64(7), int16(-300), true)
	f.Fuzz(func(t *testing.T, ca uint64, ea int16, cb uint64, eb int16, neg bool) {
		checkOps(t, numberOf(ca, ea, neg), numberOf(cb, eb, ca&1 == 1), allDigits...)
	})
}

// FuzzParseNumber: Parse reads every text as apd read it, or refuses it as apd
// did.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1357", "-0.5", "1.5E-3", ".25", "5.", "1,5", "1E600", "1E-600", "1e", "--1",
		"+5", "0.000000000000000000000000012345678901234567890", "12345678901234567890123.5", "-.5E+3", "1.2.3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, gerr := Parse(s)
		want, werr := refParse(s)
		if (gerr != nil && gerr != ErrOverflow) != (werr != nil && werr != ErrOverflow) {
			t.Fatalf("Parse(%q): %v, reference %v", s, gerr, werr)
		}
		if werr == nil || werr == ErrOverflow {
			if why := agree(got, gerr, want, werr); why != "" {
				t.Fatalf("Parse(%q): %s", s, why)
			}
		}
	})
}

// TestRound128: the rounding of any 128-bit coefficient equals apd's
// (coefficients of up to 39 digits, ties and sticky digits below them).
func TestRound128(t *testing.T) {
	r := rand.New(rand.NewPCG(128, 45))
	for i := range 20000 {
		hi, lo := r.Uint64(), r.Uint64()
		switch i % 4 {
		case 0:
			hi >>= r.UintN(64) // every length
		case 1: // a tie: 5 followed by zeros below the 12th digit
			nd := 13 + r.IntN(26)
			var b big.Int
			b.Exp(big.NewInt(10), big.NewInt(int64(nd-13)), nil)
			b.Mul(&b, big.NewInt(5))
			var c big.Int
			c.Exp(big.NewInt(10), big.NewInt(int64(nd-12)), nil)
			c.Mul(&c, big.NewInt(r.Int64N(900000000000)+100000000000))
			b.Add(&b, &c)
			if i%8 == 1 {
				b.Add(&b, big.NewInt(1)) // just past the tie
			}
			if b.BitLen() > 128 {
				continue
			}
			words := b.FillBytes(make([]byte, 16))
			hi, lo = binary.BigEndian.Uint64(words[:8]), binary.BigEndian.Uint64(words[8:])
		}
		e := r.IntN(1100) - 550
		neg := r.IntN(2) == 0
		got, gerr := round128(neg, hi, lo, e)
		var b big.Int
		b.SetUint64(hi)
		b.Lsh(&b, 64)
		b.Or(&b, new(big.Int).SetUint64(lo))
		var d apd.Decimal
		d.Coeff.SetMathBigInt(&b)
		d.Exponent = int32(e)
		d.Negative = neg
		want, werr := refRound12(&d)
		if why := agree(got, gerr, want, werr); why != "" {
			t.Fatalf("round128(%v, %d, %d, %d) = %s", neg, hi, lo, e, why)
		}
	}
}

// refDigitsOf and refFixedText are the display's digits as apd rounded
// them (ctxShow).
func refDigitsOf(n Number, sig int) (string, int) {
	var r apd.Decimal
	ctx := ctxShow
	ctx.Precision = uint32(sig)
	_, _ = ctx.Round(&r, n.d())
	r.Abs(&r)
	digits := r.Coeff.String()
	return digits, int(r.Exponent) + len(digits) - 1
}

func refFixedText(n Number, d int) string {
	var q apd.Decimal
	ctx := ctxShow
	ctx.Precision = 40
	_, _ = ctx.Quantize(&q, n.d(), int32(-d))
	q.Abs(&q)
	return q.Text('f')
}

// TestDisplayDigits: the display's rounding in words equals apd's for
// every number of significant digits and of decimals the display asks for.
func TestDisplayDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 2))
	for i := range 20000 {
		x := randomNumber(r, r.IntN(30)-15)
		if i < 3 {
			x = []Number{Zero, One, maxNumber}[i]
		}
		for sig := 1; sig <= Digits; sig++ {
			gd, ge := digitsOf(x, sig)
			wd, we := refDigitsOf(x, sig)
			if strings.TrimRight(gd, "0") != strings.TrimRight(wd, "0") || ge != we && !x.IsZero() {
				t.Fatalf("digitsOf(%s, %d) = %s %d, want %s %d", x, sig, gd, ge, wd, we)
			}
		}
		if x.Exponent() > 25 {
			continue
		}
		for d := 0; d <= 13; d++ {
			if g, w := fixedText(x, d), refFixedText(x, d); g != w {
				t.Fatalf("fixedText(%s, %d) = %s, want %s", x, d, g, w)
			}
		}
	}
}

// The same operations as apd computed them (a result with decimals kept in
// a decimal of its own, as the number that pointed to one did), so that
// the ratio is read in one run: BenchmarkAddDecimal against
// BenchmarkAddDecimalApd.
var benchSinkApd *apd.Decimal

func benchApd(b *testing.B, op byte) {
	x, y := benchOperands()
	b.ReportAllocs()
	for b.Loop() {
		var r, ta, tb apd.Decimal
		switch op { // direct calls, so that the operands stay on the stack
		case '+':
			_, _ = ctx12.Add(&r, x.in(&ta), y.in(&tb))
		case '-':
			_, _ = ctx12.Sub(&r, x.in(&ta), y.in(&tb))
		case '*':
			_, _ = ctx12.Mul(&r, x.in(&ta), y.in(&tb))
		case '/':
			_, _ = ctx12.Quo(&r, x.in(&ta), y.in(&tb))
		}
		benchSinkApd = new(apd.Decimal).Set(&r)
	}
}

func BenchmarkAddDecimalApd(b *testing.B) { benchApd(b, '+') }
func BenchmarkSubDecimalApd(b *testing.B) { benchApd(b, '-') }
func BenchmarkMulDecimalApd(b *testing.B) { benchApd(b, '*') }
func BenchmarkDivDecimalApd(b *testing.B) { benchApd(b, '/') }
