package hp17b

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b/dd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDD holds DD's double-double within 2^-100 of the number (compared
// exactly in big.Float) and its range.
func TestDD(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"0", true}, {"1", true}, {"-0.1", true}, {"123456789012", true},
		{"1.23456789012E-30", true}, {"-9.87654321098E55", true},
		{"1E-34", false}, {"1E60", false},
	}
	for _, tt := range tests {
		n := MustParse(tt.in)
		h, l, ok := DD(n)
		require.Equal(t, tt.ok, ok, tt.in)
		if !ok {
			continue
		}
		want, _, err := big.ParseFloat(tt.in, 10, 1000, big.ToNearestEven)
		require.NoError(t, err)
		got := new(big.Float).SetPrec(1000).SetFloat64(h)
		got.Add(got, new(big.Float).SetFloat64(l))
		diff := new(big.Float).SetPrec(1000).Sub(got, want)
		d, _ := diff.Float64()
		w, _ := want.Float64()
		assert.LessOrEqual(t, math.Abs(d), 0x1p-100*math.Abs(w), tt.in)
	}
}

// TestRoundDD: decided when the interval misses every midpoint, ties to
// even never decided, the sign kept, and false outside its range.
func TestRoundDD(t *testing.T) {
	tests := []struct {
		hi, lo, eps float64
		want        string
		ok          bool
	}{
		{1.5, 0, 1e-20, "1.5", true},
		{-2.25, 0, 1e-20, "-2.25", true},
		{123456789012.5, 0, 1e-20, "", false}, // a tie of the 12th digit
		{123456789012.5, 1e-5, 1e-20, "123456789013", true},
		{123456789012.5, -1e-5, 1e-20, "123456789012", true},
		{123456789012.5, 1e-5, 1e-15, "", false}, // the interval reaches the tie
		{1.2345678901234, 0, 1e-14, "", false},   // eps too wide
		{0, 0, 1e-20, "", false},
		{math.Inf(1), 0, 1e-20, "", false},
		{1e305, 0, 1e-20, "", false},
		{1e-305, 0, 1e-20, "", false},
		{2.0 / 3, 0, 1e-20, "0.666666666667", true},
	}
	for _, tt := range tests {
		got, ok := RoundDD(tt.hi, tt.lo, tt.eps)
		assert.Equal(t, tt.ok, ok, "%v", tt.hi)
		if ok && tt.ok {
			assert.Equal(t, tt.want, got.String(), "%v", tt.hi)
		}
	}
}

// TestDDKernelBounds holds Log1pDD, ExpDD and Expm1DD within their stated
// bounds (2^-80, 2^-89 and 2^-80 relative) of apd at 60 digits, at random
// double-double arguments over their ranges (|w| from 10^-30 to 10^30,
// and near −1; |r| up to 650).
func TestDDKernelBounds(t *testing.T) {
	ctx := apd.BaseContext.WithPrecision(60)
	dec := func(x float64) *apd.Decimal {
		d, _, err := apd.NewFromString(new(big.Float).SetFloat64(x).Text('e', 800))
		require.NoError(t, err)
		return d
	}
	relErr := func(h, l float64, want *apd.Decimal) float64 {
		got, diff := new(apd.Decimal), new(apd.Decimal)
		_, _ = ctx.Add(got, dec(h), dec(l))
		_, _ = ctx.Sub(diff, got, want)
		_, _ = ctx.Quo(diff, diff, want)
		e, _ := diff.Float64()
		return math.Abs(e)
	}
	rng := rand.New(rand.NewPCG(4, 5))
	one := apd.New(1, 0)
	for k := range 3000 {
		var wh float64
		switch k % 3 {
		case 0:
			wh = math.Pow(10, rng.Float64()*60-30)
		case 1:
			wh = -math.Pow(10, -rng.Float64()*30) // (−1, 0)
		default:
			wh = (rng.Float64()*2 - 1) * 0.6
		}
		wl := wh * 0x1p-54 * (rng.Float64()*2 - 1)
		wh, wl = dd.FastTwoSum(wh, wl)
		h, l, ok := Log1pDD(wh, wl)
		if !ok {
			continue
		}
		x, want := new(apd.Decimal), new(apd.Decimal)
		_, _ = ctx.Add(x, dec(wh), dec(wl))
		_, _ = ctx.Add(x, x, one)
		_, _ = ctx.Ln(want, x)
		if !want.IsZero() {
			require.LessOrEqual(t, relErr(h, l, want), 0x1p-80, "Log1pDD(%g, %g)", wh, wl)
		}

		r := (rng.Float64()*2 - 1) * []float64{1e-12, 1e-3, 2.5, 650}[k%4]
		rl := r * 0x1p-54 * (rng.Float64()*2 - 1)
		r, rl = dd.FastTwoSum(r, rl)
		_, _ = ctx.Add(x, dec(r), dec(rl))
		_, _ = ctx.Exp(want, x)
		eh, el, ok := ExpDD(r, rl)
		require.True(t, ok)
		require.LessOrEqual(t, relErr(eh, el, want), 0x1p-89, "ExpDD(%g, %g)", r, rl)
		_, _ = ctx.Sub(want, want, one)
		mh, ml, ok := Expm1DD(r, rl)
		require.True(t, ok)
		require.LessOrEqual(t, relErr(mh, ml, want), 0x1p-80, "Expm1DD(%g, %g)", r, rl)
	}
}
