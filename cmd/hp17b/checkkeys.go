package main

import (
	"fmt"
	"io"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// writeKeys prints, for each equation of a file, the key script that types
// it into a real HP-17BII or 17bII+ (emulator.EquationScript), with a
// comment line that gives its number, text and keystrokes: from MAIN,
// SOLVE, then NEW, the equation and INPUT for each. `hp17b keys --fresh`
// running the output stores the same texts. A text the keyboard cannot
// type is reported on stderr, and the result is false.
func writeKeys(entries []solver.Entry, stdout, stderr io.Writer) bool {
	ok := true
	total := 3 // shift, EXIT (MAIN), SOLVE
	var lines []string
	for i, e := range entries {
		script, n, err := emulator.EquationScript(e.Text)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: equation %d (%s) cannot be typed on the calculator: %v\n", i+1, printable(e.Text), err)
			ok = false
			continue
		}
		n += 2 // NEW, INPUT
		total += n
		lines = append(lines, fmt.Sprintf("# %d. %s: %d keystrokes", i+1, printable(e.Text), n), "NEW "+script+" INPUT")
	}
	// The total comes first: a script given more keys after it goes on
	// where it ends, not inside a comment.
	fmt.Fprintf(stdout, "# %d keystrokes in all; from any menu, MAIN then SOLVE (3 keystrokes)\n", total)
	fmt.Fprintln(stdout, "MAIN SOLVE")
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return ok
}
