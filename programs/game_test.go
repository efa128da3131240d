package programs

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

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
