package acronim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestConverse: lines that are no move are answered without listing the
// moves again; help lists the commands; a move is played with the
// solver's answer, and the game's end is worded (what hp17b acronim play
// prints: cmd/hp17b's TestAcroNimCLI). Quitting, or the input's end, says
// goodbye.
func TestConverse(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
		suffix   string
	}{
		{"a lost game", "x\n99\nhelp\n7\n", []string{
			`"x" is not a move: type a number from 1 to 25 (list shows the moves again, help the commands).`,
			`"99" is not a move`,
			"  1 to 25   play that move of the list\n",
			"South: take 1 poisoned alone from a pile of 7 (1 poisoned) (loses)",
		}, "South took the poisoned stone alone. North wins.\n"},
		{"quit", "q\n", nil, "Your move> Goodbye.\n"},
		{"the input's end", "", nil, "Your move> \nGoodbye.\n"},
		{"list", "list\nquit\n", nil, "Goodbye.\n"},
	} {
		var out strings.Builder
		Converse(NewGame(Variant{}), strings.NewReader(c.in), &out)
		s := out.String()
		assert.True(t, strings.HasPrefix(s, "Acro-Nim: you are South and move first;"), c.name)
		for _, w := range c.want {
			assert.Contains(t, s, w, c.name)
		}
		assert.True(t, strings.HasSuffix(s, c.suffix), "%s: %s", c.name, s)
		lists := 1
		if c.name == "list" {
			lists = 2
		}
		assert.Equal(t, lists, strings.Count(s, "  25. "), "%s: the moves listed once a turn, and again on list", c.name)
	}
}
