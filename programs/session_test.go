package programs

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// The model test of the session: random sequences of what the terminal
// and the window do with a game (the person's moves, legal or not, also
// at the calculator's turn, which amends the unanswered move; the
// calculator's answers: a winning move, a resignation, a stopped EVAL, a
// number that is no position, a move the rule refuses; undo, redo, hint,
// and a resume of the kept match through JSON) run against refModel, a
// small model that knows nothing of Match: the game is a stack of the
// states where the person was to move, the state now, and the states
// undone. After every step the session's position, turn, outcome,
// resignation, Undo and Redo availability equal the model's.

// refState is one state of the model's game.
type refState struct {
	pos      Position
	turn     Side
	outcome  Outcome
	resigned bool
}

// refModel is the reference: past are the states undo goes back to, the
// latest last; future those redo plays again, the next last.
type refModel struct {
	g            *Game
	past, future []refState
	cur          refState
}

func (r *refModel) over() bool { return r.cur.outcome != Playing }

// moved is the state after by's move to q (the game decides the winner).
func (r *refModel) moved(by Side, q Position) refState {
	s := refState{pos: slices.Clone(q), turn: 1 - by}
	if over, moverWon := r.g.Ended(q, 0); over {
		s.outcome = CalculatorWon
		if (by == Person) == moverWon {
			s.outcome = PersonWon
		}
	}
	return s
}

// person is the person's move to q: legal at the person's turn from the
// position, at the calculator's turn (an amendment) from the position
// before the unanswered move, and back to that position takes it back.
func (r *refModel) person(q Position) bool {
	switch {
	case r.over():
		return false
	case r.cur.turn == Person:
		if !r.g.Legal(r.cur.pos, q, 0) {
			return false
		}
		r.past, r.future = append(r.past, r.cur), nil
	default:
		before := r.past[len(r.past)-1]
		if slices.Equal(before.pos, q) {
			r.past, r.cur, r.future = r.past[:len(r.past)-1], before, nil
			return true
		}
		if !r.g.Legal(before.pos, q, 0) {
			return false
		}
		r.future = nil
	}
	r.cur = r.moved(Person, q)
	return true
}

// calculator is the calculator's move to q (nil: it resigns), at its turn
// or as the opening.
func (r *refModel) calculator(q Position) bool {
	opening := r.cur.turn == Person && len(r.past) == 0
	if r.over() || r.cur.turn == Person && !opening {
		return false
	}
	if q != nil && !r.g.Legal(r.cur.pos, q, 0) {
		return false
	}
	if opening {
		r.past = append(r.past, r.cur)
	}
	r.future = nil
	if q == nil {
		r.cur.outcome, r.cur.resigned = PersonWon, true
		return true
	}
	r.cur = r.moved(Calculator, q)
	return true
}

func (r *refModel) undo() bool {
	if len(r.past) == 0 {
		return false
	}
	top := r.past[len(r.past)-1]
	redo := r.cur
	if redo.resigned { // a resignation is not played again: the move before it is
		redo = refState{pos: redo.pos, turn: Calculator}
	}
	if !slices.Equal(redo.pos, top.pos) {
		r.future = append(r.future, redo)
	}
	r.cur, r.past = top, r.past[:len(r.past)-1]
	return true
}

func (r *refModel) redo() bool {
	if len(r.future) == 0 || r.over() {
		return false
	}
	r.past = append(r.past, r.cur)
	r.cur, r.future = r.future[len(r.future)-1], r.future[:len(r.future)-1]
	return true
}

// check compares the session with the model.
func (r *refModel) check(t *testing.T, s *Session, where string) {
	m, v := s.Match, s.View()
	require.Equal(t, r.cur.pos, m.Position, where+": position")
	require.Equal(t, r.cur.outcome, m.Outcome, where+": outcome")
	require.Equal(t, r.cur.resigned, m.Resigned, where+": resigned")
	if !r.over() {
		require.Equal(t, r.cur.turn, m.Turn, where+": turn")
	}
	require.Equal(t, len(r.past) > 0, v.CanUndo, where+": undo")
	require.Equal(t, len(r.future) > 0 && !r.over(), v.CanRedo, where+": redo")
	require.Len(t, v.Labels, len(m.Position), where+": labels")
}

// randomTo is a position to try from p: most often a legal move, else one
// heap changed anyhow.
func randomTo(r *rand.Rand, g *Game, p Position) Position {
	if moves := g.Moves(p, 0); len(moves) > 0 && r.IntN(4) > 0 {
		return moves[r.IntN(len(moves))]
	}
	q := slices.Clone(p)
	q[r.IntN(len(q))] = r.IntN(g.Max + 2)
	return q
}

func TestSessionModel(t *testing.T) {
	for _, id := range []string{"nim", "nim-misere"} {
		prog, err := ByID(id)
		require.NoError(t, err)
		for seed := range uint64(60) {
			r := rand.New(rand.NewPCG(seed, 57))
			s, err := NewSession(prog, 0)
			require.NoError(t, err)
			ref := &refModel{g: prog.Game, cur: refState{pos: slices.Clone(Position(prog.Game.Start))}}
			var steps []string
			for range 80 {
				what := sessionStep(t, r, s, ref)
				steps = append(steps, what)
				if what == "resume" {
					s = resumed(t, s)
				}
				ref.check(t, s, fmt.Sprintf("%s seed %d: %v", id, seed, steps))
			}
		}
	}
}

// sessionStep does one random step on the session and the model, checks
// the event against the model, and names the step.
func sessionStep(t *testing.T, r *rand.Rand, s *Session, ref *refModel) string {
	g, m := s.Game, s.Match
	switch r.IntN(7) {
	case 0, 1: // the person's move
		from := m.Position
		if m.Turn == Calculator && len(m.Moves) > 0 && r.IntN(3) == 0 {
			from = m.Moves[len(m.Moves)-1].From // an amendment, or taking it back
		}
		q := randomTo(r, g, from)
		if r.IntN(8) == 0 {
			q = slices.Clone(from)
		}
		ev := s.Move(q)
		require.Equal(t, ref.person(q), ev.Kind != Refused, "move to %v: %v", q, ev.Err)
		return fmt.Sprintf("move %v", q)
	case 2: // the calculator's answer, as the terminal's player or the window's run gives it
		before := slices.Clone(m.Position)
		t1 := GameTurn{Before: before, After: before, Readable: true}
		kind := r.IntN(6)
		switch kind {
		case 0:
			t1.Err = errors.New("interrupted")
		case 1:
			t1.Readable, t1.After, t1.Moved = false, nil, true
		case 2: // resigns
		case 3:
			t1.After, t1.Moved = randomTo(r, g, before), true
		default:
			if q, ok := m.Hint(); ok {
				t1.After, t1.Moved = q, true
			}
		}
		t1.Value = hp17b.FromInt(g.Number(t1.After))
		ev := s.Answer(t1, true)
		switch {
		case kind == 0:
			require.Equal(t, Stopped, ev.Kind)
		case kind == 1:
			require.Equal(t, Unreadable, ev.Kind)
		case !t1.Moved:
			require.Equal(t, ref.calculator(nil), ev.Kind == Resigned, "resign: %v", ev.Err)
		default:
			require.Equal(t, ref.calculator(t1.After), ev.Kind == Moved, "answer %v: %v", t1.After, ev.Err)
			require.Equal(t, NoNote, ev.Note)
		}
		require.Equal(t, before, s.Evaluated)
		return fmt.Sprintf("answer%d %v", kind, t1.After)
	case 3:
		ev := s.Undo()
		require.Equal(t, ref.undo(), ev.Kind == Undone)
		return "undo"
	case 4:
		ev := s.Redo()
		require.Equal(t, ref.redo(), ev.Kind == Redone)
		return "redo"
	case 5:
		ev := s.Hint()
		switch {
		case ref.over():
			require.ErrorIs(t, ev.Err, ErrGameOver)
		case ref.cur.turn == Calculator:
			require.ErrorIs(t, ev.Err, ErrNotYourTurn)
		case ev.Kind == Hinted:
			require.True(t, g.Legal(ref.cur.pos, ev.To, 0), "hint %v", ev.To)
			over, moverWon := g.Ended(ev.To, 0)
			w, err := g.Winning(ev.To, 0)
			require.NoError(t, err)
			require.True(t, over && moverWon || !over && !w, "hint %v wins", ev.To)
		default:
			require.Equal(t, NoHint, ev.Kind)
			for _, q := range g.Moves(ref.cur.pos, 0) {
				over, moverWon := g.Ended(q, 0)
				w, _ := g.Winning(q, 0)
				require.False(t, over && moverWon || !over && !w, "no hint, but %v wins", q)
			}
		}
		return "hint"
	}
	return "resume"
}

// resumed is s kept as JSON and taken on again, as both front-ends do.
func resumed(t *testing.T, s *Session) *Session {
	b, err := json.Marshal(s.Match)
	require.NoError(t, err)
	r, err := DecodeMatch(b)
	require.NoError(t, err)
	again, err := json.Marshal(r.Match)
	require.NoError(t, err)
	require.JSONEq(t, string(b), string(again), "the match resumed is the match kept")
	k, err := json.Marshal(Kept{Schema: KeptSchema, Last: s.Prog.ID, Games: map[string]KeptGame{s.Prog.ID: {Match: *s.Match}}})
	require.NoError(t, err)
	_, err = DecodeKept(k)
	require.NoError(t, err)
	return r
}

// TestSessionResumeRefuses: a kept match that is damaged or foreign (not
// JSON, another program's, a program this hp17b lacks, moves that do not
// lead to it, a move the rule refuses) is never taken on, by either
// reader: DecodeMatch (the window's section) and DecodeKept (the
// terminal's file).
func TestSessionResumeRefuses(t *testing.T) {
	good := `{"program":"nim","position":[1,3,5,6],"turn":1,"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,5,6]}],"outcome":0}`
	_, err := DecodeMatch([]byte(good))
	require.NoError(t, err)
	for _, c := range []struct{ name, match, err string }{
		{"not JSON", `{"program":`, "unexpected end of JSON"},
		{"unknown program", `{"program":"nope","position":[1],"moves":[]}`, "nope"},
		{"not a game", `{"program":"tvm","position":[1],"moves":[]}`, ""},
		{"position not reached", `{"program":"nim","position":[1,3,4,6],"turn":1,"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,5,6]}],"outcome":0}`, "its moves lead to 1356"},
		{"illegal move", `{"program":"nim","position":[1,3,4,2],"turn":1,"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,4,2]}],"outcome":0}`, "move 1 (1357 to 1342)"},
		{"a K where none is", `{"program":"nim","k":4,"position":[1,3,5,7],"moves":[]}`, "nim has no K"},
	} {
		_, err := DecodeMatch([]byte(c.match))
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.err, c.name)
		if json.Valid([]byte(c.match)) {
			_, err = DecodeKept([]byte(`{"schema":1,"games":{"nim":{"match":` + c.match + `}}}`))
			require.Error(t, err, c.name)
		}
	}
	// Foreign: NIM's game kept under NIMM's name.
	_, err = DecodeKept([]byte(`{"schema":1,"games":{"nim-misere":{"match":` + good + `}}}`))
	require.ErrorContains(t, err, `kept under nim-misere but is a game of "nim"`)
}

// TestSessionEvents: the events of the steps both front-ends word, with
// the notes the terminal and the window add.
func TestSessionEvents(t *testing.T) {
	prog, err := ByID("nim")
	require.NoError(t, err)
	s, err := NewSession(prog, 0)
	require.NoError(t, err)
	ev := s.Move(Position{1, 3, 5, 6})
	assert.Equal(t, Event{Kind: Moved, By: Person, From: Position{1, 3, 5, 7}, To: Position{1, 3, 5, 6}}, ev)
	ev = s.Answer(GameTurn{Before: Position{1, 3, 5, 6}, After: Position{1, 3, 4, 6}, Readable: true, Display: "SOLUTION NOT FOUND"}, true)
	assert.Equal(t, Moved, ev.Kind)
	assert.Equal(t, PlusNote, ev.Note, "the 17bII+: moved, but SOLUTION NOT FOUND")
	assert.Contains(t, ev.Note.String(), "17bII+")
	ev = s.Move(Position{1, 3, 3, 6})
	require.Equal(t, Moved, ev.Kind)
	ev = s.Answer(GameTurn{Before: Position{1, 3, 3, 6}, After: Position{1, 3, 3, 1}, Readable: true, Moved: true, Value: hp17b.FromInt(1339)}, true)
	assert.Equal(t, SpellNote, ev.Note, "the display says 1339, the heaps 1331")
	ev = s.Move(Position{1, 3, 3, 0})
	require.Equal(t, Moved, ev.Kind)
	ev = s.Move(Position{1, 3, 3, 1})
	assert.Equal(t, TookBack, ev.Kind, "the unanswered move taken back")
	ev = s.Hint()
	assert.Equal(t, NoHint, ev.Kind, "1331 is lost for the player to move")
	assert.Equal(t, Person, s.Match.Turn)

	// Held and Observe read a calculator's variables (the window's).
	vals := prog.Game.ValuesOf(Position{1, 3, 3, 1}, 0)
	assert.Equal(t, Nothing, s.Held(vals).Kind)
	vals["D"] = hp17b.FromInt(0)
	assert.Equal(t, Moved, s.Held(vals).Kind)
	evs := s.Observe(prog.Game.ValuesOf(Position{1, 3, 3, 0}, 0), prog.Game.ValuesOf(Position{1, 2, 3, 0}, 0), true, nil)
	require.Len(t, evs, 1)
	assert.Equal(t, Moved, evs[0].Kind)
	assert.Equal(t, Calculator, evs[0].By)
	evs = s.Observe(prog.Game.ValuesOf(Position{1, 2, 2, 0}, 0), prog.Game.ValuesOf(Position{1, 2, 2, 0}, 0), false, nil)
	require.Len(t, evs, 2, "the person's move, then the resignation")
	assert.Equal(t, Resigned, evs[1].Kind)
	reason, winner, _ := s.Match.Ending()
	assert.Equal(t, "", reason)
	assert.Equal(t, "you win", winner)
}

// TestEnding: the outcome's words, as the terminal and the window say
// them.
func TestEnding(t *testing.T) {
	for _, c := range []struct {
		id      string
		moves   []Position // alternately the person's and the calculator's
		reason  string
		winner  string
		emptied bool
	}{
		{"nim", []Position{{1, 3, 5, 6}, {1, 3, 4, 6}, {1, 3, 3, 6}, {1, 3, 3, 1}, {0, 3, 3, 1}, {0, 2, 3, 1}, {0, 2, 2, 1}, {0, 2, 2, 0}, {0, 1, 2, 0}, {0, 1, 1, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}},
			"You have no move left", "the calculator wins", true},
		{"nim-misere", []Position{{1, 3, 5, 6}, {1, 3, 4, 6}, {1, 3, 3, 6}, {1, 3, 3, 1}, {0, 3, 3, 1}, {0, 2, 3, 1}, {0, 2, 2, 1}, {0, 2, 2, 0}, {0, 1, 2, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}},
			"You took the last object", "the calculator wins", false},
	} {
		prog, err := ByID(c.id)
		require.NoError(t, err)
		m, err := NewMatch(prog, 0)
		require.NoError(t, err)
		for i, q := range c.moves {
			require.NoError(t, m.Play(Side(i%2), q), "%s move %d", c.id, i+1)
		}
		require.True(t, m.Over(), c.id)
		reason, winner, emptied := m.Ending()
		assert.Equal(t, []any{c.reason, c.winner, c.emptied}, []any{reason, winner, emptied}, c.id)
	}
}

// TestMatchString: the game in words for the page's #game element, the
// winner in Ending's words.
func TestMatchString(t *testing.T) {
	prog, err := ByID("nim")
	require.NoError(t, err)
	m, err := NewMatch(prog, 0)
	require.NoError(t, err)
	assert.Equal(t, "NIM 1357: your move", m.String())
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	assert.Equal(t, "NIM 1356: the calculator's move", m.String())
	require.NoError(t, m.Resign())
	assert.Equal(t, "NIM 1356: you win (the calculator resigned)", m.String())
}

// FuzzDecodeMatch feeds any bytes to the one reader of a kept match (the
// window's section, the page's #game; DecodeKept reads the terminal's
// file through the same check): it never panics, and a match it takes on
// is one its moves reach, kept again as it was read.
func FuzzDecodeMatch(f *testing.F) {
	for _, s := range []string{
		`{"program":"nim","position":[1,3,5,6],"turn":1,"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,5,6]}],"outcome":0}`,
		`{"program":"kayles","position":[1,3,5,7],"moves":[],"undone":[{"by":0,"from":[1,3,5,7],"to":[1,3,5,6,0,0,0,0,0,0,0,0,0,0]}]}`,
		`{"program":"subk","k":3,"position":[7],"moves":[]}`,
		`{"program":"nim","position":[],"moves":[{"by":1,"from":[],"to":[-1]}],"resigned":true}`,
		`{"program":"dawson","position":[9,9,9,9,9,9,9,9,9,9,9,9,9],"moves":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := DecodeMatch(b)
		if err != nil {
			return
		}
		require.NoError(t, CheckMatch(s.Match.Program, s.Match))
		again, err := json.Marshal(s.Match)
		require.NoError(t, err)
		r, err := DecodeMatch(again)
		require.NoError(t, err)
		require.Equal(t, s.Match.Position, r.Match.Position)
		s.View()
		s.Hint()
	})
}
