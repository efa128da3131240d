package main

import (
	"fmt"
	"io"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// writeKeys prints, for each equation of a file, the key script that types
// it into a real HP-17BII or 17bII+ (emulator.TypeEquation), with a
// comment line that gives its number, text and keystrokes: from MAIN,
// SOLVE, then NEW, the equation and INPUT for each. `hp17b keys --fresh`
// running the output stores the same equations. A name with small
// letters is typed in capitals, and the comment says so; with squeeze,
// spaces that do not change the equation are left out and the header
// says how many keystrokes that saves. A text the keyboard cannot type
// is reported on stderr, and the result is false.
func writeKeys(entries []solver.Entry, squeeze bool, stdout, stderr io.Writer) bool {
	ok := true
	total := 3 // shift, EXIT (MAIN), SOLVE
	saved, spaces := 0, 0
	var lines []string
	for i, e := range entries {
		t, err := emulator.TypeEquation(e, squeeze)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: equation %d (%s) cannot be typed on the calculator: %v\n", i+1, printable(e.Text), err)
			ok = false
			continue
		}
		spaces += t.Spaces
		saved += t.Spaces * emulator.SpaceKeys
		total += t.Keystrokes
		lines = append(lines, fmt.Sprintf("# %d. %s: %d keystrokes%s", i+1, printable(t.Text), t.Keystrokes, t.Note), t.Script)
	}
	if !ok {
		// No header promising a count the script does not hold.
		return false
	}
	// The total comes first: a script given more keys after it goes on
	// where it ends, not inside a comment.
	head := fmt.Sprintf("# %d keystrokes in all; from any menu, MAIN then SOLVE (3 keystrokes)", total)
	if spaces > 0 {
		head += fmt.Sprintf("; %d saved by leaving out %d spaces that change nothing (--spaces types them)", saved, spaces)
	}
	fmt.Fprintln(stdout, head)
	fmt.Fprintln(stdout, "MAIN SOLVE")
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	return true
}
