package ui

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPixelDotsEven: at every scale from 0.5 to 4 in steps of 0.1 (a
// resized window, HiDPI factors), with offsets that are not whole pixels,
// the dot grid has one pitch across and down, square dots, margins left
// and right inside the glass that differ by at most one device pixel and
// are the same number of pitches at every scale, and the glass inside the
// bezel.
func TestPixelDotsEven(t *testing.T) {
	l := NewLayout(true)
	for i := 5; i <= 40; i++ {
		scale := float64(i) / 10
		t.Run(fmt.Sprint(scale), func(t *testing.T) {
			ox, oy := 7.3, 3.6
			p := l.Pixels(scale, ox, oy)
			assert.GreaterOrEqual(t, p.W, 1)
			assert.Equal(t, p.PitchX, p.PitchY, "one pitch across and down")
			assert.Equal(t, p.W, p.H, "square dots")
			x0, y0, _, _ := p.Dot(0, 0)
			x1, y1, w, h := p.Dot(LCDHeight-1, LCDWidth-1)
			left, right := x0-p.GlassX, p.GlassX+p.GlassW-(x1+p.PitchX)
			assert.LessOrEqual(t, abs(left-right), 1, "margins %d and %d", left, right)
			assert.Equal(t, GlassMargin*p.Pitch, left, "the margin is %d pitches", GlassMargin)
			assert.Equal(t, x1+w-x0, (LCDWidth-1)*p.Pitch+p.W)
			assert.GreaterOrEqual(t, y0-p.GlassY, (1+AnnunciatorRows)*p.Pitch, "the annunciators above the dots")
			assert.LessOrEqual(t, y1+h, p.GlassY+p.GlassH)
			b := l.Bezel
			assert.GreaterOrEqual(t, float64(p.GlassX), ox+b.X*scale, "glass inside the bezel")
			assert.LessOrEqual(t, float64(p.GlassX+p.GlassW), ox+(b.X+b.W)*scale)
			assert.GreaterOrEqual(t, float64(p.GlassY), oy+b.Y*scale)
			assert.LessOrEqual(t, float64(p.GlassY+p.GlassH), oy+(b.Y+b.H)*scale)
			// The grid uses the bezel: one more pitch would not fit.
			assert.Greater(t, float64(glassCols*(p.Pitch+1)), b.W*scale*0.97-1e-9)
		})
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
