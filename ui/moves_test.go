package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/programs"
)

// TestMovedTextSpellsEveryHeap: a move's text spells the position left as
// the game does, a digit for every heap of 1-3-5-7 Nim (0,010 for the
// heaps 0,0,1,0, never a bare 10 that loses two heaps), each slot named
// in the others, a packed program's number as keyed.
func TestMovedTextSpellsEveryHeap(t *testing.T) {
	for _, tc := range []struct {
		id          string
		before, now programs.Position
		want        string
	}{
		{"nim", programs.Position{1, 3, 5, 7}, programs.Position{1, 3, 4, 7}, "took 1 from C, leaving 1,347"},
		{"nim", programs.Position{0, 0, 1, 1}, programs.Position{0, 0, 1, 0}, "took 1 from D, leaving 0,010"},
		{"nim", programs.Position{0, 1, 0, 0}, programs.Position{0, 0, 0, 0}, "took 1 from B, leaving 0,000"},
		{"nim", programs.Position{1, 0, 0, 2}, programs.Position{0, 0, 0, 2}, "took 1 from A, leaving 0,002"},
		{"n567", programs.Position{5, 6, 7}, programs.Position{0, 6, 7}, "took 5 from A, leaving A 0 · B 6 · C 7"},
	} {
		p, err := programs.ByID(tc.id)
		require.NoError(t, err)
		assert.Equal(t, tc.want, movedText(p.Game, tc.before, tc.now), "%s %v", tc.id, tc.now)
	}
}
