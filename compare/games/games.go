// Package games is the comparison of a heap-game program (package
// programs) against its native reference or its rule, a client of the
// comparison engine (package compare): the program's domain is the
// engine's grid (the parameter's values, then each slot's sizes or the
// packed positions as a list), solved on every core with the native
// reference as the engine's reference and the move verdicts as its Judge,
// so that a failing comparison's first wrong answer is shrunk toward the
// domain's start as any comparison's is; the games from the start are
// walked level by level, each level's new positions solved by the engine.
// `hp17b compare PROGRAM` and `compare all` print its Report
// (docs/compare.md, docs/programs.md).
package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/compare"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// Position is a game position as the program shows it (programs.Position).
type Position = programs.Position

// sampleSeed seeds the random positions of a packed program's comparison,
// so that every run compares the same ones.
const sampleSeed = 17

// Domain lists the positions a game program's comparison covers, and says
// which in words: every slot 0..SlotMax; for a packed program every
// multiset of up to Exhaustive heaps of 1..Max (largest first) and Sample
// seeded random positions of 1..MaxHeaps digits 0..Max. The first slot
// changes slowest.
func Domain(g *programs.Game) ([]Position, string) {
	if g.Packed == "" {
		var out []Position
		var rec func(p Position)
		rec = func(p Position) {
			if len(p) == len(g.Slots) {
				out = append(out, p)
				return
			}
			for v := 0; v <= g.SlotMax(len(p)); v++ {
				rec(append(p[:len(p):len(p)], v))
			}
		}
		rec(Position{})
		if g.Limits != nil {
			f := make([]string, len(g.Slots))
			for i, n := range g.Slots {
				f[i] = fmt.Sprintf("%s 0..%d", n, g.Limits[i])
			}
			return out, "every position: " + strings.Join(f, ", ")
		}
		names := strings.Join(g.Slots, ", ")
		return out, fmt.Sprintf("every position: %s each 0..%d", names, g.Max)
	}
	out := []Position{{0}}
	var rec func(p Position, top int)
	rec = func(p Position, top int) {
		if len(p) > 0 {
			out = append(out, p)
		}
		if len(p) == g.Exhaustive {
			return
		}
		for v := 1; v <= top; v++ {
			rec(append(p[:len(p):len(p)], v), v)
		}
	}
	rec(Position{}, g.Max)
	rng := rand.New(rand.NewPCG(sampleSeed, uint64(len(g.Rule.Digits))))
	for range g.Sample {
		n := 1 + rng.IntN(g.MaxHeaps)
		p := Position{1 + rng.IntN(g.Max)}
		for len(p) < n {
			p = append(p, rng.IntN(g.Max+1))
		}
		out = append(out, p)
	}
	return out, fmt.Sprintf("every position of up to %d heaps of 1..%d, and %d random positions of up to %d heaps of 0..%d (seed %d)",
		g.Exhaustive, g.Max, g.Sample, g.MaxHeaps, g.Max, sampleSeed)
}

// params are the parameter values compared (one 0 when none).
func params(g *programs.Game) []int {
	if g.Param == "" {
		return []int{0}
	}
	return g.ParamValues
}

// Digits writes a position heap by heap without separators, as a person
// reads a 1-3-5-7 position one digit a heap ("0016" for A 0, B 0, C 1,
// D 6).
func Digits(p Position) string {
	var b strings.Builder
	for _, n := range p {
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// displayRight reports whether a turn that moved shows the position's
// number (true for a turn that did not move: nothing to show).
func displayRight(g *programs.Game, t programs.GameTurn) bool {
	return !t.MovedPosition() || t.Moved && t.Value.Equal(hp17b.FromInt(g.Number(t.After)))
}

// moveWhy says what is wrong with turn t's move (or resignation) from a
// position the player to move wins (win) or loses, judged by the rule's
// analysis; "" when it is right. The error is Winning's.
func moveWhy(g *programs.Game, t programs.GameTurn, k int, win bool) (string, error) {
	switch {
	case t.Err != nil:
		return "stopped: " + t.Err.Error(), nil
	case !win && t.MovedPosition():
		return "moved in a lost position (should resign)", nil
	case !win:
		return "", nil
	case !t.MovedPosition():
		return "resigned in a winning position", nil
	case !t.Readable:
		return "left a number that is not a position", nil
	case !g.Legal(t.Before, t.After, k):
		return "illegal move", nil
	}
	if w, err := g.Winning(t.After, k); err != nil || w {
		return "left the opponent a winning position", err
	}
	return "", nil
}

// nativeWhy says what is wrong with turn t's move judged by the native
// reference's move want (nativeMoves false: it has none); "" when the
// equation does the same.
func nativeWhy(t programs.GameTurn, want Position, nativeMoves bool) string {
	switch moved := t.MovedPosition(); {
	case !moved && nativeMoves:
		return "no move; the native reference moves"
	case !moved:
		return ""
	case !nativeMoves:
		return "moved; the native reference has no move"
	case !slices.Equal(t.After, want):
		return "not the native reference's move"
	}
	return ""
}

// nativeAnswer is a native reference's move at a position (Native's two
// results): the engine's reference answer's Data.
type nativeAnswer struct {
	after Position
	moves bool
}

// grid is a game's domain as the comparison engine's grid: the parameter's
// values (when the game has one, changing slowest), then each slot's
// sizes 0..SlotMax, or the packed variable's positions as one list, each
// stored as the menu key would store it.
type grid struct {
	g      *programs.Game
	ks     []int
	packed []Position // the packed positions, in the list's order
	plan   *compare.Plan
}

// newGrid is the grid of g's domain (its packed positions: domain) for
// eq, whose one solve is EVAL.
func newGrid(eq *solver.Equation, g *programs.Game, domain []Position) (*grid, error) {
	plan, err := compare.ParsePlan(eq, []string{"EVAL"})
	if err != nil {
		return nil, err
	}
	gr := &grid{g: g, ks: params(g), plan: plan}
	list := func(name string, xs []hp17b.Number) {
		plan.Steps = append(plan.Steps, compare.Step{Name: name, Store: true, Var: len(plan.Vars)})
		plan.Vars = append(plan.Vars, &compare.Var{Name: name, Text: name, List: xs, N: int64(len(xs))})
	}
	solve := plan.Steps // EVAL, after the stores
	plan.Steps = nil
	if g.Param != "" {
		xs := make([]hp17b.Number, len(gr.ks))
		for i, k := range gr.ks {
			xs[i] = hp17b.FromInt(int64(k))
		}
		list(g.Param, xs)
	}
	if g.Packed != "" {
		gr.packed = domain
		xs := make([]hp17b.Number, len(domain))
		for i, p := range domain {
			xs[i] = hp17b.FromInt(g.Number(p))
		}
		list(g.Packed, xs)
	} else {
		for i, n := range g.Slots {
			xs := make([]hp17b.Number, g.SlotMax(i)+1)
			for v := range xs {
				xs[v] = hp17b.FromInt(int64(v))
			}
			list(n, xs)
		}
	}
	plan.Steps = append(plan.Steps, solve...)
	return gr, nil
}

// at is the parameter's value and the position of a grid point's indexes.
func (gr *grid) at(idx []int64) (int, Position) {
	k := 0
	if gr.g.Param != "" {
		k, idx = gr.ks[idx[0]], idx[1:]
	}
	if gr.packed != nil {
		return k, gr.packed[idx[0]]
	}
	pos := make(Position, len(idx))
	for i, j := range idx {
		pos[i] = int(j)
	}
	return k, pos
}

// key is a position for parameter k as a map key: its length and its
// number tell positions apart (each heap below the number's base).
type key struct {
	k, n int
	num  int64
}

func keyOf(g *programs.Game, k int, p Position) key { return key{k, len(p), g.Number(p)} }

// Compare runs a game program's equation (eq, or its own when nil) over
// its domain for every parameter value as the given calculator solves:
// each position solved as the calculator would (fresh variables, the
// position stored, EVAL) by the comparison engine on every core, its
// answer judged against the program's native reference when it has one
// (the engine's reference), else against the nim packages' analysis of
// the rule; the first wrong answer shrunk toward the domain's start (the
// engine's Shrink); then every game from the start, the person trying
// every move. A move is read from the position, so that the HP-17bII+'s
// SOLUTION NOT FOUND after a move counts as a wrong display, not a
// resignation. ctx stops it (its error); an error is also the equation's
// parse error, a missing menu key, or an unknown native reference. The
// report's figures are in the program table of docs/programs.md.
func Compare(ctx context.Context, prog programs.Program, eq *solver.Equation, model solver.Model) (Report, error) {
	g := prog.Game
	if g == nil {
		return Report{}, fmt.Errorf("%s is not a heap-game program", prog.ID)
	}
	var native programs.Native
	if prog.Native != "" {
		if native = programs.Natives[prog.Native]; native == nil {
			return Report{}, fmt.Errorf("%s: no native reference %q", prog.ID, prog.Native)
		}
	}
	if eq == nil {
		var err error
		if eq, err = prog.Equation(); err != nil {
			return Report{}, err
		}
	}
	player, err := programs.NewGamePlayer(prog, eq)
	if err != nil {
		return Report{}, err
	}
	player.SetModel(model)
	domain, words := Domain(g)
	rep := Report{Program: prog.ID, Native: prog.Native, Model: model.String(), Domain: words, g: g,
		NativesAgree: true, Games: []GameLine{}, Mismatches: []Mismatch{}}
	if g.Param != "" {
		rep.Domain += fmt.Sprintf("; %s %d..%d", g.Param, g.ParamValues[0], g.ParamValues[len(g.ParamValues)-1])
	}
	gr, err := newGrid(eq, g, domain)
	if err != nil {
		return rep, err
	}
	// The program answers a position the same way every time: the games
	// reuse the domain's answers.
	turns := make(map[key]programs.GameTurn, len(domain)*len(gr.ks))
	d := &domainJudge{gr: gr, player: player, native: native}
	var failed error
	cfg := compare.Config{Plan: gr.plan, Source: compare.Grid(gr.plan), Model: model, Domain: rep.Domain, Name: prog.ID,
		Inspect: d.inspect, Judge: d.agree,
		Each: func(pt *compare.Point, ours, ref *compare.Answer) {
			m, win, err := d.verdict(pt, ours, ref)
			if failed != nil {
				return
			}
			if err != nil {
				failed = err
				return
			}
			turns[keyOf(g, m.K, m.Position)] = m.turn
			if native != nil {
				if x, ok := programs.XORMove(m.Position); !g.Misere && (ok != m.NativeMoves || !slices.Equal(x, m.Native)) {
					rep.NativesAgree = false
				}
			}
			rep.add(g, m, win)
		}}
	if native != nil {
		cfg.Judged = "the moves of " + prog.Native
		cfg.Ref = compare.Func(d.reference)
	} else {
		cfg.Judged = "the moves and the display, against the rule's analysis"
	}
	eng, err := compare.Run(ctx, cfg)
	rep.Engine = eng
	if err == nil && eng.Stopped != "" {
		err = ctx.Err()
	}
	if err == nil {
		err = failed
	}
	if err != nil {
		return rep, err
	}
	if s := eng.Smallest; s != nil {
		k, pos := gr.at(s.Index())
		for _, m := range rep.Mismatches {
			if m.K == k && slices.Equal(m.Position, pos) {
				rep.Smallest = &m
				break
			}
		}
	}
	w := walker{g: g, player: player, eq: eq, model: model, turns: turns}
	for _, k := range gr.ks {
		line, err := w.playAll(ctx, k)
		if err != nil {
			return rep, err
		}
		rep.Games = append(rep.Games, line)
	}
	return rep, nil
}

// domainJudge judges a program's answers over its domain's grid for the
// comparison engine.
type domainJudge struct {
	gr     *grid
	player *programs.GamePlayer
	native programs.Native // nil: judged against the rule's analysis
}

// judged is the equation's answer at a point, judged by the rule on the
// engine's worker that solved it (Winning, which reaches past its cache
// for a heap above 64, runs on every core): whether the player to move
// wins there, and without a native reference what is wrong with the move;
// err is Winning's.
type judged struct {
	turn programs.GameTurn
	win  bool
	why  string
	err  error
}

// inspect is Config.Inspect: the program's turn at the point, judged.
func (d *domainJudge) inspect(pt *compare.Point, solved []compare.Solved, vars *solver.Vars) any {
	g := d.gr.g
	k, pos := d.gr.at(pt.Index)
	j := &judged{turn: d.player.Turn(vars, pos, solved[0].Result, solved[0].Err)}
	if j.win, j.err = g.Winning(pos, k); j.err != nil {
		return j
	}
	j.win = j.win && !pos.Over() // no move is left at all
	if d.native == nil {
		j.why, j.err = moveWhy(g, j.turn, k, j.win)
	}
	return j
}

// reference is the native reference as the engine's reference (a Func):
// its move as the number the display would show, or SOLUTION NOT FOUND.
func (d *domainJudge) reference(_ *compare.Plan, pt *compare.Point) compare.Answer {
	_, pos := d.gr.at(pt.Index)
	after, moves := d.native(pos)
	v := compare.Value{Msg: hp17b.MsgSolutionNotFound}
	if moves {
		v = compare.Value{Num: hp17b.FromInt(d.gr.g.Number(after))}
	}
	return compare.Answer{Out: []compare.Value{v}, Data: nativeAnswer{after, moves}}
}

// verdict is the mismatch record of a point's answers (Why "" when the
// move is right, the display aside) and whether the player to move wins
// there; the error is Winning's.
func (d *domainJudge) verdict(pt *compare.Point, ours, ref *compare.Answer) (Mismatch, bool, error) {
	k, pos := d.gr.at(pt.Index)
	j := ours.Data.(*judged)
	t := j.turn
	m := Mismatch{K: k, Position: pos, Equation: t.After, Display: t.Display, turn: t, Why: j.why}
	if d.native != nil && j.err == nil {
		n := ref.Data.(nativeAnswer)
		m.Native, m.NativeMoves = n.after, n.moves
		m.Why = nativeWhy(t, m.Native, m.NativeMoves)
	}
	return m, j.win, j.err
}

// agree is Config.Judge: a point fails what fails the comparison, against
// a native reference a move (or no move) it does not make, against the
// rule a wrong move or a wrong display.
func (d *domainJudge) agree(pt *compare.Point, ours, ref *compare.Answer) bool {
	m, _, err := d.verdict(pt, ours, ref)
	return err == nil && m.Why == "" && (d.native != nil || displayRight(d.gr.g, m.turn))
}
