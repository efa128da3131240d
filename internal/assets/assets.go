// Package assets holds the window's resources, embedded in the binary: the
// two LCD dot-matrix fonts (our own designs: 5×7 for the top line, 3×5 for
// the menu labels).
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

//go:embed lcd3x5.txt
var lcd3x5 string

// Font is a dot-matrix font: each glyph is Height rows of Width dots, a row
// a bit mask whose bit Width−1 is the leftmost dot.
type Font struct {
	Width, Height int
	Glyphs        map[rune][]uint8
}

// parseFont reads the text form: "CHAR ROW ROW ..." per line, "//" comments;
// the character may be written \xNN.
func parseFont(src string, width, height, base int) (*Font, error) {
	f := &Font{Width: width, Height: height, Glyphs: map[rune][]uint8{}}
	sc := bufio.NewScanner(strings.NewReader(src))
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "//") {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != height+1 {
			return nil, fmt.Errorf("font line %d: want a character and %d rows", line, height)
		}
		ch, size := utf8.DecodeRuneInString(fields[0])
		if strings.HasPrefix(fields[0], `\x`) {
			v, err := strconv.ParseUint(fields[0][2:], 16, 8)
			if err != nil {
				return nil, fmt.Errorf("font line %d: %v", line, err)
			}
			ch = rune(v)
		} else if size != len(fields[0]) {
			return nil, fmt.Errorf("font line %d: %q is not one character", line, fields[0])
		}
		rows := make([]uint8, height)
		for i, r := range fields[1:] {
			v, err := strconv.ParseUint(r, base, 8)
			if err != nil || v >= 1<<width {
				return nil, fmt.Errorf("font line %d: bad row %q", line, r)
			}
			rows[i] = uint8(v)
		}
		if _, dup := f.Glyphs[ch]; dup {
			return nil, fmt.Errorf("font line %d: %q twice", line, ch)
		}
		f.Glyphs[ch] = rows
	}
	return f, sc.Err()
}

func mustFont(src string, width, height, base int) *Font {
	f, err := parseFont(src, width, height, base)
	if err != nil {
		panic(err) // embedded; a test parses both
	}
	return f
}

// Large is the 5×7 font of the top line; Small the 3×5 font of the labels.
var (
	Large = mustFont(lcd5x7, 5, 7, 16)
	Small = mustFont(lcd3x5, 3, 5, 10)
)
