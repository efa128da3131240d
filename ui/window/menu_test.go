package window

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/ui"
)

// TestMenuCommands: every command of the window's menu has a key shown
// beside it (issue 48): the panel's buttons their key map letters, the
// zoom presets Ctrl and a digit; no two commands share a shortcut; every
// row lies inside the window.
func TestMenuCommands(t *testing.T) {
	k := ui.DefaultKeyMap()
	seen := map[string]string{}
	for _, c := range commands {
		keys := c.keys(k)
		require.NotEmpty(t, keys, "%s has no key", c.what)
		for _, key := range strings.Split(keys, ", ") {
			require.Empty(t, seen[key], "%s: %s is also %s", c.what, key, seen[key])
			seen[key] = c.what
		}
	}
	for what, keys := range map[string]string{"New Game": "g", "Undo (a move pair)": "z", "Redo": "y",
		"Hint (a winning move)": "c", "Why (the heaps in binary)": "b", "Zoom 1×": "Ctrl+1", "Zoom 1.5×": "Ctrl+2",
		"Zoom 2×": "Ctrl+3", "Zoom to fit the screen": "Ctrl+0"} {
		assert.Equal(t, what, seen[keys])
	}
	for _, panel := range []bool{true, false} {
		l := ui.NewLayout(panel)
		last := menuRow(l, len(commands)-1)
		assert.LessOrEqual(t, last.Y+last.H, l.Height, "the menu's last row inside the window (panel %v)", panel)
	}
}

// TestMenuJump: a letter moves the menu's choice to the next row that
// starts with it, in either case, round to the first; other characters do
// nothing.
func TestMenuJump(t *testing.T) {
	g := &Game{}
	first := func(r rune) []int {
		var rows []int
		for i, c := range commands {
			if strings.EqualFold(string([]rune(c.what)[0]), string(r)) {
				rows = append(rows, i)
			}
		}
		return rows
	}
	z := first('z')
	require.Len(t, z, 4)
	for _, want := range append(z, z[0]) {
		g.menuJump('Z')
		assert.Equal(t, want, g.MenuChoice())
	}
	g.menuJump('q')
	assert.Equal(t, first('q')[0], g.MenuChoice())
	g.menuJump('1')
	assert.Equal(t, first('q')[0], g.MenuChoice(), "a digit jumps nowhere")
	g.menuJump('x')
	assert.Equal(t, first('q')[0], g.MenuChoice(), "no row starts with x")
}
