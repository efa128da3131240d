package solver

import (
	"testing"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeavyMemo holds the evaluation's reuse of a costly call (memo2) to
// the function itself: a second call reads the first's result only when
// it is the same function on the same operands, and an error is given
// back as the call gives it.
func TestHeavyMemo(t *testing.T) {
	pow := func(a, b string) hp17b.Number {
		v, err := hp17b.Pow(hp17b.MustParse(a), hp17b.MustParse(b))
		require.NoError(t, err)
		return v
	}
	spfv := func(i, n string) hp17b.Number {
		v, err := hp17b.Spfv(hp17b.MustParse(i), hp17b.MustParse(n))
		require.NoError(t, err)
		return v
	}
	sppv := func(i, n string) hp17b.Number {
		v, err := hp17b.Sppv(hp17b.MustParse(i), hp17b.MustParse(n))
		require.NoError(t, err)
		return v
	}
	add := func(a, b hp17b.Number) hp17b.Number {
		v, err := hp17b.Add(a, b)
		require.NoError(t, err)
		return v
	}
	tests := []struct {
		src  string
		want hp17b.Number
	}{
		{"X^1.5+X^1.5", add(pow("2", "1.5"), pow("2", "1.5"))},
		{"X^1.5+X^2.5", add(pow("2", "1.5"), pow("2", "2.5"))}, // same base
		{"X^1.5+Y^1.5", add(pow("2", "1.5"), pow("3", "1.5"))}, // same exponent
		{"SPFV(X:Y)+SPPV(X:Y)", add(spfv("2", "3"), sppv("2", "3"))},
		{"SPFV(X:Y)+SPFV(X:Y)", add(spfv("2", "3"), spfv("2", "3"))},
		{"X^Y+SPFV(X:Y)", add(pow("2", "3"), spfv("2", "3"))},
		{"(1+X÷100)^-Y+(1+X÷100)^-Y", add(pow("1.02", "-3"), pow("1.02", "-3"))},
	}
	for _, tt := range tests {
		got, err := evalWith(t, "R="+tt.src, map[string]string{"X": "2", "Y": "3", "R": "0"})
		require.NoError(t, err, tt.src)
		assert.Equal(t, hp17b.Neg(tt.want).String(), got.String(), tt.src)
	}
	// An error comes back from the memo as from the call.
	_, want := hp17b.Pow(hp17b.FromInt(-8), hp17b.MustParse("0.5"))
	require.Error(t, want)
	for _, src := range []string{"R=(-8)^0.5+(-8)^0.5", "R=X^0.5+(-8)^0.5+(-8)^0.5"} {
		_, err := evalWith(t, src, map[string]string{"X": "2", "R": "0"})
		assert.Equal(t, want, err, src)
	}
}
