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

// TestOverlaysHeldUpright: on a phone held upright (the panel below the
// calculator) About and the key map cover the whole window, the panel
// too, and their text lies inside it.
func TestOverlaysHeldUpright(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	g := &Game{keys: ui.DefaultKeyMap(), fonts: f, lastSize: [2]int{390, 844}}
	l := ui.NewLayout(true)
	view := ui.ViewFor(l, 390, 844)
	require.True(t, view.Portrait)
	p := g.overlayPainter(painter{scale: view.Body.Scale, ox: view.Body.X, oy: view.Body.Y}, l)
	wl := g.overlayLayout(l)
	assert.Zero(t, p.ox)
	assert.Zero(t, p.oy)
	assert.InDelta(t, 390, wl.Width*p.scale, 0.5, "the overlay's width, pixels")
	assert.InDelta(t, 844, wl.Height*p.scale, 0.5, "the overlay's height, pixels")
	for _, line := range aboutLines("v1.2.3") {
		w := measure(line, f.regular, 13)
		assert.True(t, wl.Width/2-w/2 >= 0 && wl.Width/2+w/2 <= wl.Width, "About's %q fits the width", line)
	}
	pages := layoutHelp(g.helpLines(false), helpArea(wl), f)
	require.NotEmpty(t, pages)
	for i, page := range pages {
		for _, c := range page {
			right := c.x + measure(c.line.what, f.bold, helpSize)
			if !c.line.head {
				right = c.x + c.keysW + helpGap + measure(c.line.what, f.regular, helpSize)
			}
			assert.True(t, c.x >= 0 && right <= wl.Width && c.y+helpLineH <= wl.Height, "page %d: %q ends at (%.0f, %.0f) in %.0f×%.0f",
				i+1, c.line.what, right, c.y+helpLineH, wl.Width, wl.Height)
		}
	}
	// Side by side, the layout itself.
	g.lastSize = [2]int{660, 540}
	assert.Equal(t, l, g.overlayLayout(l))
}
