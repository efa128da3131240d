package nim

import "fmt"

// The 5-6-7 game of McMorran and Powell, as specified in Z (seed 001): three
// piles A, B, C of 5, 6 and 7 sticks; John and Mary take turns, John first;
// a play takes sticks from one pile; whoever takes the last stick loses.

// Player of the specified game.
type Player int

// The players.
const (
	John Player = iota
	Mary
)

// String gives "John" or "Mary".
func (p Player) String() string { return [...]string{"John", "Mary"}[p] }

// Other is the opponent.
func (p Player) Other() Player { return 1 - p }

// Code is the specification's return code.
type Code int

// The return codes of Play.
const (
	// OK: a legal play; the game goes on.
	OK Code = iota
	// PileError: there is no such pile (an error; nothing changes).
	PileError
	// NSticksError: the pile has too few sticks (an error; nothing changes).
	NSticksError
	// Fin: the last stick was taken; whoever took it lost.
	Fin
	// TurnError: the event names the player whose turn it is not.
	TurnError
)

// String gives the model's trace words: "OK", "PileError", "nSticksError",
// and, for the end, "fin"; "TurnError" for an event out of turn.
func (c Code) String() string {
	return [...]string{"OK", "PileError", "nSticksError", "fin", "TurnError"}[c]
}

// IsError reports the specification's error code (PileError and
// NSticksError are its two cases).
func (c Code) IsError() bool { return c == PileError || c == NSticksError || c == TurnError }

// ZGame is the state of the specification: the piles and whose turn it is.
type ZGame struct {
	// Piles are A, B, C (the model's i1, i2, i3).
	Piles [3]int
	// Turn is the player to move.
	Turn Player
	// Over is set once the last stick is taken; Winner is then the other
	// player.
	Over   bool
	Winner Player
	// Trace lists the codes so far, the most recent last.
	Trace []string
}

// NewZGame returns the starting position: 5, 6, 7 sticks, John to move.
func NewZGame() *ZGame { return &ZGame{Piles: [3]int{5, 6, 7}} }

// Play is the schema Play = PlayMore ∨ PlayLast ∨ PlayErr for the player
// to move: pile is 1, 2 or 3 (A, B, C), take the sticks to remove. The
// specification's predicate pile p? ≥ take? would admit take? ≤ 0; a play
// "removes some sticks", so a take below 1 is NSticksError here. The turn
// passes only on a legal play.
func (g *ZGame) Play(pile, take int) Code {
	var c Code
	switch {
	case g.Over:
		c = TurnError
	case pile < 1 || pile > 3:
		c = PileError
	case take < 1 || g.Piles[pile-1] < take:
		c = NSticksError
	default:
		g.Piles[pile-1] -= take
		c = OK
		if g.Piles == [3]int{} {
			c = Fin
			g.Over, g.Winner = true, g.Turn.Other()
		}
		g.Turn = g.Turn.Other()
	}
	g.Trace = append(g.Trace, c.String())
	return c
}

// PlayAs is Play for an event that names its player (the model's JohnTake
// and MaryTake): out of turn it changes nothing and returns TurnError.
func (g *ZGame) PlayAs(p Player, pile, take int) Code {
	if p != g.Turn || g.Over {
		g.Trace = append(g.Trace, TurnError.String())
		return TurnError
	}
	return g.Play(pile, take)
}

// ZPerfectMove is the best play for the player to move under the game's
// misère rule: a winning one when there is one (the misère Nim strategy,
// checked by search in the tests), otherwise taking one stick from the
// largest pile. ok is false when the game is over.
func (g *ZGame) ZPerfectMove() (pile, take int, winning bool, ok bool) {
	if g.Over {
		return 0, 0, false, false
	}
	h := g.Piles[:]
	if m, found := BestMove(h, []int{0, 1, 2}, true); found {
		return m.Heap + 1, m.From - m.To, true, true
	}
	big := 0
	for i, v := range h {
		if v > h[big] {
			big = i
		}
	}
	return big + 1, 1, false, true
}

// Describe is one line of the state in the model session's terms.
func (g *ZGame) Describe() string {
	occ := func(p Player) string {
		if g.Turn == p && !g.Over {
			return "OCC"
		}
		return "VAC"
	}
	return fmt.Sprintf("John %s, Mary %s, i1=%d i2=%d i3=%d", occ(John), occ(Mary), g.Piles[0], g.Piles[1], g.Piles[2])
}
