// Package nim plays Nim with any number of heaps: the nim-sum, who wins
// and the winning moves under normal play (whoever takes the last object
// wins) and misère play (whoever takes it loses), and the strategy's move;
// the atlas of Nim positions (won, obviously and non-obviously lost, the
// initial positions for casual play, the count of winning moves); the XOR
// table of small numbers.
//
// Sources: C. L. Bouton, "Nim, a game with a complete mathematical theory"
// (the nim-sum and the misère strategy); the blog post on nim-sums that
// begins "Nim, the game of heaps of coins, is a solved game" (the atlas;
// its lists are in nim/testdata/nimsum-post.txt); the lecture slides
// "NIM-Type Games" (the XOR table).
package nim

import (
	"fmt"
	"slices"
	"strings"
)

// Move takes objects from one heap: heap Heap (0-based) goes from From
// objects to To objects, To < From.
type Move struct {
	Heap     int
	From, To int
}

// String gives "heap 3: 7 → 1".
func (m Move) String() string { return fmt.Sprintf("heap %d: %d → %d", m.Heap, m.From, m.To) }

// apply returns a copy of heaps with the move made.
func (m Move) apply(heaps []int) []int {
	out := append([]int(nil), heaps...)
	out[m.Heap] = m.To
	return out
}

// NimSum returns the XOR of the heap sizes: 0 exactly when the player to
// move loses under normal play (Bouton's theorem).
func NimSum(heaps []int) int {
	s := 0
	for _, h := range heaps {
		s ^= h
	}
	return s
}

// XORTable returns the XOR table (the nim-sums) of the numbers 0 to
// 2^bits − 1, as the slides "NIM-Type Games" draw it: a header row and
// then a row a number, the header row and column in binary of bits digits,
// the entries in decimal, separated by tabs, each row ending in a newline.
func XORTable(bits int) string {
	n := 1 << bits
	bin := func(v int) string { return fmt.Sprintf("%0*b", bits, v) }
	var b strings.Builder
	for j := 0; j < n; j++ {
		b.WriteString("\t" + bin(j))
	}
	b.WriteString("\n")
	for i := 0; i < n; i++ {
		b.WriteString(bin(i))
		for j := 0; j < n; j++ {
			fmt.Fprintf(&b, "\t%d", i^j)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Winning reports whether the player to move wins with perfect play.
// Normal play: the nim-sum is not 0. Misère play: the same, except when no
// heap has two or more objects, where the player to move wins exactly when
// the number of heaps of one is even.
func Winning(heaps []int, misere bool) bool {
	if misere {
		big, ones := sizes(heaps)
		if big == 0 {
			return ones%2 == 0
		}
	}
	return NimSum(heaps) != 0
}

// WinningMoves returns every move that leaves the opponent in a losing
// position, heap by heap, a heap's larger new size first. It is empty in a
// losing position. The work is linear in the number of heaps, whatever
// their sizes.
func WinningMoves(heaps []int, misere bool) []Move {
	// A move wins when it leaves a lost position: nim-sum 0 (which fixes
	// the heap's new size), or, in misère play, only heaps of 0 and 1 with
	// an odd number of ones (a new size of 0 or 1). So each heap has at
	// most three candidates, tried from the largest down as moves lists
	// them; the position after each is judged from the nim-sum and the
	// counts of big heaps and ones, updated for the one heap that changed,
	// so the work is linear in the number of heaps, not in the coins.
	s := NimSum(heaps)
	big, ones := sizes(heaps)
	nonEmpty := 0
	for _, h := range heaps {
		if h != 0 {
			nonEmpty++
		}
	}
	var out []Move
	for i, h := range heaps {
		cands := []int{h ^ s}
		if misere {
			cands = append(cands, 1, 0)
		}
		slices.SortFunc(cands, func(a, b int) int { return b - a })
		cands = slices.Compact(cands)
		for _, to := range cands {
			if to < 0 || to >= h {
				continue
			}
			b, o := big-isBig(h)+isBig(to), ones-isOne(h)+isOne(to)
			lost := s^h^to == 0 // after the move, under normal play
			switch {
			case to == 0 && nonEmpty == 1: // the mover took the last object
				lost = !misere
			case misere && b == 0:
				lost = o%2 == 1
			}
			if lost {
				out = append(out, Move{Heap: i, From: h, To: to})
			}
		}
	}
	return out
}

// isBig is 1 for a heap of two or more objects, 0 otherwise; isOne is 1
// for a heap of one: sizes' counts for one heap.
func isBig(h int) int {
	if h > 1 {
		return 1
	}
	return 0
}

func isOne(h int) int {
	if h == 1 {
		return 1
	}
	return 0
}

// BestMove returns the strategy's move, trying the heaps in the given order
// (indexes into heaps) and taking the first that works: under normal play a
// heap is reduced to its XOR with the nim-sum; under misère play the same,
// except that when at most one heap has two or more objects the move leaves
// an odd number of heaps of one. The bool is false in a losing position.
func BestMove(heaps []int, order []int, misere bool) (Move, bool) {
	if !Winning(heaps, misere) {
		return Move{}, false
	}
	big, ones := sizes(heaps)
	for _, i := range order {
		h := heaps[i]
		if h == 0 {
			continue
		}
		if misere && big <= 1 {
			if big == 0 {
				return Move{Heap: i, From: h, To: 0}, true
			}
			if h > 1 { // the one big heap: leave an odd number of ones
				to := 1
				if ones%2 == 1 {
					to = 0
				}
				return Move{Heap: i, From: h, To: to}, true
			}
			continue
		}
		if t := h ^ NimSum(heaps); t < h {
			return Move{Heap: i, From: h, To: t}, true
		}
	}
	return Move{}, false
}

// sizes counts the heaps of two or more objects and the heaps of one.
func sizes(heaps []int) (big, ones int) {
	for _, h := range heaps {
		if h > 1 {
			big++
		} else if h == 1 {
			ones++
		}
	}
	return big, ones
}
