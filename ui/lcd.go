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
	"unicode/utf8"

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

// labelFit is how a label is set in budget dots of its 21-dot cell: its
// characters in capitals, one clear column between glyphs (the font's own
// spacing); when that is too wide, the columns between the glyphs that
// touch least (the fewest rows where both facing edges are dark) go
// first, leftmost first, and the characters that still do not fit are
// dropped from the end.
func labelFit(s string, budget int) (text []rune, gaps []int, width int) {
	text = []rune(strings.ToUpper(s))
	if len(text) > 5 {
		text = text[:5]
	}
	for i, r := range text {
		text[i] = normalize(r)
	}
	measure := func(text []rune, gaps []int) int {
		w := 0
		for i, r := range text {
			if i > 0 {
				w += gaps[i-1]
			}
			_, gw := glyphOf(assets.Small, r)
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
	ra, wa := glyphOf(assets.Small, a)
	rb, wb := glyphOf(assets.Small, b)
	n := 0
	for y := range assets.Small.Height {
		if wa > 0 && wb > 0 && assets.Dot(ra, wa, y, wa-1) && assets.Dot(rb, wb, y, 0) {
			n++
		}
	}
	return n
}

// ShownLabel is the label text the display shows for a menu label s: in
// capitals, at most five characters, those that fit the cell (see
// RenderLCD).
func ShownLabel(s string) string {
	text, _, _ := labelFit(s, labelW)
	return string(text)
}

// label draws menu label s in cell i (0–5), set in budget dots: the bar
// and the text centred.
func (d *Dots) label(i int, s string, budget int) {
	x0 := i * labelStep
	for j := 0; j < labelW; j++ {
		d[8][x0+j] = true
	}
	text, gaps, w := labelFit(s, budget)
	x := x0 + (labelW-w)/2
	for k, r := range text {
		x += d.glyph(assets.Small, r, x, labelY)
		if k < len(gaps) {
			x += gaps[k]
		}
	}
}

// labelBudgets are the widths the six labels are set in: the whole cell,
// except that of two neighbours whose texts would come closer than two
// clear columns (one more than between the letters of a label, so that
// STDEV RANGE never reads STDEVRANGE) the wider, or the left one, is set
// a dot narrower until they do not.
func labelBudgets(labels [6]string) [6]int {
	var budget, width [6]int
	for i, l := range labels {
		budget[i] = labelW
		_, _, width[i] = labelFit(l, labelW)
	}
	blank := func(i int) int {
		end := i*labelStep + (labelW-width[i])/2 + width[i]
		start := (i+1)*labelStep + (labelW-width[i+1])/2
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
			_, _, width[j] = labelFit(labels[j], budget[j])
		}
	}
	return budget
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
	budget := labelBudgets(f.Labels)
	for i, l := range f.Labels {
		if l != "" {
			d.label(i, l, budget[i])
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
			t.Labels[i] = readLabel(d, i, func(string) []int { return []int{labelW} })
		}
	}
	// A label set narrower beside a wide neighbour (labelBudgets) reads
	// in the width its neighbours give it, or, when they were set
	// narrower too, in any width a few dots narrower than its own.
	for i := 0; i < 6; i++ {
		if d[8][i*labelStep] && t.Labels[i] == "" {
			t.Labels[i] = readLabel(d, i, func(text string) []int {
				ls := t.Labels
				ls[i] = text
				budgets := []int{labelBudgets(ls)[i]}
				_, _, w := labelFit(text, labelW)
				for b := min(w, labelW) - 1; b > 0 && b >= w-3; b-- {
					budgets = append(budgets, b)
				}
				return budgets
			})
		}
	}
	return t
}

// readLabel reads label cell i: from the cell's first dark column, the
// glyphs that match there in turn, kept when the label they spell renders
// back to exactly the cell's dots, set in the width budget gives it.
func readLabel(d *Dots, i int, budgets func(text string) []int) string {
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
	// Of the readings that render back (a label set without a column
	// between glyphs can read two ways: "()" run together is O), the one
	// of fewest characters, then the first in order.
	var found string
	var try func(text []rune, x int) bool
	try = func(text []rune, x int) bool {
		for _, b := range budgets(string(text)) {
			if len(text) == 0 {
				break
			}
			var probe Dots
			probe.label(i, string(text), b)
			if sameCell(d, &probe, x0) {
				if t := string(text); found == "" || len(text) < utf8.RuneCountInString(found) ||
					len(text) == utf8.RuneCountInString(found) && t < found {
					found = t
				}
				break
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
