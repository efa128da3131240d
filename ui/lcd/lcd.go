// Package lcd is the calculator's LCD as a dot matrix: the fonts' glyphs
// set on the top line's cells and in the six menu labels' cells (labels
// narrowed when they would run together), as package ui paints it
// (ui.RenderLCD) and package lcdtest reads it back.
package lcd

import (
	"strings"

	"github.com/hp17b/hp17b/assets"
	"github.com/hp17b/hp17b/emulator"
)

// The LCD is 131 × 16 dots (docs/facts.md, Display): the top line is 22 cells of
// 5×7 dots a column apart (rows 0–6, the cursor on row 7); the second line
// holds six label cells 21 dots wide a column apart, each with a bar on row
// 8 when it has a label and the label in the proportional menu font, five
// dots high, on rows 10–14, or a message in 5×7 dots on rows 9–15.
const (
	// Width and Height are the dot matrix's columns and rows.
	Width  = 131
	Height = 16
	// CellWidth is a top-line cell's pitch: 5 dots and a clear column.
	CellWidth = 6
	// LabelWidth is a menu label's cell (its bar's length), LabelStep
	// the pitch of the six cells, LabelTop the row the label's text
	// starts on.
	LabelWidth = 21
	LabelStep  = 22
	LabelTop   = 10
)

// Dots is the LCD's dot matrix, [row][column], true for a dark dot.
type Dots [Height][Width]bool

// Missing is the glyph drawn for a character a font lacks: a solid block
// (7 rows in the top-line font, 5 in the menu font, as wide as the font's
// widest glyph for the menu), read back as '�'.
const Missing = '�'

// Glyph returns r's rows and width in f, or the solid block.
func Glyph(f *assets.Font, r rune) ([]uint8, int) {
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

// Normalize is the glyph r is drawn with: the minus sign (U+2212) as the
// hyphen-minus the fonts hold.
func Normalize(r rune) rune {
	if r == '−' {
		return '-'
	}
	return r
}

// glyph draws r at (x, y) and returns its width.
func (d *Dots) glyph(f *assets.Font, r rune, x, y int) int {
	rows, w := Glyph(f, r)
	for i := range rows {
		for j := 0; j < w; j++ {
			if assets.Dot(rows, w, i, j) && x+j >= 0 && x+j < Width && y+i < Height {
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
		d.glyph(assets.Large, Normalize(r), i*CellWidth, y)
	}
}

// LabelFit is how a label is set in budget dots of its 21-dot cell: its
// characters in capitals, one clear column between glyphs (the font's own
// spacing); when that is too wide, the columns between the glyphs that
// touch least (the fewest rows where both facing edges are dark) go
// first, leftmost first, and the characters that still do not fit are
// dropped from the end.
func LabelFit(s string, budget int) (text []rune, gaps []int, width int) {
	text = []rune(strings.ToUpper(s))
	if len(text) > 5 {
		text = text[:5]
	}
	for i, r := range text {
		text[i] = Normalize(r)
	}
	measure := func(text []rune, gaps []int) int {
		w := 0
		for i, r := range text {
			if i > 0 {
				w += gaps[i-1]
			}
			_, gw := Glyph(assets.Small, r)
			w += gw
		}
		return w
	}
	for ; ; text = text[:len(text)-1] {
		gaps = make([]int, max(0, len(text)-1))
		for i := range gaps {
			gaps[i] = 1
		}
		for width = measure(text, gaps); width > budget; width = measure(text, gaps) {
			best := -1
			for i := range gaps {
				if gaps[i] == 1 && (best < 0 || touching(text[i], text[i+1]) < touching(text[best], text[best+1])) {
					best = i
				}
			}
			if best < 0 {
				break
			}
			gaps[best] = 0
		}
		if width <= budget || len(text) == 0 {
			return text, gaps, width
		}
	}
}

// touching counts the rows in which glyph a's last column and glyph b's
// first are both dark: how much the two run together set without a
// column between them.
func touching(a, b rune) int {
	ra, wa := Glyph(assets.Small, a)
	rb, wb := Glyph(assets.Small, b)
	n := 0
	for y := range assets.Small.Height {
		if wa > 0 && wb > 0 && assets.Dot(ra, wa, y, wa-1) && assets.Dot(rb, wb, y, 0) {
			n++
		}
	}
	return n
}

// Label draws menu label s in cell i (0–5), set in budget dots: the bar
// and the text centred.
func (d *Dots) Label(i int, s string, budget int) {
	x0 := i * LabelStep
	for j := 0; j < LabelWidth; j++ {
		d[8][x0+j] = true
	}
	text, gaps, w := LabelFit(s, budget)
	x := x0 + (LabelWidth-w)/2
	for k, r := range text {
		x += d.glyph(assets.Small, r, x, LabelTop)
		if k < len(gaps) {
			x += gaps[k]
		}
	}
}

// LabelBudgets are the widths the six labels are set in: the whole cell,
// except that of two neighbours whose texts would come closer than two
// clear columns (one more than between the letters of a label, so that
// STDEV RANGE never reads STDEVRANGE) the wider, or the left one, is set
// a dot narrower until they do not.
func LabelBudgets(labels [6]string) [6]int {
	var budget, width [6]int
	for i, l := range labels {
		budget[i] = LabelWidth
		_, _, width[i] = LabelFit(l, LabelWidth)
	}
	blank := func(i int) int {
		end := i*LabelStep + (LabelWidth-width[i])/2 + width[i]
		start := (i+1)*LabelStep + (LabelWidth-width[i+1])/2
		return start - end
	}
	for i := 0; i+1 < len(labels); i++ {
		for labels[i] != "" && labels[i+1] != "" && blank(i) < 2 {
			j := i
			if width[i+1] > width[i] {
				j = i + 1
			}
			if width[j] == 0 {
				break
			}
			budget[j] = width[j] - 1
			_, _, width[j] = LabelFit(labels[j], budget[j])
		}
	}
	return budget
}

// Render draws a frame's text on the dot matrix: the top line and the
// cursor, then the second line's message or the six menu labels.
func Render(f emulator.Frame) *Dots {
	d := &Dots{}
	d.line(f.Top, 0)
	if f.Cursor >= 0 && f.Cursor < emulator.Width {
		for j := 0; j < 5; j++ {
			d[7][f.Cursor*CellWidth+j] = true
		}
	}
	if f.Bottom != "" {
		d.line(f.Bottom, 9)
		return d
	}
	budget := LabelBudgets(f.Labels)
	for i, l := range f.Labels {
		if l != "" {
			d.Label(i, l, budget[i])
		}
	}
	return d
}
