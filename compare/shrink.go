package compare

// linearShrink is the largest index below which Shrink tries every value
// of a variable; above it, it tries 0 and then halves the distance.
const linearShrink = 64

// Shrink moves a failing point toward the ranges' starts, one variable at a
// time: each index of start (a grid index of each variable, all ≥ 0) is
// lowered to the smallest candidate at which the point still fails, the
// others held, and the round repeated until no index moves. The candidates
// below an index i are every value 0..i−1 when i ≤ 64, else 0 and
// i − i/2, i − i/4, … i − 1. fails answers a batch of candidate points
// (one call a variable a round); tries bounds the points asked in all.
// The result fails (start does, fails says so) and no variable of it can
// be lowered alone to a failing point when its index is at most 64
// (TestShrinkModel). The error is fails'.
func Shrink(start []int64, tries int, fails func([][]int64) ([]bool, error)) ([]int64, int, error) {
	cur := append([]int64(nil), start...)
	asked := 0
	for moved := true; moved && asked < tries; {
		moved = false
		for v := range cur {
			cands := candidates(cur[v])
			if len(cands) == 0 {
				continue
			}
			if len(cands) > tries-asked {
				cands = cands[:max(tries-asked, 0)]
			}
			if len(cands) == 0 {
				break
			}
			pts := make([][]int64, len(cands))
			for i, c := range cands {
				pts[i] = append([]int64(nil), cur...)
				pts[i][v] = c
			}
			asked += len(pts)
			ok, err := fails(pts)
			if err != nil {
				return cur, asked, err
			}
			for i, f := range ok {
				if f {
					cur[v], moved = cands[i], true
					break
				}
			}
		}
	}
	return cur, asked, nil
}

// candidates are the indexes tried below i, smallest first.
func candidates(i int64) []int64 {
	if i <= linearShrink {
		c := make([]int64, i)
		for j := range c {
			c[j] = int64(j)
		}
		return c
	}
	c := []int64{0}
	for d := i / 2; d >= 1; d /= 2 {
		if x := i - d; x > c[len(c)-1] {
			c = append(c, x)
		}
	}
	return c
}
