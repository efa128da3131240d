package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// Method says how a solve found its value.
type Method int

// The two methods of the HP-17BII Solver (HP-17BII manual, "How the Solver
// works").
const (
	// Direct is direct solution: the unknown isolated and computed once.
	Direct Method = iota
	// Iterative is the iterative search from one or two guesses.
	Iterative
)

// String gives "direct" or "iterative".
func (m Method) String() string {
	if m == Direct {
		return "direct"
	}
	return "iterative"
}

// Outcome is how a solve ended (HP-17BII manual, the four cases of the
// iterative search).
type Outcome int

// The outcomes. Root, SignReversal and Extremum leave a value in the
// unknown; BadGuesses and NotFound leave the guess it had.
const (
	// Root: the value found makes LEFT equal RIGHT (to 12 digits).
	Root Outcome = iota
	// SignReversal: LEFT−RIGHT changes sign between two neighbouring
	// 12-digit numbers but the sides differ there: a possible root.
	SignReversal
	// Extremum: |LEFT−RIGHT| reached a minimum that is not 0: a possible
	// root.
	Extremum
	// BadGuesses: the equation cannot be evaluated at the guesses.
	BadGuesses
	// NotFound: the search gave up.
	NotFound
)

var outcomeNames = [...]string{"root", "sign_reversal", "extremum", "bad_guesses", "not_found"}

// String gives "root", "sign_reversal", "extremum", "bad_guesses" or
// "not_found", the names the JSON output uses.
func (o Outcome) String() string { return outcomeNames[o] }

// Result is what a solve produced.
type Result struct {
	// Name is the variable solved for.
	Name string
	// Value is the value stored in it (for BadGuesses and NotFound, the
	// value it kept).
	Value hp17b.Number
	// Method and Outcome say how the value was found.
	Method  Method
	Outcome Outcome
	// Left and Right are the two sides at Value where the search knows them
	// (SignReversal and Extremum show them).
	Left, Right hp17b.Number
	// Overflow is set when a result along the way saturated (OVERFLOW).
	Overflow bool
	// Cause is the calculator error that stopped a direct solution ("DIVIDE
	// BY 0", "LOG(0)", ...) when the Outcome is NotFound because of it; the
	// display shows SOLUTION NOT FOUND all the same (17bII+ owner's manual
	// p.241; HP-27S owner's manual p.206). Empty otherwise.
	Cause string
}

// Found reports whether the solve left a value (a root or a possible root).
func (r Result) Found() bool { return r.Outcome <= Extremum }

// Lines returns what the display's message area shows after the solve, one
// or two lines: "EVAL=1,346.00" for a root; "LEFT=…" and "RIGHT=…" for a
// possible root (CLR then shows the value); the outcome's message otherwise.
func (r Result) Lines(mode hp17b.Mode) []string {
	switch r.Outcome {
	case Root:
		if r.Overflow {
			// The keyboard shows OVERFLOW; CLR then shows the saturated value.
			return []string{hp17b.ErrOverflow.Msg}
		}
		return []string{r.Name + "=" + hp17b.Format(r.Value, mode)}
	case SignReversal, Extremum:
		return []string{"LEFT=" + hp17b.Format(r.Left, mode), "RIGHT=" + hp17b.Format(r.Right, mode)}
	case BadGuesses:
		return []string{hp17b.MsgBadGuesses, hp17b.MsgPressCLR}
	default:
		return []string{hp17b.MsgSolutionNotFound}
	}
}

// ErrInterrupted is returned when the context of a solve is cancelled (a key
// pressed during the search).
var ErrInterrupted = &hp17b.Error{Msg: hp17b.MsgInterrupted}

// ErrNotMenuVariable: the name to solve for is not one of the equation's
// menu variables.
var ErrNotMenuVariable = errors.New("not a menu variable of this equation")

// errNotInvertible makes a direct solution fall back to the search.
var errNotInvertible = errors.New("not invertible")

// Progress is a report from the iterative search: its two current
// estimates and the sign of LEFT−RIGHT at each (-1, 0 or 1), as the
// calculator's display shows them while it searches.
type Progress struct {
	X1, X2 hp17b.Number
	S1, S2 int
}

// Options tune a solve.
type Options struct {
	// Guesses are up to two starting points for the iterative search; when
	// empty, the search starts from the variable's value and the value it
	// had before it was last stored from the menu (HP-17BII manual, "Entering
	// guesses").
	Guesses []hp17b.Number
	// Progress, when set, is called at each step of the iterative search.
	Progress func(Progress)
	// Iterative skips direct solution: the iterative search alone, whatever
	// the model (a tool for study; Model gives the 17bII+'s behaviour).
	Iterative bool
	// Model is the calculator whose Solver rules apply (Model17BII, the
	// zero value, or Model17BIIPlus: docs/solver-models.md).
	Model Model
}

// Model is a calculator whose Solver behaves its own way.
type Model int

// The models.
const (
	// Model17BII solves directly where the unknown can be isolated and
	// searches otherwise (17bII+ owner's manual pp.241–242; docs/facts.md,
	// How the Solver solves).
	Model17BII Model = iota
	// Model17BIIPlus evaluates every equation at least twice: where the
	// 17BII would solve directly, the unknown's memory is cleared (G()
	// of it reads 0), the isolated value is computed, and the whole
	// equation is run once more at it; an error in that second run is
	// SOLUTION NOT FOUND, otherwise the first run's value is the result.
	// Elsewhere the iterative search. Reproduces D. Shepherd, "17bii+
	// solver workaround" (HP forum archive 17, 21 Oct 2007), the digit-sum
	// thread (archive 17, Feb 2007) and the "HP 17bII+ Silver Solver"
	// thread; docs/solver-models.md.
	Model17BIIPlus
)

// String gives the model's name as the command line spells it: "17bii"
// or "17bii+".
func (m Model) String() string {
	if m == Model17BIIPlus {
		return "17bii+"
	}
	return "17bii"
}

// ParseModel reads a model's name: 17bii (or 17b, 17BII) and 17bii+ (or
// 17bii-plus, 17BII+), in any case; an error names both.
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "17bii", "17b", "17b2", "hp-17bii", "hp17bii":
		return Model17BII, nil
	case "17bii+", "17biiplus", "17bii-plus", "hp-17bii+", "hp17bii+":
		return Model17BIIPlus, nil
	}
	return Model17BII, fmt.Errorf("model %q: use 17bii (the HP-17BII) or 17bii+ (the HP-17bII+)", s)
}

// Solver is an equation bound to a variable store, compiled once. It is not
// safe for concurrent use (neither is Vars).
type Solver struct {
	cost     int64 // the work of evaluating LEFT and RIGHT once, beside their Σ steps and heavy calls
	eq       *Equation
	vars     *Vars
	left     expr
	right    expr
	plans    map[*cell]*plan
	lists    Lists
	clock    func() time.Time
	dayFirst bool
	// MaxIterations bounds the iterative search's steps before it reports
	// NotFound.
	MaxIterations int
}

// plan caches, per unknown, how often it occurs and which nodes lead to it.
type plan struct {
	count int
	path  map[expr]bool
}

// New binds an equation to a store. Nothing is created in the store until a
// value is stored or CALC's Create runs.
func New(eq *Equation, vars *Vars) *Solver {
	s := &Solver{eq: eq, vars: vars, plans: map[*cell]*plan{}, MaxIterations: 500}
	s.left = compile(eq.Left, vars)
	s.cost = cost(s.left)
	if eq.Right != nil {
		s.right = compile(eq.Right, vars)
		s.cost += cost(s.right)
	}
	return s
}

// UseLists gives the list functions (FLOW, #T, SIZEC, ITEM, SIZES) the
// calculator's lists; without it they stop with ErrNoLists.
func (s *Solver) UseLists(l Lists) { s.lists = l }

// UseClock gives CDATE and CTIME the calculator's clock (a wall-clock
// time, whose date and time of day they read); without it they read
// time.Now.
func (s *Solver) UseClock(clock func() time.Time) { s.clock = clock }

// UseDayFirst sets the date format the Solver's date functions read and
// write: D.MMYYYY when dayFirst (TIME's SET in D/M), M.DDYYYY otherwise
// (the default). DATE and DDAYS read their dates, and DATE and CDATE write
// theirs, in it, as the real 17BII's do (docs/decisions.md).
func (s *Solver) UseDayFirst(dayFirst bool) { s.dayFirst = dayFirst }

// Equation returns the bound equation.
func (s *Solver) Equation() *Equation { return s.eq }

// Vars returns the bound store.
func (s *Solver) Vars() *Vars { return s.vars }

// sides evaluates LEFT then RIGHT (0 when there is no '=').
func (s *Solver) sides(m *machine) (l, r hp17b.Number, err error) {
	if err = m.spend(s.cost); err != nil {
		return hp17b.Zero, hp17b.Zero, err
	}
	l, err = s.left.eval(m)
	if err != nil || s.right == nil {
		return l, hp17b.Zero, err
	}
	r, err = s.right.eval(m)
	return l, r, err
}

// Eval evaluates the equation once with the stored values and returns
// LEFT − RIGHT. L() stores happen as in a solve.
func (s *Solver) Eval(ctx context.Context) (hp17b.Number, error) {
	m := &machine{ctx: ctx, lists: s.lists, clock: s.clock, dayFirst: s.dayFirst}
	l, r, err := s.sides(m)
	if err != nil {
		return hp17b.Zero, err
	}
	d, err := hp17b.Sub(l, r)
	if err == hp17b.ErrOverflow {
		err = nil
	}
	return d, err
}

func (s *Solver) isMenu(name string) bool {
	for _, n := range s.eq.Menu {
		if n == name {
			return true
		}
	}
	return false
}

// Solve solves the equation for the menu variable name and stores the result
// in it. Direct solution is tried first when the unknown occurs exactly once
// (G(), S() and L() targets not counted); a non-invertible function on the
// way to it hands over to the iterative search, keeping any L() stores
// already made. A math error met while isolating (DIVIDE BY 0, LOG(0), an
// invalid date, ...) ends the solve with the outcome NotFound, the error's
// text in Result.Cause and the unknown unchanged: the calculator shows
// SOLUTION NOT FOUND and keeps the L() stores made before the error (17bII+
// owner's manual p.241, HP-27S owner's manual p.206, D. Shepherd's
// prime-factor article and T. Klemm's N-queens article, HP Articles forum
// 2011). The error is ErrInterrupted when ctx is cancelled,
// ErrNotMenuVariable for a name that is not on the menu, or a *hp17b.Error
// for a limit of this program (ErrSigmaSteps, ErrWorkBudget, ErrNoLists).
func (s *Solver) Solve(ctx context.Context, name string, opt Options) (Result, error) {
	if !s.isMenu(name) {
		return Result{Name: name}, fmt.Errorf("%s: %w", name, ErrNotMenuVariable)
	}
	x := s.vars.cell(name)
	if !x.exists {
		x.value, x.exists = hp17b.Zero, true
	}
	m := &machine{ctx: ctx, unknown: x, lists: s.lists, clock: s.clock, dayFirst: s.dayFirst}
	if !opt.Iterative {
		p := s.planFor(x)
		if p.count == 1 {
			if opt.Model == Model17BIIPlus {
				return s.solvePlus(m, x, p, opt)
			}
			v, err := s.direct(m, p)
			switch {
			case err == nil:
				x.value = v
				return Result{Name: name, Value: v, Method: Direct, Outcome: Root, Overflow: m.overflow}, nil
			case err != errNotInvertible:
				return directFailed(ctx, name, x, m, err)
			}
		}
	}
	return s.search(m, x, opt)
}

// solvePlus is Solve under Model17BIIPlus where the unknown can be
// isolated (plan p): its memory is cleared, the isolated value computed
// (the first run of the equation, with its L() stores) and the whole
// equation run again at that value. When the unknown's operations cannot
// be inverted at these values, the iterative search, which evaluates the
// equation at least twice anyway (as Solve does where p does not isolate
// it).
func (s *Solver) solvePlus(m *machine, x *cell, p *plan, opt Options) (Result, error) {
	before := x.value
	x.value = hp17b.Zero // G() of the unknown reads 0 (the Silver Solver thread)
	v, err := s.direct(m, p)
	switch {
	case err == errNotInvertible:
		x.value = before
		return s.search(m, x, opt)
	case err != nil:
		x.value = before
		return directFailed(m.ctx, x.name, x, m, err)
	}
	x.value = v
	_, _, err = s.sides(m) // the second run, at v
	x.value = v            // an L() of the unknown in that run does not stand
	if err != nil {
		return directFailed(m.ctx, x.name, x, m, err)
	}
	return Result{Name: x.name, Value: v, Method: Iterative, Outcome: Root, Overflow: m.overflow}, nil
}

// directFailed is the result of a direct solution that stopped with err.
func directFailed(ctx context.Context, name string, x *cell, m *machine, err error) (Result, error) {
	res := Result{Name: name, Value: x.value, Method: Direct, Overflow: m.overflow}
	if ctx.Err() != nil {
		return res, ErrInterrupted
	}
	if cause, ok := notFoundCause(err); ok {
		res.Outcome, res.Cause = NotFound, cause
		return res, nil
	}
	return res, err
}

// errNoBranch stops a direct solution whose IF takes a branch without the
// unknown: SOLUTION NOT FOUND with no other cause.
var errNoBranch = errors.New("the branch taken does not hold the unknown")

// notFoundCause reports whether err, met during a direct solution, makes the
// solve end with SOLUTION NOT FOUND, and the cause to record: every
// calculator error except this program's own limits.
func notFoundCause(err error) (string, bool) {
	if err == errNoBranch {
		return "", true
	}
	var he *hp17b.Error
	if !errors.As(err, &he) || he == ErrSigmaSteps || he == ErrWorkBudget || he == ErrNoLists {
		return "", false
	}
	return he.Msg, true
}

func (s *Solver) planFor(x *cell) *plan {
	if p, ok := s.plans[x]; ok {
		return p
	}
	p := &plan{path: map[expr]bool{}}
	p.count = count(s.left, x, p.path)
	if s.right != nil {
		p.count += count(s.right, x, p.path)
	}
	s.plans[x] = p
	return p
}

// count returns how often x occurs in e (direct-solution rules) and marks in
// path every node that contains an occurrence.
func count(e expr, x *cell, path map[expr]bool) int {
	n := 0
	switch e := e.(type) {
	case *varExpr:
		if e.c == x {
			n = 1
		}
	case *negExpr:
		n = count(e.x, x, path)
	case *binExpr:
		n = count(e.l, x, path) + count(e.r, x, path)
	case *heavy2Expr:
		n = count(e.l, x, path) + count(e.r, x, path)
	case *logicExpr:
		n = count(e.l, x, path) + count(e.r, x, path)
	case *notExpr:
		n = count(e.x, x, path)
	case *fn1Expr:
		n = count(e.x, x, path)
	case *heavy1Expr:
		n = count(e.x, x, path)
	case *fn3Expr:
		n = count(e.x, x, path) + count(e.y, x, path) + count(e.z, x, path)
	case *ifExpr:
		// The unknown may occur once in THEN and once in ELSE.
		n = count(e.c, x, path) + max(count(e.a, x, path), count(e.b, x, path))
	case *letExpr:
		n = count(e.x, x, path)
	case *sigmaExpr:
		n = count(e.from, x, path) + count(e.to, x, path) + count(e.step, x, path)
		if e.c != x {
			n += count(e.body, x, path)
		}
	case *listExpr:
		for _, a := range e.args {
			n += count(a, x, path)
		}
	}
	if n > 0 {
		path[e] = true
	}
	return n
}

// direct isolates the unknown top-down: at each node on the way to it the
// sibling operands are evaluated once, left to right, and the inverse
// operation applied to the right-hand side.
func (s *Solver) direct(m *machine, p *plan) (hp17b.Number, error) {
	if s.right == nil {
		return s.isolate(m, p, s.left, hp17b.Zero)
	}
	if p.path[s.left] {
		r, err := s.right.eval(m)
		if err != nil {
			return r, err
		}
		return s.isolate(m, p, s.left, r)
	}
	l, err := s.left.eval(m)
	if err != nil {
		return l, err
	}
	return s.isolate(m, p, s.right, l)
}

// isolate walks from e down the unknown's path, undoing each operation on
// rhs, and returns the unknown's value; errNotInvertible hands over to the
// iterative search.
func (s *Solver) isolate(m *machine, p *plan, e expr, rhs hp17b.Number) (hp17b.Number, error) {
	for {
		var err error
		switch n := e.(type) { // a heavy call is undone as the call it is
		case *heavy1Expr:
			e = (*fn1Expr)(n)
			continue
		case *heavy2Expr:
			e = (*binExpr)(n)
			continue
		}
		switch n := e.(type) {
		case *varExpr:
			return rhs, nil
		case *negExpr:
			rhs, e = hp17b.Neg(rhs), n.x
		case *binExpr:
			if n.fn != nil {
				rhs, e, err = isolateArgs(m, p, n.fn, []expr{n.l, n.r}, rhs)
				break
			}
			inLeft := p.path[n.l]
			on, sib := n.r, n.l
			if inLeft {
				on, sib = n.l, n.r
			}
			if n.op == 0 || (n.op == Pow && !inLeft) {
				return rhs, errNotInvertible // never isolate an exponent (nor a comparison)
			}
			v, err := sib.eval(m)
			if err != nil {
				return v, err
			}
			if rhs, err = m.ok(undo(n.op, inLeft, rhs, v)); err != nil {
				return rhs, err
			}
			e = on
		case *fn1Expr:
			if n.fn.inverse == nil {
				return rhs, errNotInvertible
			}
			rhs, err = m.ok(n.fn.inverse(rhs))
			e = n.x
		case *fn3Expr:
			rhs, e, err = isolateArgs(m, p, n.fn, []expr{n.x, n.y, n.z}, rhs)
		case *ifExpr:
			e, err = isolateIf(m, p, n)
		default:
			return rhs, errNotInvertible
		}
		if err != nil {
			return rhs, err
		}
	}
}

// undo solves "on op v = rhs" (inLeft) or "v op on = rhs" for on.
func undo(op Op, inLeft bool, rhs, v hp17b.Number) (hp17b.Number, error) {
	switch {
	case op == Add:
		return hp17b.Sub(rhs, v)
	case op == Sub && inLeft:
		return hp17b.Add(rhs, v)
	case op == Sub:
		return hp17b.Sub(v, rhs)
	case op == Mul:
		return hp17b.Div(rhs, v)
	case op == Div && inLeft:
		return hp17b.Mul(rhs, v)
	case op == Div:
		return hp17b.Div(v, rhs)
	}
	return root(rhs, v) // the base of a power
}

// isolateArgs undoes a function of several arguments by its table entry's
// invert (DATE, DDAYS); the others are not invertible.
func isolateArgs(m *machine, p *plan, fn *function, args []expr, rhs hp17b.Number) (hp17b.Number, expr, error) {
	if fn.invert == nil {
		return rhs, nil, errNotInvertible
	}
	i := 0
	for i < len(args)-1 && !p.path[args[i]] {
		i++
	}
	invert := fn.invert
	if m.dayFirst && fn.dayFirst != nil {
		invert = fn.dayFirst.invert
	}
	r, err := invert(i, func(j int) (hp17b.Number, error) { return args[j].eval(m) }, rhs)
	return r, args[i], err
}

// isolateIf follows the branch IF takes with the stored values; the
// condition must not hold the unknown, and the branch taken must.
func isolateIf(m *machine, p *plan, n *ifExpr) (expr, error) {
	if p.path[n.c] {
		return nil, errNotInvertible
	}
	c, err := n.c.eval(m)
	if err != nil {
		return nil, err
	}
	branch := n.b
	if !c.IsZero() {
		branch = n.a
	}
	if !p.path[branch] {
		// The branch taken does not hold the unknown: it cannot be
		// isolated with the stored values.
		return nil, errNoBranch
	}
	return branch, nil
}

// root solves b^e = r for b: the principal (positive) root, negative for an
// odd integer e and negative r.
func root(r, e hp17b.Number) (hp17b.Number, error) {
	if e.Equal(hp17b.Two) {
		return hp17b.Sqrt(r)
	}
	inv, err := hp17b.Inv(e)
	if err != nil {
		return inv, err
	}
	if r.Sign() < 0 {
		if i, ok := e.Int64(); ok && i%2 != 0 {
			v, err := hp17b.Pow(hp17b.Neg(r), inv)
			return hp17b.Neg(v), err
		}
	}
	return hp17b.Pow(r, inv)
}
