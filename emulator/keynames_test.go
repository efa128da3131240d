package emulator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeyNamesOneEach: every name, printed label and other spelling in the
// vocabulary reads back as one function only, each function's name
// (Function.String) reads back as itself, and a name is one word a key
// script can hold.
func TestKeyNamesOneEach(t *testing.T) {
	owner := map[string]Function{}
	claim := func(spelling string, f Function) {
		if spelling == "" {
			return
		}
		up := strings.ToUpper(spelling)
		if prev, ok := owner[up]; ok {
			assert.Equal(t, prev, f, "%q names two functions", spelling)
		}
		owner[up] = f
		got, ok := FunctionByName(spelling)
		assert.True(t, ok && got == f, "%q reads as %v, want %v", spelling, got, f)
	}
	for k := Key(0); k < NumKeys; k++ {
		info := Keys[k]
		claim(info.Name, Function{Key: k})
		claim(info.Label, Function{Key: k})
		claim(info.Lower, Function{Key: k})
		claim(info.Shifted, Function{Key: k, Shifted: true})
		claim(info.ShiftedName, Function{Key: k, Shifted: true})
		assert.Equal(t, info.Shifted == "", info.ShiftedName == "", "%s: a gold label and a name go together", info.Name)
	}
	for spelling, f := range otherNames {
		claim(spelling, f)
	}
	fs := Functions()
	assert.Len(t, fs, int(NumKeys)+17, "37 keys and 17 shifted functions")
	for _, f := range fs {
		name := f.String()
		back, ok := FunctionByName(name)
		assert.True(t, ok && back == f, name)
		assert.NotContains(t, name, " ", "a script token has no space")
		assert.NotContains(t, name, "[", name)
		assert.NotContains(t, name, `"`, name)
	}
	assert.Equal(t, "SHIFT STO", Function{Key: KeySTO, Shifted: true}.String(), "no gold label: the keys a script presses")
	_, ok := FunctionByName("SHIFT RCL")
	assert.False(t, ok, "two words are two tokens")
	_, ok = KeyByName("RND")
	assert.False(t, ok, "RND is a shifted function, not a key")
}

// TestScriptNames: each function's name in a key script presses what the
// shift key and the function's key press.
func TestScriptNames(t *testing.T) {
	for _, f := range Functions() {
		want, got := New(defaults), New(defaults)
		require.NoError(t, Run(want, "1.25", nil))
		require.NoError(t, Run(got, "1.25", nil))
		if f.Shifted {
			want.Press(KeyShift)
		}
		want.Press(f.Key)
		require.NoError(t, Run(got, f.String(), nil), f.String())
		assert.Equal(t, want.Frame(), got.Frame(), f.String())
	}
}
