package library

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// Keys returns the keystrokes that type e into a real HP-17BII or 17bII+
// from the SOLVE menu: NEW, the text through the ALPHA menus
// (emulator.EquationScript: a letter is its group's key and its own, a
// digit or an operator the keyboard's key), INPUT; and their count, as
// `hp17b check --keys` gives them.
func (e Entry) Keys() (script string, n int) {
	s, k, err := emulator.EquationScript(e.Text)
	if err != nil {
		panic(fmt.Sprintf("%s cannot be typed: %v", e.Name, err)) // TestListing types every entry
	}
	return "NEW " + s + " INPUT", k + 2
}

// Bytes is the memory e takes on an HP-17B by the rule of Finseth's HP-17B
// page (docs/facts.md, "Variables"): an equation 10.5 bytes plus a byte a
// character of its name and of its formula (the text after the name's
// ':'); each of its variables, once the Solver has made them, 15 bytes
// plus a byte a character of its name.
func (e Entry) Bytes() (equation, variables float64) {
	_, formula, _ := strings.Cut(e.Text, ":")
	equation = 10.5 + float64(utf8.RuneCountInString(e.Name)+utf8.RuneCountInString(formula))
	eq, err := solver.Parse(e.Text)
	if err != nil {
		panic(err) // read at load
	}
	for _, n := range eq.Names {
		variables += 15 + float64(utf8.RuneCountInString(n))
	}
	return equation, variables
}

// Listing is `hp17b library`'s text (docs/library.md): the equations by
// topic, each with its purpose, keystrokes and size, then the game
// programs, the library's second kind. It reads as Markdown too: headings,
// and rows indented as a block.
func Listing() string {
	var b strings.Builder
	all := load()
	fmt.Fprintf(&b, "# The equation library\n\n")
	fmt.Fprintf(&b, "%d Solver equations for the problems the HP-17BII's menus leave to the Solver, in %d topics. "+
		"Each is proven against a reference written from its textbook formula and types back on a real "+
		"17BII or 17bII+ with the keystrokes counted here (from the SOLVE menu: NEW, the text, INPUT); "+
		"its size is in bytes as the HP-17B counts an equation (10.5 bytes and one a character). "+
		"`hp17b library NAME` shows one whole; `hp17b library --add NAME` puts it in the SOLVE list.\n", len(all), len(topics))
	for _, t := range topics {
		fmt.Fprintf(&b, "\n## %s\n\n", t)
		var rows [][]string
		for _, e := range all {
			if e.Topic != t {
				continue
			}
			_, n := e.Keys()
			eqBytes, _ := e.Bytes()
			rows = append(rows, []string{e.Name, e.Purpose, fmt.Sprintf("%d keys", n), fmt.Sprintf("%.1f bytes", eqBytes)})
		}
		writeRows(&b, rows)
	}
	fmt.Fprintf(&b, "\n## Game programs\n\nThe heap games written for the calculator, beside the equations: "+
		"`hp17b programs` lists them, `hp17b programs ID` shows one, `hp17b play --program ID` plays it.\n\n")
	var rows [][]string
	for _, p := range programs.All() {
		rows = append(rows, []string{p.ID, p.Title})
	}
	writeRows(&b, rows)
	return b.String()
}

// Describe is `hp17b library NAME`'s text: the entry whole, its notes,
// size and keystrokes.
func (e Entry) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n%s\n\n    %s\n\nVariables:\n", e.Name, e.Topic, e.Purpose, e.Text)
	var rows [][]string
	for _, v := range e.Vars {
		rows = append(rows, []string{v.Name, v.Meaning, v.Unit})
	}
	writeRows(&b, rows)
	fmt.Fprintf(&b, "\nExample: %s\n", e.Example)
	for _, n := range e.Notes {
		fmt.Fprintf(&b, "\nNote: %s\n", n)
	}
	fmt.Fprintf(&b, "\nSource: %s\n", e.Source)
	eqBytes, varBytes := e.Bytes()
	script, n := e.Keys()
	fmt.Fprintf(&b, "\nSize: %.1f bytes for the equation, %.1f for its variables once solved (the HP-17B's count)\n", eqBytes, varBytes)
	fmt.Fprintf(&b, "Keystrokes: %d from the SOLVE menu\n    %s\n", n, script)
	return b.String()
}

// writeRows writes rows indented by four spaces, as columns as wide as
// their widest cell (text/tabwriter counts runes), two spaces between
// them, the last unpadded.
func writeRows(b *strings.Builder, rows [][]string) {
	w := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintf(w, "    %s\n", strings.Join(r, "\t"))
	}
	w.Flush()
}
