package acronim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAcroTakeAndPoison(t *testing.T) {
	v := Variant{}
	s := Start(v)
	assert.Equal(t, South, s.ToMove)
	// Taking the poisoned stone alone loses at once.
	_, out := s.Apply(Move{kind: takeMove, pile: Pile{7, 1}, poison: 1}, v)
	assert.Equal(t, MoverLoses, out)
	// With another stone it is an ordinary take.
	n, out := s.Apply(Move{kind: takeMove, pile: Pile{7, 1}, plain: 1, poison: 1}, v)
	assert.Equal(t, Continues, out)
	assert.Equal(t, []Pile{{5, 0}, {5, 0}, {3, 0}, {1, 0}}, n.Piles)
	assert.Equal(t, 0, n.tokens[South].Passes, "two stones earn no token")
	// Three stones earn a pass token; the turn passes.
	n, _ = s.Apply(Move{kind: takeMove, pile: Pile{5, 0}, plain: 3}, v)
	assert.Equal(t, 1, n.tokens[South].Passes)
	assert.Equal(t, North, n.ToMove)
	// A pile vanishes when empty; the last stone wins.
	last := State{Piles: []Pile{{2, 0}}}
	n, out = last.Apply(Move{kind: takeMove, pile: Pile{2, 0}, plain: 2}, v)
	assert.Equal(t, MoverWins, out)
	assert.Empty(t, n.Piles)
	// The poisoned stone alone as the last stone still loses.
	_, out = State{Piles: []Pile{{1, 1}}}.Apply(Move{kind: takeMove, pile: Pile{1, 1}, poison: 1}, v)
	assert.Equal(t, MoverLoses, out)
	assert.False(t, s.legal(Move{kind: takeMove, pile: Pile{4, 0}, plain: 1}, v), "no such pile")
	assert.False(t, s.legal(Move{kind: takeMove, pile: Pile{3, 0}, plain: 4}, v), "too many stones")
}

func TestAcroPassDraw(t *testing.T) {
	v := Variant{}
	s := State{Piles: []Pile{{4, 0}}, tokens: [2]tokens{{Passes: 1}, {Passes: 1}}}
	require.True(t, s.legal(Move{kind: passMove}, v))
	n, out := s.Apply(Move{kind: passMove}, v)
	assert.Equal(t, Continues, out)
	assert.True(t, n.lastPass)
	assert.Equal(t, 0, n.tokens[South].Passes)
	_, out = n.Apply(Move{kind: passMove}, v)
	assert.Equal(t, Drawn, out, "two passes in succession draw")
	assert.False(t, Start(v).legal(Move{kind: passMove}, v), "no token, no pass")
	s.tokens[South].Passes = 1
	assert.False(t, s.legal(Move{kind: passMove}, Variant{NoPass: true}))
}

func TestAcroSplitAndEqualize(t *testing.T) {
	v := Variant{}
	s := Start(v)
	n, _ := s.Apply(Move{kind: splitMove, pile: Pile{5, 0}}, v)
	assert.Equal(t, []Pile{{7, 1}, {3, 0}, {3, 0}, {2, 0}, {1, 0}}, n.Piles)
	assert.Equal(t, 0, n.tokens[South].Splits)
	assert.False(t, s.legal(Move{kind: splitMove, pile: Pile{7, 1}}, v), "a poisoned pile cannot be split")
	assert.False(t, s.legal(Move{kind: splitMove, pile: Pile{1, 0}}, v))
	// Equalize: 16 stones in 4 piles; the poisoned stone stays on the board.
	n, _ = s.Apply(Move{kind: equalizeMove}, v)
	assert.Equal(t, []Pile{{4, 1}, {4, 0}, {4, 0}, {4, 0}}, n.Piles)
	assert.Equal(t, 0, n.tokens[South].Equalizes)
	assert.Equal(t, 1, n.tokens[North].Equalizes, "each player has one")
	// Uneven: the poison goes into a larger pile.
	assert.Equal(t, []Pile{{4, 1}, {3, 0}, {3, 0}}, levelPiles([]Pile{{1, 1}, {3, 0}, {6, 0}}, 3))
	assert.Equal(t, []Pile{{3, 1}, {3, 1}, {2, 0}}, levelPiles([]Pile{{7, 2}, {1, 0}}, 3))
	// North still has its equalize; South's is spent.
	assert.Contains(t, n.Moves(v), Move{kind: equalizeMove})
	back, _ := n.Apply(Move{kind: takeMove, pile: Pile{4, 0}, plain: 1}, v)
	assert.NotContains(t, back.Moves(v), Move{kind: equalizeMove})
}

// plainMinimax is the simplest possible search: no memo, no canonical
// states, every move tried.
func plainMinimax(s State, v Variant) int {
	best := -2
	for _, m := range s.Moves(v) {
		next, out := s.Apply(m, v)
		val := map[Outcome]int{MoverWins: 1, MoverLoses: -1, Drawn: 0}[out]
		if out == Continues {
			val = -plainMinimax(next, v)
		}
		best = max(best, val)
	}
	if best == -2 {
		return -1
	}
	return best
}

func TestAcroSolverAgreesWithPlainMinimax(t *testing.T) {
	boards := [][]Pile{{{1, 0}, {2, 0}}, {{2, 1}, {1, 0}}, {{3, 1}}, {{1, 0}, {3, 0}}, {{3, 1}, {1, 0}}, {{2, 0}, {2, 1}}, {{4, 0}}, {{1, 0}, {1, 0}, {2, 1}}}
	for _, b := range boards {
		for _, v := range []Variant{{}, {NoPass: true}, {NoSplit: true}, {NoEqualize: true}} {
			s := Start(v)
			s.Piles = NormalizePiles(append([]Pile(nil), b...))
			want := plainMinimax(s, v)
			got := NewSolver(v).value(s)
			assert.Equal(t, want, got, "%v %+v", b, v)
		}
	}
}

// TestAcroWideStates: positions whose key does not fit in 64 bits (eight
// piles and more, also reached by splitting seven) and those of no fixed
// key (four poisoned stones in a pile) are memoised too, and their values
// agree with the plain search.
func TestAcroWideStates(t *testing.T) {
	for _, c := range []struct {
		piles []Pile
		v     Variant
		wide  bool
	}{
		{[]Pile{{1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {2, 1}}, Variant{NoPass: true, NoEqualize: true, NoSplit: true}, false},
		{[]Pile{{1, 0}, {1, 0}, {1, 0}, {1, 1}, {2, 0}, {2, 0}, {2, 0}}, Variant{NoPass: true, NoEqualize: true}, false},
		{[]Pile{{5, 4}, {2, 0}, {1, 0}}, Variant{NoPass: true, NoEqualize: true}, true},
	} {
		s := Start(c.v)
		s.Piles = NormalizePiles(append([]Pile(nil), c.piles...))
		sv := NewSolver(c.v)
		assert.Equal(t, plainMinimax(s, c.v), sv.value(s), "%v", c.piles)
		if c.wide {
			assert.NotEmpty(t, sv.wide, "%v: states of no fixed key memoised", c.piles)
		} else {
			assert.Positive(t, sv.memo2.n, "%v: states of more than seven piles memoised", c.piles)
		}
		n := sv.States()
		sv.value(s)
		assert.Equal(t, n, sv.States(), "valued again from the memo")
	}
}

// TestAcroMemo: the memo tables give back every value put, across their
// growth, and nothing else.
func TestAcroMemo(t *testing.T) {
	m64, m128 := newMemo64(4), newMemo128(4)
	key := func(i int) key128 { return key128{hi: uint64(i) << 40, lo: uint64(i)*0x9E3779B97F4A7C15>>4 | 1} }
	for i := range 5000 {
		m64.put(uint64(i)*7919+1, int8(i%3-1))
		m128.put(key(i), int8(i%3-1))
	}
	assert.Equal(t, 5000, m64.n)
	assert.Equal(t, 5000, m128.n)
	for i := range 5000 {
		v, ok := m64.get(uint64(i)*7919 + 1)
		require.True(t, ok)
		assert.Equal(t, int8(i%3-1), v)
		v, ok = m128.get(key(i))
		require.True(t, ok)
		assert.Equal(t, int8(i%3-1), v)
	}
	_, ok := m64.get(2)
	assert.False(t, ok)
	_, ok = m128.get(key128{hi: 1})
	assert.False(t, ok)
}

func TestAcroSolveStandardAndVariants(t *testing.T) {
	results := map[string]string{}
	for name, v := range map[string]Variant{"standard": {}, "no poison": {NoPoison: true},
		"no equalize": {NoEqualize: true}, "no split": {NoSplit: true}, "no pass": {NoPass: true}} {
		sv := NewSolver(v)
		s := Start(v)
		value, best := sv.BestMoves(s)
		results[name] = Winner(value, s.ToMove)
		assert.Positive(t, sv.States(), name)
		if value != 0 || len(best) > 0 {
			require.NotEmpty(t, best, name)
		}
		// Every best move keeps the value.
		for _, m := range best {
			next, out := s.Apply(m, v)
			if out == Continues {
				assert.Equal(t, value, -sv.value(next), "%s: %v", name, m)
			}
		}
		t.Logf("%s: %s, %d states, best %v", name, results[name], sv.States(), best)
	}
	// With passes, the player facing a lost Nim position can pass and force
	// a draw; without them the first player wins (split and equalize
	// change the parity). The small boards above check the solver against
	// plain minimax.
	assert.Equal(t, map[string]string{"standard": "draw", "no poison": "draw", "no equalize": "draw",
		"no split": "draw", "no pass": "south"}, results)
	// Without the extra rules, Acro-Nim is plain 1-3-5-7 Nim (with a poison
	// stone that only matters if taken alone): lost for South.
	v := Variant{NoPoison: true, NoEqualize: true, NoSplit: true, NoPass: true}
	assert.Equal(t, "north", Winner(NewSolver(v).value(Start(v)), South))
}

func TestAcroString(t *testing.T) {
	s := Start(Variant{})
	assert.Equal(t, "piles 7(1☠) 5 3 1; South: equalize 1, split 1, pass 0; North: equalize 1, split 1, pass 0; South to move", s.String())
	assert.Equal(t, "take 1 + 1 poisoned from a pile of 7 (1 poisoned)", Move{kind: takeMove, pile: Pile{7, 1}, plain: 1, poison: 1}.String())
	assert.Equal(t, "split a pile of 5 into 2 and 3", Move{kind: splitMove, pile: Pile{5, 0}}.String())
}

func BenchmarkSolveAcroNim(b *testing.B) {
	for b.Loop() {
		sv := NewSolver(Variant{})
		sv.value(Start(Variant{}))
	}
}

// BenchmarkSolveAcroNimPiles solves from 1 3 5 7 and from larger piles
// (hp17b acronim solve --piles), reporting the states valued, the time a
// state, the moves a state has on average, the time a move and the memo's
// size: the cost of a state as their number grows, and how much of that
// growth is the states' larger number of moves.
func BenchmarkSolveAcroNimPiles(b *testing.B) {
	for _, c := range []struct {
		name  string
		piles []Pile
	}{
		{"7_1_5_3_1", []Pile{{7, 1}, {5, 0}, {3, 0}, {1, 0}}},
		{"9_1_7_5_3_1", []Pile{{9, 1}, {7, 0}, {5, 0}, {3, 0}, {1, 0}}},
		{"9_1_9_7_5_3_1", []Pile{{9, 1}, {9, 0}, {7, 0}, {5, 0}, {3, 0}, {1, 0}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := Start(Variant{})
			s.Piles = c.piles
			var sv *Solver
			for b.Loop() {
				sv = NewSolver(Variant{})
				sv.value(s)
			}
			b.ReportMetric(float64(sv.States()), "states")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sv.States()), "ns/state")
			b.ReportMetric(float64(sv.moved)/float64(sv.States()), "moves/state")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sv.moved), "ns/move")
			b.ReportMetric(float64(8*len(sv.memo.slots)+16*len(sv.memo2.slots))/(1<<20), "MB-memo")
		})
	}
}
