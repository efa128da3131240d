package emulator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hp17b/hp17b/solver"
)

// AlphaSource is where the owner's manual shows that the keyboard types
// capitals only: the ALPHA menu's letter groups ABCDE FGHI JKLM NOPQ
// RSTUV WXYZ hold no small letters.
const AlphaSource = "17bII+ owner's manual p.30, \"Typing Words and Characters: the ALPHAbetic Menu\""

// SpaceKeys is what a space costs on the calculator: FGHI's menu key,
// then SPACE (TextKeys).
const SpaceKeys = 2

// TypedEquation is how one equation of a file is typed into a real
// HP-17BII or 17bII+ from the SOLVE menu (TypeEquation).
type TypedEquation struct {
	// Text is what is typed: the equation's own text, in capitals when
	// its names hold small letters, without the spaces that change
	// nothing when those are left out.
	Text string
	// Note says how Text differs from the text written, for the names in
	// capitals (" (in capitals, the keyboard's only letters: Cost as
	// COST)"); "" when it does not.
	Note string
	// Script is the key script (docs/command-line.md, Key scripts):
	// "NEW", Text's keys (EquationScript), "INPUT".
	Script string
	// Keystrokes counts Script's keys, NEW and INPUT among them.
	Keystrokes int
	// Spaces is how many spaces were left out; each saves SpaceKeys.
	Spaces int
}

// TypeEquation gives the keystrokes that type entry e into a real
// HP-17BII or 17bII+ from the SOLVE menu: NEW, the text, INPUT. A name
// with small letters is typed in capitals (the keyboard has no others:
// AlphaSource) when the equation's names stay distinct and the text in
// capitals reads as the same equation, and Note says so; with squeeze,
// the spaces that do not change the equation are left out (DropSpaces).
// A text the keyboard cannot type is an error saying why.
func TypeEquation(e solver.Entry, squeeze bool) (TypedEquation, error) {
	text, note, err := capitalText(e)
	if err != nil {
		return TypedEquation{}, err
	}
	t := TypedEquation{Text: text, Note: note}
	if squeeze && e.Eq != nil {
		short := DropSpaces(text)
		t.Spaces = strings.Count(text, " ") - strings.Count(short, " ")
		t.Text = short
	}
	script, n, err := EquationScript(t.Text)
	if err != nil {
		return TypedEquation{}, err
	}
	t.Script, t.Keystrokes = "NEW "+script+" INPUT", n+2
	return t, nil
}

// capitalText is the text that types entry e on the calculator: its own,
// or, when names hold small letters the keyboard cannot type, the text
// in capitals, with a note that says so. Two names that capitals make
// one are an error naming them.
func capitalText(e solver.Entry) (text, note string, err error) {
	if e.Eq == nil {
		return e.Text, "", nil
	}
	lower, capitals, clash := LowerNames(e.Eq)
	if len(lower) == 0 {
		return e.Text, "", nil
	}
	if len(clash) > 0 {
		var c []string
		for _, g := range clash {
			c = append(c, strings.Join(g, " and "))
		}
		return "", "", fmt.Errorf("the keyboard types capitals only (%s), and in capitals %s would be one name: rename one", AlphaSource, strings.Join(c, ", "))
	}
	upper := strings.ToUpper(e.Text)
	eq, perr := solver.Parse(upper)
	if perr != nil || len(eq.Names) != len(e.Eq.Names) {
		return "", "", fmt.Errorf("the keyboard types capitals only (%s), and the equation in capitals is not the same equation", AlphaSource)
	}
	for i, n := range e.Eq.Names {
		if want := strings.ToUpper(n); eq.Names[i] != want {
			return "", "", fmt.Errorf("the keyboard types capitals only (%s), and in capitals %s is not read as %s", AlphaSource, n, want)
		}
	}
	shown := make([]string, len(lower))
	for i, n := range lower {
		shown[i] = n + " as " + capitals[n]
	}
	return upper, " (in capitals, the keyboard's only letters: " + strings.Join(shown, ", ") + ")", nil
}

// LowerNames are the names of eq (its label and variables) that hold a
// small letter, which the keyboard cannot type (AlphaSource), in order;
// capitals maps each to its capitals, and clash holds the groups of names
// whose capitals are one name.
func LowerNames(eq *solver.Equation) (lower []string, capitals map[string]string, clash [][]string) {
	names := slices.Clone(eq.Names)
	if eq.Name != "" {
		names = append([]string{eq.Name}, names...)
	}
	capitals = map[string]string{}
	groups := map[string][]string{}
	var order []string
	for _, n := range names {
		u := strings.ToUpper(n)
		if u != n && capitals[n] == "" {
			lower = append(lower, n)
			capitals[n] = u
		}
		if !slices.Contains(groups[u], n) {
			if groups[u] == nil {
				order = append(order, u)
			}
			groups[u] = append(groups[u], n)
		}
	}
	for _, u := range order {
		if len(groups[u]) > 1 {
			clash = append(clash, groups[u])
		}
	}
	return lower, capitals, clash
}

// DropSpaces is text without the spaces that do not change the equation
// it reads as (solver.Equation.String, which prints the tree read): a
// space is left out when it stands beside an operator, a parenthesis or
// ':' and the text without it reads as the same equation, so
// `A = 2 × B` is typed `A=2×B`; a space between two words or numbers
// (`1 AND B`) stays, as the calculator's reading of them run together is
// not one we have seen. A text that does not read is returned as it is.
func DropSpaces(text string) string {
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
