package programs

import (
	"slices"

	"github.com/hp17b/hp17b/nim"
)

// Native is a native reference of a 1-3-5-7 Nim program: the position
// (A, B, C, D) after its move, and false when it has no move (the equation
// then stops with INV(0)); a position of another length has no move.
type Native func(Position) (Position, bool)

// Natives are the native references by name (Program.Native): "nim-post"
// is the post's bit-decomposed method, "nim-xor" the plain nim-sum,
// "nim-misere" the misère strategy; the last two try the heaps in the
// order D, C, B, A as the equations do.
var Natives = map[string]Native{
	"nim-post":   PostMove,
	"nim-xor":    XORMove,
	"nim-misere": MisereMove,
}

func mod(a, m int) int { return ((a % m) + m) % m }

// PostMove is the post's method written out as the post explains it (seed
// 003): A = A, B = B0+B1, C = C0+C1+C2, D = D0+D1+D2 with Xi either 0 or
// 2^i; E0 = (A+B0+C0+D0) mod 2, E1 = (B1+C1+D1) mod 4, E2 = (C2+D2) mod 8
// (the nim-sum, bit by bit); then for D, C, B, A in turn the heap's XOR with
// E computed as (X0+E0) mod 2 + (X1+E1) mod 4 + (X2+E2) mod 8, and the first
// heap it makes smaller takes that size. No move when none does. p is not
// changed.
func PostMove(p Position) (Position, bool) {
	if len(p) != 4 {
		return p, false
	}
	h := slices.Clone(p)
	a, b, c, d := h[0], h[1], h[2], h[3]
	b0 := mod(b, 2)
	c0 := mod(c, 2)
	d0 := mod(d, 2)
	e0 := mod(a+b0+c0+d0, 2)
	b1 := b - b0
	c1 := mod(c-c0, 4)
	d1 := mod(d-d0, 4)
	e1 := mod(b1+c1+d1, 4)
	c2 := c - c0 - c1
	d2 := d - d0 - d1
	e2 := mod(c2+d2, 8)
	switch {
	case mod(d0+e0, 2)+mod(d1+e1, 4)+mod(d2+e2, 8) < d:
		h[3] = mod(d0+e0, 2) + mod(d1+e1, 4) + mod(d2+e2, 8)
	case mod(c0+e0, 2)+mod(c1+e1, 4)+mod(c2+e2, 8) < c:
		h[2] = mod(c0+e0, 2) + mod(c1+e1, 4) + mod(c2+e2, 8)
	case mod(b0+e0, 2)+mod(b1+e1, 4)+e2 < b:
		h[1] = mod(b0+e0, 2) + mod(b1+e1, 4) + e2
	case mod(a+e0, 2)+e1+e2 < a:
		h[0] = mod(a+e0, 2) + e1 + e2
	default:
		return p, false
	}
	return h, true
}

// strategy is the nim package's best move, trying D, C, B, A in turn.
func strategy(p Position, misere bool) (Position, bool) {
	if len(p) != 4 {
		return p, false
	}
	m, ok := nim.BestMove(p, []int{3, 2, 1, 0}, misere)
	if !ok {
		return p, false
	}
	h := slices.Clone(p)
	h[m.Heap] = m.To
	return h, true
}

// XORMove is the plain nim-sum strategy under normal play (nim.BestMove,
// after Bouton): the position (A, B, C, D) after the first of D, C, B, A
// reduced to its XOR with the nim-sum; p itself and false when the
// nim-sum is 0 or p is not four heaps. p is not changed.
func XORMove(p Position) (Position, bool) { return strategy(p, false) }

// MisereMove is the misère strategy (nim.BestMove): as XORMove, except
// that when at most one heap has two or more matches it leaves an odd
// number of heaps of one; p itself and false in a lost position or when p
// is not four heaps. p is not changed.
func MisereMove(p Position) (Position, bool) { return strategy(p, true) }
