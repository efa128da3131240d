package acronim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGamePlay: South's move, then the solver's answer as North, its
// first best move; a losing move ends the game at once with no answer
// and leaves the position as it was; a move not in the list is refused.
func TestGamePlay(t *testing.T) {
	g := NewGame(Variant{})
	moves := g.Moves()
	require.Len(t, moves, 25, "the 25 moves acronim play lists from 1 3 5 7")
	start := g.State.String()

	// Move 7 of the list: the poisoned stone alone, which loses.
	turns, err := g.Play(moves[6])
	require.NoError(t, err)
	assert.Equal(t, []Turn{{By: South, Move: moves[6], Outcome: MoverLoses}}, turns)
	assert.Equal(t, "take 1 poisoned alone from a pile of 7 (1 poisoned) (loses)", turns[0].Move.String())
	assert.Equal(t, start, g.State.String())

	// An ordinary move: South's, then North's best.
	g = NewGame(Variant{NoPass: true})
	m := g.Moves()[0]
	after, out := g.State.Apply(m, g.Variant)
	require.Equal(t, Continues, out)
	_, best := NewSolver(g.Variant).BestMoves(after)
	turns, err = g.Play(m)
	require.NoError(t, err)
	require.Len(t, turns, 2)
	assert.Equal(t, Turn{By: South, Move: m, Outcome: Continues}, turns[0])
	assert.Equal(t, Turn{By: North, Move: best[0], Outcome: Continues}, turns[1])
	assert.Equal(t, South, g.State.ToMove)

	_, err = g.Play(Move{kind: takeMove, pile: Pile{Stones: 31}, plain: 9})
	assert.ErrorContains(t, err, "is not a legal move now")
}

// TestGameEnds: South playing the first move of every list meets the
// solver's answers until the game ends; each turn is South's then
// North's, and the game ends within the moves the stones allow.
func TestGameEnds(t *testing.T) {
	for _, v := range []Variant{{}, {NoPass: true}, {NoPoison: true, NoEqualize: true, NoSplit: true, NoPass: true}} {
		g := NewGame(v)
		var last Turn
		for range 200 {
			turns, err := g.Play(g.Moves()[0])
			require.NoError(t, err)
			require.NotEmpty(t, turns)
			for i, tn := range turns {
				assert.Equal(t, Side(i), tn.By)
			}
			last = turns[len(turns)-1]
			if last.Outcome != Continues {
				break
			}
		}
		assert.NotEqual(t, Continues, last.Outcome, "%+v", v)
	}
}

// TestParsePiles: acronim solve's --piles, and what it refuses.
func TestParsePiles(t *testing.T) {
	tests := []struct {
		in   string
		want []Pile
		err  string
	}{
		{"7/1 5 3 1", []Pile{{7, 1}, {5, 0}, {3, 0}, {1, 0}}, ""},
		{"3/1", []Pile{{3, 1}}, ""},
		{"31,31 31", []Pile{{31, 0}, {31, 0}, {31, 0}}, ""},
		{"3/3", []Pile{{3, 3}}, ""},
		{"3/4", nil, `pile "3/4": want STONES or STONES/POISONED, 1 to 31 stones, at most 3 poisoned`},
		{"5/4", nil, "at most 3 poisoned"},
		{"32", nil, `pile "32"`},
		{"0", nil, `pile "0"`},
		{"x", nil, `pile "x"`},
		{"3/-1", nil, `pile "3/-1"`},
		{"", nil, "want 1 to 7 piles"},
		{"1 1 1 1 1 1 1 1", nil, "want 1 to 7 piles"},
	}
	for _, tt := range tests {
		got, err := ParsePiles(tt.in)
		if tt.err != "" {
			assert.ErrorContains(t, err, tt.err, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
}
