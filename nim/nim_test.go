package nim

import (
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNimSum(t *testing.T) {
	assert.Equal(t, 0, NimSum([]int{1, 3, 5, 7}))
	assert.Equal(t, 7, NimSum([]int{1, 3, 3, 6}))
	assert.Equal(t, 0, NimSum(nil))
}

func TestWinningMoves(t *testing.T) {
	assert.Empty(t, WinningMoves([]int{1, 3, 5, 7}, false))
	assert.Equal(t, []Move{{Heap: 3, From: 6, To: 1}}, WinningMoves([]int{1, 3, 3, 6}, false))
	// Misère endgame: 1,1,2 — leave three ones.
	assert.Equal(t, []Move{{Heap: 2, From: 2, To: 1}}, WinningMoves([]int{1, 1, 2}, true))
	// Normal play in the same position: nim-sum 2, take the 2.
	assert.Equal(t, []Move{{Heap: 2, From: 2, To: 0}}, WinningMoves([]int{1, 1, 2}, false))
	// Misère with only ones: an odd count is lost for the mover.
	assert.False(t, Winning([]int{1, 1, 1}, true))
	assert.True(t, Winning([]int{1, 1}, true))
	assert.False(t, Winning([]int{0, 0}, false))
	assert.True(t, Winning([]int{0, 0}, true), "misère: the player who took the last object lost")
}

// bruteWinning is plain game-tree search, to check the strategy.
func bruteWinning(heaps []int, misere bool, memo map[[4]int]bool) bool {
	var k [4]int
	copy(k[:], heaps)
	if v, ok := memo[k]; ok {
		return v
	}
	if over(heaps) {
		return misere
	}
	win := false
	for _, m := range moves(heaps) {
		if !bruteWinning(m.apply(heaps), misere, memo) {
			win = true
			break
		}
	}
	memo[k] = win
	return win
}

func TestStrategyAgainstSearch(t *testing.T) {
	for _, misere := range []bool{false, true} {
		memo := map[[4]int]bool{}
		for a := 0; a <= 1; a++ {
			for b := 0; b <= 3; b++ {
				for c := 0; c <= 5; c++ {
					for d := 0; d <= 7; d++ {
						h := []int{a, b, c, d}
						want := bruteWinning(h, misere, memo)
						if over(h) {
							continue
						}
						assert.Equal(t, want, Winning(h, misere), "%v misère=%v", h, misere)
						m, ok := BestMove(h, []int{3, 2, 1, 0}, misere)
						assert.Equal(t, want, ok, "%v", h)
						if ok {
							assert.False(t, bruteWinning(m.apply(h), misere, memo), "%v %v", h, m)
						}
					}
				}
			}
		}
	}
}

// TestWinningMovesMatchExhaustive: the direct winning moves equal those of
// trying every move, in the same order, for every position of up to four
// heaps of up to 7, in both plays.
func TestWinningMovesMatchExhaustive(t *testing.T) {
	exhaustive := func(heaps []int, misere bool) []Move {
		var out []Move
		for _, m := range moves(heaps) {
			after := m.apply(heaps)
			if over(after) {
				if !misere {
					out = append(out, m)
				}
				continue
			}
			if !Winning(after, misere) {
				out = append(out, m)
			}
		}
		return out
	}
	n := 0
	var rec func(heaps []int)
	rec = func(heaps []int) {
		if len(heaps) > 0 {
			for _, misere := range []bool{false, true} {
				n++
				require.Equal(t, exhaustive(heaps, misere), WinningMoves(heaps, misere), "%v misère %v", heaps, misere)
			}
		}
		if len(heaps) == 4 {
			return
		}
		for h := 0; h <= 7; h++ {
			rec(append(slices.Clone(heaps), h))
		}
	}
	rec(nil)
	assert.Greater(t, n, 9000)
	// A heap of 10^12 coins answers at once.
	assert.Equal(t, []Move{{Heap: 0, From: 999999999999, To: 1}}, WinningMoves([]int{999999999999, 1}, false))
}

// moves returns every legal move: each heap to each smaller size.
func moves(heaps []int) []Move {
	var out []Move
	for i, h := range heaps {
		for to := h - 1; to >= 0; to-- {
			out = append(out, Move{Heap: i, From: h, To: to})
		}
	}
	return out
}

// over reports whether every heap is empty.
func over(heaps []int) bool {
	for _, h := range heaps {
		if h != 0 {
			return false
		}
	}
	return true
}

// BenchmarkWinningMoves backs WinningMoves' claim of work linear in the
// number of heaps: the time per heap stays flat from 100 to 10,000 heaps
// (in misère play, where each heap has three candidates).
func BenchmarkWinningMoves(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		heaps := make([]int, n)
		for i := range heaps {
			heaps[i] = (i*7919)%1000 + 1
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				WinningMoves(heaps, true)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/heap")
		})
	}
}
