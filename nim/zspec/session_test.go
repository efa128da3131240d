package zspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSession: the events of the recorded model session typed one a line
// (Thomason, "The Game of Nim in Z and STATECRUNCHER"), with a line that
// is no event, give each event's return code, the state, the trace and
// perfect play after it, and the winner at the end (what hp17b nim zspec
// prints: cmd/hp17b's TestZSpecCLI).
func TestSession(t *testing.T) {
	var out strings.Builder
	Session(strings.NewReader("JohnTake p=[2,4]\nMaryTake 2 3\nMaryTake 2 2\nJohnTake 3 7\nMaryTake 4 1\nMaryTake 1 4\nbogus\n\n# a comment\nMaryTake 1 1\nJohnTake 1 1\n"), &out)
	s := out.String()
	for _, want := range []string{
		"5-6-7 Nim (McMorran and Powell): whoever takes the last stick loses. Events: JohnTake PILE STICKS.\n",
		"MaryTake p=[4,1]: rc=error\n  John VAC, Mary OCC, i1=5 i2=0 i3=0, p=4 take=1\n  TRACE=[PileError,OK,OK,nSticksError,OK]\n",
		"  perfect play: John wins; best JohnTake 1 4\n",
		"MaryTake p=[1,1]: rc=error (it is John's turn)",
		"TRACE=[Mary Wins,OK,TurnError,OK,PileError,OK,OK,nSticksError,OK]",
	} {
		assert.Contains(t, s, want)
	}
	assert.Equal(t, 1, strings.Count(s, "is not an event"), "blank lines and comments are skipped")
	assert.Contains(t, s, `"bogus" is not an event: type JohnTake PILE STICKS or MaryTake PILE STICKS`)
	assert.True(t, strings.HasSuffix(s, "Mary wins.\n"), s)
}
