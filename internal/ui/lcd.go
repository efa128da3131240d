// Package ui is the window's logic without the window: the LCD as a dot
// matrix, the calculator's layout and hit testing, the PC keyboard map, the
// heaps panel for Nim programs and the controller that feeds keys to the
// calculator off the drawing goroutine. Everything here runs and is tested
// without a display; package ui/window draws it with Ebitengine.
//
// It imports emulator, programs, nim and assets.
package ui

import (
	"strings"
	"unicode"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/assets"
)

// The LCD is 131 × 16 dots (hp17b-facts §1): the top line is 22 cells of
// 5×7 dots a column apart (rows 0–6, the cursor on row 7); the second line
// holds six label cells 21 dots wide a column apart, each with a bar on row
// 8 when it has a label and the label in 3×5 dots on rows 10–14, or a
// message in 5×7 dots on rows 9–15.
const (
	LCDWidth  = 131
	LCDHeight = 16
	cellW     = 6
	labelW    = 21
	labelStep = 22
)

// Dots is the LCD's dot matrix, [row][column], true for a dark dot.
type Dots [LCDHeight][LCDWidth]bool

// box is drawn for a character the fonts do not have.
var box = []uint8{0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F}

func normalize(r rune) rune {
	if r == '−' {
		return '-'
	}
	return r
}

func (d *Dots) glyph(f *assets.Font, r rune, x, y int) {
	rows, ok := f.Glyphs[r]
	if !ok {
		rows = box[:f.Height]
		if f.Width == 3 {
			rows = []uint8{7, 5, 5, 5, 7}
		}
	}
	for i, bits := range rows {
		for j := 0; j < f.Width; j++ {
			if bits&(1<<(f.Width-1-j)) != 0 && x+j < LCDWidth && y+i < LCDHeight {
				d[y+i][x+j] = true
			}
		}
	}
}

func (d *Dots) line(s string, y int) {
	for i, r := range []rune(s) {
		if i >= emulator.Width {
			break
		}
		d.glyph(assets.Large, normalize(r), i*cellW, y)
	}
}

func labelText(s string) []rune {
	r := []rune(strings.ToUpper(s))
	if len(r) > 5 {
		r = r[:5]
	}
	return r
}

// RenderLCD draws a frame's text on the dot matrix.
func RenderLCD(f emulator.Frame) *Dots {
	d := &Dots{}
	d.line(f.Top, 0)
	if f.Cursor >= 0 && f.Cursor < emulator.Width {
		for j := 0; j < 5; j++ {
			d[7][f.Cursor*cellW+j] = true
		}
	}
	if f.Bottom != "" {
		d.line(f.Bottom, 9)
		return d
	}
	for i, l := range f.Labels {
		if l == "" {
			continue
		}
		x0 := i * labelStep
		for j := 0; j < labelW; j++ {
			d[8][x0+j] = true
		}
		text := labelText(l)
		start := x0 + (labelW-(len(text)*4-1))/2
		for k, r := range text {
			d.glyph(assets.Small, normalize(r), start+k*4, 10)
		}
	}
	return d
}

// LCDText is what a dot matrix says, read back glyph by glyph.
type LCDText struct {
	Top    string
	Bottom string
	Labels [6]string
	Cursor int
}

func matchGlyph(d *Dots, f *assets.Font, x, y int) rune {
	var best rune = '�'
	for r, rows := range f.Glyphs {
		ok := true
		for i := 0; i < f.Height && ok; i++ {
			for j := 0; j < f.Width; j++ {
				on := rows[i]&(1<<(f.Width-1-j)) != 0
				if x+j >= LCDWidth || d[y+i][x+j] != on {
					ok = false
					break
				}
			}
		}
		if ok {
			return r
		}
	}
	return best
}

func readLine(d *Dots, y int) string {
	var b strings.Builder
	for i := 0; i < emulator.Width; i++ {
		b.WriteRune(matchGlyph(d, assets.Large, i*cellW, y))
	}
	return strings.TrimRightFunc(b.String(), unicode.IsSpace)
}

// ReadLCD reads the text back from the dots: the inverse of RenderLCD for
// every character the fonts have (labels read back in capitals).
func ReadLCD(d *Dots) LCDText {
	t := LCDText{Top: readLine(d, 0), Cursor: -1}
	for i := 0; i < emulator.Width; i++ {
		if d[7][i*cellW] && d[7][i*cellW+4] {
			t.Cursor = i
		}
	}
	hasBars := false
	for i := 0; i < 6; i++ {
		if d[8][i*labelStep] && d[8][i*labelStep+labelW-1] {
			hasBars = true
		}
	}
	if !hasBars {
		t.Bottom = readLine(d, 9)
		return t
	}
	for i := 0; i < 6; i++ {
		x0 := i * labelStep
		if !d[8][x0] {
			continue
		}
		// Try each length: the one that renders back to the same dots.
		for n := 1; n <= 5; n++ {
			start := x0 + (labelW-(n*4-1))/2
			var text []rune
			for k := 0; k < n; k++ {
				text = append(text, matchGlyph(d, assets.Small, start+k*4, 10))
			}
			var probe Dots
			for k, r := range text {
				probe.glyph(assets.Small, r, start+k*4, 10)
			}
			if sameCell(d, &probe, x0) {
				t.Labels[i] = strings.TrimSpace(string(text))
				break
			}
		}
	}
	return t
}

func sameCell(a, b *Dots, x0 int) bool {
	for y := 9; y < LCDHeight; y++ {
		for x := x0; x < x0+labelW; x++ {
			if a[y][x] != b[y][x] {
				return false
			}
		}
	}
	return true
}
