package programs

import (
	"errors"
	"fmt"
	"slices"
)

// Side is who makes a move: the person at the keys or the calculator's
// equation.
type Side int

// The two sides of a game.
const (
	Person Side = iota
	Calculator
)

// String names the side as the heaps panel and terminal play say it.
func (s Side) String() string {
	if s == Calculator {
		return "the calculator"
	}
	return "you"
}

// Outcome is how a game stands: still being played, or who won.
type Outcome int

// The outcomes of a game.
const (
	Playing Outcome = iota
	PersonWon
	CalculatorWon
)

// Move is one move of a game: who made it and the position before and
// after it (positions as the program shows them: Position).
type Move struct {
	By   Side     `json:"by"`
	From Position `json:"from"`
	To   Position `json:"to"`
}

// Match is one game of a game program being played: the program, the
// parameter, the position, whose turn it is, the moves so far and the
// outcome. It is a value with one owner (the window's controller, terminal
// play), kept in continuous memory as JSON; it never looks at a display.
// The person moves first; straight after the start the person may let the
// calculator open instead (EVAL after INIT, as the NIM post's workflow
// allows: seed "(17B) NIM"). Undo and Redo go back and forth a move pair
// at a time (the person's move and the calculator's answer).
type Match struct {
	// Program is the program's ID (ByID), K its parameter (0 without one).
	Program string `json:"program"`
	K       int    `json:"k,omitempty"`
	// Position is the position now, Turn the side to move.
	Position Position `json:"position"`
	Turn     Side     `json:"turn"`
	// Moves are the moves made, in order; Undone the moves Undo took back,
	// the next to redo last.
	Moves  []Move `json:"moves"`
	Undone []Move `json:"undone,omitempty"`
	// Outcome is Playing until the game has a winner; Resigned is set
	// when the calculator's equation found no winning move and resigned
	// (SOLUTION NOT FOUND from INV(0)).
	Outcome  Outcome `json:"outcome"`
	Resigned bool    `json:"resigned,omitempty"`
}

// Errors a move can meet: each says what is wrong; callers add the
// program's own words.
var (
	ErrGameOver    = errors.New("the game is over: start a new game")
	ErrNotYourTurn = errors.New("it is the calculator's turn: press EVAL for its move")
	ErrNotItsTurn  = errors.New("it is your move: make one before EVAL")
)

// NewMatch starts a game of prog (a game program) with parameter k (0:
// the program's default) from its start position, the person to move.
func NewMatch(prog Program, k int) (*Match, error) {
	g := prog.Game
	if g == nil {
		return nil, fmt.Errorf("%s is not a game program", prog.ID)
	}
	if g.Param != "" && k < 1 {
		k = g.ParamDefault
	}
	if g.Param == "" {
		k = 0
	}
	return &Match{Program: prog.ID, K: k, Position: slices.Clone(Position(g.Start)), Turn: Person, Moves: []Move{}}, nil
}

// Game is the match's program and rule; an error when the program is not
// in the library (a state written by another version).
func (m *Match) Game() (Program, *Game, error) {
	p, err := ByID(m.Program)
	if err != nil {
		return Program{}, nil, err
	}
	if p.Game == nil {
		return Program{}, nil, fmt.Errorf("%s is not a game program", p.ID)
	}
	return p, p.Game, nil
}

// Over reports whether the game has a winner.
func (m *Match) Over() bool { return m.Outcome != Playing }

// Check says what is wrong with side by moving to to, nil when the move
// is legal now: the game must go on, it must be by's turn (or the
// calculator opening at the start), and to must follow from the position
// by one move of the rule. A person's move may also amend the move the
// person made and the calculator has not answered yet.
func (m *Match) Check(by Side, to Position) error {
	_, g, err := m.Game()
	if err != nil {
		return err
	}
	if m.Over() {
		return ErrGameOver
	}
	from := m.Position
	switch {
	case by == Person && m.Turn == Calculator && m.amendable():
		from = m.Moves[len(m.Moves)-1].From
		if slices.Equal(from, to) {
			return nil // the person takes the move back
		}
	case by == Person && m.Turn == Calculator:
		return ErrNotYourTurn
	case by == Calculator && m.Turn == Person && len(m.Moves) > 0:
		return ErrNotItsTurn
	}
	if !g.Legal(from, to, m.K) {
		return m.illegal(g, from, to)
	}
	return nil
}

// amendable reports whether the last move is the person's, unanswered.
func (m *Match) amendable() bool {
	return len(m.Moves) > 0 && m.Moves[len(m.Moves)-1].By == Person
}

// illegal says why to does not follow from from by one move: for slots,
// the heap that changed second, or a heap that grew.
func (m *Match) illegal(g *Game, from, to Position) error {
	if g.Packed == "" && len(from) == len(to) {
		changed := []int{}
		for i := range from {
			if from[i] != to[i] {
				changed = append(changed, i)
			}
		}
		switch {
		case len(changed) == 0:
			return errors.New("no heap changed: a move takes at least one object")
		case len(changed) > 1:
			i := changed[len(changed)-1]
			for _, j := range changed {
				if j < len(m.Position) && to[j] != m.Position[j] {
					i = j // the heap just changed, beside the one the move took from
				}
			}
			return fmt.Errorf("%s was %d: a move takes from one heap only", g.Slots[i], from[i])
		case to[changed[0]] > from[changed[0]]:
			i := changed[0]
			return fmt.Errorf("%s was %d: a move takes objects away, never adds them", g.Slots[i], from[i])
		}
		i := changed[0]
		return fmt.Errorf("%s was %d: %s does not allow leaving %d", g.Slots[i], from[i], g.RuleFor(m.K).Name, to[i])
	}
	return fmt.Errorf("%s does not follow from %s by one move of %s", g.Show(to), g.Show(from), g.RuleFor(m.K).Name)
}

// Play makes side by's move to to, after Check: it records the move
// (replacing the person's unanswered move when the person amends it),
// passes the turn, forgets the moves undone, and decides the outcome when
// the move ends the game.
func (m *Match) Play(by Side, to Position) error {
	if err := m.Check(by, to); err != nil {
		return err
	}
	_, g, _ := m.Game()
	if by == Person && m.Turn == Calculator {
		last := m.Moves[len(m.Moves)-1]
		m.Moves = m.Moves[:len(m.Moves)-1]
		m.Position, m.Turn, m.Undone = last.From, Person, nil
		if slices.Equal(last.From, to) {
			return nil
		}
	}
	m.Moves = append(m.Moves, Move{By: by, From: slices.Clone(m.Position), To: slices.Clone(to)})
	m.Undone = nil
	m.Position = slices.Clone(to)
	m.Turn = 1 - by
	if over, moverWon := g.Ended(to, m.K); over {
		m.Outcome = winner(by, moverWon)
	}
	return nil
}

// winner is the outcome when by's move ended the game: by wins when the
// mover won (normal play), the other side otherwise (misère).
func winner(by Side, moverWon bool) Outcome {
	if (by == Person) == moverWon {
		return PersonWon
	}
	return CalculatorWon
}

// Resign records the calculator's resignation at its turn: its equation
// found no winning move (SOLUTION NOT FOUND), so the person wins.
func (m *Match) Resign() error {
	if m.Over() {
		return ErrGameOver
	}
	if m.Turn != Calculator && len(m.Moves) > 0 {
		return ErrNotItsTurn
	}
	m.Outcome, m.Resigned, m.Undone = PersonWon, true, nil
	return nil
}

// Undo takes back the last move pair: the calculator's answer and the
// person's move before it (or the person's unanswered move alone, or the
// resignation), and reports whether there was anything to take back.
// The calculator's opening move is taken back alone.
func (m *Match) Undo() bool {
	if m.Resigned {
		m.Resigned, m.Outcome = false, Playing
		if m.amendable() {
			m.undoOne()
		}
		return true
	}
	if len(m.Moves) == 0 {
		return false
	}
	m.undoOne()
	if m.amendable() {
		m.undoOne()
	}
	return true
}

// undoOne takes back the last move.
func (m *Match) undoOne() {
	last := m.Moves[len(m.Moves)-1]
	m.Moves = m.Moves[:len(m.Moves)-1]
	m.Undone = append(m.Undone, last)
	m.Position, m.Turn, m.Outcome = slices.Clone(last.From), last.By, Playing
	if len(m.Moves) == 0 {
		m.Turn = Person // the start: the person moves or lets the calculator open
	}
}

// Redo plays again the move pair Undo took back last, and reports
// whether there was one.
func (m *Match) Redo() bool {
	if len(m.Undone) == 0 || m.Over() {
		return false
	}
	for n := 0; len(m.Undone) > 0 && (n == 0 || m.Turn == Calculator); n++ {
		next := m.Undone[len(m.Undone)-1]
		undone := m.Undone[:len(m.Undone)-1]
		if err := m.Play(next.By, next.To); err != nil {
			return n > 0
		}
		m.Undone = undone
		if m.Over() {
			break
		}
	}
	return true
}

// Hint is a winning move for the side to move, from the nim packages'
// analysis of the rule: a position that leaves the opponent lost, trying
// the last heap first as the NIM equations do, and false when every move
// loses (or the game is over).
func (m *Match) Hint() (Position, bool) {
	_, g, err := m.Game()
	if err != nil || m.Over() {
		return nil, false
	}
	moves := g.Moves(m.Position, m.K)
	slices.Reverse(moves) // the last heap first, as the equations try D, C, B, A
	for _, q := range moves {
		over, moverWon := g.Ended(q, m.K)
		if over {
			if moverWon {
				return q, true
			}
			continue
		}
		if w, err := g.Winning(q, m.K); err == nil && !w {
			return q, true
		}
	}
	return nil, false
}

// Ending says how an ended game ended, in the words every front-end
// uses: reason is what ended it ("You took the last object" under misère
// play, "The calculator has no move left" under normal play; "" after the
// calculator resigned), winner who won ("you win", "the calculator
// wins"), and emptied whether normal play ended with every heap empty
// (the last object taken then says the ending alone).
func (m *Match) Ending() (reason, winner string, emptied bool) {
	winner = "you win"
	if m.Outcome == CalculatorWon {
		winner = "the calculator wins"
	}
	if m.Resigned || len(m.Moves) == 0 {
		return "", winner, false
	}
	_, g, _ := m.Game()
	last := m.Moves[len(m.Moves)-1]
	if g != nil && g.Misere {
		return Capital(last.By.String()) + " took the last object", winner, false
	}
	reason = "You have no move left"
	if m.Outcome == PersonWon {
		reason = "The calculator has no move left"
	}
	return reason, winner, last.To.Over()
}

// Capital is s with its first letter a capital (ASCII): a sentence
// made of Ending's words or an error's.
func Capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// String says the game in words, for screen readers and the browser
// page's #game element: "NIM 1346: your move", "NIM 1346: the
// calculator's move", "NIM 0: the calculator wins", "NIM 1357: you win
// (the calculator resigned)" (the winner in Ending's words).
func (m *Match) String() string {
	prog, g, err := m.Game()
	if err != nil {
		return err.Error()
	}
	s := prog.Title + " " + g.Show(m.Position) + ": "
	_, winner, _ := m.Ending()
	switch {
	case m.Resigned:
		return s + winner + " (the calculator resigned)"
	case m.Over():
		return s + winner
	case m.Turn == Calculator:
		return s + "the calculator's move"
	}
	return s + "your move"
}
