package window

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// TestKeyNamesAgree: the three places that name the calculator's keys
// and shifted functions say the same name for each: a key script
// (emulator.Run reads it and presses the function), the key map file
// (ui.KeyMap.String writes it, ui.ParseKeyMap reads it back) and the key
// map overlay (helpLines shows it; in RPN the = key is ENTER, which
// scripts read as =).
func TestKeyNamesAgree(t *testing.T) {
	fs := emulator.Functions()
	var file strings.Builder
	char := func(i int) rune { return rune(0x100 + i) } // no digit or letter the overlay groups
	for i, f := range fs {
		fmt.Fprintf(&file, "'%c' %s\n", char(i), f)
	}
	k, err := ui.ParseKeyMap("keymap.txt", file.String(), nil)
	require.NoError(t, err)
	written := map[rune]string{}
	for _, line := range strings.Split(k.String(), "\n") {
		if fields := strings.Fields(line); len(fields) == 2 && strings.HasPrefix(fields[0], "'") {
			written[[]rune(fields[0])[1]] = fields[1]
		}
	}
	g := &Game{keys: k}
	for _, rpn := range []bool{false, true} {
		overlay := map[string]string{}
		for _, ln := range g.helpLines(rpn) {
			overlay[ln.keys] = ln.what
		}
		for i, f := range fs {
			c := char(i)
			script := f.String()
			a, ok := k.Char(c, false)
			require.True(t, ok, script)
			assert.Equal(t, f, a.Function(), "the key map file reads %s", script)
			assert.Equal(t, script, written[c], "the key map file writes %s", script)
			shown := overlay[string(c)]
			if rpn && f == (emulator.Function{Key: emulator.KeyEquals}) {
				assert.Equal(t, "ENTER", shown, "in RPN the overlay's = is ENTER")
			} else {
				assert.Equal(t, script, shown, "the overlay shows %s", script)
			}
			back, ok := emulator.FunctionByName(shown)
			assert.True(t, ok && back == f, "a script reads the overlay's %q", shown)
			want, got := emulator.New(nil), emulator.New(nil)
			if f.Shifted {
				want.Press(emulator.KeyShift)
			}
			want.Press(f.Key)
			require.NoError(t, emulator.Run(got, shown, nil), shown)
			assert.Equal(t, want.Frame(), got.Frame(), "the script %q presses %s", shown, script)
		}
	}
}
