package hp17b

import (
	"math"
	"math/big"
	"testing"

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
