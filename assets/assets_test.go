package assets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// distance counts the dots in which two glyphs differ, set side by side
// from their left edges (the narrower padded with clear columns).
func distance(f *Font, a, b rune) int {
	wa, wb := f.GlyphWidth(a), f.GlyphWidth(b)
	n := 0
	for row := 0; row < f.Height; row++ {
		for col := 0; col < max(wa, wb); col++ {
			da := col < wa && Dot(f.Glyphs[a], wa, row, col)
			db := col < wb && Dot(f.Glyphs[b], wb, row, col)
			if da != db {
				n++
			}
		}
	}
	return n
}

// No glyph of a font can be mistaken for another: any two differ in at
// least two dots (one dot is what a smudge or a tired eye loses), so the
// display reads unambiguously and ReadLCD reads it back.
func TestGlyphsFarApart(t *testing.T) {
	for name, f := range map[string]*Font{"top line": Large, "menu": Small} {
		for a := range f.Glyphs {
			for b := range f.Glyphs {
				if a < b {
					assert.GreaterOrEqual(t, distance(f, a, b), 2, "%s font: %q and %q differ in fewer than two dots", name, a, b)
				}
			}
		}
	}
	assert.GreaterOrEqual(t, len(Large.Glyphs), 95+10)
	require.Contains(t, Small.Glyphs, 'Σ', "SUM's FRCST MORE menu has a Σ key")
	require.Contains(t, Large.Glyphs, '#')
	require.Contains(t, Small.Glyphs, '#')
}

// The menu font's letters that a narrow font confuses (M and H, N and ∩,
// V and U, % and Z) are wider than three dots and far from their look-alikes.
func TestMenuLettersLegible(t *testing.T) {
	for _, pair := range [][2]rune{{'M', 'H'}, {'N', 'H'}, {'V', 'U'}, {'%', 'Z'}, {'W', 'M'}, {'0', 'O'}, {'0', '8'}} {
		assert.GreaterOrEqual(t, distance(Small, pair[0], pair[1]), 4, "%q and %q", pair[0], pair[1])
	}
	for _, r := range "MNVW%" {
		assert.Greater(t, Small.GlyphWidth(r), 3, "%q is wider than three dots", r)
	}
	// Every glyph but the space has a dark dot in its first column, so a
	// label's first dark column is where its text starts.
	for r, rows := range Small.Glyphs {
		if r == ' ' {
			continue
		}
		lit := false
		for row := range Small.Height {
			lit = lit || Dot(rows, Small.GlyphWidth(r), row, 0)
		}
		assert.True(t, lit, "%q starts with a clear column", r)
	}
}

// The zero is not slashed: its middle rows have dots only at its sides.
func TestZeroUnslashed(t *testing.T) {
	z := Large.Glyphs['0']
	for row := 1; row < 6; row++ {
		assert.Equal(t, Large.Glyphs['0'][1], z[row], "row %d of 0", row)
	}
}

func TestParseErrors(t *testing.T) {
	_, err := parseFont("A 1 2", 3, 5, 10)
	assert.Error(t, err)
	_, err = parseFont("A 9 0 0 0 0", 3, 5, 10)
	assert.Error(t, err)
	_, err = parseFont("AB 0 0 0 0 0", 3, 5, 10)
	assert.Error(t, err)
	for _, bad := range []string{"A .#. #.#", "A .#. #.# ### #.# #.##", "A .#. #.# #x# #.# #.#", "AB # # # # #", "A # # # # #\nA # # # # #", "A ......... # # # #"} {
		_, err := parsePatterns(bad, 5)
		assert.Error(t, err, bad)
	}
	f, err := parsePatterns(`\x20 .. .. .. .. ..`, 5)
	require.NoError(t, err)
	assert.Equal(t, 2, f.GlyphWidth(' '))
}
