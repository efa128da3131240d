package window

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// maxFaces bounds a typeface's faces kept for reuse: a window resized by
// dragging asks for a new size each frame, and the faces of old sizes
// are dropped once this many are kept.
const maxFaces = 32

// typeface is one of the Go fonts the window draws text with, read by
// golang.org/x/image/font/opentype and drawn through Ebitengine's
// text.GoXFace, one face per size asked for. Drawing through
// text.GoTextFace instead links github.com/go-text/typesetting (its
// shaper and OpenType tables, 4.3 MB of the browser's wasm) for nothing
// the Go fonts need: they are drawn left to right, glyph by glyph, and
// have no kerning, ligatures or colour glyphs (docs/browser.md, "Where
// the wasm's bytes go"). A typeface is safe for concurrent use.
type typeface struct {
	font  *opentype.Font
	mu    sync.Mutex
	faces map[float64]*text.GoXFace
}

// newTypeface reads a TrueType font (one of golang.org/x/image's gofont
// packages' TTF); a font it cannot parse is an error.
func newTypeface(ttf []byte) (*typeface, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return &typeface{font: f, faces: map[float64]*text.GoXFace{}}, nil
}

// face is the typeface at size pixels (em height, 72 dpi, no hinting:
// the outline scaled as it is). Its glyphs step by their advances at the
// next whole size up, as text.GoTextFace spaced the Go fonts at a size
// that is not a whole number (measured by TestTypefaceKeepsGoTextWidths),
// so that text keeps its width and place: the print-out's and the
// equation view's 12.5 points, and every size at a window scale other
// than 1. A size opentype refuses (not positive, or too large) is drawn
// at 1 pixel.
func (t *typeface) face(size float64) *text.GoXFace {
	t.mu.Lock()
	defer t.mu.Unlock()
	if f, ok := t.faces[size]; ok {
		return f
	}
	ff := t.opentypeFace(size)
	if whole := math.Ceil(size); whole != size {
		ff = stepFace{Face: ff, step: t.opentypeFace(whole)}
	}
	if len(t.faces) >= maxFaces {
		clear(t.faces)
	}
	f := text.NewGoXFace(ff)
	t.faces[size] = f
	return f
}

// opentypeFace is the font at size pixels, or at 1 pixel when opentype
// refuses the size.
func (t *typeface) opentypeFace(size float64) font.Face {
	ff, err := opentype.NewFace(t.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		if ff, err = opentype.NewFace(t.font, &opentype.FaceOptions{Size: 1, DPI: 72, Hinting: font.HintingNone}); err != nil {
			panic(err) // the Go fonts parse at 1 pixel
		}
	}
	return ff
}

// stepFace draws Face's glyphs with step's advances and kerning.
type stepFace struct {
	font.Face
	step font.Face
}

// Glyph is Face's glyph with step's advance.
func (f stepFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	dr, mask, mp, _, ok := f.Face.Glyph(dot, r)
	adv, _ := f.step.GlyphAdvance(r)
	return dr, mask, mp, adv, ok
}

// GlyphBounds is Face's bounds with step's advance.
func (f stepFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	b, _, ok := f.Face.GlyphBounds(r)
	adv, _ := f.step.GlyphAdvance(r)
	return b, adv, ok
}

// GlyphAdvance is step's advance.
func (f stepFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) { return f.step.GlyphAdvance(r) }

// Kern is step's kerning.
func (f stepFace) Kern(r0, r1 rune) fixed.Int26_6 { return f.step.Kern(r0, r1) }
