package solver

import (
	"fmt"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFlatten(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"NIM:IF(S(INIT):\n10×A", "NIM:IF(S(INIT):10×A"},
		{"\u00a0\u00a0 L(B0:MOD(B:2))+\n", "L(B0:MOD(B:2))+"},
		{"A \n B", "A B"}, // two names stay apart
		{"A\u1680+\ufeffB", "A+B"},
		{"1\u3000 2", "1 2"},
	} {
		assert.Equal(t, c.want, Flatten(c.in), "%q", c.in)
	}
}

// TestOneSpace: the lexer and IsSpace agree on every rune of the Basic
// Multilingual Plane that is a space to either: "A" r "+B" reads as A+B
// exactly when IsSpace(r).
func TestOneSpace(t *testing.T) {
	checked := 0
	for r := rune(0); r <= 0xffff; r++ {
		if !IsSpace(r) && !unicode.IsSpace(r) && !unicode.In(r, unicode.Z, unicode.Cf) {
			continue
		}
		checked++
		eq, err := Parse("A" + string(r) + "+B")
		if IsSpace(r) {
			require.NoError(t, err, "U+%04X is a space", r)
			assert.Equal(t, []string{"A", "B"}, eq.Menu, "U+%04X", r)
		} else if err == nil {
			assert.NotEqual(t, []string{"A", "B"}, eq.Menu, fmt.Sprintf("U+%04X is no space to IsSpace, so not to the lexer", r))
		}
	}
	assert.Greater(t, checked, 20)
}
