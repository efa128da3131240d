package octal

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/internal/fields"

	"github.com/hp17b/hp17b/nim"
)

func TestSlidesNimberTables(t *testing.T) {
	want, err := fields.Read("testdata/slides-nimbers.txt")
	require.NoError(t, err)
	for name, game := range map[string]Game{"kayles": Slides[7], "dawson": Slides[8]} {
		var vals []string
		for _, v := range game.Values(12) {
			vals = append(vals, strconv.Itoa(v))
		}
		assert.Equal(t, want[name], strings.Join(vals, " "), name)
	}
}

func TestKnownSequencesAndPeriods(t *testing.T) {
	tests := []struct {
		game      string
		first     []int
		period    int
		preperiod int
		proven    bool
		hasPeriod bool
	}{
		{"nim", []int{0, 1, 2, 3, 4, 5, 6, 7}, 0, 0, false, false},
		{"sub12", []int{0, 1, 2, 0, 1, 2, 0, 1}, 3, 0, true, true},
		{"sub123", []int{0, 1, 2, 3, 0, 1, 2, 3}, 4, 0, true, true},
		{"sub14", []int{0, 1, 0, 1, 2, 0, 1, 0}, 5, 0, true, true},
		{"kayles", []int{0, 1, 2, 3, 1, 4, 3, 2}, 12, 71, true, true},
		{"dawson", []int{0, 0, 1, 1, 2, 0, 3, 1}, 34, 53, true, true},
		{"lasker", []int{0, 1, 2, 4, 3, 5, 6, 8}, 4, 1, true, true}, // arithmetic: each period 4 more
	}
	for _, tt := range tests {
		g, err := GameByName(tt.game, 0)
		require.NoError(t, err)
		a := Analyze(g, 200, 20000)
		assert.Equal(t, tt.first, a.Values[:8], tt.game)
		assert.Equal(t, tt.hasPeriod, a.HasPeriod, tt.game)
		if tt.hasPeriod {
			assert.Equal(t, tt.period, a.Period.P, tt.game)
			assert.Equal(t, tt.preperiod, a.Period.Pre, tt.game)
			assert.Equal(t, tt.proven, a.Period.Proven, tt.game)
		}
		if tt.game == "lasker" {
			assert.Equal(t, 4, a.Period.Saltus)
		} else {
			assert.Zero(t, a.Period.Saltus, tt.game)
		}
	}
	// Take 1 to k: G(n) = n mod (k+1).
	a := Analyze(SubtractionUpTo(6), 50, 1000)
	for n, v := range a.Values {
		assert.Equal(t, n%7, v)
	}
}

func TestFindPeriod(t *testing.T) {
	p, ok := findPeriod([]int{5, 9, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3})
	require.True(t, ok)
	assert.Equal(t, Period{P: 3, Pre: 2}, p)
	_, ok = findPeriod([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	assert.False(t, ok)
	_, ok = findPeriod([]int{1, 2, 1, 2})
	assert.False(t, ok, "too short to call it a period")
}

// The proven period gives the same values as the mex rule, far past the
// values the proof used.
func TestProvenPeriodMatchesMex(t *testing.T) {
	for _, name := range []string{"kayles", "dawson", "0.137", "4.3", "9", "0.156"} {
		g, err := GameByName(name, 0)
		require.NoError(t, err)
		a := Analyze(g, 10, 20000)
		if !a.HasPeriod || !a.Period.Proven {
			t.Logf("%s: no proven period within the limit", name)
			continue
		}
		direct := g.Values(3000)
		assert.Equal(t, direct, a.Extend(3000), name)
		v, ok := a.G(1_000_000_000_000_000_000)
		require.True(t, ok)
		pre, p := int64(a.Period.Pre), int64(a.Period.P)
		idx := int(pre + (1_000_000_000_000_000_000-pre)%p)
		if idx >= len(direct) {
			direct = g.Values(idx)
		}
		assert.Equal(t, direct[idx], v, name)
		t.Logf("%s: period %d from %d, G(10^18) = %d", name, p, pre, v)
	}
}

// TestLaskerClosedForm: Lasker's Nim's closed form agrees with the mex
// rule for every heap up to 600, and answers G(10^18) at once.
func TestLaskerClosedForm(t *testing.T) {
	g, err := GameByName("lasker", 0)
	require.NoError(t, err)
	byMex := g.Values(600)
	a := Analyze(g, 600, 600)
	require.Equal(t, byMex, a.Values)
	require.True(t, a.HasPeriod && a.Period.Proven)
	for n := int64(0); n <= 600; n++ {
		v, ok := a.G(n)
		require.True(t, ok)
		require.Equal(t, byMex[n], v, "G(%d)", n)
	}
	assert.Equal(t, byMex[:601], a.Extend(600))
	v, ok := a.G(1_000_000_000_000_000_000)
	assert.True(t, ok)
	assert.Equal(t, 1_000_000_000_000_000_000-1, v, "4k+4 gives 4k+3")
}

func TestOctalCodes(t *testing.T) {
	g, err := parse("0.77")
	require.NoError(t, err)
	assert.Equal(t, Slides[7].Digits, g.Digits)
	assert.Equal(t, "0.77", g.String())
	g, err = parse("4.3...")
	require.NoError(t, err)
	assert.True(t, g.repeat)
	assert.Equal(t, Slides[6].Values(30), g.Values(30))
	for _, bad := range []string{"0.8", "77", "2.7", "0."} {
		_, err := parse(bad)
		assert.Error(t, err, bad)
	}
	_, err = GameByName("chess", 0)
	assert.Error(t, err)
	g, err = GameByName("3", 5)
	require.NoError(t, err)
	assert.Equal(t, "take 1 to 5", g.Name)
	// Splitting a heap: "take 1 or split" offers a split without removal.
	assert.Contains(t, Slides[5].Options(4), Option{0, []int{2, 2}})
	assert.Contains(t, Slides[7].Options(5), Option{2, []int{1, 2}})
}

func TestPositionValueAndMoves(t *testing.T) {
	v, moves, err := PositionValue(Slides[0], []int{1, 3, 5, 7})
	require.NoError(t, err)
	assert.Equal(t, 0, v)
	assert.Empty(t, moves)
	v, moves, err = PositionValue(Slides[0], []int{1, 3, 3, 6})
	require.NoError(t, err)
	assert.Equal(t, 7, v)
	require.Len(t, moves, 1)
	assert.Equal(t, "heap 4 (6): take 5, leave 1", moves[0].String())
	// Kayles: a row of 5 (G=4) and a row of 4 (G=1): every winning move
	// leaves value 0.
	v, moves, err = PositionValue(Slides[7], []int{5, 4})
	require.NoError(t, err)
	assert.Equal(t, 5, v)
	require.NotEmpty(t, moves)
	vals := Slides[7].Values(5)
	for _, m := range moves {
		rest := 0
		for i, h := range []int{5, 4} {
			if i != m.Heap {
				rest ^= vals[h]
			}
		}
		for _, l := range m.Leave {
			rest ^= vals[l]
		}
		assert.Equal(t, 0, rest, m.String())
	}
	_, _, err = PositionValue(Slides[0], []int{maxAnalyzeHeap + 1})
	assert.Error(t, err)
}

func TestMisere(t *testing.T) {
	// Misère Nim by search agrees with the strategy.
	for _, h := range [][]int{{1, 1}, {1, 1, 1}, {1, 2, 3}, {1, 3, 5, 7}, {2, 2}, {1, 1, 2}} {
		w, _, err := MisereWinning(Slides[0], h)
		require.NoError(t, err)
		assert.Equal(t, nim.Winning(h, true), w, "%v", h)
	}
	_, _, err := MisereWinning(Slides[0], []int{40, 40})
	assert.Error(t, err)
}

func BenchmarkGrundyKayles100k(b *testing.B) {
	for b.Loop() {
		a := Analyze(Slides[7], 1000, 20000)
		if !a.Period.Proven {
			b.Fatal("not proven")
		}
		if v := a.Extend(100000); len(v) != 100001 || v[100000] != v[100000-12] {
			b.Fatalf("%d values, G(100000) = %d", len(v), v[len(v)-1])
		}
	}
}

func BenchmarkGrundyKaylesMex3000(b *testing.B) {
	for b.Loop() {
		_ = Slides[7].Values(3000)
	}
}

// BenchmarkGrundyLasker1M: G(0..1,000,000) of Lasker's Nim by its closed
// form (the mex rule's work grows with the square of the values).
func BenchmarkGrundyLasker1M(b *testing.B) {
	g, _ := GameByName("lasker", 0)
	for b.Loop() {
		a := Analyze(g, 20000, 20000)
		if v := a.Extend(1_000_000); len(v) != 1_000_001 || v[1_000_000] != 999_999 {
			b.Fatalf("G(1000000) = %d", v[len(v)-1])
		}
	}
}

// TestSlideThreeIsTakeOneToFour: game 3 of the slides, written out in
// Slides, is SubtractionUpTo(4).
func TestSlideThreeIsTakeOneToFour(t *testing.T) {
	assert.Equal(t, SubtractionUpTo(4), Slides[3])
}

// TestValuesAgreeWithOptions: G(m) from Values is the mex of the values
// Options' moves leave (the XOR of the heaps left), for every slide game
// and a few codes of every digit, heaps 0 to 60: Values' own walk of the
// moves (markOptions) and Options read the octal digits alike.
func TestValuesAgreeWithOptions(t *testing.T) {
	games := append([]Game{}, Slides[:]...)
	for _, code := range []string{"4.3", "0.77", "0.07", "4.303", "0.6", "0.52", "0.137", "0.4..."} {
		g, err := GameByName(code, 4)
		require.NoError(t, err, code)
		games = append(games, g)
	}
	for _, g := range games {
		vals := g.Values(60)
		for m := range vals {
			seen := map[int]bool{}
			for _, o := range g.Options(m) {
				v := 0
				for _, h := range o.Leave {
					v ^= vals[h]
				}
				seen[v] = true
			}
			mex := 0
			for seen[mex] {
				mex++
			}
			require.Equal(t, mex, vals[m], "%s: G(%d)", g, m)
		}
	}
}
