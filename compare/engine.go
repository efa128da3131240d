package compare

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hp17b/hp17b/solver"
)

// Ref is a reference: a Program, an Equation, a Func, or Expected (the
// points' own expected results, from File with expect). A nil Ref
// compares nothing: Config.Each judges the equation's answers itself.
type Ref interface{ describe() string }

// Program is a reference program: Command is run once through the shell
// (sh -c; cmd /C off Unix) and speaks the protocol of docs/compare.md on
// its standard input and output.
type Program struct{ Command string }

// Equation is a reference equation, run through the same steps (every
// name of the steps must be one of its menu variables); File names its
// file in the report ("" for none).
type Equation struct {
	Eq   *solver.Equation
	File string
}

// Func is a reference in Go, called from several goroutines at once: the
// results at pt, one Value a name of plan.Solved.
type Func func(plan *Plan, pt *Point) Answer

// Expected is the reference of a file of expected results: each point
// carries its own (Point.Want).
type Expected struct{ Name string }

func (r Program) describe() string { return "the program " + r.Command }
func (r Equation) describe() string {
	if r.File != "" {
		return "the equation " + r.Eq.Title() + " of " + r.File
	}
	return "the equation " + r.Eq.Title()
}
func (r Func) describe() string     { return "a Go function" }
func (r Expected) describe() string { return "the expected results in " + r.Name }

// Config is one comparison.
type Config struct {
	// Plan is the equation and its steps, Source its points (Grid, Random
	// or File), Ref the reference.
	Plan   *Plan
	Source Source
	Ref    Ref
	// Criterion says when results agree (Default: the 12-digit value).
	Criterion Criterion
	// Model is the calculator whose Solver rules apply.
	Model solver.Model
	// Workers solve points in parallel (0: GOMAXPROCS).
	Workers int
	// List is the most disagreements the report lists (0: 10).
	List int
	// PointTimeout is the longest a reference program may take to answer
	// a point (0: 10 s).
	PointTimeout time.Duration
	// Progress, when set, is called after each batch of points with the
	// points compared so far and the total (-1 when unknown).
	Progress func(done, total int64)
	// Domain says the domain in words for the report ("" for the plan's),
	// Name the equation compared ("" for its title).
	Domain, Name string
	// Inspect, when set, is called by the worker that solved a point,
	// with the solves' results in order and the variables after them
	// (valid only during the call); what it returns is the answer's Data.
	// It is called from several goroutines at once.
	Inspect func(pt *Point, solved []Solved, vars *solver.Vars) any
	// Each, when set, is called with every point compared, in the
	// domain's order, and both answers (valid only during the call: their
	// memory is reused).
	Each func(pt *Point, ours, ref *Answer)
	// Judge, when set, decides whether the equation's answer at a point is
	// right instead of Criterion, from both answers (their Data: Inspect's
	// and a Func reference's): a reference that is a rule with several
	// right answers, as a heap game's (any move that leaves a lost
	// position wins). It runs on the collecting goroutine, one point at a
	// time, and while the first disagreement is shrunk; Judged says what
	// it checks, in words, for the report's Compared.
	Judge  func(pt *Point, ours, ref *Answer) bool
	Judged string
}

// batchSize is the points a batch carries: a reference program gets
// them in one write.
const batchSize = 256

// batch is points on their way: solved by a worker (ours, and refs for an
// in-process reference) and answered by a program (refs); done closes when
// both have finished.
type batch struct {
	pts  []Point
	ours []Answer
	refs []Answer
	left atomic.Int32
	done chan struct{}
}

func newBatch(pts []Point, parts int32) *batch {
	b := &batch{pts: pts, ours: make([]Answer, len(pts)), refs: make([]Answer, len(pts)), done: make(chan struct{})}
	b.left.Store(parts)
	return b
}

// batches keeps the batches the collector is done with, their answers'
// slices reused (a third of the allocations of a point).
var batches = sync.Pool{New: func() any { return &batch{} }}

// reuse is a batch from the pool for parts workers, its points slice
// emptied.
func reuse(parts int32) *batch {
	b := batches.Get().(*batch)
	b.pts = b.pts[:0]
	b.done = make(chan struct{})
	b.left.Store(parts)
	return b
}

// ready sizes the answers to the points gathered.
func (b *batch) ready() {
	n := len(b.pts)
	if cap(b.ours) < n {
		b.ours, b.refs = make([]Answer, n), make([]Answer, n)
	}
	b.ours, b.refs = b.ours[:n], b.refs[:n]
}

func (b *batch) finish() {
	if b.left.Add(-1) == 0 {
		close(b.done)
	}
}

// worker solves batches: the equation, and an in-process reference.
type worker struct {
	ours *evaluator
	ref  func(*Point) Answer
}

func (c *Config) newWorker() *worker {
	w := &worker{ours: newEvaluator(c.Plan, c.Plan.Eq, c.Model)}
	w.ours.inspect = c.Inspect
	switch r := c.Ref.(type) {
	case Equation:
		e := newEvaluator(c.Plan, r.Eq, c.Model)
		w.ref = func(pt *Point) Answer { return e.eval(context.Background(), pt) }
	case Func:
		w.ref = func(pt *Point) Answer { return r(c.Plan, pt) }
	case Expected:
		w.ref = func(pt *Point) Answer {
			if pt.Want == nil {
				return Answer{Out: make([]Value, len(c.Plan.Solved))}
			}
			return *pt.Want
		}
	}
	return w
}

func (w *worker) do(ctx context.Context, b *batch) {
	for i := range b.pts {
		w.ours.evalInto(ctx, &b.pts[i], &b.ours[i])
		if w.ref != nil {
			b.refs[i] = w.ref(&b.pts[i])
		}
	}
	b.finish()
}

// Run compares: every point of c.Source solved by c.Plan and answered by
// c.Ref, in parallel and in batches, its memory bounded whatever the
// domain's size. ctx ending (Ctrl-C, --timeout) stops it with the report
// so far (Report.Stopped says why). The error is a bad reference equation,
// a bad line of a points file, or a *RefError; the report then holds what
// was compared before it.
func Run(ctx context.Context, c Config) (*Report, error) {
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.List <= 0 {
		c.List = 10
	}
	if c.PointTimeout <= 0 {
		c.PointTimeout = 10 * time.Second
	}
	if r, ok := c.Ref.(Equation); ok {
		for _, st := range c.Plan.Steps {
			if !slices.Contains(r.Eq.Menu, st.Name) {
				return nil, fmt.Errorf("the reference equation %s has no menu variable %s", r.Eq.Title(), st.Name)
			}
		}
	}
	rep := newReport(&c)
	var proc *process
	if r, ok := c.Ref.(Program); ok {
		var err error
		if proc, err = startProcess(r.Command, c.Plan, c.PointTimeout); err != nil {
			return rep, err
		}
	}
	inner, cancel := context.WithCancel(ctx)
	defer cancel()

	parts := int32(1)
	if proc != nil {
		parts = 2
	}
	work := make(chan *batch, c.Workers+1)
	order := make(chan *batch, c.Workers+4)
	var srcErr error
	var running sync.WaitGroup
	running.Add(1)
	go func() { // the domain, a batch at a time
		defer running.Done()
		defer close(work)
		defer close(order)
		for inner.Err() == nil {
			b := reuse(parts)
			for len(b.pts) < batchSize {
				pt, ok, err := c.Source.Next()
				if err != nil {
					srcErr = err
					break
				}
				if !ok {
					break
				}
				b.pts = append(b.pts, pt)
			}
			pts := b.pts
			if len(pts) == 0 {
				return
			}
			b.ready()
			for _, ch := range []chan *batch{order, work} {
				select {
				case ch <- b:
				case <-inner.Done():
					return
				}
			}
			if proc != nil {
				select {
				case proc.submit <- b:
				case <-inner.Done():
					return
				case <-proc.failed:
					return
				}
			}
			if srcErr != nil || len(pts) < batchSize {
				return
			}
		}
	}()
	for range c.Workers {
		running.Add(1)
		go func() {
			defer running.Done()
			w := c.newWorker()
			for b := range work {
				w.do(inner, b)
			}
		}()
	}
	var failed <-chan struct{}
	if proc != nil {
		failed = proc.failed
	}
	var err error
collect:
	for b := range order {
		select {
		case <-b.done:
		case <-ctx.Done():
			break collect
		case <-failed:
			break collect
		}
		for i := range b.pts {
			rep.add(&b.pts[i], &b.ours[i], &b.refs[i])
			if c.Each != nil {
				c.Each(&b.pts[i], &b.ours[i], &b.refs[i])
			}
		}
		batches.Put(b) // every part is done with it
		if c.Progress != nil {
			c.Progress(rep.Points, rep.Total)
		}
	}
	stopped := ctx.Err() != nil
	if stopped {
		rep.Stopped = stopReason(ctx)
	}
	if !stopped && srcErr == nil && proc != nil && rep.Disagree > 0 {
		err = rep.shrink(ctx, &c, proc)
	}
	cancel()
	for range order { // let the domain's goroutine end
	}
	if proc != nil {
		if stopped {
			proc.abort()
		} else if perr := proc.close(); perr != nil {
			err = perr
		}
	}
	running.Wait()
	if !stopped && err == nil && proc == nil && rep.Disagree > 0 {
		err = rep.shrink(ctx, &c, nil)
	}
	if err == nil {
		err = srcErr
	}
	return rep, err
}

// stopReason says why ctx ended.
func stopReason(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the time limit"
	}
	return "an interruption"
}

// shrink moves the first disagreement toward the ranges' starts (Shrink),
// asking the reference program proc (nil: an in-process reference) about
// each candidate, and records the point reached.
func (r *Report) shrink(ctx context.Context, c *Config, proc *process) error {
	first := r.firstFail
	if first == nil || first.index == nil || len(first.index) == 0 {
		return nil
	}
	w := c.newWorker()
	fails := func(cands [][]int64) ([]bool, error) {
		pts := make([]Point, len(cands))
		for i, idx := range cands {
			pts[i] = at(c.Plan, r.Points+r.shrinkAsked+int64(i), idx)
		}
		r.shrinkAsked += int64(len(pts))
		parts := int32(1)
		if proc != nil {
			parts = 2
		}
		b := newBatch(pts, parts)
		if proc != nil {
			select {
			case proc.submit <- b:
			case <-proc.failed:
				return nil, errors.New("the reference failed while shrinking")
			}
		}
		w.do(ctx, b)
		var failed <-chan struct{}
		if proc != nil {
			failed = proc.failed
		}
		select {
		case <-b.done:
		case <-failed:
			return nil, errors.New("the reference failed while shrinking")
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		out := make([]bool, len(pts))
		for i := range pts {
			if !r.agree(&pts[i], &b.ours[i], &b.refs[i]) {
				if !slices.Contains(out, true) { // the candidate Shrink takes
					r.lastShrunk = r.disagreement(&pts[i], &b.ours[i], &b.refs[i])
				}
				out[i] = true
			}
		}
		return out, nil
	}
	idx, _, err := Shrink(first.index, 20000, fails)
	if err != nil {
		if proc != nil && proc.err != nil {
			return nil // close says why
		}
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	// The point reached, solved once more for the report.
	pt := at(c.Plan, -1, idx)
	if slices.Equal(idx, first.index) {
		d := *first
		r.Smallest = &d
		return nil
	}
	if r.lastShrunk != nil && slices.Equal(r.lastShrunk.index, idx) {
		r.Smallest = r.lastShrunk
		return nil
	}
	ours := w.ours.eval(ctx, &pt)
	d := r.disagreement(&pt, &ours, &Answer{})
	r.Smallest = d
	return nil
}
