package ui

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

var update = flag.Bool("update", false, "write the golden images of testdata/ instead of comparing with them")

// goldenScales are the sizes the golden images show the calculator at.
var goldenScales = []float64{0.6, 1, 1.5, 2, 2.5}

// goldenFrames are what the golden images show: a menu whose labels hold
// M, N, V, W and % (a Solver equation's variable menu) with the shift
// annunciator and a key held, and a long message on both lines.
func goldenFrames(t *testing.T) map[string]struct {
	frame   emulator.Frame
	pressed []emulator.Key
} {
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, `SOLVE NEW "NOM%×V=W×M+MU%C" INPUT CALC 12.5 NOM% SHIFT`, nil))
	menu := m.Frame()
	require.Equal(t, [6]string{"NOM%", "V", "W", "M", "MU%C", ""}, menu.Labels)
	msg := emulator.Frame{Top: "SOLUTION NOT FOUND", Bottom: "PRESS CLR TO VIEW", Cursor: -1, Alarm: true, Busy: true}
	return map[string]struct {
		frame   emulator.Frame
		pressed []emulator.Key
	}{
		"menu":    {menu, []emulator.Key{emulator.Key7}},
		"message": {msg, []emulator.Key{emulator.KeyEquals, emulator.KeyF2}},
	}
}

// renderAt paints the calculator alone (no panel) at scale.
func renderAt(face *Face, scale float64, f emulator.Frame, pressed []emulator.Key) *image.RGBA {
	l := face.Layout()
	img := image.NewRGBA(image.Rect(0, 0, int(l.Width*scale+0.5), int(l.Height*scale+0.5)))
	face.Paint(img, f, pressed)
	return img
}

// checkGolden compares img with the PNG at path dot for dot (or writes it
// with -update).
func checkGolden(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		f, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, png.Encode(f, img))
		require.NoError(t, f.Close())
		return
	}
	f, err := os.Open(path)
	require.NoError(t, err, "no golden image: go test ./ui -run %s -update", t.Name())
	defer f.Close()
	want, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, want.Bounds(), img.Bounds(), "%s: size", path)
	diff, first := 0, image.Point{-1, -1}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := want.At(x, y).RGBA()
			r2, g2, b2, a2 := img.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				if diff == 0 {
					first = image.Pt(x, y)
				}
				diff++
			}
		}
	}
	assert.Zero(t, diff, "%s: %d pixels differ, the first at %v (go test ./ui -run %s -update rewrites it)", path, diff, first, t.Name())
}

// TestFaceGolden renders the calculator without a display at 0.6×, 1×,
// 1.5×, 2× and 2.5× and compares each image dot for dot with its golden
// image in testdata/, and reads the LCD back from the pixels.
func TestFaceGolden(t *testing.T) {
	face := NewFace(nil, "HP-17BII", false)
	for name, g := range goldenFrames(t) {
		for _, scale := range goldenScales {
			t.Run(fmt.Sprintf("%s-%g", name, scale), func(t *testing.T) {
				img := renderAt(face, scale, g.frame, g.pressed)
				checkGolden(t, filepath.Join("testdata", fmt.Sprintf("face-%s-%gx.png", name, scale)), img)
				l := face.Layout()
				s, ox, oy := l.Fit(float64(img.Bounds().Dx()), float64(img.Bounds().Dy()))
				got := ReadLCD(dotsFromImage(img, l.Pixels(s, ox, oy)))
				assert.Equal(t, ReadLCD(RenderLCD(g.frame)), got, "the LCD reads back from the pixels")
			})
		}
	}
}

// dotsFromImage reads the LCD's dots from painted pixels: a dot's centre,
// dark or light.
func dotsFromImage(img image.Image, g PixelDots) *Dots {
	var d Dots
	for r := 0; r < LCDHeight; r++ {
		for c := 0; c < LCDWidth; c++ {
			x, y, w, h := g.Dot(r, c)
			cr, cg, cb, _ := img.At(x+w/2, y+h/2).RGBA()
			d[r][c] = (cr+cg+cb)/3 < 0x6000
		}
	}
	return &d
}

// BenchmarkFacePaint is a frame's painting in the window at 1× and 2×
// (660 × 540 and 1320 × 1080 with the panel's place): the kept face
// copied, a key drawn pressed and the LCD painted; "first" paints the
// face anew, as after a resize.
func BenchmarkFacePaint(b *testing.B) {
	f := emulator.Frame{Top: "SOLUTION NOT FOUND", Cursor: -1, Labels: [6]string{"NOM%", "V", "W", "M", "MU%C"}}
	for _, scale := range []float64{1, 2} {
		face := NewFace(nil, "HP-17BII", true)
		l := face.Layout()
		img := image.NewRGBA(image.Rect(0, 0, int(l.Width*scale), int(l.Height*scale)))
		b.Run(fmt.Sprintf("%gx", scale), func(b *testing.B) {
			face.Paint(img, f, nil)
			for b.Loop() {
				face.Paint(img, f, []emulator.Key{emulator.Key7})
			}
		})
		b.Run(fmt.Sprintf("%gx-first", scale), func(b *testing.B) {
			for b.Loop() {
				NewFace(nil, "HP-17BII", true).Paint(img, f, nil)
			}
		})
	}
}
