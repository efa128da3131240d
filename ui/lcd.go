// Package ui is the window's logic without the window: the LCD as a dot
// matrix, the calculator's layout and hit testing, the PC keyboard map, the
// heaps panel for Nim programs and the controller that feeds keys to the
// calculator off the drawing goroutine. Everything here runs and is tested
// without a display; package ui/window draws it with Ebitengine, in the
// window program and in the browser build alike.
package ui

import (
	"strings"
	"unicode"

	"github.com/hp17b/hp17b/assets"
	"github.com/hp17b/hp17b/emulator"
)

// The LCD is 131 × 16 dots (docs/facts.md, Display): the top line is 22 cells of
// 5×7 dots a column apart (rows 0–6, the cursor on row 7); the second line
// holds six label cells 21 dots wide a column apart, each with a bar on row
// 8 when it has a label and the label in the proportional menu font, five
// dots high, on rows 10–14, or a message in 5×7 dots on rows 9–15.
const (
	LCDWidth  = 131
	LCDHeight = 16
	cellW     = 6
	labelW    = 21
	labelStep = 22
	labelY    = 10
)

// Dots is the LCD's dot matrix, [row][column], true for a dark dot.
type Dots [LCDHeight][LCDWidth]bool

// Missing is the glyph drawn for a character a font lacks: a solid block
// (7 rows in the top-line font, 5 in the menu font, as wide as the font's
// widest glyph for the menu), read back as '�'.
const Missing = '�'

// glyphOf returns r's rows and width in f, or the solid block.
func glyphOf(f *assets.Font, r rune) ([]uint8, int) {
	if rows, ok := f.Glyphs[r]; ok {
		return rows, f.GlyphWidth(r)
	}
	w := f.Width
	if f.Widths != nil {
		w = 3
	}
	rows := make([]uint8, f.Height)
	for i := range rows {
		rows[i] = 1<<w - 1
	}
	return rows, w
}

func normalize(r rune) rune {
	if r == '−' {
		return '-'
	}
	return r
}

// glyph draws r at (x, y) and returns its width.
func (d *Dots) glyph(f *assets.Font, r rune, x, y int) int {
	rows, w := glyphOf(f, r)
	for i := range rows {
		for j := 0; j < w; j++ {
			if assets.Dot(rows, w, i, j) && x+j >= 0 && x+j < LCDWidth && y+i < LCDHeight {
				d[y+i][x+j] = true
			}
		}
	}
	return w
}

func (d *Dots) line(s string, y int) {
	for i, r := range []rune(s) {
		if i >= emulator.Width {
			break
		}
		d.glyph(assets.Large, normalize(r), i*cellW, y)
	}
}

// labelFit is how a label is set in its 21-dot cell: its characters in
// capitals, one clear column between glyphs, or none when that is too wide,
// and the characters that still do not fit dropped from the end.
func labelFit(s string) (text []rune, gap, width int) {
	text = []rune(strings.ToUpper(s))
	if len(text) > 5 {
		text = text[:5]
	}
	for i, r := range text {
		text[i] = normalize(r)
	}
	measure := func(text []rune, gap int) int {
		w := 0
		for i, r := range text {
			if i > 0 {
				w += gap
			}
			_, gw := glyphOf(assets.Small, r)
			w += gw
		}
		return w
	}
	for gap = 1; gap >= 0; gap-- {
		if w := measure(text, gap); w <= labelW {
			return text, gap, w
		}
	}
	for len(text) > 0 && measure(text, 0) > labelW {
		text = text[:len(text)-1]
	}
	return text, 0, measure(text, 0)
}

// ShownLabel is the label text the display shows for a menu label s: in
// capitals, at most five characters, those that fit the cell (see
// RenderLCD).
func ShownLabel(s string) string {
	text, _, _ := labelFit(s)
	return string(text)
}

// label draws menu label s in cell i (0–5): the bar and the text centred.
func (d *Dots) label(i int, s string) {
	x0 := i * labelStep
	for j := 0; j < labelW; j++ {
		d[8][x0+j] = true
	}
	text, gap, w := labelFit(s)
	x := x0 + (labelW-w)/2
	for _, r := range text {
		x += d.glyph(assets.Small, r, x, labelY) + gap
	}
}

// RenderLCD draws a frame's text on the dot matrix: the top line and the
// cursor, then the second line's message or the six menu labels.
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
		if l != "" {
			d.label(i, l)
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
	for r, rows := range f.Glyphs {
		if glyphAt(d, rows, f.GlyphWidth(r), x, y) {
			return r
		}
	}
	return Missing
}

// glyphAt reports whether the glyph rows, w wide, is exactly what the dots
// hold at (x, y).
func glyphAt(d *Dots, rows []uint8, w, x, y int) bool {
	for i := range rows {
		for j := 0; j < w; j++ {
			if x+j >= LCDWidth || d[y+i][x+j] != assets.Dot(rows, w, i, j) {
				return false
			}
		}
	}
	return true
}

func readLine(d *Dots, y int) string {
	var b strings.Builder
	for i := 0; i < emulator.Width; i++ {
		b.WriteRune(matchGlyph(d, assets.Large, i*cellW, y))
	}
	return strings.TrimRightFunc(b.String(), unicode.IsSpace)
}

// ReadLCD reads the text back from the dots: the inverse of RenderLCD for
// every character the fonts have (labels read back as ShownLabel gives
// them; a character a font lacks as Missing).
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
		if d[8][i*labelStep] {
			t.Labels[i] = readLabel(d, i)
		}
	}
	return t
}

// readLabel reads label cell i: from the cell's first dark column, the
// glyphs that match there in turn, kept when the label they spell renders
// back to exactly the cell's dots.
func readLabel(d *Dots, i int) string {
	x0 := i * labelStep
	first := -1
	for x := x0; x < x0+labelW && first < 0; x++ {
		for y := labelY; y < labelY+assets.Small.Height; y++ {
			if d[y][x] {
				first = x
				break
			}
		}
	}
	if first < 0 {
		return ""
	}
	candidates := make([]rune, 0, len(assets.Small.Glyphs)+1)
	for r := range assets.Small.Glyphs {
		if r != ' ' {
			candidates = append(candidates, r)
		}
	}
	candidates = append(candidates, Missing)
	var found string
	var try func(text []rune, x int) bool
	try = func(text []rune, x int) bool {
		if len(text) > 0 {
			var probe Dots
			probe.label(i, string(text))
			if sameCell(d, &probe, x0) {
				found = string(text)
				return true
			}
		}
		if len(text) == 5 || x >= x0+labelW {
			return false
		}
		for _, r := range candidates {
			rows, w := glyphOf(assets.Small, r)
			if !glyphAt(d, rows, w, x, labelY) {
				continue
			}
			// The next glyph starts after a clear column, or at once
			// when the label was set without gaps.
			if try(append(text, r), x+w+1) || try(append(text, r), x+w) {
				return true
			}
		}
		return false
	}
	try(nil, first)
	return found
}
func sameCell(a, b *Dots, x0 int) bool {
	for y := 8; y < LCDHeight; y++ {
		for x := x0; x < x0+labelW; x++ {
			if a[y][x] != b[y][x] {
				return false
			}
		}
	}
	return true
}
