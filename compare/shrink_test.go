package compare

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failModel is the reference model of a failing set: a small grid (sizes)
// and the points in it that fail, held as a set of indexes.
type failModel struct {
	sizes []int64
	fail  map[[3]int64]bool
}

func key(idx []int64) [3]int64 {
	var k [3]int64
	copy(k[:], idx)
	return k
}

func (m failModel) fails(cands [][]int64) ([]bool, error) {
	out := make([]bool, len(cands))
	for i, c := range cands {
		out[i] = m.fail[key(c)]
	}
	return out, nil
}

// each calls f with every index of the grid.
func (m failModel) each(f func([]int64)) {
	idx := make([]int64, len(m.sizes))
	for {
		f(slices.Clone(idx))
		i := len(idx) - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < m.sizes[i] {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

// TestShrinkModel: for random grids of one to three variables and random
// failing sets, Shrink from every failing point reaches a failing point
// no larger in any variable than the start, which no variable alone can
// lower to another failing point (checked against the model by trying
// every lower value); and when the failing set is an upper set (fail iff
// every index reaches its threshold) it reaches the thresholds exactly,
// the smallest failing point there is.
func TestShrinkModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 17))
	for trial := range 300 {
		m := failModel{fail: map[[3]int64]bool{}}
		for range 1 + rng.IntN(3) {
			m.sizes = append(m.sizes, 1+rng.Int64N(12))
		}
		upper := trial%3 == 0
		var thr []int64
		for _, s := range m.sizes {
			thr = append(thr, rng.Int64N(s))
		}
		density := rng.Float64()
		m.each(func(idx []int64) {
			if upper {
				ok := true
				for i, x := range idx {
					ok = ok && x >= thr[i]
				}
				m.fail[key(idx)] = ok
				return
			}
			m.fail[key(idx)] = rng.Float64() < density
		})
		m.each(func(start []int64) {
			if !m.fail[key(start)] {
				return
			}
			got, asked, err := Shrink(start, 1_000_000, m.fails)
			require.NoError(t, err)
			assert.Positive(t, asked+1)
			require.True(t, m.fail[key(got)], "shrunk to a passing point %v from %v", got, start)
			for i := range got {
				assert.LessOrEqual(t, got[i], start[i])
				for j := range got[i] {
					lower := slices.Clone(got)
					lower[i] = j
					assert.False(t, m.fail[key(lower)], "%v from %v: %v fails too (sizes %v)", got, start, lower, m.sizes)
				}
			}
			if upper {
				assert.Equal(t, thr, got, "upper set from %v", start)
			}
		})
	}
}

// TestShrinkLargeRange: on a range past the linear scan the candidates
// halve the distance, and the result still fails and lies at or below
// the start; tries bounds the points asked.
func TestShrinkLargeRange(t *testing.T) {
	fails := func(c [][]int64) ([]bool, error) {
		out := make([]bool, len(c))
		for i, p := range c {
			out[i] = p[0] >= 1234 && p[0]%2 == 0
		}
		return out, nil
	}
	got, _, err := Shrink([]int64{1_000_000}, 100_000, fails)
	require.NoError(t, err)
	assert.Equal(t, int64(1234), got[0])
	_, asked, err := Shrink([]int64{1_000_000}, 10, fails)
	require.NoError(t, err)
	assert.LessOrEqual(t, asked, 10)
	assert.Equal(t, []int64{0, 500000, 750000, 875000}, candidates(1_000_000)[:4])
	assert.Equal(t, []int64{0, 1, 2}, candidates(3))
}
