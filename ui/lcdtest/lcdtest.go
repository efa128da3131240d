// Package lcdtest reads the LCD's dot matrix back to text, glyph by
// glyph, for tests: what a capture of the window or the page shows, and
// RenderLCD's dots checked against the frame they came from. Only tests
// import it.
package lcdtest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hp17b/hp17b/assets"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui/lcd"
)

// ShownLabel is the label text the display shows for a menu label s: in
// capitals, at most five characters, those that fit the cell (see
// lcd.LabelFit).
func ShownLabel(s string) string {
	text, _, _ := lcd.LabelFit(s, lcd.LabelWidth)
	return string(text)
}

// Text is what a dot matrix says, read back glyph by glyph: the top
// line and the second line's message, spaces at their ends left out, the
// six menu labels (those that show), and the cursor's cell on the top
// line (-1 when none shows).
type Text struct {
	Top    string
	Bottom string
	Labels [6]string
	Cursor int
}

// matchGlyph is the glyph of f whose dots are exactly those at (x, y),
// lcd.Missing when none is.
func matchGlyph(d *lcd.Dots, f *assets.Font, x, y int) rune {
	for r, rows := range f.Glyphs {
		if glyphAt(d, rows, f.GlyphWidth(r), x, y) {
			return r
		}
	}
	return lcd.Missing
}

// glyphAt reports whether the glyph rows, w wide, is exactly what the dots
// hold at (x, y).
func glyphAt(d *lcd.Dots, rows []uint8, w, x, y int) bool {
	for i := range rows {
		for j := 0; j < w; j++ {
			if x+j >= lcd.Width || d[y+i][x+j] != assets.Dot(rows, w, i, j) {
				return false
			}
		}
	}
	return true
}

// readLine reads the line of 5×7 cells whose top row is y.
func readLine(d *lcd.Dots, y int) string {
	var b strings.Builder
	for i := 0; i < emulator.Width; i++ {
		b.WriteRune(matchGlyph(d, assets.Large, i*lcd.CellWidth, y))
	}
	return strings.TrimRightFunc(b.String(), unicode.IsSpace)
}

// Read reads the text back from the dots: the inverse of lcd.Render for
// every character the fonts have (labels read back as ShownLabel gives
// them; a character a font lacks as lcd.Missing).
func Read(d *lcd.Dots) Text {
	t := Text{Top: readLine(d, 0), Cursor: -1}
	for i := 0; i < emulator.Width; i++ {
		if d[7][i*lcd.CellWidth] && d[7][i*lcd.CellWidth+4] {
			t.Cursor = i
		}
	}
	hasBars := false
	for i := 0; i < 6; i++ {
		if d[8][i*lcd.LabelStep] && d[8][i*lcd.LabelStep+lcd.LabelWidth-1] {
			hasBars = true
		}
	}
	if !hasBars {
		t.Bottom = readLine(d, 9)
		return t
	}
	for i := 0; i < 6; i++ {
		if d[8][i*lcd.LabelStep] {
			t.Labels[i] = readLabel(d, i, func(string) []int { return []int{lcd.LabelWidth} })
		}
	}
	// A label set narrower beside a wide neighbour (lcd.LabelBudgets) reads
	// in the width its neighbours give it, or, when they were set
	// narrower too, in any width a few dots narrower than its own.
	for i := 0; i < 6; i++ {
		if d[8][i*lcd.LabelStep] && t.Labels[i] == "" {
			t.Labels[i] = readLabel(d, i, func(text string) []int {
				ls := t.Labels
				ls[i] = text
				budgets := []int{lcd.LabelBudgets(ls)[i]}
				_, _, w := lcd.LabelFit(text, lcd.LabelWidth)
				for b := min(w, lcd.LabelWidth) - 1; b > 0 && b >= w-3; b-- {
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
func readLabel(d *lcd.Dots, i int, budgets func(text string) []int) string {
	x0 := i * lcd.LabelStep
	first := -1
	for x := x0; x < x0+lcd.LabelWidth && first < 0; x++ {
		for y := lcd.LabelTop; y < lcd.LabelTop+assets.Small.Height; y++ {
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
	candidates = append(candidates, lcd.Missing)
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
			var probe lcd.Dots
			probe.Label(i, string(text), b)
			if sameCell(d, &probe, x0) {
				if t := string(text); found == "" || len(text) < utf8.RuneCountInString(found) ||
					len(text) == utf8.RuneCountInString(found) && t < found {
					found = t
				}
				break
			}
		}
		if len(text) == 5 || x >= x0+lcd.LabelWidth {
			return false
		}
		for _, r := range candidates {
			rows, w := lcd.Glyph(assets.Small, r)
			if !glyphAt(d, rows, w, x, lcd.LabelTop) {
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

// sameCell reports whether a and b hold the same dots in the label cell
// that starts at column x0, its bar included.
func sameCell(a, b *lcd.Dots, x0 int) bool {
	for y := 8; y < lcd.Height; y++ {
		for x := x0; x < x0+lcd.LabelWidth; x++ {
			if a[y][x] != b[y][x] {
				return false
			}
		}
	}
	return true
}
