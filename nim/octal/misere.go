package octal

import (
	"fmt"
	"slices"
	"sort"

	"github.com/hp17b/hp17b/nim"
)

// IsNim reports whether g is Nim (0.3…, Slides[0]), whatever its name.
func (g Game) IsNim() bool { return g.String() == Slides[0].String() }

// MisereMoves reports whether the player to move wins a sum of heaps of
// game g under misère play (whoever makes the last move loses), and every
// winning move: Nim's by its strategy (nim.WinningMoves: any heaps, a
// heap at a time, each move taking coins and leaving at most one heap),
// every other game's by MisereWinning's search, with its bounds and
// errors. Source: the lecture slides "NIM-Type Games" (misère Nim).
func MisereMoves(g Game, heaps []int) (bool, []HeapMove, error) {
	if !g.IsNim() {
		return MisereWinning(g, heaps)
	}
	var moves []HeapMove
	for _, m := range nim.WinningMoves(heaps, true) {
		var leave []int
		if m.To > 0 {
			leave = []int{m.To}
		}
		moves = append(moves, HeapMove{Heap: m.Heap, From: m.From, Option: Option{Take: m.From - m.To, Leave: leave}})
	}
	return nim.Winning(heaps, true), moves, nil
}

// MovesWithin says whether the search for a sum's winning moves
// (PositionValue, MisereWinning) stays within nim.MaxPositions: every
// option of every heap is tried, about (heap+1) × the code's digits of
// them a heap. Misère Nim finds its moves directly (MisereMoves), a heap
// at a time, and is always within. The error says how many and what to
// give instead.
func MovesWithin(g Game, heaps []int, misere bool) error {
	if misere && g.IsNim() {
		return nil
	}
	n := 0.0
	for _, h := range heaps {
		n += float64(h+1) * float64(max(1, len(g.Digits)))
	}
	if n > nim.MaxPositions {
		return fmt.Errorf("%d heaps of %s are about %.3g moves to try, more than the %d this command goes through: give fewer or smaller heaps", len(heaps), g.Name, n, nim.MaxPositions)
	}
	return nil
}

// MisereWinning reports whether the player to move wins a sum of heaps of
// game g under misère play (whoever cannot move wins), and every winning
// move (those leaving a lost position), by search over the positions
// below it. Positions of more than 60 coins in all are refused (an
// error), and so is a search that would value more than 100,000
// positions.
func MisereWinning(g Game, heaps []int) (bool, []HeapMove, error) {
	if coins(heaps) > maxMisereCoins {
		return false, nil, fmt.Errorf("misère search is limited to %d coins in all", maxMisereCoins)
	}
	memo := map[string]bool{}
	full := false
	var win func(hs []int) bool
	win = func(hs []int) bool {
		if full {
			return false
		}
		hs = slices.DeleteFunc(slices.Clone(hs), func(v int) bool { return v == 0 })
		sort.Ints(hs)
		k := fmt.Sprint(hs)
		if v, ok := memo[k]; ok {
			return v
		}
		if len(memo) >= maxMisereStates {
			full = true
			return false
		}
		res := false
		moved := false
		for i, h := range hs {
			for _, o := range g.Options(h) {
				moved = true
				next := append(append(slices.Clone(hs[:i]), hs[i+1:]...), o.Leave...)
				if !win(next) {
					res = true
					break
				}
			}
			if res {
				break
			}
		}
		if !moved {
			res = true // no move: under misère play the player to move wins
		}
		memo[k] = res
		return res
	}
	var moves []HeapMove
	for i, h := range heaps {
		for _, o := range g.Options(h) {
			next := append(append(slices.Clone(heaps[:i]), heaps[i+1:]...), o.Leave...)
			if !win(next) {
				moves = append(moves, HeapMove{Heap: i, From: h, Option: o})
			}
		}
	}
	w := win(heaps)
	if full {
		return false, nil, fmt.Errorf("misère search stopped after %d positions: use fewer coins", maxMisereStates)
	}
	return w, moves, nil
}

// maxMisereCoins bounds MisereWinning's search: the coins in all.
const maxMisereCoins = 60

// maxMisereStates bounds the positions MisereWinning values, and so its
// time and memory; a search that would need more is an error.
const maxMisereStates = 100_000

// coins is the number of coins in the heaps.
func coins(heaps []int) int {
	s := 0
	for _, v := range heaps {
		s += v
	}
	return s
}
