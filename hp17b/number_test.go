package hp17b

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func n(s string) Number { return MustParse(s) }

func TestArithmetic(t *testing.T) {
	tests := []struct {
		name string
		f    func() (Number, error)
		want string
		err  error
	}{
		{"2/3 rounds half away", func() (Number, error) { return Div(n("2"), n("3")) }, "0.666666666667", nil},
		{"-2/3", func() (Number, error) { return Div(n("-2"), n("3")) }, "-0.666666666667", nil},
		{"1/3", func() (Number, error) { return Div(One, n("3")) }, "0.333333333333", nil},
		{"12 digits kept", func() (Number, error) { return Add(n("999999999999"), One) }, "1000000000000", nil},
		// A tie at the 13th digit goes to the even 12th digit, so that 1 +
		// 5E-12 is 1 and W. B. Maguire's EPSILON equation ends at
		// 5.00000000001E-12 (HP forum, 24 Sep 2001).
		{"a tie goes to even", func() (Number, error) { return Add(n("100000000000"), n("0.5")) }, "100000000000", nil},
		{"a tie goes to even, up", func() (Number, error) { return Add(n("100000000001"), n("0.5")) }, "100000000002", nil},
		{"1 + 5E-12 is 1", func() (Number, error) { return Add(One, n("5E-12")) }, "1", nil},
		{"1 + 5.00000000001E-12", func() (Number, error) { return Add(One, n("5.00000000001E-12")) }, "1.00000000001", nil},
		{"a tie in a product", func() (Number, error) { return Mul(n("2.00000000003"), n("0.5")) }, "1.00000000002", nil},
		{"divide by zero", func() (Number, error) { return Div(One, Zero) }, "0", ErrDivideByZero},
		{"overflow saturates", func() (Number, error) { return Mul(n("1E300"), n("1E300")) }, "9.99999999999E+499", ErrOverflow},
		{"negative overflow", func() (Number, error) { return Mul(n("-1E300"), n("1E300")) }, "-9.99999999999E+499", ErrOverflow},
		{"underflow gives 0", func() (Number, error) { return Mul(n("1E-300"), n("1E-300")) }, "0", nil},
		{"smallest", func() (Number, error) { return Mul(n("1E-499"), One) }, "1E-499", nil},
		{"below smallest", func() (Number, error) { return Mul(n("1E-499"), n("0.1")) }, "0", nil},
		{"sqrt", func() (Number, error) { return Sqrt(n("2")) }, "1.41421356237", nil},
		{"sqrt neg", func() (Number, error) { return Sqrt(n("-1")) }, "0", ErrSqrtNeg},
		{"ln", func() (Number, error) { return Ln(n("2")) }, "0.69314718056", nil},
		{"ln 0", func() (Number, error) { return Ln(Zero) }, "0", ErrLogZero},
		{"log neg", func() (Number, error) { return Log(n("-5")) }, "0", ErrLogNeg},
		{"log", func() (Number, error) { return Log(n("1000")) }, "3", nil},
		{"exp", func() (Number, error) { return Exp(One) }, "2.71828182846", nil},
		{"exp overflow", func() (Number, error) { return Exp(n("2000")) }, "9.99999999999E+499", ErrOverflow},
		{"exp underflow", func() (Number, error) { return Exp(n("-2000")) }, "0", nil},
		{"alog", func() (Number, error) { return Alog(n("3")) }, "1000", nil},
		{"expm1 small", func() (Number, error) { return Expm1(n("1E-10")) }, "0.000000000100000000005", nil},
		{"lnp1 small", func() (Number, error) { return Lnp1(n("1E-10")) }, "0.000000000099999999995", nil},
		{"expm1 very negative", func() (Number, error) { return Expm1(n("-99999")) }, "-1", nil},
		{"hms huge", func() (Number, error) { return Hms(n("9.99E499")) }, "9.99E+499", nil},
		{"lnp1 -1", func() (Number, error) { return Lnp1(n("-1")) }, "0", ErrLogZero},
		{"pow int", func() (Number, error) { return Pow(n("2"), n("10")) }, "1024", nil},
		{"pow neg int", func() (Number, error) { return Pow(n("-2"), n("3")) }, "-8", nil},
		{"pow neg exp", func() (Number, error) { return Pow(n("2"), n("-3")) }, "0.125", nil},
		{"pow frac", func() (Number, error) { return Pow(n("2"), n("0.5")) }, "1.41421356237", nil},
		{"pow 0^0", func() (Number, error) { return Pow(Zero, Zero) }, "0", ErrPower},
		{"pow neg base frac", func() (Number, error) { return Pow(n("-8"), n("0.5")) }, "0", ErrPower},
		{"pow big", func() (Number, error) { return Pow(n("10"), n("600")) }, "9.99999999999E+499", ErrOverflow},
		{"mod -7:3", func() (Number, error) { return Mod(n("-7"), n("3")) }, "2", nil},
		{"mod 7:-3", func() (Number, error) { return Mod(n("7"), n("-3")) }, "-2", nil},
		{"mod 5.5:2", func() (Number, error) { return Mod(n("5.5"), n("2")) }, "1.5", nil},
		{"mod by 0", func() (Number, error) { return Mod(n("5"), Zero) }, "0", ErrDivideByZero},
		{"idiv", func() (Number, error) { return Idiv(n("-7"), n("2")) }, "-3", nil},
		{"fact", func() (Number, error) { return Fact(n("5")) }, "120", nil},
		{"fact 0", func() (Number, error) { return Fact(Zero) }, "1", nil},
		{"fact frac", func() (Number, error) { return Fact(n("2.5")) }, "0", ErrInvalidInput},
		{"fact big", func() (Number, error) { return Fact(n("300")) }, "9.99999999999E+499", ErrOverflow},
		{"rnd 2", func() (Number, error) { return Rnd(n("2.345"), n("2")) }, "2.35", nil},
		{"rnd neg half", func() (Number, error) { return Rnd(n("-2.345"), n("2")) }, "-2.35", nil},
		{"rnd sig", func() (Number, error) { return Rnd(n("123456"), n("-2")) }, "120000", nil},
		{"rnd small", func() (Number, error) { return Rnd(n("0.004"), n("2")) }, "0", nil},
		{"rnd small up", func() (Number, error) { return Rnd(n("0.006"), n("2")) }, "0.01", nil},
		{"rnd bad", func() (Number, error) { return Rnd(n("1"), n("12")) }, "0", ErrInvalidInput},
		{"trn", func() (Number, error) { return Trn(n("2.349"), n("2")) }, "2.34", nil},
		// A negative number rounds as its magnitude does, also below the
		// last kept decimal.
		{"rnd neg below the unit", func() (Number, error) { return Rnd(n("-0.3"), Zero) }, "0", nil},
		{"rnd neg below the unit, up", func() (Number, error) { return Rnd(n("-0.7"), Zero) }, "-1", nil},
		{"trn neg below the unit", func() (Number, error) { return Trn(n("-0.05"), One) }, "0", nil},
		{"rnd sig carries", func() (Number, error) { return Rnd(n("-9.96"), n("-2")) }, "-10", nil},
		{"rnd sig overflows", func() (Number, error) { return Rnd(n("9.99999999999E499"), n("-1")) }, "9.99999999999E+499", ErrOverflow},
		{"spfv", func() (Number, error) { return Spfv(n("10"), n("2")) }, "1.21", nil},
		{"sppv", func() (Number, error) { return Sppv(n("10"), n("2")) }, "0.826446280992", nil},
		{"usfv", func() (Number, error) { return Usfv(n("10"), n("2")) }, "2.1", nil},
		{"uspv", func() (Number, error) { return Uspv(n("10"), n("2")) }, "1.73553719008", nil},
		{"usfv 0%", func() (Number, error) { return Usfv(Zero, n("7")) }, "7", nil},
		{"hms", func() (Number, error) { return Hms(n("1.5")) }, "1.3", nil},
		{"hrs", func() (Number, error) { return Hrs(n("1.3")) }, "1.5", nil},
		{"date", func() (Number, error) { return DateAdd(n("7.041776"), n("1")) }, "7.051776", nil},
		{"date bad", func() (Number, error) { return DateAdd(n("2.301990"), n("1")) }, "0", ErrInvalidDate},
		{"ddays actual", func() (Number, error) { return Ddays(n("1.011990"), n("1.011991"), One) }, "365", nil},
		{"ddays 360", func() (Number, error) { return Ddays(n("1.011990"), n("3.011990"), n("3")) }, "60", nil},
		{"ddays bad cal", func() (Number, error) { return Ddays(n("1.011990"), n("3.011990"), n("4")) }, "0", ErrInvalidInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f()
			assert.Equal(t, tt.err, err)
			assert.Equal(t, tt.want, got.String(), "value")
		})
	}
}

func TestPartsAndSigns(t *testing.T) {
	assert.Equal(t, "-3", IP(n("-3.7")).String())
	assert.Equal(t, "-0.7", FP(n("-3.7")).String())
	assert.Equal(t, "-4", Int(n("-3.7")).String())
	assert.Equal(t, "3", Int(n("3.7")).String())
	assert.Equal(t, "-1", Sgn(n("-0.2")).String())
	assert.Equal(t, "5", Max(n("5"), n("-5")).String())
	assert.Equal(t, "-5", Min(n("5"), n("-5")).String())
	assert.Equal(t, "0", Neg(Zero).String())
	i, ok := n("1357").Int64()
	assert.True(t, ok)
	assert.EqualValues(t, 1357, i)
	_, ok = n("1.5").Int64()
	assert.False(t, ok)
}

func TestParse(t *testing.T) {
	for in, want := range map[string]string{
		"1357": "1357", ".25": "0.25", "5.": "5", "1,5": "1.5", "1.23456789012345": "1.23456789012",
		"-0": "0", "1E-600": "0", "2e3": "2000",
	} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got.String(), in)
	}
	for _, bad := range []string{"", "abc", "1..2", "NaN", "Inf", "1E", "--1"} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
	got, err := Parse("1E600")
	assert.Equal(t, ErrOverflow, err)
	assert.Equal(t, "9.99999999999E+499", got.String())
}

func TestTextRoundTrip(t *testing.T) {
	for _, s := range []string{"0", "1357", "-0.666666666667", "1.5E-20", "9.99999999999E499"} {
		v := n(s)
		b, err := v.MarshalText()
		require.NoError(t, err)
		var back Number
		require.NoError(t, back.UnmarshalText(b))
		assert.True(t, v.Equal(back), s)
	}
}

func TestFormat(t *testing.T) {
	fix2 := DefaultMode
	all := Mode{All: true}
	tests := []struct {
		in   string
		mode Mode
		want string
	}{
		{"1357", fix2, "1,357.00"},
		{"1357", all, "1,357"},
		{"0", fix2, "0.00"},
		{"0", all, "0"},
		{"0", Mode{Fix: 0}, "0"},
		{"1346", fix2, "1,346.00"},
		{"-1234567.891", fix2, "-1,234,567.89"},
		{"999.999", fix2, "1,000.00"},
		{"0.0012345", fix2, "0.001"},
		{"0.0016", fix2, "0.002"},
		{"0.0096", fix2, "0.01"},
		{"0.0012345", Mode{Fix: 0}, "0.001"},
		{"12345678901.5", fix2, "12,345,678,901.5"},
		{"12345678901.5", Mode{Fix: 0}, "12,345,678,902"},
		{"0.125", fix2, "0.13"},
		{"1234567890.15", Mode{Fix: 1}, "1,234,567,890.2"},
		{"999999999999.5", fix2, "1.00E12"},
		{"1E15", fix2, "1.00E15"},
		{"-1.5E20", Mode{Fix: 4}, "-1.5000E20"},
		{"1.5E-12", fix2, "1.50E-12"},
		{"1E-11", fix2, "0.00000000001"},
		// DSP ALL: 12 digits at most, the leading 0 counted (G. W. Barbosa,
		// "A very long HP-17BII equation", HP Museum forum, 16 Apr 2013).
		{"0.156434465037", all, "1.56434465037E-1"},
		{"0.0174549998542", all, "1.74549998542E-2"},
		{"0.99999627274", all, "0.99999627274"},
		{"0.666666666667", all, "6.66666666667E-1"},
		{"0.0666666666667", all, "6.66666666667E-2"},
		{"0.05", all, "0.05"},
		{"0.00000000001", all, "0.00000000001"},
		{"0.000000000012", all, "1.2E-11"},
		{"-0.5", all, "-0.5"},
		{"999999999999", all, "999,999,999,999"},
		{"123456.789012", all, "123,456.789012"},
		{"1E12", all, "1E12"},
		{"179.908747671", all, "179.908747671"},
		{"1E20", all, "1E20"},
		{"1.25E-30", all, "1.25E-30"},
		{"2.5", Mode{Fix: 0}, "3"},
		{"-2.5", Mode{Fix: 0}, "-3"},
		{"3.14159265359", Mode{Fix: 11}, "3.14159265359"},
		{"1357", Mode{Fix: 2, Comma: true}, "1.357,00"},
		{"0.5", Mode{All: true, Comma: true}, "0,5"},
		{"9.99999999999E499", fix2, "1.00E500"},
		{"9.99999999999E499", all, "9.99999999999E499"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Format(n(tt.in), tt.mode), "%s in %v", tt.in, tt.mode)
	}
}

func TestParseMode(t *testing.T) {
	m, err := ParseMode("FIX 4")
	require.NoError(t, err)
	assert.Equal(t, Mode{Fix: 4}, m)
	m, err = ParseMode("all")
	require.NoError(t, err)
	assert.True(t, m.All)
	assert.Equal(t, "fix2", DefaultMode.String())
	_, err = ParseMode("fix12")
	assert.Error(t, err)
	_, err = ParseMode("sci")
	assert.Error(t, err)
}

func BenchmarkAdd(b *testing.B) {
	x, y := n("1357.25"), n("2.5")
	for b.Loop() {
		_, _ = Add(x, y)
	}
}

func BenchmarkMod(b *testing.B) {
	x, y := n("13"), n("4")
	for b.Loop() {
		_, _ = Mod(x, y)
	}
}

func BenchmarkFormat(b *testing.B) {
	x := n("1346")
	for b.Loop() {
		_ = Format(x, DefaultMode)
	}
}

// A whole number has a small form; decimalOnly gives it the coefficient
// form, which the general code reads. Every operation gives the same
// answer whichever forms its operands have.
func TestSmallAndDecimalFormsAgree(t *testing.T) {
	small := FromInt(5)
	dec := decimalOnly(n("5.0"))
	_, isSmall := small.small()
	require.True(t, isSmall)
	_, isSmall = dec.small()
	require.False(t, isSmall)
	other := []Number{FromInt(3), decimalOnly(n("3.0")), FromInt(-7), decimalOnly(n("-7.00"))}
	ops := map[string]func(a, b Number) (Number, error){"add": Add, "sub": Sub, "mul": Mul, "div": Div, "pow": Pow, "mod": Mod, "idiv": Idiv}
	for name, op := range ops {
		for _, o := range other {
			r1, e1 := op(small, o)
			r2, e2 := op(dec, o)
			r3, e3 := op(o, small)
			r4, e4 := op(o, dec)
			assert.Equal(t, e1, e2, name)
			assert.Equal(t, e3, e4, name)
			assert.True(t, r1.Equal(r2), "%s %v: %v vs %v", name, o, r1, r2)
			assert.True(t, r3.Equal(r4), "%s %v: %v vs %v", name, o, r3, r4)
			assert.Equal(t, r1.String(), r2.String(), name)
		}
	}
	assert.True(t, small.Equal(dec))
	assert.Equal(t, 0, small.Cmp(dec))
	assert.Equal(t, -1, FromInt(4).Cmp(dec))
	assert.Equal(t, dec.Exponent(), small.Exponent())
	assert.Equal(t, "5", small.String())
	assert.Equal(t, "5.00", Format(small, DefaultMode))
	assert.Equal(t, Format(FromInt(-1357), DefaultMode), Format(n("-1357.0"), DefaultMode))
	assert.Equal(t, Neg(small).String(), Neg(dec).String())
	assert.True(t, Abs(FromInt(-5)).Equal(dec))
	// The sum of two 12-digit numbers leaves the small form correctly.
	big, err := Add(FromInt(999999999999), FromInt(999999999999))
	require.NoError(t, err)
	assert.Equal(t, "2000000000000", big.String())
}

// TestParseLongText: text beyond MaxNumberText is refused before any
// decimal arithmetic (a 10 MB digit string used to stall start-up).
func TestParseLongText(t *testing.T) {
	_, err := Parse(strings.Repeat("9", 10<<20))
	assert.ErrorContains(t, err, "a number has at most 64")
	v, err := Parse("  -0.000000000000000000000000001234567890123E-5  ")
	assert.NoError(t, err)
	assert.Equal(t, "-1.23456789012E-32", v.String())
}

// FuzzNumberText: any text is a number or an error, never a panic; a number
// read back from its String is the same number, and its display in every
// mode fits the 22-character line.
func FuzzNumberText(f *testing.F) {
	for _, s := range []string{"1357", "-0.5", "1.5E-3", ".25", "9.99999999999E499", "1E-499", "1,5", "  7 ", "1e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil && err != ErrOverflow {
			return
		}
		back, err := Parse(v.String())
		if (err != nil && err != ErrOverflow) || back.Cmp(v) != 0 {
			t.Fatalf("%q: %s reads back as %s (%v)", s, v, back, err)
		}
		for _, m := range []Mode{{Fix: 2}, {Fix: 11}, {All: true}, {Fix: 0, Comma: true}} {
			if n := len([]rune(Format(v, m))); n > 22 {
				t.Fatalf("%q: Format %+v is %d characters", s, m, n)
			}
		}
	})
}

// TestPowSmallIntegers: the whole-number fast path of Pow gives exactly
// what the exact repeated multiplication gives, value and display, for
// every base -40..40 and exponent 1..45 (past 12 digits both round).
func TestPowSmallIntegers(t *testing.T) {
	for a := int64(-40); a <= 40; a++ {
		if a == 0 {
			continue
		}
		for e := int64(1); e <= 45; e++ {
			got, err := Pow(FromInt(a), FromInt(e))
			want, werr := powExact(FromInt(a), e)
			assert.Equal(t, werr, err, "%d^%d", a, e)
			assert.True(t, want.Equal(got), "%d^%d: %s, want %s", a, e, got, want)
			assert.Equal(t, want.String(), got.String(), "%d^%d", a, e)
			assert.Equal(t, Format(want, DefaultMode), Format(got, DefaultMode), "%d^%d", a, e)
		}
	}
	r, ok := smallPow(10, 11)
	assert.True(t, ok)
	assert.EqualValues(t, 100_000_000_000, r)
	_, ok = smallPow(10, 12) // 13 digits
	assert.False(t, ok)
	_, ok = smallPow(999_999, 3)
	assert.False(t, ok)
}

// TestParsePlainIntegers: the integer fast path of Parse gives what the
// decimal path gives ("N.0" takes it), for signs, leading zeros and 12
// digits; 13 digits round as before.
func TestParsePlainIntegers(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-7", "0012", "-000", "999999999999", "-999999999999", "1357", "100000000000"} {
		got, err := Parse(s)
		require.NoError(t, err, s)
		want, err := Parse(s + ".0")
		require.NoError(t, err, s)
		assert.True(t, want.Equal(got), s)
		assert.Equal(t, want.String(), got.String(), s)
		assert.Equal(t, Format(want, DefaultMode), Format(got, DefaultMode), s)
	}
	got, err := Parse("1234567890123")
	require.NoError(t, err)
	assert.Equal(t, "1234567890120", got.String())
	_, err = Parse("-")
	assert.Error(t, err)
}
