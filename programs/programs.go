// Package programs is the library of Solver programs: equation files
// embedded in the binary, each with metadata and a native Go reference of
// what it computes, and the differential comparison of an equation against
// its native twin.
//
// It imports solver, hp17b and nim.
package programs

import (
	"embed"
	"fmt"
	"sort"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

//go:embed *.eq
var files embed.FS

// Program is one entry of the library.
type Program struct {
	// ID names the program on the command line ("nim").
	ID string
	// File is the embedded equation file.
	File string
	// Title and Description say what it is; Source says where it comes from.
	Title, Description, Source string
	// Keys are the menu keys a player uses, in order.
	Keys []string
	// Display is the display mode it reads best in.
	Display hp17b.Mode
	// Native names its native reference (see Natives).
	Native string
	// Nim marks a program that plays 1-3-5-7 Nim with heaps A, B, C, D and
	// the INIT/EVAL workflow; Misere says whoever takes the last object
	// loses.
	Nim, Misere bool
	// Default marks the programs a fresh calculator holds.
	Default bool
}

var library = []Program{
	{
		ID: "nim", File: "nim.eq", Title: "NIM",
		Description: "Plays 1-3-5-7 Nim (Marienbad) under normal play and never loses: INIT sets the heaps " +
			"to 1, 3, 5, 7; key a heap's new size, press its menu key, then EVAL: the calculator moves " +
			"and shows the four heaps as one number. This is the post's equation in working form: the " +
			"product term before the IF chain is multiplied by 0 (0× before L(E0:), as archived copies " +
			"of the post have it), so EVAL shows exactly the heaps.",
		Source: "HP Museum forum, \"(17B) NIM\", 2014 (seed 003)",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Native: "nim-post", Nim: true, Default: true,
	},
	{
		ID: "nim-as-transcribed", File: "nim-as-transcribed.eq", Title: "NIM (as transcribed)",
		Description: "The forum listing exactly as transcribed, without the 0×: the moves are the same, " +
			"but EVAL adds the product E0×E1×E2×(new heap) to the heaps' number whenever it is not 0, " +
			"so the display can be wrong (1,339 instead of 1,331 at the post's third step). Kept as a " +
			"reference; nim.eq is the working program.",
		Source: "HP Museum forum, \"(17B) NIM\", 2014 (seed 003), verbatim",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Native: "nim-post", Nim: true,
	},
	{
		ID: "nim-misere", File: "nim-misere.eq", Title: "NIMM",
		Description: "Plays 1-3-5-7 Nim under the misère rule, the rule of the film: whoever takes the " +
			"last object loses. Same INIT/EVAL workflow as NIM. It plays the nim-sum strategy while two " +
			"or more heaps hold two or more objects, and otherwise leaves an odd number of heaps of one. " +
			"Like NIM it stops with INV(0), showing SOLUTION NOT FOUND, in a position it cannot win.",
		Source: "hp17b, after the post's remark on the misère game",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Native: "nim-misere", Nim: true, Misere: true, Default: true,
	},
}

// All returns the library, in a fixed order.
func All() []Program { return append([]Program(nil), library...) }

// ByID returns a program by its ID.
func ByID(id string) (Program, error) {
	for _, p := range library {
		if p.ID == id {
			return p, nil
		}
	}
	ids := make([]string, len(library))
	for i, p := range library {
		ids[i] = p.ID
	}
	sort.Strings(ids)
	return Program{}, fmt.Errorf("no program %q (have: %v)", id, ids)
}

// Text returns the program's equation text.
func (p Program) Text() string {
	b, err := files.ReadFile(p.File)
	if err != nil {
		panic(err) // embedded at build time; a test covers every entry
	}
	return string(b)
}

// parsed holds each program's equation once read: File → *solver.Equation.
var parsed sync.Map

// Equation returns the program's equation, parsed once per process (an
// Equation is immutable and may be shared). An error is the equation
// file's *solver.SyntaxError.
func (p Program) Equation() (*solver.Equation, error) {
	if eq, ok := parsed.Load(p.File); ok {
		return eq.(*solver.Equation), nil
	}
	eqs, err := solver.ParseFile(p.File, p.Text())
	if err != nil {
		return nil, err
	}
	parsed.Store(p.File, eqs[0])
	return eqs[0], nil
}
