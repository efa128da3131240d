// Package assets holds the window's resources, embedded in the binary: the
// two LCD dot-matrix fonts (our own designs: 5×7 for the top line, a
// proportional font five dots high for the menu labels; docs/lcd-font.md).
package assets

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

//go:embed lcd5x7.txt
var lcd5x7 string

//go:embed lcdmenu.txt
var lcdmenu string

// Font is a dot-matrix font: each glyph is Height rows, a row a bit mask
// whose bit w−1 is the leftmost dot of a glyph w dots wide. A fixed-width
// font's glyphs are all Width dots wide (Widths is nil); a proportional
// font's widths are in Widths, and Width is the widest.
type Font struct {
	Width, Height int
	Glyphs        map[rune][]uint8
	Widths        map[rune]int
}

// GlyphWidth is r's width in dots (Width for a character the font lacks).
func (f *Font) GlyphWidth(r rune) int {
	if w, ok := f.Widths[r]; ok {
		return w
	}
	return f.Width
}

// Dot reports whether dot (row, col) of glyph rows, width w, is dark.
func Dot(rows []uint8, w, row, col int) bool {
	return rows[row]&(1<<(w-1-col)) != 0
}

// glyphLines calls glyph for each glyph line of a font's text form with
// its character (one character, or \xNN) and its height rows; blank lines
// and "//" comments are skipped. An error (glyph's too) names the line.
func glyphLines(src string, height int, glyph func(ch rune, rows []string) error) error {
	sc := bufio.NewScanner(strings.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "//") {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != height+1 {
			return fmt.Errorf("font line %d: want a character and %d rows", line, height)
		}
		ch, err := character(fields[0])
		if err == nil {
			err = glyph(ch, fields[1:])
		}
		if err != nil {
			return fmt.Errorf("font line %d: %v", line, err)
		}
	}
	return sc.Err()
}

// parseFont reads the fixed-width text form: "CHAR ROW ROW ..." per line,
// each row a number in base, "//" comments; the character may be written
// \xNN.
func parseFont(src string, width, height, base int) (*Font, error) {
	f := &Font{Width: width, Height: height, Glyphs: map[rune][]uint8{}}
	err := glyphLines(src, height, func(ch rune, fields []string) error {
		rows := make([]uint8, height)
		for i, r := range fields {
			v, err := strconv.ParseUint(r, base, 8)
			if err != nil || v >= 1<<width {
				return fmt.Errorf("bad row %q", r)
			}
			rows[i] = uint8(v)
		}
		if _, dup := f.Glyphs[ch]; dup {
			return fmt.Errorf("%q twice", ch)
		}
		f.Glyphs[ch] = rows
		return nil
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// parsePatterns reads the proportional text form: "CHAR ROW ROW ..." per
// line, each row a pattern of '#' (dark) and '.' (clear) as wide as the
// glyph, "//" comments; the character may be written \xNN.
func parsePatterns(src string, height int) (*Font, error) {
	f := &Font{Height: height, Glyphs: map[rune][]uint8{}, Widths: map[rune]int{}}
	err := glyphLines(src, height, func(ch rune, fields []string) error {
		w := len(fields[0])
		if w < 1 || w > 8 {
			return fmt.Errorf("a glyph is 1 to 8 dots wide, not %d", w)
		}
		rows := make([]uint8, height)
		for i, r := range fields {
			if len(r) != w || strings.Trim(r, "#.") != "" {
				return fmt.Errorf("row %q: want %d of '#' and '.'", r, w)
			}
			for j, c := range r {
				if c == '#' {
					rows[i] |= 1 << (w - 1 - j)
				}
			}
		}
		if _, dup := f.Glyphs[ch]; dup {
			return fmt.Errorf("%q twice", ch)
		}
		f.Glyphs[ch], f.Widths[ch] = rows, w
		f.Width = max(f.Width, w)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// character reads a font line's character: one character, or \xNN.
func character(s string) (rune, error) {
	if strings.HasPrefix(s, `\x`) {
		v, err := strconv.ParseUint(s[2:], 16, 8)
		return rune(v), err
	}
	ch, size := utf8.DecodeRuneInString(s)
	if size != len(s) {
		return 0, fmt.Errorf("%q is not one character", s)
	}
	return ch, nil
}

func mustFont(src string, width, height, base int) *Font {
	f, err := parseFont(src, width, height, base)
	if err != nil {
		panic(err) // embedded; a test parses both
	}
	return f
}

// Large is the 5×7 font of the top line and of messages on the second
// line; Small the proportional five-dot font of the menu labels.
var (
	Large = mustFont(lcd5x7, 5, 7, 16)
	Small = func() *Font {
		f, err := parsePatterns(lcdmenu, 5)
		if err != nil {
			panic(err) // embedded; a test parses it
		}
		return f
	}()
)
