package games

import (
	"context"

	"github.com/hp17b/hp17b/compare"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// walker plays every game from a program's start: the person tries every
// move, the program answers each. The answers it has (the domain's, then
// each level's) are in turns; a position not yet answered is solved by the
// comparison engine with the others of its level.
type walker struct {
	g      *programs.Game
	player *programs.GamePlayer
	eq     *solver.Equation
	model  solver.Model
	turns  map[key]programs.GameTurn
	plan   *compare.Plan
	// moves are the person's moves from each position faced.
	moves map[key][]Position
}

// level streams positions of one parameter value k to the comparison
// engine, each as the values Store stores (the slots or the packed
// variable, then k: the order of Game.Names).
type level struct {
	g  *programs.Game
	ps []Position
	k  int
	i  int
}

// Total is the number of positions of the level (compare.Source).
func (s *level) Total() int64 { return int64(len(s.ps)) }

// Next is the level's next position as a point, false after the last
// (compare.Source); it never fails.
func (s *level) Next() (compare.Point, bool, error) {
	if s.i >= len(s.ps) {
		return compare.Point{}, false, nil
	}
	p := s.ps[s.i]
	pt := compare.Point{N: int64(s.i)}
	if s.g.Packed != "" {
		pt.Values = append(pt.Values, hp17b.FromInt(s.g.Number(p)))
	} else {
		for _, h := range p {
			pt.Values = append(pt.Values, hp17b.FromInt(int64(h)))
		}
	}
	if s.g.Param != "" {
		pt.Values = append(pt.Values, hp17b.FromInt(int64(s.k)))
	}
	s.i++
	return pt, true, nil
}

// answer solves ps (positions not yet answered, for k) through the
// comparison engine, on every core, and keeps each answer in w.turns. The
// error is ctx's when it ended first.
func (w *walker) answer(ctx context.Context, k int, ps []Position) error {
	if len(ps) == 0 {
		return nil
	}
	if w.plan == nil {
		plan, err := compare.ParsePlan(w.eq, []string{"EVAL"})
		if err != nil {
			return err
		}
		if err := plan.UseColumns(w.g.Names()); err != nil {
			return err
		}
		w.plan = plan
	}
	rep, err := compare.Run(ctx, compare.Config{Plan: w.plan, Source: &level{g: w.g, ps: ps, k: k}, Model: w.model,
		Inspect: func(pt *compare.Point, solved []compare.Solved, vars *solver.Vars) any {
			return w.player.Turn(vars, ps[pt.N], solved[0].Result, solved[0].Err)
		},
		Each: func(pt *compare.Point, ours, _ *compare.Answer) {
			w.turns[keyOf(w.g, k, ps[pt.N])] = ours.Data.(programs.GameTurn)
		}})
	if err == nil && rep.Stopped != "" {
		err = ctx.Err()
	}
	return err
}

// reach answers every position the games for k reach, level by level:
// the positions the person faces (start, or the program's answer to it
// when the first player wins it: startWinning), the person's moves from
// each, and the program's answers to them, which the person faces next
// unless the game ended there. It records the person's moves from each
// position faced in w.moves.
func (w *walker) reach(ctx context.Context, k int, start Position, startWinning bool) error {
	g := w.g
	w.moves = map[key][]Position{}
	var faced []Position
	face := func(q Position) { // the program's answer to q, when the person faces it
		t := w.turns[keyOf(g, k, q)]
		if !t.MovedPosition() || !g.Legal(q, t.After, k) || t.After.Over() {
			return
		}
		if kp := keyOf(g, k, t.After); w.moves[kp] == nil {
			w.moves[kp] = g.Moves(t.After, k)
			faced = append(faced, t.After)
		}
	}
	if startWinning {
		if _, ok := w.turns[keyOf(g, k, start)]; !ok {
			if err := w.answer(ctx, k, []Position{start}); err != nil {
				return err
			}
		}
		face(start)
	} else {
		w.moves[keyOf(g, k, start)] = g.Moves(start, k)
		faced = append(faced, start)
	}
	for len(faced) > 0 {
		var ask []Position
		asked := map[key]bool{}
		for _, p := range faced {
			for _, q := range w.moves[keyOf(g, k, p)] {
				kq := keyOf(g, k, q)
				if _, ok := w.turns[kq]; !ok && !q.Over() && !asked[kq] {
					asked[kq] = true
					ask = append(ask, q)
				}
			}
		}
		if err := w.answer(ctx, k, ask); err != nil {
			return err
		}
		this := faced
		faced = nil
		for _, p := range this {
			for _, q := range w.moves[keyOf(g, k, p)] {
				if !q.Over() {
					face(q)
				}
			}
		}
	}
	return nil
}

// satAdd is a + b, at most the largest int (a, b ≥ 0).
func satAdd(a, b int) int {
	if a > maxInt-b {
		return maxInt
	}
	return a + b
}

// satMul is a × b, at most the largest int (a, b ≥ 0).
func satMul(a, b int) int {
	if a != 0 && b > maxInt/a {
		return maxInt
	}
	return a * b
}

const maxInt = int(^uint(0) >> 1)

// tally is what the games from one position the person faces come to:
// how many there are, and the calculator's turns with a wrong display
// summed over them.
type tally struct{ n, wrong int }

// playAll plays every game from the start for parameter k: the person
// moves first and tries every move, and the program answers each; from a
// start the first player wins, the program opens instead. The answers are
// solved first, level by level (reach); then a position is followed once
// (the program answers a position the same way every time) and its games
// counted once for every way to reach it.
func (w *walker) playAll(ctx context.Context, k int) (GameLine, error) {
	g := w.g
	start := Position(g.Start)
	line := GameLine{K: k, Start: g.Show(start), AlwaysWins: true}
	var err error
	line.StartWinning, err = g.Winning(start, k)
	if err != nil {
		return line, err
	}
	if err := w.reach(ctx, k, start, line.StartWinning); err != nil {
		return line, err
	}
	seen := map[key]tally{}
	var play func(p Position) (tally, error)
	play = func(p Position) (tally, error) {
		kp := keyOf(g, k, p)
		if n, ok := seen[kp]; ok {
			return n, nil
		}
		line.Positions++
		if err := ctx.Err(); err != nil {
			return tally{}, err
		}
		moves := w.moves[kp]
		all := tally{}
		if len(moves) == 0 {
			all.n = 1 // the person cannot move: the game ends here
		}
		for _, q := range moves {
			if q.Over() { // the person took the last object
				if !g.Misere {
					line.AlwaysWins = false
				}
				all.n = satAdd(all.n, 1)
				continue
			}
			t := w.turns[keyOf(g, k, q)]
			wrong := 0
			if !displayRight(g, t) {
				wrong = 1
			}
			after, err := w.answered(t, q, k, &line, play)
			if err != nil {
				return tally{}, err
			}
			all.n = satAdd(all.n, after.n)
			all.wrong = satAdd(all.wrong, satAdd(after.wrong, satMul(wrong, after.n)))
		}
		seen[kp] = all
		return all, nil
	}
	var all tally
	if line.StartWinning {
		t := w.turns[keyOf(g, k, start)]
		all, err = w.answered(t, start, k, &line, play)
		if err == nil && !displayRight(g, t) {
			all.wrong = satAdd(all.wrong, all.n)
		}
	} else {
		all, err = play(start)
	}
	line.Games, line.DisplayWrong = all.n, all.wrong
	return line, err
}

// answered goes on after the program's answer t to q: a wrong or missing
// move ends the game lost, taking the last object ends it, otherwise the
// games go on from the position left (play). It returns the games from q
// on, the wrong displays of their later turns summed.
func (w *walker) answered(t programs.GameTurn, q Position, k int, line *GameLine, play func(Position) (tally, error)) (tally, error) {
	g := w.g
	switch {
	case !t.MovedPosition() || !g.Legal(q, t.After, k):
		line.AlwaysWins = false
		return tally{n: 1}, nil
	case t.After.Over(): // the program took the last object
		if g.Misere {
			line.AlwaysWins = false
		}
		return tally{n: 1}, nil
	}
	return play(t.After)
}
