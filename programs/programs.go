// Package programs is the library of Solver programs: equation files
// embedded in the binary, each a heap-game program with its metadata and
// rule (Game), for 1-3-5-7 Nim also a native Go reference of what it
// computes (Natives); one player that runs a program's equation as the
// calculator would (GamePlayer), and one game of a program as a value
// (Match). The differential comparison of an equation against the rule's
// analysis or its native twin is package compare/games, so that a
// program that plays the games (the window) links no comparison engine.
//
// The calculator's SOLVE list, the heaps panel and the commands play,
// compare and programs take their programs from here.
package programs

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/nim/octal"
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
	// Native names its native reference (see Natives), "" when none: a
	// 1-3-5-7 Nim program is compared against it (compare/games).
	Native string
	// Default marks the programs a fresh calculator holds.
	Default bool
	// Game makes it a heap-game program: its rule, position and domain,
	// checked by compare/games.
	Game *Game
	// Rules says how the game goes and how to play it on the calculator.
	Rules string
}

// library is every program, in the order All lists them: the 1-3-5-7 Nim
// programs, then the other heap games.
var library = []Program{
	{
		ID: "nim", File: "nim.eq", Title: "NIM",
		Description: "Plays 1-3-5-7 Nim (Marienbad) under normal play and never loses: INIT sets the heaps " +
			"to 1, 3, 5, 7; key a heap's new size, press its menu key, then EVAL: the calculator moves " +
			"and shows the four heaps as one number. This is the post's equation in working form: the " +
			"product term before the IF chain is multiplied by 0 (0× before L(E0:), as archived copies " +
			"of the post have it), so EVAL shows exactly the heaps.",
		Source: "HP Museum forum, \"(17B) NIM\", 13 July 2014",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Native: "nim-post", Default: true,
		Rules: "INIT sets A, B, C, D to 1, 3, 5, 7. Take matches from one heap: key its new size, press its menu key " +
			"(A to D), then EVAL: the calculator moves and shows the four heaps as one number (1357). In a position it " +
			"cannot win it stops with SOLUTION NOT FOUND. The first player loses 1-3-5-7 with perfect play, so you open.",
		Game: &Game{Name: "1-3-5-7 Nim", Move: "Take any number of matches from one heap; whoever takes the last match wins.",
			Rule: octal.Slides[0], Slots: []string{"A", "B", "C", "D"}, Start: []int{1, 3, 5, 7}, Max: 7, Limits: []int{1, 3, 5, 7}},
	},
	{
		ID: "nim-as-transcribed", File: "nim-as-transcribed.eq", Title: "NIM (as transcribed)",
		Description: "The forum listing exactly as transcribed, without the 0×: the moves are the same, " +
			"but EVAL adds the product E0×E1×E2×(new heap) to the heaps' number whenever it is not 0, " +
			"so the display can be wrong (1,339 instead of 1,331 at the post's third step). Kept as a " +
			"reference; nim.eq is the working program.",
		Source: "HP Museum forum, \"(17B) NIM\", 13 July 2014, verbatim",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Native: "nim-post",
		Rules: "INIT sets A, B, C, D to 1, 3, 5, 7. Take matches from one heap: key its new size, press its menu key " +
			"(A to D), then EVAL: the calculator moves and shows the four heaps as one number (1357). In a position it " +
			"cannot win it stops with SOLUTION NOT FOUND. The first player loses 1-3-5-7 with perfect play, so you open.",
		Game: &Game{Name: "1-3-5-7 Nim", Move: "Take any number of matches from one heap; whoever takes the last match wins.",
			Rule: octal.Slides[0], Slots: []string{"A", "B", "C", "D"}, Start: []int{1, 3, 5, 7}, Max: 7, Limits: []int{1, 3, 5, 7}},
	},
	{
		ID: "nim-misere", File: "nim-misere.eq", Title: "NIMM",
		Description: "Plays 1-3-5-7 Nim under the misère rule, the rule of the film: whoever takes the " +
			"last object loses. Same INIT/EVAL workflow as NIM. It plays the nim-sum strategy while two " +
			"or more heaps hold two or more objects, and otherwise leaves an odd number of heaps of one. " +
			"Like NIM it stops with INV(0), showing SOLUTION NOT FOUND, in a position it cannot win.",
		Source: "hp17b, after the post's remark on the misère game",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Native: "nim-misere", Default: true,
		Rules: "INIT sets A, B, C, D to 1, 3, 5, 7. Take matches from one heap: key its new size, press its menu key " +
			"(A to D), then EVAL: the calculator moves and shows the four heaps as one number. Whoever takes the last " +
			"match loses. In a position it cannot win it stops with SOLUTION NOT FOUND. You open.",
		Game: &Game{Name: "1-3-5-7 Nim, misère", Move: "Take any number of matches from one heap; whoever takes the last match loses.",
			Rule: octal.Slides[0], Misere: true, Slots: []string{"A", "B", "C", "D"}, Start: []int{1, 3, 5, 7}, Max: 7, Limits: []int{1, 3, 5, 7}},
	},
	// The other heap games, after the 1-3-5-7 Nim programs.
	{
		ID: "n567", File: "n567.eq", Title: "N567",
		Description: "The 5-6-7 game: three heaps of 5, 6 and 7 sticks, the player who takes the last stick loses (misère Nim).",
		Rules: "INIT sets A, B, C to 5, 6, 7. Take sticks from one heap: key its new size, press its menu key, then EVAL: " +
			"the calculator moves and shows the heaps as one number (567). It plays the nim-sum while two heaps hold " +
			"two or more sticks and then leaves an odd number of heaps of one; in a position it cannot win it stops " +
			"with SOLUTION NOT FOUND. The first player wins 5-6-7: press EVAL straight after INIT and the calculator " +
			"opens (567 → 563); then it always wins.",
		Source: "hp17b, after the 5-6-7 game of \"The Game of Nim in Z and STATECRUNCHER\" and the misère rule of the forum thread \"(17B) NIM\"",
		Keys:   []string{"INIT", "A", "B", "C", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "The 5-6-7 game", Move: "Take any number of sticks from one heap; whoever takes the last stick loses.",
			Rule: octal.Slides[0], Misere: true, Slots: []string{"A", "B", "C"}, Start: []int{5, 6, 7}, Max: 7},
	},
	{
		ID: "subk", File: "subk.eq", Title: "SUBK",
		Description: "Take 1 to K: three heaps, a move takes 1 to K objects from one heap, whoever takes the last wins. " +
			"A heap's Grundy value is its size mod (K+1), and the calculator plays the nim-sum of those.",
		Rules: "Store K (INIT stores 3 when K is 0), then INIT sets A, B, C to 3, 5, 7. Take 1 to K objects from " +
			"one heap: key its new size, press its menu key, then EVAL. Whatever K, the player who opens wins from " +
			"357: press EVAL straight after INIT and the calculator opens.",
		Source: "hp17b, after the slides \"NIM-Type Games\" (game 3) and the nim-sum blog post's remark on the nim sum mod (k+1)",
		Keys:   []string{"K", "INIT", "A", "B", "C", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Take 1 to K", Move: "Take 1 to K objects from one heap; whoever takes the last wins.",
			Slots: []string{"A", "B", "C"}, Start: []int{3, 5, 7}, Max: 9,
			Param: "K", ParamValues: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, ParamDefault: 3},
	},
	{
		ID: "take14", File: "take14.eq", Title: "T14",
		Description: "Take 1 or 4: four heaps, a move takes exactly 1 or 4 objects from one heap, whoever takes the " +
			"last wins. The Grundy values repeat with period 5 (0 1 0 1 2), held in the equation as the number 21010.",
		Rules: "INIT sets A, B, C, D to 1, 3, 5, 7 (a lost start for the person moving first). Take 1 or 4 from one " +
			"heap: key its new size, press its menu key, then EVAL.",
		Source: "hp17b, after the slides \"NIM-Type Games\" (game 4)",
		Keys:   []string{"INIT", "A", "B", "C", "D", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Take 1 or 4", Move: "Take exactly 1 or 4 objects from one heap; whoever takes the last wins.",
			Rule: octal.Slides[4], Slots: []string{"A", "B", "C", "D"}, Start: []int{1, 3, 5, 7}, Max: 9},
	},
	{
		ID: "pnim", File: "pnim.eq", Title: "PNIM",
		Description: "Nim on up to 12 heaps packed into one number, one digit a heap (1357 is the film's four heaps; " +
			"0 digits are empty heaps), whoever takes the last object wins.",
		Rules: "INIT sets P to 1357. Key the position your move leaves as one number (from 1357, taking 2 from " +
			"the 5 leaves 1337), press P, then EVAL: the calculator moves and shows the new number.",
		Source: "hp17b, after the method of the forum thread \"(17B) NIM\", for any number of heaps",
		Keys:   []string{"INIT", "P", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Nim in one number", Move: "Take any number from one heap (a digit); whoever takes the last wins.",
			Rule: octal.Slides[0], Packed: "P", Start: []int{1, 3, 5, 7}, Max: 9, Exhaustive: 4, Sample: 2000, MaxHeaps: 12},
	},
	{
		ID: "lasker", File: "lasker.eq", Title: "LASK",
		Description: "Lasker's Nim: take any number from one heap, or split a heap into two non-empty heaps; whoever " +
			"takes the last object wins. Heaps are digits of one number; a split's second heap is added as a new " +
			"last digit. The Grundy value of n is n, except 4k+3 ↔ 4k+4 swapped.",
		Rules: "INIT sets P to 1357. Key the position your move leaves (split the 7 of 1357 into 4 and 3: 13543), " +
			"press P, then EVAL. The number holds 12 heaps at most, so a move may leave 11. The first player wins " +
			"from 1357: press EVAL straight after INIT and the calculator opens.",
		Source: "hp17b, after the slides \"NIM-Type Games\" (game 6)",
		Keys:   []string{"INIT", "P", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Lasker's Nim", Move: "Take any number from one heap, or split a heap in two; the last object wins.",
			Rule: octal.Slides[6], Packed: "P", Start: []int{1, 3, 5, 7}, Max: 9, Exhaustive: 4, Sample: 2000, MaxHeaps: 11},
	},
	{
		ID: "kayles", File: "kayles.eq", Title: "KAYL",
		Description: "Kayles: rows of pins, one digit a row; knock down 1 pin or 2 neighbours, which may split a row " +
			"in two; whoever knocks down the last pin wins. The Grundy values of rows 0 to 9 (0 1 2 3 1 4 3 2 1 4, " +
			"the slides' table) are held in the equation as the number 4123413210.",
		Rules: "INIT sets P to 1357. Key the rows your move leaves (knocking the middle pin of the 7 leaves 3 and 3: " +
			"13533), press P, then EVAL. Rows are 9 pins at most, and a move may leave 11 rows. The first player " +
			"wins from 1357: press EVAL straight after INIT and the calculator opens.",
		Source: "hp17b, after the slides \"NIM-Type Games\" (game 7 and its table)",
		Keys:   []string{"INIT", "P", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Kayles", Move: "Knock down one pin or two neighbours, which may split a row; the last pin wins.",
			Rule: octal.Slides[7], Packed: "P", Start: []int{1, 3, 5, 7}, Max: 9, Exhaustive: 4, Sample: 2000, MaxHeaps: 11},
	},
	{
		ID: "kaylesx", File: "kaylesx.eq", Title: "KAYX",
		Description: "Kayles on long rows: up to 6 rows of up to 99 pins, two digits a row (1030507 is the rows 1, 3, 5, " +
			"7); knock down 1 pin or 2 neighbours, which may split a row in two; whoever knocks down the last pin " +
			"wins. A row's Grundy value comes from the period-12 values (held as the number 728127418214, right " +
			"from row 71) and the 14 exceptions below 71.",
		Rules: "INIT sets P to 1030507. Key the rows your move leaves, two digits each (knocking the 5th pin of the " +
			"7 leaves 4 and 2: 103050402), press P, then EVAL. A move may leave 5 rows, so that a split still fits.",
		Source: "hp17b, after the slides \"NIM-Type Games\" (game 7) and Kayles' known period 12 from 71",
		Keys:   []string{"INIT", "P", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Kayles, long rows", Move: "Knock down one pin or two neighbours, which may split a row; the last pin wins.",
			Rule: octal.Slides[7], Packed: "P", Width: 2, Start: []int{1, 3, 5, 7}, Max: 99, Exhaustive: 2, Sample: 1000, MaxHeaps: 5},
	},
	{
		ID: "dawson", File: "dawson.eq", Title: "DAWS",
		Description: "Dawson's Kayles: rows of pins, one digit a row; knock down 2 neighbouring pins, which may split " +
			"a row in two; whoever knocks down the last pins wins. The Grundy values of rows 0 to 9 (0 0 1 1 2 0 3 1 " +
			"1 0, the slides' table) are held as the number 113021100.",
		Rules: "INIT sets P to 1357. Key the rows your move leaves, press P, then EVAL. Rows are 9 pins at most, " +
			"and a move may leave 11 rows.",
		Source: "hp17b, after the slides \"NIM-Type Games\" (game 8 and its table)",
		Keys:   []string{"INIT", "P", "EVAL"}, Display: hp17b.Mode{Fix: 0},
		Game: &Game{Name: "Dawson's Kayles", Move: "Knock down two neighbouring pins, which may split a row; the last pins win.",
			Rule: octal.Slides[8], Packed: "P", Start: []int{1, 3, 5, 7}, Max: 9, Exhaustive: 4, Sample: 2000, MaxHeaps: 11},
	},
}

// All returns the library, in a fixed order.
func All() []Program { return append([]Program(nil), library...) }

// DefaultEquations returns the SOLVE list a fresh calculator holds, as
// emulator.New and emulator.Options take it: the text of each program
// marked Default, in the library's order (NIM first), flattened to one
// line as the SOLVE list keeps an equation (solver.Flatten). A new slice
// at each call.
func DefaultEquations() []string {
	var eqs []string
	for _, p := range library {
		if p.Default {
			eqs = append(eqs, solver.Flatten(p.Text()))
		}
	}
	return eqs
}

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
	return Program{}, fmt.Errorf("no program %q (have: %s)", id, strings.Join(ids, ", "))
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
