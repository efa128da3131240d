package solver

import (
	"context"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// Run-time errors of the Solver language that are not arithmetic.
var (
	// ErrNoLists: FLOW, #T, ITEM, SIZEC and SIZES need CFLO and SUM lists,
	// and the Solver was given none (Solver.UseLists).
	ErrNoLists = &hp17b.Error{Msg: "NO LISTS YET"}
	// ErrSigmaSteps: a Σ loop's step is lost in its counter's 12 digits
	// (Σ(I:1E12:2E12:1:I)): the loop would never end.
	ErrSigmaSteps = &hp17b.Error{Msg: "TOO MANY Σ STEPS"}
	// ErrSigmaStep: a Σ loop's step is 0.
	ErrSigmaStep = &hp17b.Error{Msg: "INVALID Σ STEP"}
)

// machine is the state of one evaluation.
type machine struct {
	ctx      context.Context
	lists    Lists            // the calculator's lists, for FLOW, #T, SIZEC, ITEM, SIZES
	clock    func() time.Time // the calculator's clock, for CDATE and CTIME
	dayFirst bool             // the date format is D/M (Solver.UseDayFirst)
	unknown  *cell            // the variable being solved for, for S()
	overflow bool             // an OVERFLOW happened (the result saturated)
	fatal    error            // a limit that ends the whole solve (ErrWorkBudget)
	// The work so far, in units (work.go), and when to look at the
	// budget and the stop next: at work next, span units after the last
	// look, which was at the time last.
	work, next, span int64
	last             time.Time
	memo             memo2 // the last costly two-operand call (heavy2Expr)
}

// memo2 is the last call of a costly two-operand function (y^x, SPFV, …)
// in one evaluation, its operands and its result: a second call of the
// same function on the same operands reads it back instead of computing it
// again (the TVM equation raises 1+I÷100 to −N twice). The functions are
// pure, so the result is the one a new call gives; an error is kept too.
type memo2 struct {
	set     bool
	op      Op
	fn      *function
	a, b, v hp17b.Number
	err     error
}

// ok turns the non-fatal overflow into a flag.
func (m *machine) ok(v hp17b.Number, err error) (hp17b.Number, error) {
	if err == hp17b.ErrOverflow {
		m.overflow = true
		return v, nil
	}
	return v, err
}

type expr interface {
	eval(m *machine) (hp17b.Number, error)
}

type numExpr struct{ v hp17b.Number }

type varExpr struct{ c *cell }

type negExpr struct{ x expr }

// binExpr is an arithmetic operator (op set), a numeric function of two
// arguments (fn set) or a comparison (neither): all evaluate the same way.
type binExpr struct {
	op   Op
	f    func(a, b hp17b.Number) (hp17b.Number, error) // the operation, chosen when compiled
	l, r expr
	fn   *function // the function, or nil
	w    int64     // its weight in units of work (work.go)
}

// heavy2Expr is a binExpr whose operation is costly (y^x, SPFV, …): it
// counts its weight at each call, so that a stop is seen between two
// calls. The direct solution reads it as the binExpr it is.
type heavy2Expr binExpr

type logicExpr struct {
	and  bool
	l, r expr
}

type notExpr struct{ x expr }

// fn1Expr and fn3Expr are numeric functions of one and three arguments
// (two-argument ones are binExprs); f is fn's evaluation, kept here for
// the hot path.
type fn1Expr struct {
	f  func(hp17b.Number) (hp17b.Number, error)
	x  expr
	fn *function
	w  int64 // its weight in units of work (work.go)
}

// heavy1Expr is an fn1Expr whose function is costly (LN, EXP, …): it
// counts its weight at each call, as heavy2Expr does.
type heavy1Expr fn1Expr

type fn3Expr struct {
	fn      *function
	x, y, z expr
	w       int64
}

// nowExpr is a nullary function; dayFirst, when set, is its value under
// the D/M date format (CDATE).
type nowExpr struct{ f, dayFirst func(time.Time) hp17b.Number }

type ifExpr struct{ c, a, b expr }

type letExpr struct {
	c *cell
	x expr
}

type getExpr struct{ c *cell }

type sExpr struct{ c *cell }

type sigmaExpr struct {
	c                    *cell
	from, to, step, body expr
	stepCost             int64 // the work of a step: costSigmaStep and the body's cost
}

// listExpr is a list function over the list named list.
type listExpr struct {
	fn   *function
	list string
	args []expr
}

var truth = [2]hp17b.Number{hp17b.Zero, hp17b.One}

// pair evaluates two operands, left then right.
func pair(m *machine, l, r expr) (a, b hp17b.Number, err error) {
	if a, err = l.eval(m); err != nil {
		return a, a, err
	}
	b, err = r.eval(m)
	return a, b, err
}

func boolNum(b bool) hp17b.Number {
	if b {
		return truth[1]
	}
	return truth[0]
}

func (e *numExpr) eval(*machine) (hp17b.Number, error) { return e.v, nil }

func (e *varExpr) eval(*machine) (hp17b.Number, error) { return e.c.value, nil }

func (e *negExpr) eval(m *machine) (hp17b.Number, error) {
	v, err := e.x.eval(m)
	if err != nil {
		return v, err
	}
	return hp17b.Neg(v), nil
}

// binExpr evaluates its operands inline rather than through pair: it is
// the hot path, and each copy of a Number counts.
func (e *binExpr) eval(m *machine) (hp17b.Number, error) {
	a, err := e.l.eval(m)
	if err != nil {
		return a, err
	}
	b, err := e.r.eval(m)
	if err != nil {
		return b, err
	}
	f := e.f
	if m.dayFirst && e.fn != nil && e.fn.dayFirst != nil {
		f = e.fn.dayFirst.f2
	}
	v, err := f(a, b)
	if err != nil {
		return m.ok(v, err)
	}
	return v, nil
}

func (e *heavy2Expr) eval(m *machine) (hp17b.Number, error) {
	a, err := e.l.eval(m)
	if err != nil {
		return a, err
	}
	b, err := e.r.eval(m)
	if err != nil {
		return b, err
	}
	w := e.w
	if e.op == Pow {
		if i, ok := b.Int64(); ok && i >= -64 && i <= 64 {
			w = costPowSmall
		}
	}
	if err := m.spend(w); err != nil {
		return hp17b.Zero, err
	}
	var v hp17b.Number
	if c := &m.memo; c.set && c.op == e.op && c.fn == e.fn && c.a == a && c.b == b {
		v, err = c.v, c.err
	} else {
		v, err = e.f(a, b)
		*c = memo2{set: true, op: e.op, fn: e.fn, a: a, b: b, v: v, err: err}
	}
	if err != nil {
		return m.ok(v, err)
	}
	return v, nil
}

func (e *logicExpr) eval(m *machine) (hp17b.Number, error) {
	a, b, err := pair(m, e.l, e.r)
	if err != nil {
		return a, err
	}
	if e.and {
		return boolNum(!a.IsZero() && !b.IsZero()), nil
	}
	return boolNum(!a.IsZero() || !b.IsZero()), nil
}

func (e *notExpr) eval(m *machine) (hp17b.Number, error) {
	a, err := e.x.eval(m)
	if err != nil {
		return a, err
	}
	return boolNum(a.IsZero()), nil
}

func (e *fn1Expr) eval(m *machine) (hp17b.Number, error) {
	a, err := e.x.eval(m)
	if err != nil {
		return a, err
	}
	return m.ok(e.f(a))
}

func (e *heavy1Expr) eval(m *machine) (hp17b.Number, error) {
	a, err := e.x.eval(m)
	if err != nil {
		return a, err
	}
	if err := m.spend(e.w); err != nil {
		return hp17b.Zero, err
	}
	return m.ok(e.f(a))
}

func (e *fn3Expr) eval(m *machine) (hp17b.Number, error) {
	a, b, err := pair(m, e.x, e.y)
	if err != nil {
		return a, err
	}
	c, err := e.z.eval(m)
	if err != nil {
		return c, err
	}
	fn := e.fn
	if m.dayFirst && fn.dayFirst != nil {
		fn = fn.dayFirst
	}
	return m.ok(fn.f3(a, b, c))
}

func (e *nowExpr) eval(m *machine) (hp17b.Number, error) {
	now := time.Now
	if m.clock != nil {
		now = m.clock
	}
	if m.dayFirst && e.dayFirst != nil {
		return e.dayFirst(now()), nil
	}
	return e.f(now()), nil
}

func (e *ifExpr) eval(m *machine) (hp17b.Number, error) {
	c, err := e.c.eval(m)
	if err != nil {
		return c, err
	}
	if !c.IsZero() {
		return e.a.eval(m)
	}
	return e.b.eval(m)
}

func (e *letExpr) eval(m *machine) (hp17b.Number, error) {
	v, err := e.x.eval(m)
	if err != nil {
		return v, err
	}
	e.c.value, e.c.exists = v, true
	return v, nil
}

func (e *getExpr) eval(*machine) (hp17b.Number, error) { return e.c.value, nil }

func (e *sExpr) eval(m *machine) (hp17b.Number, error) {
	return boolNum(m.unknown == e.c), nil
}

// eval of Σ(i:from:to:step:body): from, to and step are evaluated once, in
// that order; the counter runs from from while it has not passed to,
// the body adding up once per step. The counter is the variable named i
// during the loop (so G(i) and i in the body see it) and gets its old value
// back afterwards, so a Σ never changes a menu variable of the same name.
func (e *sigmaExpr) eval(m *machine) (hp17b.Number, error) {
	from, to, err := pair(m, e.from, e.to)
	if err != nil {
		return from, err
	}
	step, err := e.step.eval(m)
	if err != nil {
		return step, err
	}
	if step.IsZero() {
		return hp17b.Zero, ErrSigmaStep
	}
	saved, savedExists := e.c.value, e.c.exists
	defer func() { e.c.value, e.c.exists = saved, savedExists }()
	sum := hp17b.Zero
	i := from
	up := step.Sign() > 0
	w := e.weight(sum, i)
	for {
		if c := i.Cmp(to); (up && c > 0) || (!up && c < 0) {
			break
		}
		if m.work += w; m.work >= m.next { // m.spend(w), and the step's weight looked at again
			w = e.weight(sum, i)
			if err := m.look(); err != nil {
				return hp17b.Zero, err
			}
		}
		e.c.value, e.c.exists = i, true
		v, err := e.body.eval(m)
		if err != nil {
			return v, err
		}
		if sum, err = m.ok(hp17b.Add(sum, v)); err != nil {
			return sum, err
		}
		next, err := m.ok(hp17b.Add(i, step))
		if err != nil {
			return next, err
		}
		if next.Equal(i) { // the step is lost in the counter's 12 digits
			return hp17b.Zero, ErrSigmaSteps
		}
		i = next
	}
	return sum, nil
}

func (e *listExpr) eval(m *machine) (hp17b.Number, error) {
	vals := make([]hp17b.Number, len(e.args))
	for i, a := range e.args {
		v, err := a.eval(m)
		if err != nil {
			return v, err
		}
		vals[i] = v
	}
	if m.lists == nil {
		return hp17b.Zero, ErrNoLists
	}
	return m.ok(e.fn.list(m.lists, e.list, vals))
}

// relation evaluates the comparison r to 1 (true) or 0.
func relation(r Rel) func(a, b hp17b.Number) (hp17b.Number, error) {
	return func(a, b hp17b.Number) (hp17b.Number, error) { return boolNum(r.holds(a.Cmp(b))), nil }
}

// binaryOp is the arithmetic of op.
func binaryOp(op Op) func(a, b hp17b.Number) (hp17b.Number, error) {
	switch op {
	case Add:
		return hp17b.Add
	case Sub:
		return hp17b.Sub
	case Mul:
		return hp17b.Mul
	case Div:
		return hp17b.Div
	case Pow:
		return hp17b.Pow
	}
	return nil
}

// compile turns a checked tree into an evaluator bound to the cells of vars.
func compile(n Node, vars *Vars) expr {
	switch n := n.(type) {
	case *Num:
		return &numExpr{n.Value}
	case *Var:
		return &varExpr{vars.cell(n.Name)}
	case *Neg:
		return &negExpr{compile(n.X, vars)}
	case *Binary:
		e := &binExpr{op: n.Op, f: binaryOp(n.Op), l: compile(n.L, vars), r: compile(n.R, vars), w: binCost(n.Op)}
		if n.Op == Pow {
			return (*heavy2Expr)(e)
		}
		return e
	case *Compare:
		return &binExpr{f: relation(n.Op), l: compile(n.L, vars), r: compile(n.R, vars), w: costCompare}
	case *Logic:
		return &logicExpr{n.Op == And, compile(n.L, vars), compile(n.R, vars)}
	case *Not:
		return &notExpr{compile(n.X, vars)}
	case *Call:
		return compileCall(n, vars)
	}
	panic("solver: unknown node")
}

// compileCall compiles a function call by its entry in the function table.
func compileCall(n *Call, vars *Vars) expr {
	fn := functions()[n.Fn]
	arg := func(i int) expr { return compile(n.Args[i], vars) }
	cellArg := func(i int) *cell { return vars.cell(n.Args[i].(*Var).Name) }
	switch fn.kind {
	case fnNullary:
		e := &nowExpr{f: fn.now}
		if fn.dayFirst != nil {
			e.dayFirst = fn.dayFirst.now
		}
		return e
	case fnIf:
		return &ifExpr{arg(0), arg(1), arg(2)}
	case fnLet:
		return &letExpr{cellArg(0), arg(1)}
	case fnGet:
		return &getExpr{cellArg(0)}
	case fnS:
		return &sExpr{cellArg(0)}
	case fnSigma:
		e := &sigmaExpr{c: cellArg(0), from: arg(1), to: arg(2), step: arg(3), body: arg(4)}
		e.stepCost = costSigmaStep + cost(e.body)
		return e
	case fnList:
		e := &listExpr{fn: fn, list: n.Args[0].(*Var).Name}
		for i := 1; i < len(n.Args); i++ {
			e.args = append(e.args, arg(i))
		}
		return e
	}
	w, ok := fnCost[fn.name]
	if !ok {
		w = costLeaf
	}
	switch fn.arity {
	case 1:
		e := &fn1Expr{f: fn.f1, x: arg(0), fn: fn, w: w}
		if heavyFn[fn.name] {
			return (*heavy1Expr)(e)
		}
		return e
	case 2:
		e := &binExpr{f: fn.f2, l: arg(0), r: arg(1), fn: fn, w: w}
		if heavyFn[fn.name] {
			return (*heavy2Expr)(e)
		}
		return e
	}
	return &fn3Expr{fn: fn, x: arg(0), y: arg(1), z: arg(2), w: w}
}
