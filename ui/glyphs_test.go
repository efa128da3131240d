package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/assets"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// crawlMenus visits every menu the menu keys reach from a few starting
// points (a fresh calculator, RPN mode, the equation editor's ALPHA menus,
// a variable menu), pressing each labelled menu key in turn, and returns
// every frame seen.
func crawlMenus(t *testing.T) []emulator.Frame {
	starts := []string{"", "MODES RPN", "SOLVE NEW", `SOLVE NEW "MU%C+NOM%+VW=PRICE" INPUT CALC`, `SOLVE NEW "A" EXIT`}
	type node struct {
		start string
		keys  []emulator.Key
	}
	var frames []emulator.Frame
	seen := map[string]bool{}
	var queue []node
	for _, s := range starts {
		queue = append(queue, node{start: s})
	}
	for len(queue) > 0 && len(frames) < 3000 {
		n := queue[0]
		queue = queue[1:]
		m := emulator.New(programs.DefaultEquations())
		m.InterruptAfter = 30
		require.NoError(t, emulator.Run(m, n.start, nil), n.start)
		for _, k := range n.keys {
			m.Press(k)
		}
		f := m.Frame()
		frames = append(frames, f)
		sig := strings.Join(f.Labels[:], "|")
		if seen[sig] || len(n.keys) >= 6 {
			continue
		}
		seen[sig] = true
		for i, l := range f.Labels {
			if l != "" {
				queue = append(queue, node{n.start, append(append([]emulator.Key(nil), n.keys...), emulator.KeyF1+emulator.Key(i))})
			}
		}
	}
	return frames
}

// messageTexts are the display texts written in the calculator's sources
// (the emulator's messages and prompts, hp17b's errors): every string
// constant of at most 22 characters with a capital letter and no small
// one, but for the names of keys in key scripts and the key map.
func messageTexts(t *testing.T) []string {
	var out []string
	for _, dir := range []string{"../emulator", "../hp17b"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") || filepath.Base(name) == "keynames.go" {
				continue // keynames.go: the PC's names of keys (Yˣ), never shown on the LCD
			}
			file, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
			require.NoError(t, err)
			ast.Inspect(file, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || s == "" || utf8.RuneCountInString(s) > emulator.Width ||
					!strings.ContainsFunc(s, unicode.IsUpper) || strings.ContainsFunc(s, unicode.IsLower) {
					return true
				}
				out = append(out, s)
				return true
			})
		}
	}
	return out
}

// Every label of every menu the keys reach renders in the menu font and
// every message in the top-line font without a missing glyph, and reads
// back as shown.
func TestEveryLabelAndMessageHasItsGlyphs(t *testing.T) {
	frames := crawlMenus(t)
	labels := map[string]bool{}
	for _, f := range frames {
		for _, l := range f.Labels {
			if l != "" {
				labels[l] = true
			}
		}
		for _, line := range []string{f.Top, f.Bottom} {
			for _, r := range line {
				_, ok := knownLarge(r)
				assert.True(t, ok, "%q of %q has no glyph in the top-line font", r, line)
			}
		}
		checkReadBack(t, f)
	}
	assert.Greater(t, len(labels), 150, "the crawl reaches the menus")
	for _, want := range []string{"FIN", "MU%C", "Σ", "OTHER", "NOM%", "MORE", "CURRX"} {
		assert.True(t, labels[want], "the crawl reaches %s", want)
	}
	for l := range labels {
		assert.Equal(t, []rune(strings.ToUpper(l)), []rune(ShownLabel(l)), "%q fits its cell", l)
		for _, r := range ShownLabel(l) {
			_, ok := assets.Small.Glyphs[r]
			assert.True(t, ok, "%q of label %q has no glyph in the menu font", r, l)
		}
	}
	texts := messageTexts(t)
	assert.Greater(t, len(texts), 50)
	for _, s := range texts {
		for _, r := range s {
			_, ok := knownLarge(r)
			assert.True(t, ok, "%q of message %q has no glyph in the top-line font", r, s)
		}
	}
}

// A label too wide with a clear column between glyphs loses the columns
// between the glyphs that touch least; one too wide even so loses
// characters from its end; both read back.
func TestWideLabels(t *testing.T) {
	_, gaps, w := labelFit("MU%C", labelW)
	assert.Equal(t, []int{1, 1, 1}, gaps)
	assert.LessOrEqual(t, w, labelW)
	_, gaps, _ = labelFit("MWMW", labelW)
	assert.Equal(t, []int{0, 0, 1}, gaps, "23 dots: the two gaps where the letters touch least go")
	assert.Equal(t, "MWMW", ShownLabel("mwmw"))
	assert.Equal(t, "MWMW", ShownLabel("MWMWM"), "five wide letters do not fit 21 dots")
	// RSTUV (22 dots with its gaps) loses one: S and T touch in one row
	// only, where all four gaps once went and the letters merged.
	_, gaps, w = labelFit("RSTUV", labelW)
	assert.Equal(t, []int{1, 0, 1, 1}, gaps)
	assert.Equal(t, 21, w)
	for _, l := range []string{"MWMW", "MWMWM", "W%", "I", ".", "Σ", "∫X"} {
		checkReadBack(t, emulator.Frame{Cursor: -1, Labels: [6]string{l, l, "", l, "A", l}})
	}
}

// TestLabelsApart: neighbouring labels are at least two clear columns
// apart (issue 48: STDEV RANGE read STDEVRANGE at 1×), in every menu the
// menu keys reach that TestEveryLabelAndMessageHasItsGlyphs covers, and
// they read back.
func TestLabelsApart(t *testing.T) {
	for _, labels := range [][6]string{
		{"TOTAL", "MEAN", "MEDN", "STDEV", "RANGE", "MORE"},
		{"ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY", "Z"},
		{"ABCDE", "FGHI", "JKLMN", "OPQ", "RSTUV", "WXYZ"},
		{"MWMW", "MWMW", "MWMW", "MWMW", "MWMW", "MWMW"},
	} {
		d := RenderLCD(emulator.Frame{Cursor: -1, Labels: labels})
		dark := func(x int) bool {
			for y := labelY; y < LCDHeight; y++ {
				if d[y][x] {
					return true
				}
			}
			return false
		}
		for i := 0; i < 5; i++ {
			last := -1
			for x := i*labelStep + labelW - 1; x >= i*labelStep && last < 0; x-- {
				if dark(x) {
					last = x
				}
			}
			first := -1
			for x := (i + 1) * labelStep; x < (i+1)*labelStep+labelW && first < 0; x++ {
				if dark(x) {
					first = x
				}
			}
			assert.GreaterOrEqual(t, first-last-1, 2, "%v: labels %d and %d", labels, i, i+1)
		}
		checkReadBack(t, emulator.Frame{Cursor: -1, Labels: labels})
	}
}
