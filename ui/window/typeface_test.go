package window

import (
	"bytes"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/hp17b/hp17b/ui"
)

// TestTypefaceKeepsGoTextWidths: text measured through the typefaces
// (opentype faces drawn by text.GoXFace, which keep go-text out of the
// browser's wasm) is as wide and as tall as through text.GoTextFace,
// which the window drew with before, for every line of About and the key
// map, the buttons and the panel's symbols, in the three fonts, at whole
// sizes and at the fractions a scaled window asks for (where GoTextFace
// steps by the next whole size's advances: the print-out's 12.5 points).
func TestTypefaceKeepsGoTextWidths(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	g := &Game{keys: ui.DefaultKeyMap(), fonts: f}
	lines := append(aboutLines("v1.2.3"), "New Game", "Undo", "Redo", "Hint", "Why", "Moves so far:",
		"▲ ▼ Σ ≠ × ÷ → · … − √ ∫ ≤ ≥ ↔ ↓ ← ‹ › • π ² è É À", "AVAWAY To Ty LT 0×(10×A+B)+C)+D−EVAL")
	for _, l := range g.helpLines(false) {
		lines = append(lines, l.keys, l.what)
	}
	for _, tc := range []struct {
		name string
		ttf  []byte
		face *typeface
	}{{"regular", goregular.TTF, f.regular}, {"bold", gobold.TTF, f.bold}, {"mono", gomono.TTF, f.mono}} {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(tc.ttf))
		require.NoError(t, err)
		for _, size := range []float64{5.5, 6.5, 10, 10.1, 12.5, 13, 18, 20.7} {
			for _, s := range lines {
				wantW, wantH := text.Measure(s, &text.GoTextFace{Source: src, Size: size}, 0)
				gotW, gotH := text.Measure(s, tc.face.face(size), 0)
				assert.InDelta(t, wantW, gotW, 0.02, "%s at %.1f: %q's width", tc.name, size, s)
				assert.InDelta(t, wantH, gotH, 0.05, "%s at %.1f: %q's height", tc.name, size, s)
			}
		}
	}
}

// TestTypefaceBadSize: a size opentype refuses is drawn at 1 pixel, never
// a panic, and the faces kept stay bounded while a window is resized.
func TestTypefaceBadSize(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	for _, size := range []float64{0, -3, 1e9} {
		assert.NotPanics(t, func() { f.regular.face(size) }, "size %v", size)
	}
	for i := range 200 {
		f.regular.face(10 + float64(i)/100)
	}
	assert.LessOrEqual(t, len(f.regular.faces), maxFaces)
}

// BenchmarkMeasure: a key-map line measured as wrapWidth and the help's
// layout measure it, through a typeface at a fractional size (the
// stepped advances) and through text.GoTextFace for comparison.
func BenchmarkMeasure(b *testing.B) {
	f, err := loadFonts()
	require.NoError(b, err)
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	require.NoError(b, err)
	const s = "Take any number of matches from one heap;"
	b.Run("typeface", func(b *testing.B) {
		for b.Loop() {
			text.Measure(s, f.regular.face(12.5), 0)
		}
	})
	b.Run("GoTextFace", func(b *testing.B) {
		for b.Loop() {
			text.Measure(s, &text.GoTextFace{Source: src, Size: 12.5}, 0)
		}
	})
}
