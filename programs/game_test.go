package programs

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// TestGameProgramsAgree runs every heap-game program over its domain: no
// position is answered wrong, and from every start the person loses the
// program wins every game.
func TestGameProgramsAgree(t *testing.T) {
	for _, p := range All() {
		if p.Game == nil {
			continue
		}
		t.Run(p.ID, func(t *testing.T) {
			rep, err := Compare(context.Background(), p, nil, solver.Model17BII)
			require.NoError(t, err)
			var b strings.Builder
			rep.WriteText(&b)
			t.Log(b.String())
			if p.ID == "nim-as-transcribed" {
				// The forum's listing moves right everywhere, but shows a
				// wrong number wherever E0×E1×E2×(new heap) is not 0.
				require.NotEmpty(t, rep.Mismatches)
				for _, m := range rep.Mismatches {
					assert.Equal(t, "the display is not the position", m.Why, m.Position)
				}
				for _, g := range rep.Games {
					assert.True(t, g.AlwaysWins)
				}
			} else {
				assert.Zero(t, rep.Disagree, b.String())
				assert.True(t, rep.OK(), b.String())
			}
			assert.Equal(t, rep.Positions, rep.Won+rep.Lost)
			assert.Positive(t, rep.Won)
			assert.Positive(t, rep.Lost)
			for _, g := range rep.Games {
				// Every game ends, also where the person is left no move.
				assert.Positive(t, g.Games, "K=%d", g.K)
			}
		})
	}
}

// TestCompareCatchesFaults breaks each kind of program in one place
// and expects the comparison to say so.
func TestCompareCatchesFaults(t *testing.T) {
	for _, tc := range []struct{ id, from, to string }{
		{"take14", "D-1:D-4", "D-1:D-3"},               // an illegal move
		{"n567", "MOD(G(O)+1:2)):IF(B>1", "0):IF(B>1"}, // the misère ending forgotten for C
		{"kayles", "4123413210", "4123413200"},         // a wrong Grundy value (row 1)
		{"subk", "L(M:K+1)", "L(M:K+2)"},               // the wrong modulus
	} {
		t.Run(tc.id, func(t *testing.T) {
			p, err := ByID(tc.id)
			require.NoError(t, err)
			require.Contains(t, p.Text(), tc.from)
			eqs, err := solver.ParseFile(p.File, strings.Replace(p.Text(), tc.from, tc.to, 1))
			require.NoError(t, err)
			rep, err := Compare(context.Background(), p, eqs[0], solver.Model17BII)
			require.NoError(t, err)
			assert.Positive(t, rep.Disagree)
			assert.False(t, rep.OK())
			require.NotEmpty(t, rep.Mismatches)
			assert.NotEmpty(t, rep.Mismatches[0].Why)
		})
	}
}

func TestGameLegalAndMoves(t *testing.T) {
	kayles, err := ByID("kayles")
	require.NoError(t, err)
	n567, err := ByID("n567")
	require.NoError(t, err)
	for _, tc := range []struct {
		g             *Game
		before, after Position
		legal         bool
	}{
		{n567.Game, Position{5, 6, 7}, Position{5, 6, 3}, true},
		{n567.Game, Position{5, 6, 7}, Position{5, 5, 3}, false}, // two heaps
		{n567.Game, Position{5, 6, 7}, Position{5, 6, 8}, false}, // grows
		{n567.Game, Position{5, 6, 7}, Position{5, 6, 7}, false}, // no move
		{kayles.Game, Position{1, 3, 5, 7}, Position{1, 3, 2, 7, 2}, true},
		{kayles.Game, Position{1, 3, 5, 7}, Position{1, 3, 5, 6}, true},
		{kayles.Game, Position{1, 3, 5, 7}, Position{1, 3, 5, 4}, false}, // takes 3
		{kayles.Game, Position{1, 3, 5, 7}, Position{1, 3, 5, 3, 3}, true},
		{kayles.Game, Position{1, 3, 5, 7}, Position{1, 3, 5, 3, 2}, true},  // 2 pins, split
		{kayles.Game, Position{1, 3, 5, 7}, Position{1, 3, 5, 4, 4}, false}, // nothing taken
	} {
		assert.Equal(t, tc.legal, tc.g.Legal(tc.before, tc.after, 0), "%v → %v", tc.before, tc.after)
	}
	for _, q := range kayles.Game.Moves(Position{3}, 0) {
		assert.True(t, kayles.Game.Legal(Position{3}, q, 0), "%v", q)
	}
	assert.Equal(t, []Position{{2}, {1, 1}, {1}}, kayles.Game.Moves(Position{3}, 0)) // a row of 3 leaves 2, 1 and 1, or 1
	p, ok := kayles.Game.Unpack(hp17b.FromInt(13272))
	assert.True(t, ok)
	assert.Equal(t, Position{1, 3, 2, 7, 2}, p)
	_, ok = kayles.Game.Unpack(hp17b.FromInt(-5))
	assert.False(t, ok)
	_, ok = kayles.Game.Unpack(hp17b.FromInt(1_000_000_000_000))
	assert.False(t, ok)
}

// BenchmarkCompare times each game program's whole comparison (its
// domain and its games), as `hp17b compare ID` runs it.
func BenchmarkCompare(b *testing.B) {
	for _, p := range All() {
		b.Run(p.ID, func(b *testing.B) {
			for b.Loop() {
				rep, err := Compare(context.Background(), p, nil, solver.Model17BII)
				if err != nil || !rep.OK() {
					b.Fatal(err, rep.Disagree)
				}
			}
		})
	}
}

// BenchmarkGameEVAL times one EVAL of each heap-game program from its
// start on fresh variables (the calculator's answer to one move).
func BenchmarkGameEVAL(b *testing.B) {
	for _, p := range All() {
		if p.Game == nil {
			continue
		}
		b.Run(p.ID, func(b *testing.B) {
			eq, err := p.Equation()
			require.NoError(b, err)
			pl, err := NewGamePlayer(p, eq)
			require.NoError(b, err)
			k := p.Game.ParamDefault
			for b.Loop() {
				pl.AnswerFresh(context.Background(), Position(p.Game.Start), k)
			}
		})
	}
}

func TestTakeAt(t *testing.T) {
	lib := map[string]*Game{}
	for _, p := range All() {
		lib[p.ID] = p.Game
	}
	for _, tc := range []struct {
		id      string
		p       Position
		h, j    int
		want    Position
		wantErr string
	}{
		{"pnim", Position{1, 3, 5, 7}, 3, 2, Position{1, 3, 5, 2}, ""},
		{"pnim", Position{1, 3, 5, 7}, 0, 0, Position{3, 5, 7}, ""},         // the heap emptied goes
		{"kayles", Position{1, 3, 5, 7}, 3, 3, Position{1, 3, 5, 3, 3}, ""}, // the middle pin
		{"kayles", Position{1, 3, 5, 7}, 3, 6, Position{1, 3, 5, 6}, ""},    // the last pin
		{"kayles", Position{1, 3, 5, 7}, 3, 5, Position{1, 3, 5, 5}, ""},    // the last two
		{"dawson", Position{1, 3, 5, 7}, 3, 2, Position{1, 3, 5, 2, 3}, ""}, // pins 3 and 4
		{"dawson", Position{1, 3, 5, 7}, 0, 0, nil, "does not allow"},
		{"take14", Position{1, 3, 5, 7}, 3, 3, Position{1, 3, 5, 3}, ""},
		{"take14", Position{1, 3, 5, 7}, 3, 4, nil, "does not allow"}, // takes 3
		{"n567", Position{5, 6, 7}, 2, 0, Position{5, 6, 0}, ""},
		{"n567", Position{5, 6, 7}, 2, 7, nil, "there is no match 8 in C"}, // named as the panel labels it
		{"lasker", Position{9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}, 0, 4, Position{4, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}, ""},
	} {
		q, err := lib[tc.id].TakeAt(tc.p, tc.h, tc.j, 0)
		if tc.wantErr != "" {
			assert.ErrorContains(t, err, tc.wantErr, "%s %v %d %d", tc.id, tc.p, tc.h, tc.j)
			continue
		}
		require.NoError(t, err, "%s %v %d %d", tc.id, tc.p, tc.h, tc.j)
		assert.Equal(t, tc.want, q, "%s %v %d %d", tc.id, tc.p, tc.h, tc.j)
	}
	over, won := lib["dawson"].Ended(Position{1, 1, 1, 1}, 0)
	assert.True(t, over)
	assert.True(t, won)
	over, won = lib["n567"].Ended(Position{0, 0, 0}, 0)
	assert.True(t, over)
	assert.False(t, won)
	over, _ = lib["n567"].Ended(Position{0, 0, 1}, 0)
	assert.False(t, over)
}
