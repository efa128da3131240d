package nim

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/internal/fields"
)

// parseLists reads "[1,2,3],[1,4,5],..." (a trailing ",..." ignored).
func parseLists(t *testing.T, s string) [][]int {
	t.Helper()
	s = strings.TrimSuffix(strings.TrimSpace(s), "...")
	s = strings.TrimSuffix(s, ",")
	var out [][]int
	require.NoError(t, json.Unmarshal([]byte("["+s+"]"), &out))
	return out
}

func TestXORTable(t *testing.T) {
	got := XORTable(4)
	right, err := os.ReadFile("testdata/slides-xor-1.txt")
	require.NoError(t, err)
	assert.Equal(t, string(right), got, "the slides' first copy")
	wrong, err := os.ReadFile("testdata/slides-xor-2.txt")
	require.NoError(t, err)
	gl, wl := strings.Split(got, "\n"), strings.Split(string(wrong), "\n")
	var diffs []string
	for i := range gl {
		if gl[i] != wl[i] {
			g, w := strings.Split(gl[i], "\t"), strings.Split(wl[i], "\t")
			for j := range g {
				if g[j] != w[j] {
					diffs = append(diffs, fmt.Sprintf("row %s column %s: slides %s, XOR %s", g[0], strings.Split(gl[0], "\t")[j], w[j], g[j]))
				}
			}
		}
	}
	assert.Equal(t, []string{"row 0110 column 1010: slides 10, XOR 12", "row 0110 column 1011: slides 11, XOR 13"}, diffs)
}

func TestNimSumPostLists(t *testing.T) {
	post, err := fields.Read("testdata/nimsum-post.txt")
	require.NoError(t, err)
	assert.Equal(t, parseLists(t, post["lost4max15"]), LostPositions(4, 15))
	for s := 1; s <= 4; s++ {
		want := parseLists(t, post["family"+strconv.Itoa(s)])
		maxMiddle := want[len(want)-1][1]
		assert.Equal(t, want, threeHeapFamily(s, maxMiddle), "smallest heap %d", s)
	}
	var tri []string
	for _, n := range lostTriangles(99) {
		tri = append(tri, strconv.Itoa(n))
	}
	assert.Equal(t, post["triangles"], strings.Join(tri, " "))
	assert.Equal(t, parseLists(t, post["trapezoids"]), lostTrapezoids(2, 20))
	for h := 3; h <= 13; h++ {
		line, ok := post["start"+strconv.Itoa(h)]
		require.True(t, ok, "the post answers %d heaps", h)
		coins, lists, _ := strings.Cut(line, " ")
		lists = strings.ReplaceAll(strings.ReplaceAll(lists, ", or ", ","), " or ", ",")
		lists = strings.ReplaceAll(lists, "], [", "],[")
		got, total := StartPositions(h)
		assert.Equal(t, coins, strconv.Itoa(total), "%d heaps", h)
		assert.Equal(t, parseLists(t, lists), got, "%d heaps", h)
	}
	assert.Equal(t, [][]int{{1, 3, 3}, {2, 2, 3}, {2, 3, 3}}, manyWinningMoves(3, 3)[:3],
		"the three simplest won positions with more than one winning move")
	assert.Equal(t, [][]int{{3, 3}, {1, 2, 3}}, winningResults([]int{1, 3, 3}))
}

func TestClassify(t *testing.T) {
	assert.Equal(t, nonObviouslyLost, Classify([]int{1, 2, 3}))
	assert.Equal(t, obviouslyLost, Classify([]int{4, 4, 2, 2}))
	assert.Equal(t, obviouslyLost, Classify([]int{0, 5, 5}))
	assert.Equal(t, won, Classify([]int{1, 3, 3}))
	assert.Equal(t, "non-obviously lost", nonObviouslyLost.String())
}

func BenchmarkStartPositions(b *testing.B) {
	for h := 13; h <= 20; h++ {
		b.Run(fmt.Sprintf("h=%d", h), func(b *testing.B) {
			for b.Loop() {
				StartPositions(h)
			}
		})
	}
}

func TestWinningMoveCounts(t *testing.T) {
	counts := WinningMoveCounts(3, 4)
	byPos := map[string]MoveCount{}
	for _, c := range counts {
		byPos[fmt.Sprint(c.Heaps)] = c
		// Lost positions have none; won ones at least one.
		assert.Equal(t, NimSum(c.Heaps) == 0, c.Moves == 0, "%v", c.Heaps)
		assert.LessOrEqual(t, c.Results, c.Moves)
	}
	assert.Equal(t, MoveCount{Heaps: []int{1, 3, 3}, Moves: 3, Results: 2}, byPos["[1 3 3]"])
	assert.Equal(t, MoveCount{Heaps: []int{1, 1, 1}, Moves: 3, Results: 1}, byPos["[1 1 1]"])
	assert.Equal(t, MoveCount{Heaps: []int{1, 2, 3}, Moves: 0, Results: 0}, byPos["[1 2 3]"])
	assert.Len(t, counts, 20, "multisets of 3 sizes from 1 to 4")
}

// TestCheckHeaps: nim lost's and nim moves' bounds, the heaps and the
// largest heap first, then the positions, C(max+h, h), against
// MaxPositions.
func TestCheckHeaps(t *testing.T) {
	const bounds = "nim lost needs 1 to 8 heaps and a largest heap of 1 to 64"
	tests := []struct {
		h, max int
		err    string
	}{
		{3, 15, ""},
		{6, 26, ""}, // C(32, 6) = 906,192
		{6, 27, "nim lost: 6 heaps up to 27 are about 1.11e+06 positions, more than the 1000000 this command goes through: use fewer heaps or a smaller --max"}, // C(33, 6)
		{0, 5, bounds},
		{9, 5, bounds},
		{3, 65, bounds},
		{3, 0, bounds},
	}
	for _, tt := range tests {
		err := CheckHeaps("lost", tt.h, tt.max, 8, 64)
		if tt.err == "" {
			assert.NoError(t, err, "%d heaps up to %d", tt.h, tt.max)
			continue
		}
		assert.EqualError(t, err, tt.err, "%d heaps up to %d", tt.h, tt.max)
	}
}
