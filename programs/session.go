package programs

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Session is one game of a game program as every front-end plays it (the
// terminal's hp17b play, the window's heaps panel): the match, its
// program, and the position the calculator's last EVAL answered. Each
// step (Move, Answer, Undo, Redo, Hint) changes the match by the rules of
// Match and returns an Event that the front-end only words and draws; a
// kept game is taken on only through Resume, which plays its moves again
// from the start. A Session has one owner and is not safe for concurrent
// use.
type Session struct {
	Prog  Program
	Game  *Game
	Match *Match
	// Evaluated is the position the calculator's last EVAL answered (the
	// Solver's L() values after it belong to it), nil when none.
	Evaluated Position
	// Vars, when set, are the Solver's variables the calculator answers
	// with (Init, Ask: terminal play's); every step stores the position
	// in them. The window's calculator keeps its own and leaves it nil.
	Vars *solver.Vars
}

// EventKind is what a step of a session did.
type EventKind int

// The kinds of Event.
const (
	// Started: INIT set the start To.
	Started EventKind = iota
	// Moved: By moved From To (the person's move, or the calculator's
	// answer played).
	Moved
	// TookBack: the person took back the move the calculator had not
	// answered yet (To is the position again, the person's move).
	TookBack
	// Refused: the move From To (by By) does not stand; Err says why
	// (ErrGameOver, ErrNotYourTurn, ErrNotItsTurn or the rule's words).
	// The match is unchanged.
	Refused
	// Resigned: the calculator found no move (SOLUTION NOT FOUND) and
	// resigned at From: the person wins.
	Resigned
	// Stopped: EVAL stopped with Err; the calculator's turn stays.
	Stopped
	// Unreadable: the equation left a number that is not a position; the
	// calculator's turn stays.
	Unreadable
	// Undone and Redone: Undo or Redo changed the match; To is the
	// position now. Nothing: there was nothing to undo or redo.
	Undone
	Redone
	Nothing
	// Hinted: To is a winning move From the position; NoHint: every move
	// loses against perfect play.
	Hinted
	NoHint
)

// Note is a remark a front-end adds to an answer.
type Note int

// The notes of an Event.
const (
	NoNote Note = iota
	// PlusNote: EVAL moved but showed SOLUTION NOT FOUND (the HP-17bII+
	// runs EVAL twice).
	PlusNote
	// SpellNote: the display does not spell the heaps the answer left.
	SpellNote
)

// String says the note in words.
func (n Note) String() string {
	switch n {
	case PlusNote:
		return "(the 17bII+ runs EVAL twice: the second run finds no move after the calculator's own and stops with SOLUTION NOT FOUND; the heaps hold the move)"
	case SpellNote:
		return "note: the display does not spell the heaps"
	}
	return ""
}

// Event is what one step of a session did: its kind, who acted, the
// position before and after, the error of a refused or stopped step, a
// note, and the calculator's display line after INIT or EVAL.
type Event struct {
	Kind     EventKind
	By       Side
	From, To Position
	Err      error
	Note     Note
	Display  string
}

// NewSession starts a game of prog with parameter k (0: the program's
// default), as NewMatch does.
func NewSession(prog Program, k int) (*Session, error) {
	m, err := NewMatch(prog, k)
	if err != nil {
		return nil, err
	}
	return &Session{Prog: prog, Game: prog.Game, Match: m}, nil
}

// Resume takes a kept match on, once CheckMatch has played its moves
// again from the start (id is the program it is kept under; "" takes the
// match's own); evaluated is the position its last EVAL answered.
func Resume(id string, m Match, evaluated Position) (*Session, error) {
	if id == "" {
		id = m.Program
	}
	if err := CheckMatch(id, &m); err != nil {
		return nil, err
	}
	prog, g, _ := m.Game()
	return &Session{Prog: prog, Game: g, Match: &m, Evaluated: evaluated}, nil
}

// DecodeMatch reads a match kept as JSON (the window's "game" section)
// and resumes it (Resume): an error says what is wrong, and nothing of it
// is trusted.
func DecodeMatch(b []byte) (*Session, error) {
	var m Match
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return Resume("", m, nil)
}

// CheckMatch reports whether m is a game of program id that its moves
// reach: the moves played again from the start, legal one by one, give
// its position, turn and outcome, and the moves undone can be played
// again. Both front-ends take a kept game on only after it.
func CheckMatch(id string, m *Match) error {
	if m.Program != id {
		return fmt.Errorf("it is kept under %s but is a game of %q", id, m.Program)
	}
	prog, g, err := m.Game()
	if err != nil {
		return err
	}
	switch {
	case g.Param == "" && m.K != 0:
		return fmt.Errorf("%s has no K, but the match keeps K=%d", id, m.K)
	case g.Param != "" && (m.K < 1 || m.K > 9):
		return fmt.Errorf("the match keeps K=%d, and K is 1 to 9", m.K)
	}
	r, err := NewMatch(prog, m.K)
	if err != nil {
		return err
	}
	for i, mv := range m.Moves {
		if !slices.Equal(mv.From, r.Position) {
			return fmt.Errorf("move %d starts from %s, not %s", i+1, g.Show(mv.From), g.Show(r.Position))
		}
		if err := r.Play(mv.By, mv.To); err != nil {
			return fmt.Errorf("move %d (%s to %s): %w", i+1, g.Show(mv.From), g.Show(mv.To), err)
		}
	}
	if m.Resigned {
		if err := r.Resign(); err != nil {
			return fmt.Errorf("the resignation: %w", err)
		}
	}
	if !slices.Equal(r.Position, m.Position) || r.Turn != m.Turn || r.Outcome != m.Outcome {
		return fmt.Errorf("its moves lead to %s, %s to move (outcome %d), not %s, %s (outcome %d)",
			g.Show(r.Position), r.Turn, r.Outcome, g.Show(m.Position), m.Turn, m.Outcome)
	}
	r.Undone = slices.Clone(m.Undone)
	for r.Redo() {
	}
	if len(r.Undone) > 0 && !r.Over() {
		return fmt.Errorf("a move undone (%d left) cannot be played again", len(r.Undone))
	}
	return nil
}

// Init solves INIT with player on fresh variables (kept in Vars), as the
// calculator's first key does, K stored first when the game has one:
// Started, Stopped when INIT failed, Refused when it left To and not the
// start From.
func (s *Session) Init(ctx context.Context, player *GamePlayer) Event {
	m, g := s.Match, s.Game
	s.Vars = solver.NewVars()
	if g.Param != "" {
		s.Vars.Store(g.Param, hp17b.FromInt(int64(m.K)))
	}
	p, display, err := player.Init(ctx, s.Vars)
	ev := Event{Kind: Started, By: Calculator, From: slices.Clone(m.Position), To: p, Err: err, Display: display}
	switch {
	case err != nil:
		ev.Kind = Stopped
	case !slices.Equal(p, m.Position):
		ev.Kind = Refused
	default:
		s.store()
	}
	return ev
}

// Ask solves EVAL with player on the position in Vars and plays the
// answer (Answer); when it does not stand, the position is stored back.
func (s *Session) Ask(ctx context.Context, player *GamePlayer) (GameTurn, Event) {
	t := player.Answer(ctx, s.Vars, s.Match.Position, s.Match.K)
	ev := s.Answer(t, true)
	if ev.Kind != Moved {
		s.store()
	}
	return t, ev
}

// store puts the position (and K) in Vars, when the session has them.
func (s *Session) store() {
	if s.Vars != nil {
		s.Game.Store(s.Vars, s.Match.Position, s.Match.K)
	}
}

// Move plays the person's move to to (or takes back the unanswered one,
// TookBack); a move the match refuses is Refused with the reason.
func (s *Session) Move(to Position) Event {
	m := s.Match
	ev := Event{Kind: Moved, By: Person, From: slices.Clone(m.Position), To: slices.Clone(to)}
	if err := m.Play(Person, to); err != nil {
		ev.Kind, ev.Err = Refused, err
		return ev
	}
	if m.Turn == Person && !m.Over() {
		ev.Kind = TookBack
	}
	s.store()
	return ev
}

// Answer plays the calculator's answer t (what EVAL left, from the
// player or read from a calculator's run): Stopped when EVAL stopped,
// Resigned when it left the position unmoved (SOLUTION NOT FOUND),
// Unreadable when it left no position, Refused when the rule does not
// allow its move, else Moved with a note when the display does not tell
// the move (PlusNote, SpellNote; SpellNote only when hasValue says
// t.Value is the display's number).
func (s *Session) Answer(t GameTurn, hasValue bool) Event {
	m := s.Match
	s.Evaluated = slices.Clone(t.Before)
	ev := Event{Kind: Moved, By: Calculator, From: slices.Clone(m.Position), To: slices.Clone(t.After), Display: t.Display}
	switch {
	case t.Err != nil:
		ev.Kind, ev.Err = Stopped, t.Err
	case !t.MovedPosition():
		ev.Kind, ev.Err = Resigned, m.Resign()
		if ev.Err != nil {
			ev.Kind = Refused
		}
	case !t.Readable:
		ev.Kind = Unreadable
	default:
		if err := m.Play(Calculator, t.After); err != nil {
			ev.Kind, ev.Err = Refused, err
			return ev
		}
		switch {
		case !t.Moved:
			ev.Note = PlusNote
		case hasValue && !t.Value.Equal(hp17b.FromInt(s.Game.Number(t.After))):
			ev.Note = SpellNote
		}
	}
	return ev
}

// Held follows a calculator whose variables are the game's input (the
// window's heaps panel): vals are the heaps' variables (and K) as they
// hold them now. Nothing when they hold the position (or the game is
// over: the variables are the person's again); a change of the heaps is
// the person's move (Move); Refused when K changed or a packed variable
// holds no position (the front-end puts the heaps back).
func (s *Session) Held(vals map[string]hp17b.Number) Event {
	m, g := s.Match, s.Game
	ev := Event{Kind: Refused, By: Person, From: slices.Clone(m.Position)}
	pos, ok := g.PositionFrom(vals)
	switch {
	case m.Over():
		ev.Kind = Nothing
	case g.Param != "" && g.ParamOf(vals) != m.K:
		ev.Err = fmt.Errorf("%s is %d in this game: New Game plays with another %s", g.Param, m.K, g.Param)
	case !ok:
		ev.Err = fmt.Errorf("%s holds no position", g.Packed)
	case slices.Equal(pos, m.Position):
		ev.Kind = Nothing
	default:
		return s.Move(pos)
	}
	return ev
}

// Observe follows one EVAL of a calculator whose variables are the
// game's input: before and after are its variables' values before and
// after EVAL, found whether EVAL found a value and err its error. A
// change of the heaps since the last look is the person's move first
// (Move), then comes the calculator's answer (Answer). The events are in
// order; a Refused person's move ends them.
func (s *Session) Observe(before, after map[string]hp17b.Number, found bool, err error) []Event {
	g := s.Game
	from, ok := g.PositionFrom(before)
	if !ok {
		return []Event{{Kind: Refused, By: Person, From: slices.Clone(s.Match.Position), Err: fmt.Errorf("%s held no position", g.Packed)}}
	}
	var evs []Event
	if !slices.Equal(from, s.Match.Position) {
		ev := s.Move(from)
		if evs = append(evs, ev); ev.Kind == Refused {
			return evs
		}
	}
	to, ok := g.PositionFrom(after)
	return append(evs, s.Answer(GameTurn{Before: from, After: to, Readable: ok, Moved: found, Err: err}, false))
}

// Undo takes back the last move pair (Match.Undo): Undone, or Nothing.
func (s *Session) Undo() Event {
	if !s.Match.Undo() {
		return Event{Kind: Nothing}
	}
	s.store()
	return Event{Kind: Undone, To: slices.Clone(s.Match.Position)}
}

// Redo plays again what Undo took back (Match.Redo): Redone, or Nothing.
func (s *Session) Redo() Event {
	if !s.Match.Redo() {
		return Event{Kind: Nothing}
	}
	s.store()
	return Event{Kind: Redone, To: slices.Clone(s.Match.Position)}
}

// Hint is a winning move for the person (Match.Hint): Hinted, NoHint, or
// Refused with ErrGameOver or ErrNotYourTurn.
func (s *Session) Hint() Event {
	m := s.Match
	ev := Event{By: Person, From: slices.Clone(m.Position)}
	switch {
	case m.Over():
		ev.Kind, ev.Err = Refused, ErrGameOver
	case m.Turn == Calculator:
		ev.Kind, ev.Err = Refused, ErrNotYourTurn
	default:
		q, ok := m.Hint()
		ev.Kind, ev.To = NoHint, q
		if ok {
			ev.Kind = Hinted
		}
	}
	return ev
}

// Why is the why view's lines (Match.Why); the variables' L() values go
// with it only when their EVAL answered the position the view explains.
func (s *Session) Why(vars *solver.Vars) []string {
	if a := s.Match.answered(); a == nil || !slices.Equal(a, s.Evaluated) {
		vars = nil
	}
	return s.Match.Why(vars)
}

// View is what a front-end draws of a session: each heap's label and
// size, whose turn it is, the outcome, the moves made and whether Undo
// and Redo have anything to do.
type View struct {
	Labels   []string
	Position Position
	Turn     Side
	Outcome  Outcome
	Resigned bool
	Moves    []Move
	CanUndo  bool
	CanRedo  bool
}

// View is the session's view now.
func (s *Session) View() View {
	m := s.Match
	v := View{Position: slices.Clone(m.Position), Turn: m.Turn, Outcome: m.Outcome, Resigned: m.Resigned,
		Moves: slices.Clone(m.Moves), CanUndo: len(m.Moves) > 0 || m.Resigned, CanRedo: len(m.Undone) > 0 && !m.Over()}
	for i := range m.Position {
		v.Labels = append(v.Labels, s.Game.HeapLabel(i))
	}
	return v
}
