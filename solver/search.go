package solver

import (
	"strconv"

	"github.com/hp17b/hp17b/hp17b"
)

// point is one evaluation of the equation during the search.
type point struct {
	x, f, l, r hp17b.Number
	ok         bool
}

// smaller reports whether |a.f| < |b.f|.
func smaller(a, b point) bool { return hp17b.Abs(a.f).Cmp(hp17b.Abs(b.f)) < 0 }

// closeToZero reports whether f is negligible beside the sides it is the
// difference of, or beside the size of LEFT−RIGHT where the search
// started: a root to the calculator's precision.
func closeToZero(p point, start hp17b.Number) bool {
	if p.f.IsZero() {
		return true
	}
	scale := hp17b.Max(hp17b.Max(hp17b.Abs(p.l), hp17b.Abs(p.r)), start)
	if scale.IsZero() {
		return false
	}
	return p.f.Exponent()-scale.Exponent() <= -9
}

func half(a, b hp17b.Number) hp17b.Number {
	s, _ := hp17b.Add(a, b)
	h, _ := hp17b.Div(s, hp17b.Two)
	return h
}

// searcher is one iterative search for the unknown x.
type searcher struct {
	s   *Solver
	m   *machine
	x   *cell
	opt Options
}

// eval stores v in the unknown and evaluates LEFT − RIGHT there; a point
// where the equation has no value is not ok.
func (q *searcher) eval(v hp17b.Number) point {
	q.x.value = v
	l, r, err := q.s.sides(q.m)
	if err != nil {
		return point{x: v}
	}
	f, err := hp17b.Sub(l, r)
	if err != nil && err != hp17b.ErrOverflow {
		return point{x: v}
	}
	return point{x: v, f: f, l: l, r: r, ok: true}
}

// interrupted reports whether the search must stop: a key (the context) or
// a limit of the whole solve (machine.fatal).
func (q *searcher) interrupted() bool {
	return q.m.fatal != nil || (q.m.ctx != nil && q.m.ctx.Err() != nil)
}

// stopErr is why an interrupted search stopped.
func (q *searcher) stopErr() error {
	if q.m.fatal != nil {
		return q.m.fatal
	}
	return ErrInterrupted
}

// finish ends the search at p with outcome o, p's value in the unknown.
func (q *searcher) finish(p point, o Outcome) (Result, error) {
	q.x.value = p.x
	return Result{Name: q.x.name, Method: Iterative, Value: p.x, Outcome: o, Left: p.l, Right: p.r,
		Overflow: q.m.overflow}, nil
}

// stop ends an interrupted search at the better of a and b.
func (q *searcher) stop(a, b point) (Result, error) {
	best := better(a, b)
	q.x.value = best.x
	return Result{Name: q.x.name, Method: Iterative, Value: best.x}, q.stopErr()
}

func (q *searcher) report(a, b point) {
	if q.opt.Progress != nil {
		q.opt.Progress(Progress{X1: a.x, X2: b.x, S1: a.f.Sign(), S2: b.f.Sign()})
	}
}

// better is the point of the two with the smaller |LEFT−RIGHT| (a on a tie).
func better(a, b point) point {
	if smaller(b, a) {
		return b
	}
	return a
}

// guesses are the search's two starting values: the user's guesses, else
// the unknown's value and its value before the last solve, else the
// Solver's own second guess near it.
func (q *searcher) guesses() (hp17b.Number, hp17b.Number) {
	x, opt := q.x, q.opt
	g1, g2 := x.value, x.value
	switch {
	case len(opt.Guesses) >= 2:
		g1, g2 = opt.Guesses[0], opt.Guesses[1]
	case len(opt.Guesses) == 1:
		g1, g2 = opt.Guesses[0], opt.Guesses[0]
	case x.hasPrev:
		g2 = x.prev
	}
	if g1.Equal(g2) {
		g2 = secondGuess(g1)
	}
	return g1, g2
}

// search is the iterative search. It starts from two guesses, follows
// secant steps (capped at 100 times the current spacing, widening the
// spacing while LEFT−RIGHT is flat) until LEFT−RIGHT changes sign, then
// narrows the bracket by secant steps kept inside it, falling back to
// bisection, until the two ends are neighbouring 12-digit numbers. Every
// evaluation first stores the trial value in the unknown, so L() stores
// repeat at each step, as on the calculator.
func (s *Solver) search(m *machine, x *cell, opt Options) (Result, error) {
	q := &searcher{s: s, m: m, x: x, opt: opt}
	orig := x.value
	g1, g2 := q.guesses()
	a, b := q.eval(g1), q.eval(g2)
	if q.interrupted() {
		x.value = orig
		return Result{Name: x.name, Method: Iterative}, q.stopErr()
	}
	for i := 0; i < 40 && a.ok != b.ok; i++ { // move a failing guess toward the good one
		if !a.ok {
			a = q.eval(half(a.x, b.x))
		} else {
			b = q.eval(half(a.x, b.x))
		}
	}
	if !a.ok || !b.ok || a.x.Equal(b.x) {
		x.value = orig
		return Result{Name: x.name, Method: Iterative, Value: orig, Outcome: BadGuesses}, nil
	}
	return q.walk(a, b)
}

// walk follows secant steps from a and b until LEFT−RIGHT changes sign
// (then bracket narrows it), the steps stall (a root to the calculator's
// precision, or an extremum), or the iterations run out.
func (q *searcher) walk(a, b point) (Result, error) {
	best := better(a, b)
	start := hp17b.Max(hp17b.Abs(a.f), hp17b.Abs(b.f))
	stall := 0
	settle := func() (Result, error) {
		if closeToZero(best, start) {
			return q.finish(best, Root)
		}
		return q.finish(best, Extremum)
	}
	for iter := 0; iter < q.s.MaxIterations; iter++ {
		if q.interrupted() {
			q.x.value = best.x
			return Result{Name: q.x.name, Method: Iterative}, q.stopErr()
		}
		q.report(a, b)
		switch {
		case a.f.IsZero():
			return q.finish(a, Root)
		case b.f.IsZero():
			return q.finish(b, Root)
		case a.f.Sign() != b.f.Sign():
			return q.bracket(a, b)
		}
		nx := secantStep(a, b, iter)
		if nx.Equal(a.x) || nx.Equal(b.x) {
			// The secant cannot move in 12 digits: look at the best
			// point's neighbours for a sign change, else it is a minimum.
			if c, ok := q.neighbourSignChange(best); ok {
				return q.bracket(best, c)
			}
			return settle()
		}
		c := q.eval(nx)
		for i := 0; i < 20 && !c.ok; i++ {
			c = q.eval(half(c.x, b.x))
		}
		worse := &a
		if smaller(a, b) {
			worse = &b
		}
		if c.ok && !smaller(c, *worse) && c.f.Sign() == a.f.Sign() {
			// The step made things worse: try between the two best points.
			c = q.eval(half(a.x, b.x))
		}
		switch {
		case !c.ok:
			stall++
		case smaller(c, *worse) || c.f.Sign() != a.f.Sign():
			*worse = c
			if smaller(c, best) {
				best, stall = c, 0
			} else {
				stall++
			}
		default:
			stall++
		}
		if stall >= 30 {
			return settle()
		}
	}
	q.x.value = best.x
	return Result{Name: q.x.name, Method: Iterative, Value: best.x, Outcome: NotFound, Left: best.l, Right: best.r}, nil
}

// secantStep is the next trial value from a and b, both on one side of
// the root: the secant's zero, at most 100 times their spacing away; where
// LEFT−RIGHT is flat, ten spacings out, alternately on each side.
func secantStep(a, b point, iter int) hp17b.Number {
	d, _ := hp17b.Sub(b.x, a.x)
	var nx hp17b.Number
	if a.f.Equal(b.f) {
		w, _ := hp17b.Mul(d, hp17b.FromInt(10))
		if iter%2 == 0 {
			nx, _ = hp17b.Add(b.x, w)
		} else {
			nx, _ = hp17b.Sub(a.x, w)
		}
		return nx
	}
	df, _ := hp17b.Sub(b.f, a.f)
	q, err := hp17b.Div(b.f, df)
	if err != nil {
		q = hp17b.Zero
	}
	step, _ := hp17b.Mul(q, d)
	limit, _ := hp17b.Mul(hp17b.Abs(d), hp17b.Hundred)
	if hp17b.Abs(step).Cmp(limit) > 0 {
		step = limit
		if q.Sign()*d.Sign() < 0 {
			step = hp17b.Neg(limit)
		}
	}
	nx, _ = hp17b.Sub(b.x, step)
	return nx
}

// secondGuess is the Solver's own second guess near g.
func secondGuess(g hp17b.Number) hp17b.Number {
	if g.IsZero() {
		return hp17b.One
	}
	d, _ := hp17b.Mul(g, hp17b.MustParse("0.001"))
	r, _ := hp17b.Add(g, d)
	return r
}

// neighbourSignChange looks one unit of the 12th digit either side of p.
func (q *searcher) neighbourSignChange(p point) (point, bool) {
	ulp := unitInLastPlace(p.x)
	for _, d := range []hp17b.Number{ulp, hp17b.Neg(ulp)} {
		v, _ := hp17b.Add(p.x, d)
		c := q.eval(v)
		if c.ok && (c.f.IsZero() || c.f.Sign() != p.f.Sign()) {
			return c, true
		}
	}
	return point{}, false
}

func unitInLastPlace(x hp17b.Number) hp17b.Number {
	if x.IsZero() {
		return hp17b.MustParse("1E-499")
	}
	u, _ := hp17b.Parse("1E" + strconv.Itoa(x.Exponent()-hp17b.Digits+1))
	return u
}

// bracket narrows a sign change between a and b to neighbouring numbers:
// secant steps kept a tenth of the width inside, every third step a
// bisection. A bracket whose |LEFT−RIGHT| grows as it narrows holds a
// pole or a jump (SignReversal), not a root.
func (q *searcher) bracket(a, b point) (Result, error) {
	var spans []hp17b.Number
	for iter := 0; iter < 5000; iter++ {
		span, _ := hp17b.Sub(a.f, b.f)
		spans = append(spans, hp17b.Abs(span))
		if q.interrupted() {
			return q.stop(a, b)
		}
		q.report(a, b)
		mid := half(a.x, b.x)
		if mid.Equal(a.x) || mid.Equal(b.x) {
			// Evaluate the final estimate last, so the stored variables
			// are those of the value kept.
			best := q.eval(closer(a, b, q.eval).x)
			if growing(spans) {
				return q.finish(best, SignReversal)
			}
			return q.finish(best, Root)
		}
		next := mid
		if iter%3 != 2 { // every third step bisects, to guarantee progress
			next = insideSecant(a, b, mid)
		}
		c := q.evalInside(a, b, next, mid)
		if !c.ok && q.interrupted() {
			continue // the loop's check reports the interruption
		}
		if !c.ok {
			// Undefined inside the bracket: keep the better end.
			return q.finish(q.eval(better(a, b).x), SignReversal)
		}
		if c.f.IsZero() {
			return q.finish(c, Root)
		}
		if c.f.Sign() == a.f.Sign() {
			a = c
		} else {
			b = c
		}
	}
	return q.finish(better(a, b), NotFound)
}

// insideSecant is the secant's zero between a and b when it lies at least
// a tenth of the width from either end, else mid.
func insideSecant(a, b point, mid hp17b.Number) hp17b.Number {
	d, _ := hp17b.Sub(b.x, a.x)
	df, _ := hp17b.Sub(b.f, a.f)
	r, err := hp17b.Div(a.f, df)
	if err != nil {
		return mid
	}
	step, _ := hp17b.Mul(r, d)
	cand, _ := hp17b.Sub(a.x, step)
	lo, hi := a.x, b.x
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	w, _ := hp17b.Sub(hi, lo)
	tenth, _ := hp17b.Div(w, hp17b.Ten)
	lo2, _ := hp17b.Add(lo, tenth)
	hi2, _ := hp17b.Sub(hi, tenth)
	if cand.Cmp(lo2) >= 0 && cand.Cmp(hi2) <= 0 {
		return cand
	}
	return mid
}

// evalInside evaluates next, else mid; where the equation has no value
// there (a pole, a log of 0) it looks between that point and each end in
// turn, closer and closer.
func (q *searcher) evalInside(a, b point, next, mid hp17b.Number) point {
	c := q.eval(next)
	if !c.ok && !next.Equal(mid) {
		c = q.eval(mid)
	}
	for i, p := 0, mid; i < 20 && !c.ok; i++ {
		end := a.x
		if i%2 == 1 {
			end = b.x
		}
		p = half(p, end)
		if p.Equal(a.x) || p.Equal(b.x) {
			break
		}
		c = q.eval(p)
	}
	return c
}

// closer picks, of two neighbouring 12-digit numbers around a sign change,
// the one with the smaller |LEFT−RIGHT|: the calculator reports the better
// estimate (the root of X^3−X−1 is 1.32471795724474…, so X=1.32471795724).
// When 12-digit arithmetic gives both the same |LEFT−RIGHT| (it does there:
// 2E-11 each side), the values one step further out on each side are
// evaluated too and a straight line fitted through the four points by least
// squares stands for the finer LEFT−RIGHT the calculator's 15-digit
// intermediates see: the number nearer that line's zero is kept.
func closer(a, b point, eval func(hp17b.Number) point) point {
	if smaller(a, b) {
		return a
	}
	if smaller(b, a) {
		return b
	}
	lo, hi := a, b
	if lo.x.Cmp(hi.x) > 0 {
		lo, hi = hi, lo
	}
	d, _ := hp17b.Sub(hi.x, lo.x)
	x0, _ := hp17b.Sub(lo.x, d)
	x3, _ := hp17b.Add(hi.x, d)
	p0, p3 := eval(x0), eval(x3)
	if !p0.ok || !p3.ok {
		return a
	}
	// Points at −1.5, −0.5, 0.5, 1.5 steps: the fitted line's zero is at
	// −mean(f)/slope steps from the middle, slope = Σ t·f / Σ t².
	// The values are taken relative to |f| at the two numbers (equal and
	// not 0), so that float64 holds them whatever their exponent.
	unit := hp17b.Abs(lo.f)
	t := [4]float64{-1.5, -0.5, 0.5, 1.5}
	var mean, num float64
	for i, p := range [4]point{p0, lo, hi, p3} {
		r, err := hp17b.Div(p.f, unit)
		if err != nil && err != hp17b.ErrOverflow {
			return a
		}
		mean += r.Float64() / 4
		num += t[i] * r.Float64()
	}
	if num == 0 {
		return a
	}
	if zero := -mean / (num / 5); zero < 0 {
		return lo
	}
	return hi
}

// growing reports whether the last three narrowings of a bracket each made
// |f(a) − f(b)| larger: the mark of a sign change across a pole or a jump
// rather than a root.
func growing(spans []hp17b.Number) bool {
	n := len(spans)
	if n < 4 {
		return false
	}
	for i := n - 3; i < n; i++ {
		if spans[i].Cmp(spans[i-1]) <= 0 {
			return false
		}
	}
	return true
}
