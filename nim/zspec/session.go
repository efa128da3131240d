package zspec

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/internal/text"
)

// Session plays a game from the events typed on in (JohnTake PILE STICKS,
// MaryTake PILE STICKS; blank lines and # comments skipped), as hp17b nim
// zspec does, writing to out what the recorded model session shows: the
// state, its trace (Trace) and perfect play (PerfectMove) at the start
// and after each event, with the event's return code (ok, fin, error)
// and the winner once the game is over. A line that is no event says so.
// Everything goes to out; out's errors are not reported.
func Session(in io.Reader, out io.Writer) {
	g := NewGame()
	show := func(p, take int) {
		fmt.Fprintf(out, "  %s, p=%d take=%d\n", g.Describe(), p, take)
		fmt.Fprintf(out, "  TRACE=[%s]\n", strings.Join(g.Trace(), ","))
		if pile, n, winning, ok := g.PerfectMove(); ok {
			verdict := "wins"
			if !winning {
				verdict = "loses against perfect play"
			}
			fmt.Fprintf(out, "  perfect play: %s %s; best %sTake %d %d\n", g.Turn, verdict, g.Turn, pile, n)
		}
	}
	fmt.Fprintln(out, "5-6-7 Nim (McMorran and Powell): whoever takes the last stick loses. Events: JohnTake PILE STICKS.")
	show(0, 0)
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ev, ok := ParseEvent(line)
		if !ok {
			fmt.Fprintf(out, "%s is not an event: type JohnTake PILE STICKS or MaryTake PILE STICKS\n", text.Quote(line))
			continue
		}
		code := g.Play(ev)
		rc := "ok"
		switch {
		case code == Fin:
			rc = "fin"
		case code == TurnError:
			rc = fmt.Sprintf("error (it is %s's turn)", g.Turn)
		case code.IsError():
			rc = "error"
		}
		fmt.Fprintf(out, "%s: rc=%s\n", ev, rc)
		show(ev.Pile, ev.Take)
		if g.Over {
			fmt.Fprintf(out, "%s wins.\n", g.Winner)
		}
	}
}
