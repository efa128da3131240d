package acronim

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/internal/text"
)

// Converse plays g with a person typing lines on in, as hp17b acronim play
// does: the position and South's numbered moves (listed once a turn, and
// again after "list"), a prompt, then the move whose number is typed and
// North's answer, until the game ends, "q" or "quit" is typed or in ends
// ("Goodbye."). "help" lists the commands; a line that is no move's
// number says so. Everything goes to out; out's errors are not reported.
func Converse(g *Game, in io.Reader, out io.Writer) {
	fmt.Fprintln(out, "Acro-Nim: you are South and move first; the solver plays North. Type a move's number; help lists the commands, q quits.")
	sc := bufio.NewScanner(in)
	listed := false
	for {
		moves := g.Moves()
		if !listed {
			fmt.Fprintln(out, g.State)
			for i, m := range moves {
				fmt.Fprintf(out, "  %d. %s\n", i+1, m)
			}
			listed = true
		}
		fmt.Fprint(out, "Your move> ")
		if !sc.Scan() {
			fmt.Fprintln(out, "\nGoodbye.")
			return
		}
		line := strings.TrimSpace(sc.Text())
		switch line {
		case "q", "quit":
			fmt.Fprintln(out, "Goodbye.")
			return
		case "help", "h", "?":
			fmt.Fprintf(out, "Commands:\n  1 to %d   play that move of the list\n  list     the position and its moves again\n"+
				"  help     this list\n  quit, q  stop\n", len(moves))
			continue
		case "list", "l":
			listed = false
			continue
		}
		n, err := strconv.Atoi(line)
		if err != nil || n < 1 || n > len(moves) {
			fmt.Fprintf(out, "%s is not a move: type a number from 1 to %d (list shows the moves again, help the commands).\n", text.Quote(line), len(moves))
			continue
		}
		listed = false
		turns, _ := g.Play(moves[n-1]) // one of the moves: no error
		for _, t := range turns {
			fmt.Fprintf(out, "%s: %s\n", t.By, t.Move)
			switch t.Outcome {
			case Continues:
				continue
			case Drawn:
				fmt.Fprintln(out, "Two passes in succession: the game is drawn.")
			case MoverWins:
				fmt.Fprintf(out, "%s took the last stone. %s wins.\n", t.By, t.By)
			case MoverLoses:
				fmt.Fprintf(out, "%s took the poisoned stone alone. %s wins.\n", t.By, 1-t.By)
			}
			return
		}
	}
}
