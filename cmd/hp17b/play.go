package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/hp17b/hp17b/internal/cli"
	"github.com/hp17b/hp17b/programs"
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
	if err == nil && prog.Game == nil {
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
	return playHeapGame(prog, c.K, c.Model.Model, stdin, stdout, stderr)
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
