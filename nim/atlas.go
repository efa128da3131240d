package nim

import (
	"fmt"
	"slices"
	"sort"
)

// The position atlas of Nim, after the blog post on nim-sums that begins
// "Nim, the game of heaps of coins, is a solved game": lost and won
// positions, obviously and non-obviously lost ones, the post's families
// and its initial positions for casual play. Heaps are positive; a position
// is a multiset, written sorted ascending.

// Class is a Nim position's class under normal play: won, obviously lost
// (the heaps pair off into equal heaps) or non-obviously lost (nim-sum 0
// all the same); String names it.
type Class int

// The classes.
const (
	// won: the nim-sum is not 0.
	won Class = iota
	// obviouslyLost: the heaps pair off into equal heaps (the mirroring
	// strategy wins for the other player).
	obviouslyLost
	// nonObviouslyLost: lost (nim-sum 0) but not obviously.
	nonObviouslyLost
)

// String gives "won", "obviously lost" or "non-obviously lost".
func (c Class) String() string {
	return [...]string{"won", "obviously lost", "non-obviously lost"}[c]
}

// Classify returns the class of a position (empty heaps ignored).
func Classify(heaps []int) Class {
	if NimSum(heaps) != 0 {
		return won
	}
	count := map[int]int{}
	for _, h := range heaps {
		if h > 0 {
			count[h]++
		}
	}
	for _, c := range count {
		if c%2 != 0 {
			return nonObviouslyLost
		}
	}
	return obviouslyLost
}

// colex orders sorted positions by their largest heap, then the next
// largest, and so on (then by length): the order of the post's lists.
func colex(a, b []int) int {
	for i, j := len(a)-1, len(b)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a[i] != b[j] {
			return a[i] - b[j]
		}
	}
	return len(a) - len(b)
}

// multisets calls visit with every sorted position of h heaps of 1 to max
// coins (visit must copy what it keeps). With lastByXOR the last heap is
// not chosen but set to the nim-sum of the others, so that only positions
// of nim-sum 0 are visited.
func multisets(h, max int, lastByXOR bool, visit func([]int)) {
	if h < 1 {
		return
	}
	cur := make([]int, h)
	var rec func(i, lo, x int)
	rec = func(i, lo, x int) {
		switch {
		case lastByXOR && i == h-1:
			if x >= lo && x <= max {
				cur[i] = x
				visit(cur)
			}
			return
		case i == h:
			visit(cur)
			return
		}
		for v := lo; v <= max; v++ {
			cur[i] = v
			rec(i+1, v, x^v)
		}
	}
	rec(0, 1, 0)
}

// MaxPositions bounds the positions that hp17b nim lost and nim moves
// go through (LostPositions, WinningMoveCounts: the multisets of h heaps
// of 0 to max coins, C(max+h, h)) and the moves nim analyze tries
// (octal.MovesWithin), so that a command answers within seconds.
const MaxPositions = 1_000_000

// CheckHeaps refuses h heaps up to max outside 1..maxH and 1..maxM, or
// beyond MaxPositions, saying why; command names the hp17b nim command
// ("lost", "moves") in the error.
func CheckHeaps(command string, h, max, maxH, maxM int) error {
	if h < 1 || h > maxH || max < 1 || max > maxM {
		return fmt.Errorf("nim %s needs 1 to %d heaps and a largest heap of 1 to %d", command, maxH, maxM)
	}
	if err := positionsWithin(h, max); err != nil {
		return fmt.Errorf("nim %s: %w", command, err)
	}
	return nil
}

// positionsWithin says whether h heaps up to max stay within MaxPositions.
func positionsWithin(h, max int) error {
	n := 1.0
	for i := 1; i <= h; i++ {
		n = n * float64(max+i) / float64(i)
	}
	if n > MaxPositions {
		return fmt.Errorf("%d heaps up to %d are about %.3g positions, more than the %d this command goes through: use fewer heaps or a smaller --max", h, max, n, MaxPositions)
	}
	return nil
}

// LostPositions lists the non-obviously lost positions of h heaps, each
// from 1 to max coins, each sorted ascending, in colex order (by the
// largest heap, then the next largest, and so on: the order of the post's
// lists).
func LostPositions(h, max int) [][]int {
	var out [][]int
	multisets(h, max, true, func(p []int) {
		if Classify(p) == nonObviouslyLost {
			out = append(out, slices.Clone(p))
		}
	})
	slices.SortFunc(out, colex)
	return out
}

// winningResults returns the distinct positions (sorted multisets) that
// the winning moves of a Nim position lead to: the post counts "more than
// one winning move" this way ([1,3,3] can go to [3,3] or to [1,2,3]).
func winningResults(heaps []int) [][]int {
	seen := map[string]bool{}
	var out [][]int
	for _, m := range WinningMoves(heaps, false) {
		r := m.apply(heaps)
		r = slices.DeleteFunc(r, func(v int) bool { return v == 0 })
		sort.Ints(r)
		k := fmt.Sprint(r)
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

// StartPositions returns the post's initial positions for casual play with
// h heaps: non-obviously lost, distinct heap sizes, the fewest coins, then
// the smallest largest heap, then the largest smallest heap; every tie, in
// colex order; and the number of coins. With distinct sizes a lost position
// is never obviously lost. The search is exact: the totals are tried from
// 1+2+…+h upwards, and for each every set of h distinct sizes with that sum
// is visited once (the last size is fixed by the nim-sum).
func StartPositions(h int) ([][]int, int) {
	if h < 1 {
		return nil, 0
	}
	for total := h * (h + 1) / 2; ; total++ {
		var found [][]int
		cur := make([]int, h)
		var rec func(i, lo, s, x int)
		rec = func(i, lo, s, x int) {
			r := h - i // sizes still to choose, this one included
			if s+r*lo+r*(r-1)/2 > total {
				return
			}
			if r == 1 {
				if v := total - s; v >= lo && v == x {
					cur[i] = v
					found = append(found, slices.Clone(cur))
				}
				return
			}
			for v := lo; s+r*v+r*(r-1)/2 <= total; v++ {
				cur[i] = v
				rec(i+1, v+1, s+v, x^v)
			}
		}
		rec(0, 1, 0, 0)
		if len(found) == 0 {
			continue
		}
		best := found[:0:0]
		for _, p := range found {
			if len(best) == 0 {
				best = append(best, p)
				continue
			}
			b := best[0]
			switch {
			case p[h-1] < b[h-1] || (p[h-1] == b[h-1] && p[0] > b[0]):
				best = append(best[:0], p)
			case p[h-1] == b[h-1] && p[0] == b[0]:
				best = append(best, p)
			}
		}
		slices.SortFunc(best, colex)
		return best, total
	}
}

// MoveCount is a Nim position with its number of winning moves: Moves
// counts each (heap, new size) move, Results the distinct positions they
// lead to.
type MoveCount struct {
	Heaps          []int
	Moves, Results int
}

// WinningMoveCounts lists every position of h heaps of 1 to max coins
// (sorted ascending, in colex order, as LostPositions) with its number of
// winning moves under normal play.
func WinningMoveCounts(h, max int) []MoveCount {
	var out []MoveCount
	multisets(h, max, false, func(p []int) {
		p = slices.Clone(p)
		out = append(out, MoveCount{Heaps: p, Moves: len(WinningMoves(p, false)), Results: len(winningResults(p))})
	})
	slices.SortFunc(out, func(a, b MoveCount) int { return colex(a.Heaps, b.Heaps) })
	return out
}
