package octal

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/nim"
)

// TestMisereMoves: misère Nim's moves by its strategy are those the
// search finds (MisereWinning), and a Nim too large for the search (40
// and 40 coins, 33 and 0) is answered all the same; any other game is
// MisereWinning's search, its refusal included.
func TestMisereMoves(t *testing.T) {
	nimByName, err := GameByName("nim", 0)
	require.NoError(t, err)
	assert.True(t, nimByName.IsNim())
	for _, h := range [][]int{{1, 1}, {1, 1, 1}, {1, 2, 3}, {1, 3, 5, 7}, {2, 2}, {1, 1, 2}, {3, 1}, {5, 6, 7}} {
		w, moves, err := MisereMoves(Slides[0], h)
		require.NoError(t, err)
		sw, smoves, err := MisereWinning(Slides[0], h)
		require.NoError(t, err)
		assert.Equal(t, sw, w, "%v", h)
		assert.ElementsMatch(t, smoves, moves, "%v", h)
	}
	w, moves, err := MisereMoves(Slides[0], []int{40, 40})
	require.NoError(t, err)
	assert.False(t, w)
	assert.Empty(t, moves)
	w, moves, err = MisereMoves(Slides[0], []int{33, 0})
	require.NoError(t, err)
	assert.True(t, w)
	assert.Equal(t, []HeapMove{{Heap: 0, From: 33, Option: Option{Take: 32, Leave: []int{1}}}}, moves)

	kayles := Slides[7]
	assert.False(t, kayles.IsNim())
	for _, h := range [][]int{{1}, {2}, {3, 4}, {1, 2, 5}} {
		w, moves, err := MisereMoves(kayles, h)
		require.NoError(t, err)
		sw, smoves, _ := MisereWinning(kayles, h)
		assert.Equal(t, sw, w, "%v", h)
		assert.Equal(t, smoves, moves, "%v", h)
	}
	_, _, err = MisereMoves(kayles, []int{40, 40})
	assert.ErrorContains(t, err, "limited to 60 coins")
}

// TestMovesWithin: the moves a sum's search tries, (heap+1) × digits a
// heap, against nim.MaxPositions; misère Nim is always within.
func TestMovesWithin(t *testing.T) {
	tests := []struct {
		g      Game
		heaps  []int
		misere bool
		err    string
	}{
		{Slides[0], []int{1, 3, 5, 7}, false, ""},
		{Slides[0], []int{499_999}, false, ""},                  // 500,000 × 2 digits: just within
		{Slides[0], []int{500_000}, false, "about 1e+06 moves"}, // one more
		{Slides[0], []int{5_000_000, 5_000_000}, true, ""},
		{Slides[7], []int{400_000}, false, "1 heaps of Kayles are about 1.2e+06 moves to try"},
		{Slides[7], []int{400_000}, true, "give fewer or smaller heaps"},
	}
	for _, tt := range tests {
		err := MovesWithin(tt.g, tt.heaps, tt.misere)
		if tt.err == "" {
			assert.NoError(t, err, "%s %v", tt.g.Name, tt.heaps)
			continue
		}
		assert.ErrorContains(t, err, tt.err, "%s %v", tt.g.Name, tt.heaps)
		assert.ErrorContains(t, err, "1000000", "%s %v", tt.g.Name, tt.heaps)
	}
	assert.Equal(t, 1_000_000, nim.MaxPositions)
}
