package hp17b

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParts(t *testing.T) {
	for _, tc := range []struct {
		in  string
		neg bool
		c   uint64
		e   int
	}{
		{"0", false, 0, 0},
		{"1", false, 100000000000, -11},
		{"-1357", true, 135700000000, -8},
		{"0.05", false, 500000000000, -13},
		{"0.666666666667", false, 666666666667, -12},
		{"9.99999999999E499", false, 999999999999, 488},
		{"1E-499", false, 100000000000, -510},
	} {
		n := MustParse(tc.in)
		neg, c, e := n.parts()
		assert.Equal(t, tc.neg, neg, tc.in)
		assert.Equal(t, tc.c, c, tc.in)
		assert.Equal(t, tc.e, e, tc.in)
		back, err := fromParts(neg, c, e)
		require.NoError(t, err, tc.in)
		assert.True(t, back.Equal(n), "%s: fromParts gave %s", tc.in, back)
	}
}

func TestFromPartsRounds(t *testing.T) {
	for _, tc := range []struct {
		neg  bool
		c    uint64
		e    int
		want string
		err  error
	}{
		{false, 1234567890125, -12, "1.23456789012", nil},  // a tie to even
		{false, 1234567890135, -12, "1.23456789014", nil},  // a tie to even
		{true, 12345678901251, -13, "-1.23456789013", nil}, // past the tie
		{false, 1, 500, "9.99999999999E+499", ErrOverflow},
		{false, 1, -500, "0", nil},
		{false, 9999999999995, 487, "9.99999999999E+499", ErrOverflow},
	} {
		got, err := fromParts(tc.neg, tc.c, tc.e)
		assert.Equal(t, tc.err, err)
		assert.Equal(t, tc.want, got.String())
	}
}

// The package's constants made by the arithmetic are made after its
// tables: whole and in their one form.
func TestConstantsMadeAfterTables(t *testing.T) {
	assert.Equal(t, "3.14159265359", Pi.String())
	assert.True(t, canonical(Pi))
	assert.Equal(t, Number{c: 2}, mustParse("2.0"))
}
