package programs

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/solver"
)

func newMatch(t *testing.T, id string) *Match {
	t.Helper()
	p, err := ByID(id)
	require.NoError(t, err)
	m, err := NewMatch(p, 0)
	require.NoError(t, err)
	return m
}

// TestMatchPlay plays the NIM post's opening (seed "(17B) NIM": 1357, the
// person takes D to 6, the calculator answers 1346) and the moves a
// person gets wrong.
func TestMatchPlay(t *testing.T) {
	m := newMatch(t, "nim")
	assert.Equal(t, Position{1, 3, 5, 7}, m.Position)
	assert.Equal(t, Person, m.Turn)
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	assert.Equal(t, Calculator, m.Turn)
	// The person changes their mind before EVAL: the move is amended.
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 2}))
	assert.Len(t, m.Moves, 1)
	assert.EqualError(t, m.Check(Person, Position{1, 3, 4, 2}), "C was 5: a move takes from one heap only")
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	require.NoError(t, m.Play(Calculator, Position{1, 3, 4, 6}))
	assert.Equal(t, Person, m.Turn)
	assert.Equal(t, []Move{{Person, Position{1, 3, 5, 7}, Position{1, 3, 5, 6}}, {Calculator, Position{1, 3, 5, 6}, Position{1, 3, 4, 6}}}, m.Moves)

	for _, tc := range []struct {
		by   Side
		to   Position
		want string
	}{
		{Person, Position{1, 3, 4, 7}, "D was 6: a move takes objects away, never adds them"},
		{Person, Position{0, 2, 4, 6}, "B was 3: a move takes from one heap only"},
		{Person, Position{1, 3, 4, 6}, "no heap changed: a move takes at least one object"},
		{Calculator, Position{1, 3, 4, 5}, ErrNotItsTurn.Error()},
	} {
		assert.EqualError(t, m.Check(tc.by, tc.to), tc.want, tc.to)
	}
}

func TestMatchOutcomes(t *testing.T) {
	for _, tc := range []struct {
		id    string
		moves []Position // alternate person, calculator
		want  Outcome
	}{
		{"nim", []Position{{1, 3, 5, 0}, {1, 3, 2, 0}, {0, 3, 2, 0}, {0, 2, 2, 0}, {0, 0, 2, 0}, {0, 0, 0, 0}}, CalculatorWon},
		{"nim", []Position{{1, 3, 5, 0}, {1, 3, 2, 0}, {0, 3, 2, 0}, {0, 2, 2, 0}, {0, 2, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}}, PersonWon},
		{"nim-misere", []Position{{1, 3, 5, 0}, {1, 3, 2, 0}, {0, 3, 2, 0}, {0, 2, 2, 0}, {0, 0, 2, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}}, CalculatorWon},
	} {
		m := newMatch(t, tc.id)
		for i, p := range tc.moves {
			require.NoError(t, m.Play(Side(i%2), p), "%s move %d", tc.id, i)
		}
		assert.Equal(t, tc.want, m.Outcome, tc.id)
		assert.ErrorIs(t, m.Check(Person, Position{0, 0, 0, 0}), ErrGameOver)
	}
}

func TestMatchOpeningAndResign(t *testing.T) {
	m := newMatch(t, "n567") // the first player wins 5-6-7: the calculator may open
	require.NoError(t, m.Play(Calculator, Position{5, 6, 3}))
	assert.Equal(t, Person, m.Turn)
	assert.True(t, m.Undo())
	assert.Equal(t, Person, m.Turn, "back at the start, the person may move or let the calculator open")
	assert.Empty(t, m.Moves)
	assert.True(t, m.Redo())
	assert.Equal(t, Position{5, 6, 3}, m.Position)

	m = newMatch(t, "nim")
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	require.NoError(t, m.Play(Calculator, Position{1, 3, 4, 6}))
	require.NoError(t, m.Play(Person, Position{1, 3, 4, 5}))
	require.NoError(t, m.Resign())
	assert.Equal(t, PersonWon, m.Outcome)
	assert.True(t, m.Undo(), "the resignation and the move before it")
	assert.Equal(t, Playing, m.Outcome)
	assert.Equal(t, Position{1, 3, 4, 6}, m.Position)
	assert.Equal(t, Person, m.Turn)
}

func TestMatchUndoRedo(t *testing.T) {
	m := newMatch(t, "nim")
	assert.False(t, m.Undo())
	assert.False(t, m.Redo())
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	require.NoError(t, m.Play(Calculator, Position{1, 3, 4, 6}))
	require.NoError(t, m.Play(Person, Position{1, 3, 4, 2}))
	require.NoError(t, m.Play(Calculator, Position{1, 3, 0, 2}))
	require.True(t, m.Undo())
	assert.Equal(t, Position{1, 3, 4, 6}, m.Position)
	assert.Len(t, m.Moves, 2)
	require.True(t, m.Undo())
	assert.Equal(t, Position{1, 3, 5, 7}, m.Position)
	require.True(t, m.Redo())
	assert.Equal(t, Position{1, 3, 4, 6}, m.Position)
	assert.Equal(t, Person, m.Turn)
	// A new move forgets what was undone.
	require.NoError(t, m.Play(Person, Position{1, 3, 4, 5}))
	assert.False(t, m.Redo())
	// The person's unanswered move is undone alone.
	require.True(t, m.Undo())
	assert.Equal(t, Position{1, 3, 4, 6}, m.Position)
	assert.Equal(t, Person, m.Turn)
}

func TestMatchHint(t *testing.T) {
	m := newMatch(t, "nim")
	_, ok := m.Hint()
	assert.False(t, ok, "1357 has nim-sum 0: every move loses")
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	require.NoError(t, m.Play(Calculator, Position{1, 3, 4, 6}))
	require.NoError(t, m.Play(Person, Position{1, 3, 4, 5}))
	h, ok := m.Hint() // the calculator's turn: its winning answer
	require.True(t, ok)
	assert.Zero(t, 1^3^4^5^(h[0]^h[1]^h[2]^h[3])^(1^3^4^5), "a hint leaves nim-sum 0")
	assert.Zero(t, h[0]^h[1]^h[2]^h[3])
	_, g, err := m.Game()
	require.NoError(t, err)
	assert.True(t, g.Legal(m.Position, h, m.K), "the hint %v is one move from %v", h, m.Position)
	assert.NoError(t, m.Check(Calculator, h))
}

// TestMatchJSON: a game kept in continuous memory comes back the same.
func TestMatchJSON(t *testing.T) {
	m := newMatch(t, "subk")
	assert.Equal(t, 3, m.K)
	require.NoError(t, m.Play(Person, Position{3, 5, 5}))
	b, err := json.Marshal(m)
	require.NoError(t, err)
	var back Match
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, *m, back)
	back.Program = "nope"
	assert.Error(t, back.Check(Person, Position{3, 5, 4}))
}

// TestMatchWhy: after the calculator's EVAL the why view shows the
// equation's own bits beside the native nim-sum of the position it
// answered (1356: nim-sum 1^3^5^6 = 1, binary 001, E0=1).
func TestMatchWhy(t *testing.T) {
	prog, err := ByID("nim")
	require.NoError(t, err)
	m, err := NewMatch(prog, 0)
	require.NoError(t, err)
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	pl, err := NewGamePlayer(prog, nil)
	require.NoError(t, err)
	vars := solver.NewVars()
	turn := pl.Answer(context.Background(), vars, m.Position, 0)
	require.True(t, turn.Moved)
	require.NoError(t, m.Play(Calculator, turn.After))
	why := strings.Join(m.Why(vars), "\n")
	assert.Contains(t, why, "Position 1356 (what EVAL answered)")
	assert.Contains(t, why, "D     6      110     D0=0 D1=2 D2=4\n")
	assert.Contains(t, why, "sum   1      001     E0=1 E1=0 E2=0\n")
	assert.Contains(t, why, "E0+E1+E2 = 1: the equation's nim-sum")
	assert.Contains(t, why, "Winning move: leave A=1 B=3 C=4 D=6")
	// Without the equation's variables: the board now, nim-sum 0.
	why = strings.Join(m.Why(nil), "\n")
	assert.Contains(t, why, "Position 1346\n")
	assert.Contains(t, why, "Every move loses")
}
