package window

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// target is the height and width, in the window's pixels, of the area a
// finger presses key k in, through the key's centre, on a window of
// w × h drawing l (touchKeyAt on every quarter pixel).
func target(l ui.Layout, w, h float64, k emulator.Key) (height, width float64) {
	v := ui.ViewFor(l, w, h)
	r := l.Keys[k]
	cx, cy := v.Body.Pixel(r.X+r.W/2, r.Y+r.H/2)
	on := func(x, y float64) bool {
		lx, ly := v.Point(l, x, y)
		got, ok := touchKeyAt(l, lx, ly)
		return ok && got == k
	}
	extent := func(dx, dy float64) float64 {
		n := 0.0
		for on(cx+(n+0.25)*dx, cy+(n+0.25)*dy) {
			n += 0.25
		}
		return n
	}
	return extent(0, -1) + extent(0, 1), extent(-1, 0) + extent(1, 0)
}

// TestTouchTargets measures every key's touch target from the layout, in
// CSS pixels, on a phone held upright (390×844) and on its side
// (844×390): a finger in a gap or on a gold label presses the nearest
// key, so that a key's target is its cell. Upright every key but the two
// outer menu keys (held down by the MENU and PANEL buttons above them) is
// at least 44 pixels tall and wide; on its side, where the calculator and
// the panel share 390 pixels of height, every target is its row's whole
// pitch. Taps in every gap land on a key.
func TestTouchTargets(t *testing.T) {
	l := ui.NewLayout(true)
	for _, c := range []struct {
		name          string
		w, h, minTall float64
	}{
		{"upright 390×844", 390, 844, 44},
		{"on its side 844×390", 844, 390, 36},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := ui.ViewFor(l, c.w, c.h)
			lowest := 1e9
			for k := range emulator.NumKeys {
				key := emulator.Key(k)
				height, width := target(l, c.w, c.h, key)
				drawn := l.Keys[k].H * v.Body.Scale
				assert.Greater(t, height, drawn+5, "%v: the target beyond the key drawn (%.0f px)", key, drawn)
				if key == emulator.KeyF1 || key == emulator.KeyF6 {
					continue
				}
				lowest = min(lowest, height)
				assert.GreaterOrEqual(t, height, c.minTall, "%v: target %.1f px tall", key, height)
				assert.GreaterOrEqual(t, width, c.minTall, "%v: target %.1f px wide", key, width)
			}
			outer, _ := target(l, c.w, c.h, emulator.KeyF1)
			t.Logf("%s: the shortest key target %.1f px, the outer menu keys' %.1f px (the keys drawn %.0f px, the menu keys %.0f px)",
				c.name, lowest, outer, l.Keys[emulator.Key7].H*v.Body.Scale, l.Keys[emulator.KeyF1].H*v.Body.Scale)
		})
	}
	// The gaps: between 7 and 8, between the rows of 7 and 4, on 4's gold
	// label: each is a key's.
	for _, p := range [][2]float64{
		{(l.Keys[emulator.Key7].X + l.Keys[emulator.Key7].W + l.Keys[emulator.Key8].X) / 2, l.Keys[emulator.Key7].Y + 5},
		{l.Keys[emulator.Key7].X + 5, l.Keys[emulator.Key4].Y - 5},
	} {
		_, ok := touchKeyAt(l, p[0], p[1])
		assert.True(t, ok, fmt.Sprint(p))
	}
	k, ok := touchKeyAt(l, l.Keys[emulator.Key4].X+5, l.Keys[emulator.Key4].Y-12)
	assert.True(t, ok)
	assert.Equal(t, emulator.Key4, k, "4's gold label is 4's")
	for _, p := range [][2]float64{
		{l.Bezel.X + l.Bezel.W/2, l.Bezel.Y + l.Bezel.H/2},    // the LCD
		{l.MenuButton.X + 2, l.MenuButton.Y + 2},              // MENU
		{l.Panel.X + l.Panel.W/2, l.Panel.Y + 40},             // the panel
		{l.Body.X + l.Body.W/2, l.Keys[emulator.Key0].Y + 60}, // far below the keys
	} {
		_, ok := touchKeyAt(l, p[0], p[1])
		assert.False(t, ok, fmt.Sprint(p))
	}
}

// TestTouchNoKeyOffPage: on a phone whose heaps panel takes the keys'
// place (upright and on its side) a finger at the page's bottom edge, in
// the margin under the panel, presses no key: the keys below the page are
// out of reach (it pressed the top row's, 20 pixels below, on its side).
func TestTouchNoKeyOffPage(t *testing.T) {
	for _, s := range [][2]float64{{844, 390}, {390, 844}, {740, 360}} {
		l := ui.PageLayout(true, nil, s[0], s[1])
		for _, x := range []float64{s[0] * 0.5, s[0] * 0.75} {
			k, ok := touchKeyAt(l, x, s[1]-1)
			assert.False(t, ok, "%v at (%v, %v): %v", s, x, s[1]-1, k)
		}
	}
}
