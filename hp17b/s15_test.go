package hp17b

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// s15 reads a decimal as an S15 through apd, chopped (test helper).
func s15(t testing.TB, s string) S15 {
	t.Helper()
	var d apd.Decimal
	_, _, err := d.SetString(s)
	require.NoError(t, err)
	return s15OfApd(&d)
}

// s15OfApd chops an apd decimal to 15 digits.
func s15OfApd(d *apd.Decimal) S15 {
	if d.IsZero() {
		return S15{}
	}
	ctx := apd.Context{Precision: 15, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundDown}
	var r apd.Decimal
	_, _ = ctx.Round(&r, d)
	c := r.Coeff.Uint64()
	e := int(r.Exponent)
	return s15Norm(r.Negative, 0, c, e)
}

// testString writes an S15 for the tests: digits and exponent.
func (a S15) testString() string {
	if a.c == 0 {
		return "0"
	}
	var d apd.Decimal
	d.SetFinite(int64(a.c), a.e)
	d.Negative = a.neg
	d.Reduce(&d)
	return d.Text('G')
}

// TestS15Rules: the 17BII's working arithmetic, rule by rule (s15.go's
// sources).
func TestS15Rules(t *testing.T) {
	one := S15Int(1)
	tests := []struct {
		name string
		got  S15
		want string
	}{
		{"widening is exact", S15Of(MustParse("1.23456789012")), "1.23456789012"},
		{"÷ chops: 2/3", must(S15Int(2).Div(S15Int(3))), "0.666666666666666"},
		{"÷ chops negative toward zero", must(S15Int(-2).Div(S15Int(3))), "-0.666666666666666"},
		{"× chops", s15(t, "1.11111111111111").Mul(s15(t, "9.99999999999999")), "11.111111111111"},
		{"+ exact when it fits", s15(t, "123456789012345").Add(one), "123456789012346"},
		{"+: a 1 in the guard digit is kept then chopped away: 1E15 + 1", s15(t, "1E15").Add(one), "1E+15"},
		{"−: a 1 in the guard digit borrows: 1E15 − 1 = 999999999999999", s15(t, "1E15").Sub(one), "999999999999999"},
		{"−: F − 1 with F of 16 digits drops the last: F − 10", s15(t, "1234567890123450").Sub(one), "1.23456789012344E+15"},
		{"−: past the guard digit the 1 is dropped: F ≥ 1E16", s15(t, "1.23456789012345E16").Sub(one), "1.23456789012345E+16"},
		{"+: no sticky digit: 1 + 9.9E-16 is 1", one.Add(s15(t, "9.9E-16")), "1"},
		{"−: the guard digit counts, the rest is dropped: 1 − 9.9E-15", one.Sub(s15(t, "9.9E-15")), "0.999999999999991"},
		{"the range saturates", s15(t, "9E49999").Mul(S15Int(10)), "9.99999999999999E+49999"},
		{"below the range is 0", s15(t, "1E-49999").Div2(S15Int(10)), "0"},
		{"LNP1 chops", must(s15(t, "0.1").Lnp1()), "0.0953101798043248"},
		{"LN chops", must(S15Int(10).Ln()), "2.30258509299404"},
		{"EXP chops", must(one.Exp()), "2.71828182845904"},
		{"EXP of a large argument keeps 15 digits", must(S15Int(1000).Exp()), "1.97007111401704E+434"},
		{"EXPM1 chops", must(s15(t, "1E-5").Expm1()), "0.0000100000500001666"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.got.testString())
		})
	}
}

// Div2 is Div without ok (test helper).
func (a S15) Div2(b S15) S15 { r, _ := a.Div(b); return r }

func must(a S15, ok bool) S15 {
	if !ok {
		panic("not ok")
	}
	return a
}

// TestS15Round12 rounds half up at the end: 15 digits to 12.
func TestS15Round12(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1.23456789012499", "1.23456789012"},
		{"1.23456789012500", "1.23456789013"},
		{"-9.99999999999500", "-10"},
		{"0.666666666666666", "0.666666666667"},
		{"9.9999999999999E499", "9.99999999999E+499"},
	} {
		got, err := s15(t, tt.in).Round12()
		if strings.HasSuffix(tt.in, "E499") {
			assert.Equal(t, ErrOverflow, err)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tt.want, got.String(), tt.in)
	}
}

// TestS15DiffApd holds +, −, ×, ÷ to apd computing the same rules: the
// sum of the larger operand and the other truncated at the window's last
// digit, chopped to 15; products and quotients exact, chopped to 15.
func TestS15DiffApd(t *testing.T) {
	r := rand.New(rand.NewPCG(56, 15))
	exact := apd.Context{Precision: 100, MaxExponent: 200000, MinExponent: -200000, Rounding: apd.RoundDown}
	draw := func() S15 {
		c := s15Min + r.Uint64N(s15Lim-s15Min)
		if r.IntN(4) == 0 {
			c -= c % pow10[r.IntN(15)] // trailing zeros, the common case
		}
		if c < s15Min {
			c = s15Min
		}
		return S15{c: c, e: int32(r.IntN(41) - 20 - 14), neg: r.IntN(2) == 0}
	}
	toApd := func(a S15) *apd.Decimal {
		d := apd.New(int64(a.c), a.e)
		d.Negative = a.neg && a.c != 0
		return d
	}
	for range 20000 {
		a, b := draw(), draw()
		if r.IntN(3) == 0 {
			b.e = a.e + int32(r.IntN(5)-2)
		}
		// +: truncate the smaller-exponent operand at the window's last digit.
		big, small := a, b
		if small.e > big.e {
			big, small = small, big
		}
		window := big.e - 1
		var ts, sum apd.Decimal
		_, _ = exact.Quantize(&ts, toApd(small), window) // RoundDown: the digits below dropped
		_, _ = exact.Add(&sum, toApd(big), &ts)
		assert.Equal(t, s15OfApd(&sum), a.Add(b), "%s + %s", a.testString(), b.testString())
		var p apd.Decimal
		_, _ = exact.Mul(&p, toApd(a), toApd(b))
		assert.Equal(t, s15OfApd(&p), a.Mul(b), "%s × %s", a.testString(), b.testString())
		var q apd.Decimal
		_, _ = exact.Quo(&q, toApd(a), toApd(b))
		got, ok := a.Div(b)
		require.True(t, ok)
		assert.Equal(t, s15OfApd(&q), got, "%s ÷ %s", a.testString(), b.testString())
	}
}

// TestS15FunctionsApd holds LNP1, LN, EXP and EXPM1 to apd at 40 digits
// chopped to 15: a result may differ by one unit only where the exact
// value is within 10^-16 (relative) of a 15-digit boundary.
func TestS15FunctionsApd(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 56))
	ctx := apd.Context{Precision: 40, MaxExponent: 200000, MinExponent: -200000, Rounding: apd.RoundHalfEven}
	one := apd.New(1, 0)
	check := func(name string, x S15, got S15, ok bool, want *apd.Decimal) {
		require.True(t, ok, "%s(%s)", name, x.testString())
		w := s15OfApd(want)
		if got != w {
			// Allowed only next to a boundary.
			var d, rel apd.Decimal
			_, _ = ctx.Sub(&d, want, apd.New(int64(w.c), w.e))
			_, _ = ctx.Quo(&rel, &d, want)
			rel.Negative = false
			assert.Equal(t, -1, rel.Cmp(apd.New(1, -16)), "%s(%s): %s, want %s", name, x.testString(), got.testString(), w.testString())
		}
	}
	for range 3000 {
		x := S15{c: s15Min + r.Uint64N(s15Lim-s15Min), e: int32(r.IntN(8) - 6 - 14), neg: r.IntN(2) == 0}
		xd := apd.New(int64(x.c), x.e)
		xd.Negative = x.neg
		var w apd.Decimal
		if x.Lead() < 0 || !x.neg {
			var s apd.Decimal
			_, _ = ctx.Add(&s, one, xd)
			_, _ = ctx.Ln(&w, &s)
			got, ok := x.Lnp1()
			check("LNP1", x, got, ok, &w)
		}
		if !x.neg {
			_, _ = ctx.Ln(&w, xd)
			got, ok := x.Ln()
			check("LN", x, got, ok, &w)
		}
		_, _ = ctx.Exp(&w, xd)
		got, ok := x.Exp()
		check("EXP", x, got, ok, &w)
		wide := apd.Context{Precision: 1000, MaxExponent: 200000, MinExponent: -200000}
		_, _ = wide.Sub(&w, &w, one) // exact: −1 + e^x keeps e^x's digits
		got, ok = x.Expm1()
		check("EXPM1", x, got, ok, &w)
		e, em, ok := x.ExpBoth()
		require.True(t, ok)
		ee, _ := x.Exp()
		assert.Equal(t, ee, e, "ExpBoth's EXP(%s)", x.testString())
		assert.Equal(t, got, em, "ExpBoth's EXPM1(%s)", x.testString())
	}
}

// TestS15NoAlloc: S15 arithmetic and functions never allocate.
func TestS15NoAlloc(t *testing.T) {
	a, b := s15(t, "1.23456789012345"), s15(t, "-0.000987654321098765")
	var sink S15
	allocs := testing.AllocsPerRun(100, func() {
		sink = a.Add(b).Mul(a)
		sink, _ = sink.Div(b)
		sink, _ = b.Lnp1()
		sink, _ = a.Ln()
		sink, _ = a.Exp()
		sink, _ = b.Expm1()
		_, _ = sink.Round12()
	})
	assert.Zero(t, allocs)
}

// FuzzS15 holds +, −, × and ÷ to apd with the same rules on any operands
// (as TestS15DiffApd), and LNP1, EXP and EXPM1 to never panic.
func FuzzS15(f *testing.F) {
	f.Add(uint64(100000000000000), int32(-14), false, uint64(999999999999999), int32(-30), true)
	f.Add(uint64(106058312422591), int32(1), false, uint64(100000000000000), int32(-14), true)
	exact := apd.Context{Precision: 100, MaxExponent: 200000, MinExponent: -200000, Rounding: apd.RoundDown}
	f.Fuzz(func(t *testing.T, ca uint64, ea int32, na bool, cb uint64, eb int32, nb bool) {
		a := s15Norm(na, 0, ca%s15Lim, int(ea%2000))
		b := s15Norm(nb, 0, cb%s15Lim, int(eb%2000))
		toApd := func(x S15) *apd.Decimal {
			d := apd.New(int64(x.c), x.e)
			d.Negative = x.neg && x.c != 0
			return d
		}
		if !a.IsZero() && !b.IsZero() {
			big, small := a, b
			if small.e > big.e {
				big, small = small, big
			}
			var ts, sum apd.Decimal
			_, _ = exact.Quantize(&ts, toApd(small), big.e-1)
			_, _ = exact.Add(&sum, toApd(big), &ts)
			if want := s15OfApd(&sum); a.Add(b) != want {
				t.Fatalf("%s + %s = %s, want %s", a.testString(), b.testString(), a.Add(b).testString(), want.testString())
			}
			var p apd.Decimal
			_, _ = exact.Mul(&p, toApd(a), toApd(b))
			if want := s15OfApd(&p); a.Mul(b) != want {
				t.Fatalf("%s × %s = %s, want %s", a.testString(), b.testString(), a.Mul(b).testString(), want.testString())
			}
		}
		_, _ = a.Lnp1()
		_, _ = a.Exp()
		_, _ = a.Expm1()
		_, _, _ = a.ExpBoth()
		_, _ = a.Ln()
		_, _ = a.Div(b)
		_, _ = a.Round12()
	})
}
