package acronim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/internal/text"
)

// Game is a game against the solver, as hp17b acronim play plays it:
// South, the player, moves first (Play), and the solver answers as North
// with the first of its best moves (Solver.BestMoves, in the order of
// State.Moves), so the same moves always meet the same answers.
type Game struct {
	// Variant is the rules played.
	Variant Variant
	// State is the position now, South to move until the game ends.
	State  State
	solver *Solver
}

// NewGame starts a game of variant v from its initial position (Start).
func NewGame(v Variant) *Game {
	return &Game{Variant: v, State: Start(v), solver: NewSolver(v)}
}

// Moves lists South's legal moves now (State.Moves).
func (g *Game) Moves() []Move { return g.State.Moves(g.Variant) }

// Turn is a move made in a Game: by whom, the move, and what it did.
type Turn struct {
	By      Side
	Move    Move
	Outcome Outcome
}

// Play makes South's move m, one of Moves (another is an error, and
// nothing is played), then, when the game goes on, North's answer. It
// returns the moves made, one or two; when the last one's Outcome is not
// Continues the game is over, and State is left as it was before that
// move.
func (g *Game) Play(m Move) ([]Turn, error) {
	if !g.State.legal(m, g.Variant) {
		return nil, fmt.Errorf("%s is not a legal move now", m)
	}
	turns := make([]Turn, 0, 2)
	for _, by := range []Side{South, North} {
		if by == North {
			_, best := g.solver.BestMoves(g.State)
			m = best[0]
		}
		next, out := g.State.Apply(m, g.Variant)
		turns = append(turns, Turn{By: by, Move: m, Outcome: out})
		if out != Continues {
			break
		}
		g.State = next
	}
	return turns, nil
}

// ParsePiles reads piles as hp17b acronim solve's --piles takes them:
// "7/1 5 3 1", a pile a word (spaces or commas between), "/N" giving how
// many of its stones are poisoned. A pile is 1 to 31 stones with at most
// 3 of them poisoned, and there are 1 to 7 piles (the most the solver's
// keys hold); anything else is an error naming the word at fault.
func ParsePiles(s string) ([]Pile, error) {
	var ps []Pile
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		st, po, hasPoison := strings.Cut(f, "/")
		n, err := strconv.Atoi(st)
		p := 0
		if err == nil && hasPoison {
			p, err = strconv.Atoi(po)
		}
		if err != nil || n < 1 || n > 31 || p < 0 || p > n || p > 3 {
			return nil, fmt.Errorf("pile %s: want STONES or STONES/POISONED, 1 to 31 stones, at most 3 poisoned", text.Quote(f))
		}
		ps = append(ps, Pile{Stones: n, Poisoned: p})
	}
	if len(ps) == 0 || len(ps) > 7 {
		return nil, fmt.Errorf("want 1 to 7 piles")
	}
	return ps, nil
}
