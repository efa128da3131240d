package ui

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPixelDotsFitTheGlass: at every scale a window can have (1×, HiDPI
// factors, a resized window) the dot grid sits on whole pixels, its dots
// are taller than wide as on the LCD, and it stays on the LCD's glass
// (at 1.5× the nearest pitch, 4 px, would spill onto the bezel).
func TestPixelDotsFitTheGlass(t *testing.T) {
	l := NewLayout(true)
	g := l.LCDGlass()
	for _, scale := range []float64{0.5, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 4} {
		t.Run(fmt.Sprint(scale), func(t *testing.T) {
			ox, oy := 7.0, 3.0
			p := l.Pixels(scale, ox, oy)
			assert.GreaterOrEqual(t, p.W, 1)
			assert.GreaterOrEqual(t, p.H, 1)
			assert.Greater(t, p.PitchY, p.PitchX, "dots are taller than wide")
			x0, y0, _, _ := p.Dot(0, 0)
			x1, y1, w, h := p.Dot(LCDHeight-1, LCDWidth-1)
			assert.GreaterOrEqual(t, float64(x0), ox+g.X*scale, "left edge on the glass")
			assert.LessOrEqual(t, float64(x1+w), ox+(g.X+g.W)*scale, "right edge on the glass")
			assert.GreaterOrEqual(t, float64(y0), oy+(l.Annunciators.Y+l.Annunciators.H)*scale, "below the annunciators")
			assert.LessOrEqual(t, float64(y1+h), oy+(g.Y+g.H)*scale, "bottom edge on the glass")
			// No smaller than one pitch below the nearest: the grid keeps
			// the layout's size where it fits.
			assert.GreaterOrEqual(t, p.PitchX, int(l.DotW*scale+0.5)-1)
		})
	}
}
