package programs

import (
	"context"
	"fmt"

	engine "github.com/hp17b/hp17b/compare"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// nativeAnswer is a native reference's move at a position (Native's two
// results), a comparison engine's reference answer.
type nativeAnswer struct {
	after Position
	moves bool
}

// positions streams a game's domain to the comparison engine, each
// position as the values Store stores (the slots or the packed variable,
// then the parameter k).
type positions struct {
	g    *Game
	all  []Position
	k, i int
}

func (s *positions) Total() int64 { return int64(len(s.all)) }

func (s *positions) Next() (engine.Point, bool, error) {
	if s.i >= len(s.all) {
		return engine.Point{}, false, nil
	}
	pt := engine.Point{N: int64(s.i)}
	s.g.eachValue(s.all[s.i], s.k, func(_ string, v hp17b.Number) { pt.Values = append(pt.Values, v) })
	s.i++
	return pt, true, nil
}

// answerAll solves every position of domain for parameter k through the
// comparison engine (package compare: fresh variables a position, the
// position stored, EVAL solved, on every core), with the native reference
// as the engine's reference when native is not nil, and records each
// answer in turns and each native move in natives, keyed as Compare keys
// them. The error is ctx's when it ended first.
func (p *GamePlayer) answerAll(ctx context.Context, domain []Position, k int, native Native,
	turns map[string]GameTurn, natives map[string]nativeAnswer) error {
	g := p.prog.Game
	plan, err := engine.ParsePlan(p.eq, []string{"EVAL"})
	if err != nil {
		return err
	}
	if err := plan.UseColumns(g.Names()); err != nil {
		return err
	}
	cfg := engine.Config{Plan: plan, Source: &positions{g: g, all: domain, k: k}, Model: p.model,
		Inspect: func(pt *engine.Point, solved []engine.Solved, vars *solver.Vars) any {
			return p.turn(vars, domain[pt.N], solved[0].Result, solved[0].Err)
		},
		Each: func(pt *engine.Point, ours, ref *engine.Answer) {
			key := fmt.Sprint(domain[pt.N])
			turns[key] = ours.Data.(GameTurn)
			if native != nil {
				natives[key] = ref.Data.(nativeAnswer)
			}
		}}
	if native != nil {
		cfg.Ref = engine.Func(func(_ *engine.Plan, pt *engine.Point) engine.Answer {
			after, moves := native(domain[pt.N])
			v := engine.Value{Msg: hp17b.MsgSolutionNotFound}
			if moves {
				v = engine.Value{Num: hp17b.FromInt(g.Number(after))}
			}
			return engine.Answer{Out: []engine.Value{v}, Data: nativeAnswer{after, moves}}
		})
	}
	rep, err := engine.Run(ctx, cfg)
	if err == nil && rep.Stopped != "" {
		err = ctx.Err()
	}
	return err
}
