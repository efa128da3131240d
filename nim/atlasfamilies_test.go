package nim

import "slices"

// The post's families and lists that only the atlas's tests check against
// it (atlas_test.go); the program reads the atlas through LostPositions,
// StartPositions and the move counts.

// threeHeapFamily lists the non-obviously lost positions [s, b, c] with
// smallest heap s and b ≤ maxMiddle, by the middle heap (the post's
// families: [1, 2n, 2n+1], [2, 4n, 4n+2] and [2, 4n+1, 4n+3], ...).
func threeHeapFamily(s, maxMiddle int) [][]int {
	var out [][]int
	for b := s; b <= maxMiddle; b++ {
		c := s ^ b
		if c >= b && Classify([]int{s, b, c}) == nonObviouslyLost {
			out = append(out, []int{s, b, c})
		}
	}
	return out
}

// lostTriangles returns the n ≤ max for which the perfect triangle
// [1, 2, …, n] is lost (n = 0, the empty position, included).
func lostTriangles(max int) []int {
	var out []int
	x := 0
	for n := 0; n <= max; n++ {
		x ^= n
		if x == 0 {
			out = append(out, n)
		}
	}
	return out
}

// lostTrapezoids lists the non-obviously lost runs of consecutive heap
// sizes [a, a+1, …, b] with lo ≤ a < b ≤ hi, by a, then by length.
func lostTrapezoids(lo, hi int) [][]int {
	var out [][]int
	for a := lo; a <= hi; a++ {
		run := []int{a}
		for b := a + 1; b <= hi; b++ {
			run = append(run, b)
			if Classify(run) == nonObviouslyLost {
				out = append(out, slices.Clone(run))
			}
		}
	}
	return out
}

// manyWinningMoves lists the won positions of h heaps of 1 to max coins
// with more than one distinct winning result, simplest first (fewest coins,
// then in lexicographic order, as the post lists them).
func manyWinningMoves(h, max int) [][]int {
	var out [][]int
	multisets(h, max, false, func(p []int) {
		if len(winningResults(p)) > 1 {
			out = append(out, slices.Clone(p))
		}
	})
	slices.SortFunc(out, func(a, b []int) int {
		if sa, sb := sum(a), sum(b); sa != sb {
			return sa - sb
		}
		return slices.Compare(a, b)
	})
	return out
}

func sum(a []int) int {
	s := 0
	for _, v := range a {
		s += v
	}
	return s
}
