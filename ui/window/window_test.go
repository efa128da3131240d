package window

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/ui"
)

// TestDefaultKeyMapNames: the key map written out names only keys
// Ebitengine knows, so that it reads back under the window's check.
func TestDefaultKeyMapNames(t *testing.T) {
	assert.True(t, KnownKey("Enter"))
	assert.True(t, KnownKey("ControlLeft"))
	assert.False(t, KnownKey("Nope"))
	k, err := ui.ParseKeyMap("keymap.txt", ui.DefaultKeyMap().String(), KnownKey)
	require.NoError(t, err)
	assert.Equal(t, ui.DefaultKeyMap().String(), k.String())
}

// TestHelpFits: the key map overlay's text lies inside the window, every
// line of every page measured in the font it is drawn in, with the heaps
// panel and without, in windows drawn at 0.6×, 1× and 2×.
func TestHelpFits(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	g := &Game{keys: ui.DefaultKeyMap(), fonts: f}
	for _, panel := range []bool{true, false} {
		l := ui.NewLayout(panel)
		pages := layoutHelp(g.helpLines(false), helpArea(l), f)
		require.NotEmpty(t, pages)
		for _, zoom := range []float64{0.6, 1, 2} {
			w, h := l.Width*zoom, l.Height*zoom
			scale, ox, oy := l.Fit(w, h)
			for i, page := range pages {
				for _, c := range page {
					right := c.x + measure(c.line.what, f.bold, helpSize)
					if !c.line.head {
						right = c.x + c.keysW + helpGap + measure(c.line.what, f.regular, helpSize)
					}
					x0, x1 := ox+c.x*scale, ox+right*scale
					y1 := oy + (c.y+helpLineH)*scale
					assert.True(t, x0 >= 0 && x1 <= w && y1 <= h, "panel %v, %.1f×, page %d: %q ends at (%.0f, %.0f) in %.0f×%.0f",
						panel, zoom, i+1, c.line.what, x1, y1, w, h)
				}
			}
		}
		assert.Len(t, pages, map[bool]int{true: 1, false: 2}[panel], "pages with the panel %v", panel)
	}
}
