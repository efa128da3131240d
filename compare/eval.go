package compare

import (
	"context"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// evaluator solves a plan's steps at a point: one parsed equation, one
// Solver and one store, emptied before each point so that every point
// starts as a fresh calculator would (the variables made anew, no earlier
// value left as a guess). Not safe for concurrent use: one a worker.
type evaluator struct {
	plan  *Plan
	steps []Step // the steps run (plan's, on eq's names)
	eq    *solver.Equation
	vars  *solver.Vars
	s     *solver.Solver
	opt   solver.Options
	names []string // the variables reported (eq.Names)
	out   []string // the names whose results are returned, in order

	inspect func(*Point, []Solved, *solver.Vars) any
	results []Solved
}

// newEvaluator is an evaluator of eq for plan's steps (eq may be another
// equation than the plan's: --ref-eq; its menu must hold the names).
func newEvaluator(plan *Plan, eq *solver.Equation, model solver.Model) *evaluator {
	vars := solver.NewVars()
	return &evaluator{plan: plan, steps: plan.Steps, eq: eq, vars: vars, s: solver.New(eq, vars),
		opt: solver.Options{Model: model}, names: eq.Names, out: plan.Solved}
}

// eval runs the steps at pt. ctx stops a long iterative search (its
// result is then the interruption's message). With inspect set, its value
// of the solves' results and the variables after them is the answer's
// Data.
func (e *evaluator) eval(ctx context.Context, pt *Point) Answer {
	var a Answer
	e.evalInto(ctx, pt, &a)
	return a
}

// evalInto is eval into *a, whose slices it reuses.
func (e *evaluator) evalInto(ctx context.Context, pt *Point, a *Answer) {
	e.vars.Delete(e.names...)
	e.vars.Create(e.eq.Menu...)
	a.Out = resize(a.Out, len(e.out))
	a.Extra, a.Data = nil, nil
	e.results = e.results[:0]
	for _, st := range e.steps {
		if st.Store {
			x := st.Value
			if st.Var >= 0 {
				x = pt.Values[st.Var]
			}
			e.vars.Store(st.Name, x)
			continue
		}
		r, err := e.s.Solve(ctx, st.Name, e.opt)
		if e.inspect != nil {
			e.results = append(e.results, Solved{Result: r, Err: err})
		}
		v := resultValue(r, err)
		for i, n := range e.out {
			if n == st.Name {
				a.Out[i] = v
			}
		}
	}
	if cap(a.Vars) < len(e.names) {
		a.Vars = make([]hp17b.Number, len(e.names))
	}
	a.Vars = a.Vars[:len(e.names)]
	for i, n := range e.names {
		a.Vars[i] = e.vars.Value(n)
	}
	if e.inspect != nil {
		a.Data = e.inspect(pt, e.results, e.vars)
		e.results = e.results[:0]
	}
}

// resize is out with n zero Values, its array reused when large enough.
func resize(out []Value, n int) []Value {
	if cap(out) < n {
		return make([]Value, n)
	}
	out = out[:n]
	clear(out)
	return out
}

// Solved is one solve's result at a point, or its error, for
// Config.Inspect.
type Solved struct {
	Result solver.Result
	Err    error
}
