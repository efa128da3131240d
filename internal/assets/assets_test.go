package assets

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every glyph differs from every other, so the display can be read back.
func TestGlyphsDistinct(t *testing.T) {
	for _, f := range []*Font{Large, Small} {
		seen := map[string]rune{}
		for r, rows := range f.Glyphs {
			k := fmt.Sprint(rows)
			other, dup := seen[k]
			assert.False(t, dup, "%q and %q look the same", r, other)
			seen[k] = r
		}
	}
	assert.GreaterOrEqual(t, len(Large.Glyphs), 95+10)
	require.Contains(t, Small.Glyphs, 'A')
	require.Contains(t, Large.Glyphs, '#')
	require.Contains(t, Small.Glyphs, '#')
}

func TestParseErrors(t *testing.T) {
	_, err := parseFont("A 1 2", 3, 5, 10)
	assert.Error(t, err)
	_, err = parseFont("A 9 0 0 0 0", 3, 5, 10)
	assert.Error(t, err)
	_, err = parseFont("AB 0 0 0 0 0", 3, 5, 10)
	assert.Error(t, err)
}
