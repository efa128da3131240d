package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/hp17b/hp17b/internal/cli"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

var stdin io.Reader = os.Stdin

type playCmd struct {
	Program string    `default:"nim" placeholder:"ID" help:"The program to play (hp17b programs lists them)."`
	K       int       `placeholder:"K" help:"K of subk (take 1 to K), 1 to 9; 0: INIT stores 3."`
	Model   cli.Model `placeholder:"17bii|17bii+" help:"${model_help}"`
}

func (c *playCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	prog, err := programs.ByID(c.Program)
	if err == nil && !prog.Nim && prog.Game == nil {
		err = fmt.Errorf("%s is not a game", prog.ID)
	}
	if err == nil && (c.K < 0 || c.K > 9) {
		err = fmt.Errorf("--k %d: K is 1 to 9", c.K)
	}
	if err == nil && c.K != 0 && !slices.Contains(prog.Keys, "K") {
		err = fmt.Errorf("--k: %s has no K (subk takes one)", prog.ID)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	if prog.Game != nil {
		return playHeapGame(prog, c.K, c.Model.Model, stdin, stdout, stderr)
	}
	eq, err := prog.Equation()
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	player, err := programs.NewPlayer(prog, eq)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	player.SetModel(c.Model.Model)
	return playGame(player, prog, stdin, stdout)
}

// isTake reports whether a move was typed as "take K from X".
func isTake(line string) bool {
	return strings.HasPrefix(strings.ToUpper(strings.TrimSpace(line)), "TAKE")
}

// heapMoveError says what is wrong with leaving newSize on the heap called
// name that holds size, nil when it is a reduction (take says the move was
// typed as "take K from X"); which reductions a game allows is its own rule.
func heapMoveError(name string, size, newSize int, take bool) error {
	switch {
	case size == 0:
		return fmt.Errorf("heap %s is empty: choose another heap", name)
	case newSize < 0 && take:
		return fmt.Errorf("heap %s has only %d: take 1 to %d from it", name, size, size)
	case newSize < 0 || newSize >= size:
		return fmt.Errorf("heap %s has %d: its new size must be 0 to %d", name, size, size-1)
	}
	return nil
}

func drawHeaps(w io.Writer, h programs.Heaps) {
	for i, n := range [4]string{"A", "B", "C", "D"} {
		fmt.Fprintf(w, "  %s %-8s %d\n", n, strings.Repeat("|", h[i]), h[i])
	}
}

// parseMove reads "D 6", "D=6", "d6" or "take 1 from D" into a heap index
// and its new size.
func parseMove(line string, h programs.Heaps) (int, int, error) {
	return parseNamedMove([]string{"A", "B", "C", "D"}, line, h[:])
}

func playGame(player *programs.Player, prog programs.Program, in io.Reader, out io.Writer) int {
	ctx := context.Background()
	vars := solver.NewVars()
	rule := "normal play: whoever takes the last object wins"
	if prog.Misere {
		rule = "misère: whoever takes the last object loses"
	}
	fmt.Fprintf(out, "%s: 1-3-5-7 Nim against the HP-17B Solver (%s).\n", prog.Title, rule)
	fmt.Fprintln(out, "Set a heap (D 6 or D=6) or take (take 1 from D); you move first. Ctrl-D quits.")
	h, display, err := player.Init(ctx, vars)
	if err != nil {
		fmt.Fprintf(out, "INIT failed: %s\n", display)
		return exitFailed
	}
	fmt.Fprintf(out, "[INIT]  %s\n", display)
	native := programs.Natives[prog.Native]
	rd := bufio.NewReader(in)
	for {
		drawHeaps(out, h)
		fmt.Fprint(out, "Your move> ")
		text, long, err := readLine(rd, maxLine)
		if err != nil {
			fmt.Fprintln(out, "\nGoodbye.")
			return exitOK
		}
		if long {
			fmt.Fprintf(out, "That line is longer than %d characters: type a move such as D 6 or take 1 from D.\n", maxLine)
			continue
		}
		line := strings.TrimSpace(text)
		if line == "" {
			continue
		}
		if strings.EqualFold(line, "quit") || strings.EqualFold(line, "q") {
			fmt.Fprintln(out, "Goodbye.")
			return exitOK
		}
		i, v, err := parseMove(line, h)
		if err == nil {
			err = heapMoveError(string(rune('A'+i)), h[i], v, isTake(line))
		}
		if err != nil {
			fmt.Fprintf(out, "%v\n", err)
			continue
		}
		h[i] = v
		fmt.Fprintf(out, "%d [%c]  %c=%d\n", v, 'A'+i, 'A'+i, v)
		if h == (programs.Heaps{}) {
			return gameOver(out, h, "You", prog.Misere)
		}
		t := player.Answer(ctx, vars, h)
		fmt.Fprintf(out, "[EVAL]  %s\n", t.Display)
		want, nativeMoves := native(h)
		if !t.Moved && t.MovedHeaps() {
			fmt.Fprintln(out, plusNote)
		}
		switch {
		case !t.MovedHeaps():
			if nativeMoves {
				fmt.Fprintf(out, "disagreement: the equation did not move; the native player would leave %s\n", want)
			}
			fmt.Fprintln(out, "The calculator has no winning move (SOLUTION NOT FOUND) and resigns.")
			fmt.Fprintln(out, "You win.")
			return exitOK
		case !nativeMoves || t.After != want:
			fmt.Fprintf(out, "disagreement: the equation left %s; the native player would leave %s\n", t.After, want)
		case t.Moved && !t.DisplayRight():
			fmt.Fprintf(out, "note: the display does not spell the heaps (%s)\n", t.After)
		}
		h = t.After
		if h == (programs.Heaps{}) {
			return gameOver(out, h, "The calculator", prog.Misere)
		}
	}
}

// gameOver announces the winner after who took the last object.
func gameOver(out io.Writer, h programs.Heaps, who string, misere bool) int {
	drawHeaps(out, h)
	return announceWinner(out, who, misere)
}

// announceWinner says who won once who ("You" or "The calculator") took
// the last object: that player under normal play, the other under misère.
func announceWinner(out io.Writer, who string, misere bool) int {
	humanWins := who == "You"
	if misere {
		fmt.Fprintf(out, "%s took the last object.\n", who)
		humanWins = !humanWins
	}
	if humanWins {
		fmt.Fprintln(out, "You win.")
	} else {
		fmt.Fprintln(out, "The calculator wins.")
	}
	return exitOK
}

// maxLine is the longest line terminal play reads as a move.
const maxLine = 1024

// readLine reads one line of at most limit bytes; a longer one is read to
// its end and reported as long. err is io.EOF at the end of the input.
func readLine(r *bufio.Reader, limit int) (line string, long bool, err error) {
	var b []byte
	for {
		frag, isPrefix, err := r.ReadLine()
		if err != nil {
			if len(b) > 0 || long {
				return string(b), long, nil
			}
			return "", false, err
		}
		if !long {
			b = append(b, frag...)
			if len(b) > limit {
				b, long = nil, true
			}
		}
		if !isPrefix {
			return string(b), long, nil
		}
	}
}

// plusNote explains the HP-17bII+'s SOLUTION NOT FOUND after a move.
const plusNote = "(the 17bII+ runs EVAL twice: the second run finds no move after the calculator's own and stops with SOLUTION NOT FOUND; the heaps hold the move)"
