package hp17b

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFromDigits: a keyed number's digits past the twelfth count in its
// magnitude and round it half up (K. Wasserman, HP Forum archive thread
// 30471, 2003: sixteen 1s keyed give 1.11111111111E15).
func TestFromDigits(t *testing.T) {
	tests := []struct {
		name   string
		neg    bool
		digits string
		lead   int
		want   string
		err    error
	}{
		{"twelve digits as keyed", false, "123456789012", 11, "123456789012", nil},
		{"thirteen 1s: ten times twelve", false, strings.Repeat("1", 13), 12, "1111111111110", nil},
		{"sixteen 1s: Wasserman's 1.11111111111E15", false, strings.Repeat("1", 16), 15, "1111111111110000", nil},
		{"a 13th digit 5 rounds up, not to even", false, "1000000000005", 12, "1000000000010", nil},
		{"a 13th digit 4 rounds down whatever follows", false, "10000000000049999", 16, "10000000000000000", nil},
		{"thirteen 9s carry into the exponent", true, strings.Repeat("9", 13), 12, "-10000000000000", nil},
		{"fraction digits past twelve round", false, "3141592653589793", 0, "3.14159265359", nil},
		{"leading zeros are no digits", false, "000125", 2, "0.125", nil},
		{"all zeros", false, "0000", 3, "0", nil},
		{"none", false, "", 0, "0", nil},
		{"past the range saturates", false, "1", 500, "9.99999999999E+499", ErrOverflow},
		{"the machine's 1E-500 (the exponent-sign bug)", false, strings.Repeat("1", 14), -500, "1.11111111111E-500", nil},
		{"below it zero", false, "1", -501, "0", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromDigits(tt.neg, tt.digits, tt.lead)
			assert.Equal(t, tt.err, err)
			assert.Equal(t, tt.want, got.String())
		})
	}
	_, err := FromDigits(false, "12a", 0)
	require.ErrorContains(t, err, "give only the digits")
}

// TestFromDigitsBelowRange: the keyed 1.11111111111E-500 works as any
// number (Wasserman: LOG, LN, SQR, ×10), and arithmetic still ends below
// the range at zero.
func TestFromDigitsBelowRange(t *testing.T) {
	x, err := FromDigits(false, strings.Repeat("1", 501), -500)
	require.NoError(t, err)
	ten, err := Mul(x, Ten)
	require.NoError(t, err)
	assert.Equal(t, "1.11111111111E-499", ten.String())
	lg, err := Log(x)
	require.NoError(t, err)
	assert.Equal(t, "-499.954242509", lg.String())
	sq, err := Mul(x, x)
	require.NoError(t, err)
	assert.Equal(t, "0", sq.String())
}
