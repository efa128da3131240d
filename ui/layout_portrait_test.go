package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
)

func TestViewFor(t *testing.T) {
	l := NewLayout(true)
	for _, c := range []struct {
		name     string
		w, h     float64
		portrait bool
	}{
		{"phone upright, CSS pixels", 390, 844, true},
		{"phone upright at 3x", 1170, 2532, true},
		{"phone on its side", 844, 390, false},
		{"desktop window", 660, 540, false},
		{"square", 800, 800, false},
		{"tablet upright", 768, 1024, true},
		{"no window yet", 0, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := ViewFor(l, c.w, c.h)
			assert.Equal(t, c.portrait, v.Portrait)
			if c.w == 0 {
				return
			}
			scale, _, _ := l.Fit(c.w, c.h)
			assert.GreaterOrEqual(t, v.Body.Scale, scale, "never smaller than side by side")
			// Everything drawn inside the window.
			x0, y0 := v.Body.Pixel(0, 0)
			x1, y1 := v.Body.Pixel(l.Body.W, l.Body.H)
			px0, py0 := v.Panel.Pixel(l.Panel.X, l.Panel.Y)
			px1, py1 := v.Panel.Pixel(l.Panel.X+l.Panel.W, l.Panel.Y+l.Panel.H)
			for _, p := range [][2]float64{{x0, y0}, {x1, y1}, {px0, py0}, {px1, py1}} {
				assert.True(t, p[0] >= -1e-9 && p[0] <= c.w+1e-9 && p[1] >= -1e-9 && p[1] <= c.h+1e-9, "%v inside %vx%v", p, c.w, c.h)
			}
			if v.Portrait {
				assert.InDelta(t, y1, py0, 1e-9, "the panel right below the calculator")
				assert.InDelta(t, (x0+x1)/2, (px0+px1)/2, 1e-9, "centred under it")
				assert.GreaterOrEqual(t, v.Panel.Scale, PortraitPanelMin*v.Body.Scale-1e-9)
			} else {
				assert.Equal(t, v.Body, v.Panel)
			}
			// A pixel on a key or a match is that key or match.
			k := l.Keys[emulator.KeyF5]
			x, y := v.Body.Pixel(k.X+k.W/2, k.Y+k.H/2)
			lx, ly := v.Point(l, x, y)
			got, ok := l.KeyAt(lx, ly)
			require.True(t, ok)
			assert.Equal(t, emulator.KeyF5, got)
			m := l.Match(3, 6)
			x, y = v.Panel.Pixel(m.X+m.W/2, m.Y+m.H/2)
			h, j, ok := l.MatchAt(v.Point(l, x, y))
			require.True(t, ok)
			assert.Equal(t, [2]int{3, 6}, [2]int{h, j})
		})
	}
}

// TestViewPhoneFigures: at 390×844 the calculator takes nearly the whole
// width (not the 230 pixels of the side-by-side layout scaled down).
func TestViewPhoneFigures(t *testing.T) {
	l := NewLayout(true)
	v := ViewFor(l, 390, 844)
	assert.Greater(t, l.Body.W*v.Body.Scale, 0.95*390)
	scale, _, _ := l.Fit(390, 844)
	assert.Less(t, l.Body.W*scale, 240.0)
}
