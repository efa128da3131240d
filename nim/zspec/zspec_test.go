package zspec

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The recorded model session of "The Game of Nim in Z and STATECRUNCHER",
// event by event: the piles, whose turn, and the trace code. At the fifth event (MaryTake on pile 4) the
// recorded STATECRUNCHER model traced nSticksError — its pile variable only
// holds 0..3, so it kept the previous event's pile 3 and take 7 and found
// too few sticks — while the specification says there is no such pile:
// PileError. We follow the specification.
func TestRecordedSession(t *testing.T) {
	g := NewGame()
	steps := []struct {
		who        Player
		pile, take int
		code       Code
		recorded   string
		piles      [3]int
		turn       Player
	}{
		{John, 2, 4, playOK, "OK", [3]int{5, 2, 7}, Mary},
		{Mary, 2, 3, nSticksError, "nSticksError", [3]int{5, 2, 7}, Mary},
		{Mary, 2, 2, playOK, "OK", [3]int{5, 0, 7}, John},
		{John, 3, 7, playOK, "OK", [3]int{5, 0, 0}, Mary},
		{Mary, 4, 1, pileError, "nSticksError", [3]int{5, 0, 0}, Mary},
		{Mary, 1, 4, playOK, "OK", [3]int{1, 0, 0}, John},
		{John, 1, 1, Fin, "OK", [3]int{0, 0, 0}, Mary},
	}
	differ := 0
	for i, s := range steps {
		code := g.PlayAs(s.who, s.pile, s.take)
		assert.Equal(t, s.code, code, "event %d", i+1)
		assert.Equal(t, s.piles, g.piles, "event %d", i+1)
		assert.Equal(t, s.turn, g.Turn, "event %d", i+1)
		if code.String() != s.recorded && code != Fin {
			differ++
			assert.Equal(t, 5, i+1, "only the pile-4 event differs from the recording")
		}
	}
	assert.Equal(t, 1, differ)
	assert.True(t, g.Over)
	assert.Equal(t, Mary, g.Winner, "John took the last stick: Mary wins, as the model traces")
	assert.Equal(t, []string{"OK", "nSticksError", "OK", "OK", "PileError", "OK", "fin"}, g.trace)
	assert.Equal(t, []string{"Mary Wins", "OK", "OK", "PileError", "OK", "OK", "nSticksError", "OK"}, g.Trace())
}

// TestTrace: the model session's TRACE, newest first, after each event
// of the session nim zspec replays (TestZSpecCLI): an error's word, an
// event out of turn's TurnError, the end's "Mary Wins" and "OK".
func TestTrace(t *testing.T) {
	g := NewGame()
	assert.Empty(t, g.Trace())
	for _, step := range []struct {
		line  string
		code  Code
		trace string
	}{
		{"JohnTake p=[2,4]", playOK, "[OK]"},
		{"MaryTake 2 3", nSticksError, "[nSticksError OK]"},
		{"  MaryTake 2, 2 ", playOK, "[OK nSticksError OK]"},
		{"JohnTake p=[ 3 , 7 ]", playOK, "[OK OK nSticksError OK]"},
		{"MaryTake 4 1", pileError, "[PileError OK OK nSticksError OK]"},
		{"MaryTake 1 4", playOK, "[OK PileError OK OK nSticksError OK]"},
		{"MaryTake 1 1", TurnError, "[TurnError OK PileError OK OK nSticksError OK]"},
		{"JohnTake 1 1", Fin, "[Mary Wins OK TurnError OK PileError OK OK nSticksError OK]"},
	} {
		e, ok := ParseEvent(step.line)
		require.True(t, ok, step.line)
		assert.Equal(t, step.code, g.Play(e), step.line)
		assert.Equal(t, step.trace, fmt.Sprint(g.Trace()), step.line)
	}
}

// TestParseEvent: the two ways the model session types an event, and
// lines that are none.
func TestParseEvent(t *testing.T) {
	tests := []struct {
		line string
		want Event
		ok   bool
	}{
		{"JohnTake p=[2,4]", Event{John, 2, 4}, true},
		{"MaryTake 1 4", Event{Mary, 1, 4}, true},
		{"MaryTake 1,4", Event{Mary, 1, 4}, true},
		{"JohnTake -1 0", Event{John, -1, 0}, true},
		{"JohnTake 99999999999999999999 1", Event{John, math.MaxInt, 1}, true},
		{"JohnTake 1", Event{}, false},
		{"johntake 1 1", Event{}, false},
		{"BillTake 1 1", Event{}, false},
		{"JohnTake p=[1,1] more", Event{}, false},
		{"", Event{}, false},
	}
	for _, tt := range tests {
		e, ok := ParseEvent(tt.line)
		assert.Equal(t, tt.ok, ok, tt.line)
		assert.Equal(t, tt.want, e, tt.line)
	}
	assert.Equal(t, "MaryTake p=[1,4]", Event{Mary, 1, 4}.String())
}

func TestZGameRules(t *testing.T) {
	g := NewGame()
	assert.Equal(t, TurnError, g.PlayAs(Mary, 1, 1), "John moves first")
	assert.Equal(t, nSticksError, g.play(1, 0), "a play removes some sticks")
	assert.Equal(t, nSticksError, g.play(1, 6))
	assert.Equal(t, pileError, g.play(0, 1))
	assert.Equal(t, John, g.Turn, "errors keep the turn")
	assert.True(t, pileError.IsError() && nSticksError.IsError())
	assert.False(t, playOK.IsError())
	assert.Contains(t, g.Describe(), "John OCC, Mary VAC, i1=5 i2=6 i3=7")
}

// Perfect play: John, moving first from 5-6-7, wins, and the strategy's
// moves agree with a search of the whole game.
func TestZPerfectPlay(t *testing.T) {
	memo := map[[4]int]bool{}
	var wins func(p [3]int) bool
	wins = func(p [3]int) bool {
		if p == [3]int{} {
			return true // the previous player took the last stick and lost
		}
		k := [4]int{p[0], p[1], p[2]}
		if v, ok := memo[k]; ok {
			return v
		}
		w := false
		for i := 0; i < 3 && !w; i++ {
			for t := 1; t <= p[i]; t++ {
				q := p
				q[i] -= t
				if !wins(q) {
					w = true
					break
				}
			}
		}
		memo[k] = w
		return w
	}
	assert.True(t, wins([3]int{5, 6, 7}), "the first player, John, wins 5-6-7")
	g := NewGame()
	pile, take, winning, ok := g.PerfectMove()
	assert.True(t, ok && winning)
	assert.Equal(t, 4, take, "take 4 sticks, as the paper's footnote says")
	q := g.piles
	q[pile-1] -= take
	assert.False(t, wins(q))
	// Playing the strategy against every reply, John always wins.
	var check func(g Game)
	check = func(g Game) {
		pile, take, winning, _ := g.PerfectMove()
		assert.True(t, winning, "%v", g.piles)
		g.play(pile, take)
		if g.Over {
			t.Fatalf("John took the last stick from %v", g.piles)
		}
		for i := 1; i <= 3; i++ {
			for k := 1; k <= g.piles[i-1]; k++ {
				h := g
				h.trace = nil
				if h.play(i, k) == Fin {
					assert.Equal(t, John, h.Winner)
					continue
				}
				check(h)
			}
		}
	}
	check(*NewGame())
}
