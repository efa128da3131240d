package octal

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteAnalysis: a position's value and winning moves in normal play
// (Nim with its class in the nim-sum post's atlas), who wins in misère
// play, "no winning move" for a lost position, and an error after the
// heading alone (what hp17b nim analyze prints: cmd/hp17b's
// TestNimCommands and TestNimAnalyzeLimits).
func TestWriteAnalysis(t *testing.T) {
	for _, c := range []struct {
		game   string
		heaps  []int
		misere bool
		want   string
		err    string
	}{
		{"nim", []int{1, 3, 3, 6}, false, "Nim, heaps [1 3 3 6]\nvalue *7: won for the player to move\nclass: won\nwinning move: heap 4 (6): take 5, leave 1\n", ""},
		{"nim", []int{1, 2, 3}, false, "Nim, heaps [1 2 3]\nvalue *0: lost for the player to move\nclass: non-obviously lost\nno winning move\n", ""},
		{"nim", []int{1, 1, 2}, true, "Nim, heaps [1 1 2]\nmisère: won for the player to move\nwinning move: heap 3 (2): take 1, leave 1\n", ""},
		{"kayles", []int{3, 4}, false, "Kayles, heaps [3 4]\nvalue *2: won for the player to move\n" +
			"winning move: heap 1 (3): take 2, leave 1\nwinning move: heap 2 (4): take 1, leave 3\nwinning move: heap 2 (4): take 1, leave 1 and 2\n", ""},
		{"kayles", []int{20, 20, 20}, true, "Kayles, heaps [20 20 20]\n", "misère search stopped after 100000 positions"},
		{"0.6", []int{30000, 5}, false, "0.6, heaps [30000 5]\n", "no proven period"},
	} {
		g, err := GameByName(c.game, 4)
		require.NoError(t, err)
		var out strings.Builder
		err = WriteAnalysis(&out, g, c.heaps, c.misere)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, c.game)
		} else {
			assert.NoError(t, err, c.game)
		}
		assert.Equal(t, c.want, out.String(), c.game)
	}
}
