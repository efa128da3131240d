package programs

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/nim"
	"github.com/hp17b/hp17b/solver"
)

// Limits of the 1-3-5-7 positions compared: A 0..1, B 0..3, C 0..5, D 0..7.
var Limits = Heaps{1, 3, 5, 7}

// Turn is the equation's answer to one position: what a calculator with
// fresh variables shows after the heaps are stored and EVAL is solved.
type Turn struct {
	// Before and After are the heaps before and after EVAL.
	Before, After Heaps
	// Moved is false when EVAL found no value: the program stopped with
	// SOLUTION NOT FOUND (a lost position: INV(0)), or with the error Err.
	Moved bool
	Err   error
	// Value is EVAL's value and Display the display line.
	Value   hp17b.Number
	Display string
	// Term is E0×E1×E2×(the new size of the heap moved) from the hidden
	// variables, the product term of the NIM equation, when they exist.
	Term    hp17b.Number
	HasTerm bool
}

// MovedHeaps reports whether EVAL changed the heaps: the move, whatever
// the display says (the HP-17bII+ shows SOLUTION NOT FOUND after moving).
func (t Turn) MovedHeaps() bool { return t.Moved || t.Err == nil && t.After != t.Before }

// DisplayRight reports whether EVAL shows the number the heaps spell.
func (t Turn) DisplayRight() bool {
	return t.Moved && t.Value.Equal(hp17b.FromInt(int64(t.After.Number())))
}

// Legal reports whether the equation's move takes objects from exactly one
// heap.
func (t Turn) Legal() bool {
	changed := 0
	for i := range t.Before {
		switch {
		case t.After[i] > t.Before[i] || t.After[i] < 0:
			return false
		case t.After[i] != t.Before[i]:
			changed++
		}
	}
	return changed == 1
}

var heapNames = [4]string{"A", "B", "C", "D"}

// Player runs a Nim equation in the Solver as a calculator would. It
// compiles the equation once per variable store it is given; it is not
// safe for concurrent use.
type Player struct {
	prog    Program
	eq      *solver.Equation
	mode    hp17b.Mode
	model   solver.Model
	solvers map[*solver.Vars]*solver.Solver
	scratch *solver.Vars
}

// solverFor returns the equation compiled against vars.
func (p *Player) solverFor(vars *solver.Vars) *solver.Solver {
	return compiledFor(p.solvers, p.eq, vars)
}

// compiledFor returns eq compiled against vars, compiling it once per
// store (cache holds the compiled ones).
func compiledFor(cache map[*solver.Vars]*solver.Solver, eq *solver.Equation, vars *solver.Vars) *solver.Solver {
	s, ok := cache[vars]
	if !ok {
		s = solver.New(eq, vars)
		cache[vars] = s
	}
	return s
}

// NewPlayer checks that eq is a Nim equation (menu keys A, B, C, D and
// EVAL) and returns a player for it.
func NewPlayer(prog Program, eq *solver.Equation) (*Player, error) {
	have := map[string]bool{}
	for _, n := range eq.Menu {
		have[n] = true
	}
	for _, k := range []string{"A", "B", "C", "D", "EVAL"} {
		if !have[k] {
			return nil, fmt.Errorf("%s: the equation has no menu key %s; a Nim program needs A B C D EVAL", eq.Title(), k)
		}
	}
	return &Player{prog: prog, eq: eq, mode: prog.Display, solvers: map[*solver.Vars]*solver.Solver{}}, nil
}

// SetModel makes the player solve as the given calculator does (the
// HP-17BII by default).
func (p *Player) SetModel(m solver.Model) { p.model = m }

// Init solves INIT on fresh variables, as the game's first key does, and
// returns the heaps and the display line.
func (p *Player) Init(ctx context.Context, vars *solver.Vars) (Heaps, string, error) {
	s := p.solverFor(vars)
	vars.Create(p.eq.Menu...)
	r, err := s.Solve(ctx, "INIT", solver.Options{Model: p.model})
	if err != nil {
		return Heaps{}, err.Error(), err
	}
	return ReadHeaps(vars), strings.Join(r.Lines(p.mode), "  "), nil
}

// ReadHeaps reads the heaps from the variables A, B, C, D (non-integers
// and missing ones read as 0).
func ReadHeaps(vars *solver.Vars) Heaps {
	var h Heaps
	for i, n := range heapNames {
		v, _ := vars.Value(n).Int64()
		h[i] = int(v)
	}
	return h
}

// Answer stores the heaps in vars from the menu and solves EVAL.
func (p *Player) Answer(ctx context.Context, vars *solver.Vars, h Heaps) Turn {
	vars.Create(p.eq.Menu...)
	for i, n := range heapNames {
		vars.Store(n, hp17b.FromInt(int64(h[i])))
	}
	s := p.solverFor(vars)
	t := Turn{Before: h}
	r, err := s.Solve(ctx, "EVAL", solver.Options{Model: p.model})
	t.After = ReadHeaps(vars)
	if err != nil {
		t.Err, t.Display = err, err.Error()
		return t
	}
	t.Moved, t.Value, t.Display = r.Found(), r.Value, strings.Join(r.Lines(p.mode), "  ")
	if e0, ok0 := vars.Get("E0"); ok0 {
		e1, _ := vars.Get("E1")
		e2, _ := vars.Get("E2")
		newSize := 0
		for i := range h {
			if t.After[i] != h[i] {
				newSize = t.After[i]
			}
		}
		term, _ := hp17b.Mul(e0, e1)
		term, _ = hp17b.Mul(term, e2)
		term, _ = hp17b.Mul(term, hp17b.FromInt(int64(newSize)))
		t.Term, t.HasTerm = term, true
	}
	return t
}

// AnswerFresh is Answer on a calculator with fresh variables: none of the
// equation's variables exist before the heaps are stored.
func (p *Player) AnswerFresh(ctx context.Context, h Heaps) Turn {
	if p.scratch == nil {
		p.scratch = solver.NewVars()
	}
	p.scratch.Delete(p.eq.Names...)
	return p.Answer(ctx, p.scratch, h)
}

// Mismatch is a position where the equation and its native reference
// disagree, on the move or on the display.
type Mismatch struct {
	Position Heaps  `json:"position"`
	Equation Heaps  `json:"equation"`
	Display  string `json:"display"`
	Native   Heaps  `json:"native"`
	// NativeMoves is false when the native has no move there.
	NativeMoves bool `json:"-"`
	turn        Turn
}

// Report is the result of Compare; its JSON form is `hp17b compare --json`.
type Report struct {
	Program string `json:"program"`
	// Model is the calculator modelled: "17bii" or "17bii+".
	Model string `json:"model"`
	// Positions counted: every A 0..1, B 0..3, C 0..5, D 0..7.
	Positions int `json:"positions"`
	// NoMove: positions where EVAL stops with an error instead of moving.
	NoMove int `json:"no_move"`
	// MovesAgree: the equation moved and left the native's heaps.
	MovesAgree int `json:"moves_agree"`
	// MovesDisagree: every other position, except no-move ones where the
	// native has no move either.
	MovesDisagree int `json:"moves_disagree"`
	// DisplayWrong: positions where EVAL's value is not the heaps' number.
	DisplayWrong int `json:"display_wrong"`
	// NativesAgree: the post's bit-decomposed method and the plain nim-sum
	// agree on every position (normal play only).
	NativesAgree bool `json:"natives_agree"`
	// Games: distinct sequences of human moves from 1357, the human moving
	// first and the equation answering each move, played to the end.
	Games int `json:"games"`
	// EquationAlwaysWins: the equation wins every one of them.
	EquationAlwaysWins bool `json:"equation_always_wins"`
	// GameTurnsDisplayWrong: calculator turns, summed over all games, at
	// which the display is wrong.
	GameTurnsDisplayWrong int        `json:"game_turns_display_wrong"`
	Mismatches            []Mismatch `json:"mismatches"`
}

// Compare runs every position and every game of a Nim program's equation
// (eq, or the program's own when nil) against the program's native
// reference, as the HP-17BII solves. Each position is solved as the
// calculator would: fresh variables, the heaps stored from the menu, EVAL
// solved.
func Compare(ctx context.Context, prog Program, eq *solver.Equation) (Report, error) {
	return CompareModel(ctx, prog, eq, solver.Model17BII)
}

// CompareModel is Compare as the given calculator solves. The move is
// read from the heaps: under the HP-17bII+ EVAL's second run finds no move
// in the position the first left and stops with SOLUTION NOT FOUND, yet
// the heaps hold the move (a wrong display, counted as such).
func CompareModel(ctx context.Context, prog Program, eq *solver.Equation, model solver.Model) (Report, error) {
	if !prog.Nim {
		return Report{}, fmt.Errorf("%s is not a Nim program; compare knows Nim programs only", prog.ID)
	}
	if eq == nil {
		var err error
		if eq, err = prog.Equation(); err != nil {
			return Report{}, err
		}
	}
	player, err := NewPlayer(prog, eq)
	if err != nil {
		return Report{}, err
	}
	player.SetModel(model)
	native := Natives[prog.Native]
	rep := Report{Program: prog.ID, Model: model.String(), NativesAgree: true, EquationAlwaysWins: true, Mismatches: []Mismatch{}}
	turns := map[Heaps]Turn{}
	for _, h := range AllPositions() {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		t := player.AnswerFresh(ctx, h)
		turns[h] = t
		rep.Positions++
		want, nativeMoves := native(h)
		if !prog.Misere {
			x, xok := XORMove(h)
			if x != want || xok != nativeMoves {
				rep.NativesAgree = false
			}
		}
		moveOK := false
		switch {
		case !t.MovedHeaps():
			rep.NoMove++
			moveOK = !nativeMoves
			if moveOK {
				continue // agreement: neither can move
			}
			rep.MovesDisagree++
		case nativeMoves && t.After == want:
			rep.MovesAgree++
			moveOK = true
		default:
			rep.MovesDisagree++
		}
		displayOK := !t.MovedHeaps() || t.DisplayRight()
		if !displayOK {
			rep.DisplayWrong++
		}
		if !moveOK || !displayOK {
			rep.Mismatches = append(rep.Mismatches, Mismatch{Position: h, Equation: t.After,
				Display: t.Display, Native: want, NativeMoves: nativeMoves, turn: t})
		}
	}
	answer := func(h Heaps) Turn {
		if t, ok := turns[h]; ok {
			return t
		}
		t := player.AnswerFresh(ctx, h)
		turns[h] = t
		return t
	}
	var play func(h Heaps, wrong int)
	play = func(h Heaps, wrong int) {
		for _, m := range nim.Moves(h[:]) {
			after := h
			after[m.Heap] = m.To
			if nim.Over(after[:]) { // the human took the last object
				rep.Games++
				rep.GameTurnsDisplayWrong += wrong
				if !prog.Misere {
					rep.EquationAlwaysWins = false
				}
				continue
			}
			t := answer(after)
			w := wrong
			if t.MovedHeaps() && !t.DisplayRight() {
				w++
			}
			if !t.MovedHeaps() || !t.Legal() {
				rep.Games++
				rep.GameTurnsDisplayWrong += w
				rep.EquationAlwaysWins = false
				continue
			}
			if nim.Over(t.After[:]) { // the calculator took the last object
				rep.Games++
				rep.GameTurnsDisplayWrong += w
				if prog.Misere {
					rep.EquationAlwaysWins = false
				}
				continue
			}
			play(t.After, w)
		}
	}
	play(Heaps{1, 3, 5, 7}, 0)
	return rep, nil
}

// OK reports whether every move agrees.
func (r Report) OK() bool { return r.MovesDisagree == 0 }

// WriteText writes the summary table, each disagreement, and the cause of
// wrong displays where the equation's hidden variables show it.
func (r Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "compare %s\n", r.Program)
	if r.Model != "" && r.Model != solver.Model17BII.String() {
		fmt.Fprintf(w, "  model: %s (EVAL runs twice: after its move the second run stops with SOLUTION NOT FOUND)\n", r.Model)
	}
	rows := [][2]string{
		{"positions", fmt.Sprint(r.Positions)},
		{"moves agree", fmt.Sprint(r.MovesAgree)},
		{"moves disagree", fmt.Sprint(r.MovesDisagree)},
		{"no move (SOLUTION NOT FOUND)", fmt.Sprint(r.NoMove)},
		{"display wrong", fmt.Sprint(r.DisplayWrong)},
		{"natives agree", yesNo(r.NativesAgree)},
		{"games from 1357", fmt.Sprint(r.Games)},
		{"equation always wins", yesNo(r.EquationAlwaysWins)},
		{"game turns display wrong", fmt.Sprint(r.GameTurnsDisplayWrong)},
	}
	for _, row := range rows {
		fmt.Fprintf(w, "  %-26s %s\n", row[0], row[1])
	}
	if len(r.Mismatches) == 0 {
		fmt.Fprintln(w, "no disagreement")
		return
	}
	fmt.Fprintln(w, "disagreements (position → equation, display, native):")
	explained, termCause := 0, 0
	for _, m := range r.Mismatches {
		nat := m.Native.String()
		if !m.NativeMoves {
			nat = "no move"
		}
		eqText := m.Equation.String()
		if !m.turn.MovedHeaps() {
			eqText = "no move"
		}
		fmt.Fprintf(w, "  %s → %s  %-18s native %s", m.Position.String(), eqText, m.Display, nat)
		if m.turn.Moved && !m.turn.DisplayRight() {
			diff, _ := hp17b.Sub(m.turn.Value, hp17b.FromInt(int64(m.turn.After.Number())))
			fmt.Fprintf(w, "  (display − heaps = %s", diff)
			if m.turn.HasTerm && diff.Equal(m.turn.Term) {
				fmt.Fprint(w, " = E0×E1×E2×new heap")
				termCause++
			}
			fmt.Fprint(w, ")")
			explained++
		}
		fmt.Fprintln(w)
	}
	if explained > 0 && termCause == explained {
		fmt.Fprintf(w, "cause: at all %d wrong displays the moves are right and EVAL adds the product term\n"+
			"  L(E0:…)×L(E1:…)×L(E2:…)×IF(…) = E0×E1×E2×(new heap size) to the heaps' number;\n"+
			"  it is 0 only when one of E0, E1, E2 is. nim.eq multiplies the term by 0 (0× before L(E0:)).\n", explained)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
