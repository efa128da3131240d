package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// spaceKeys is what a space costs on the calculator: FGHI's menu key,
// then SPACE (emulator.EquationScript).
const spaceKeys = 2

// writeKeys prints, for each equation of a file, the key script that types
// it into a real HP-17BII or 17bII+ (emulator.EquationScript), with a
// comment line that gives its number, text and keystrokes: from MAIN,
// SOLVE, then NEW, the equation and INPUT for each. `hp17b keys --fresh`
// running the output stores the same equations. A name with small
// letters is typed in capitals (the keyboard has no others: alphaSource)
// when the equation's names stay distinct, and the comment says so; with
// squeeze, spaces that do not change the equation are left out and the
// header says how many keystrokes that saves. A text the keyboard cannot
// type is reported on stderr, and the result is false.
func writeKeys(entries []solver.Entry, squeeze bool, stdout, stderr io.Writer) bool {
	ok := true
	total := 3 // shift, EXIT (MAIN), SOLVE
	saved, spaces := 0, 0
	var lines []string
	for i, e := range entries {
		text, note, err := typedText(e)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: equation %d (%s) cannot be typed on the calculator: %v\n", i+1, printable(e.Text), err)
			ok = false
			continue
		}
		if squeeze && e.Eq != nil {
			short := dropSpaces(text)
			n := strings.Count(text, " ") - strings.Count(short, " ")
			spaces += n
			saved += n * spaceKeys
			text = short
		}
		script, n, err := emulator.EquationScript(text)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: equation %d (%s) cannot be typed on the calculator: %v\n", i+1, printable(e.Text), err)
			ok = false
			continue
		}
		n += 2 // NEW, INPUT
		total += n
		lines = append(lines, fmt.Sprintf("# %d. %s: %d keystrokes%s", i+1, printable(text), n, note), "NEW "+script+" INPUT")
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

// typedText is the text that types entry e on the calculator: its own,
// or, when names hold small letters the keyboard cannot type, the text
// in capitals, with a note that says so. Two names that capitals make
// one are an error naming them.
func typedText(e solver.Entry) (text, note string, err error) {
	if e.Eq == nil {
		return e.Text, "", nil
	}
	lower, capitals, clash := lowerNames(e.Eq)
	if len(lower) == 0 {
		return e.Text, "", nil
	}
	if len(clash) > 0 {
		var c []string
		for _, g := range clash {
			c = append(c, strings.Join(g, " and "))
		}
		return "", "", fmt.Errorf("the keyboard types capitals only (%s), and in capitals %s would be one name: rename one", alphaSource, strings.Join(c, ", "))
	}
	upper := strings.ToUpper(e.Text)
	eq, perr := solver.Parse(upper)
	if perr != nil || len(eq.Names) != len(e.Eq.Names) {
		return "", "", fmt.Errorf("the keyboard types capitals only (%s), and the equation in capitals is not the same equation", alphaSource)
	}
	for i, n := range e.Eq.Names {
		if want := strings.ToUpper(n); eq.Names[i] != want {
			return "", "", fmt.Errorf("the keyboard types capitals only (%s), and in capitals %s is not read as %s", alphaSource, n, want)
		}
	}
	shown := make([]string, len(lower))
	for i, n := range lower {
		shown[i] = n + " as " + capitals[n]
	}
	return upper, " (in capitals, the keyboard's only letters: " + strings.Join(shown, ", ") + ")", nil
}

// dropSpaces is text without the spaces that do not change the equation
// it reads as (solver.Equation.String, which prints the tree read): a
// space is left out when it stands beside an operator, a parenthesis or
// ':' and the text without it reads as the same equation, so
// `A = 2 × B` is typed `A=2×B`; a space between two words or numbers
// (`1 AND B`) stays, as the calculator's reading of them run together is
// not one we have seen. A text that does not read is returned as it is.
func dropSpaces(text string) string {
	eq, err := solver.Parse(text)
	if err != nil {
		return text
	}
	want := eq.String()
	r := []rune(text)
	for i := 0; i < len(r); {
		if r[i] != ' ' || (i > 0 && wordRune(r[i-1]) && i+1 < len(r) && wordRune(r[i+1])) {
			i++
			continue
		}
		try := append(append([]rune{}, r[:i]...), r[i+1:]...)
		if e, err := solver.Parse(string(try)); err == nil && e.String() == want {
			r = try
			continue
		}
		i++
	}
	return string(r)
}

// wordRune reports whether r belongs to a name or a number: neither an
// operator, a parenthesis, ':' nor a space.
func wordRune(r rune) bool { return !strings.ContainsRune(" +-×÷^()=<>:≠≤≥", r) }
