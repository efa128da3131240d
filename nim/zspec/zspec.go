// Package zspec plays the Game of Nim of McMorran and Powell as specified
// in Z: three piles A, B, C of 5, 6 and 7 sticks; John and Mary take turns,
// John first; a play takes sticks from one pile; whoever takes the last
// stick loses. Plays return the specification's codes, the state reads as
// the recorded model session shows it, and PerfectMove gives perfect play
// (misère Nim).
//
// Source: Graham G. Thomason, "The Game of Nim in Z and STATECRUNCHER"
// (the Z specification, its return codes and a recorded model session).
package zspec

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"github.com/hp17b/hp17b/nim"
)

// Player is a player of the game: John or Mary.
type Player int

// The players.
const (
	John Player = iota
	Mary
)

// String gives "John" or "Mary".
func (p Player) String() string { return [...]string{"John", "Mary"}[p] }

// other is the opponent.
func (p Player) other() Player { return 1 - p }

// Code is the specification's return code of a play (its ok, error and
// fin), with TurnError for an event out of turn.
type Code int

// The return codes of PlayAs.
const (
	// playOK: a legal play; the game goes on.
	playOK Code = iota
	// pileError: there is no such pile (an error; nothing changes).
	pileError
	// nSticksError: the pile has too few sticks (an error; nothing changes).
	nSticksError
	// Fin: the last stick was taken; whoever took it lost.
	Fin
	// TurnError: the event names the player whose turn it is not, or the
	// game is over.
	TurnError
)

// String gives the model's trace words: "OK", "PileError", "nSticksError",
// and, for the end, "fin"; "TurnError" for an event out of turn.
func (c Code) String() string {
	return [...]string{"OK", "PileError", "nSticksError", "fin", "TurnError"}[c]
}

// IsError reports an error, after which nothing has changed: the
// specification's error code (no such pile, too few sticks) or TurnError.
func (c Code) IsError() bool { return c == pileError || c == nSticksError || c == TurnError }

// Game is the state of the specification (its schema Game): the piles and
// whose turn it is.
type Game struct {
	// piles are A, B, C in sticks (the model's i1, i2, i3); Describe
	// shows them.
	piles [3]int
	// Turn is the player to move.
	Turn Player
	// Over is set once the last stick is taken; Winner is then the other
	// player.
	Over   bool
	Winner Player
	// trace lists the codes so far, the most recent last.
	trace []string
}

// NewGame returns the starting position: 5, 6, 7 sticks, John to move.
func NewGame() *Game { return &Game{piles: [3]int{5, 6, 7}} }

// play is the schema Play = PlayMore ∨ PlayLast ∨ PlayErr for the player
// to move: pile is 1, 2 or 3 (A, B, C), take the sticks to remove. The
// specification's predicate pile p? ≥ take? would admit take? ≤ 0; a play
// "removes some sticks", so a take below 1 is nSticksError here. The turn
// passes only on a legal play.
func (g *Game) play(pile, take int) Code {
	var c Code
	switch {
	case g.Over:
		c = TurnError
	case pile < 1 || pile > 3:
		c = pileError
	case take < 1 || g.piles[pile-1] < take:
		c = nSticksError
	default:
		g.piles[pile-1] -= take
		c = playOK
		if g.piles == [3]int{} {
			c = Fin
			g.Over, g.Winner = true, g.Turn.other()
		}
		g.Turn = g.Turn.other()
	}
	g.trace = append(g.trace, c.String())
	return c
}

// PlayAs makes the event of player p (the model's JohnTake and
// MaryTake) taking take sticks from pile 1, 2 or 3 (A, B, C): the schema
// Play = PlayMore ∨ PlayLast ∨ PlayErr. It returns Fin when p took the
// last stick (and lost), an error code (IsError) that changes nothing but
// the trace for no such pile or too few sticks (a take below 1 included:
// a play "removes some sticks", though the predicate pile p? ≥ take? would
// admit it), TurnError when it is not p's turn or the game is over, and
// otherwise the specification's ok (String "OK"): the game goes on. The
// turn passes only on a legal play.
func (g *Game) PlayAs(p Player, pile, take int) Code {
	if p != g.Turn || g.Over {
		g.trace = append(g.trace, TurnError.String())
		return TurnError
	}
	return g.play(pile, take)
}

// PerfectMove is the best play for the player to move under the game's
// misère rule, as PlayAs takes it (pile 1 to 3, take sticks): a winning one
// when there is one (the misère Nim strategy, nim.BestMove, checked by
// search in the tests), otherwise taking one stick from the largest pile.
// ok is false when the game is over.
func (g *Game) PerfectMove() (pile, take int, winning bool, ok bool) {
	if g.Over {
		return 0, 0, false, false
	}
	h := g.piles[:]
	if m, found := nim.BestMove(h, []int{0, 1, 2}, true); found {
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

// Describe is one line of the state in the model session's terms: "John
// OCC, Mary VAC, i1=5 i2=6 i3=7" (OCC: the player to move).
func (g *Game) Describe() string {
	occ := func(p Player) string {
		if g.Turn == p && !g.Over {
			return "OCC"
		}
		return "VAC"
	}
	return fmt.Sprintf("John %s, Mary %s, i1=%d i2=%d i3=%d", occ(John), occ(Mary), g.piles[0], g.piles[1], g.piles[2])
}

// Trace is the model session's TRACE after the plays so far, newest
// first: each play's code word (Code.String), and the end, the model's
// "OK" then "Mary Wins" (or "John Wins"), newest first as
// "Mary Wins,OK" shows it.
func (g *Game) Trace() []string {
	out := make([]string, 0, len(g.trace)+1)
	for _, w := range slices.Backward(g.trace) {
		if w == Fin.String() {
			out = append(out, g.Winner.String()+" Wins", playOK.String())
			continue
		}
		out = append(out, w)
	}
	return out
}

// Event is a play as the model session types it: JohnTake or MaryTake
// (Player) with the pile and the sticks to take ("JohnTake p=[2,4]" or
// "JohnTake 2 4").
type Event struct {
	Player     Player
	Pile, Take int
}

// String gives the event as the model session writes it: "JohnTake
// p=[2,4]".
func (e Event) String() string { return fmt.Sprintf("%sTake p=[%d,%d]", e.Player, e.Pile, e.Take) }

// event reads an event, compiled when first needed, not when a program
// that links the package starts.
var event = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(JohnTake|MaryTake)\s*(?:p=\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]|(-?\d+)[\s,]+(-?\d+))\s*$`)
})

// ParseEvent reads one line as an event: "JohnTake p=[2,4]", "MaryTake 2
// 4" or "MaryTake 2, 4", spaces around allowed. A number past the range
// of int is taken as the largest (or smallest) int, which PlayAs refuses
// as any other bad pile or take. ok is false for a line that is no
// event.
func ParseEvent(line string) (e Event, ok bool) {
	m := event().FindStringSubmatch(line)
	if m == nil {
		return Event{}, false
	}
	ps, ts := m[2], m[3]
	if ps == "" {
		ps, ts = m[4], m[5]
	}
	e.Pile, _ = strconv.Atoi(ps)
	e.Take, _ = strconv.Atoi(ts)
	if m[1] == "MaryTake" {
		e.Player = Mary
	}
	return e, true
}

// Play makes an event: PlayAs(e.Player, e.Pile, e.Take).
func (g *Game) Play(e Event) Code { return g.PlayAs(e.Player, e.Pile, e.Take) }
