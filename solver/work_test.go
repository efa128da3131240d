package solver

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// heavyTerms is n terms of LN(x) joined by +: a body of n heavy calls.
// powTerms is n terms LN(X×X+2)^1.5 added: positive, so that X×X = −1 −
// them has no root and the search runs all its trials.
func powTerms(n int) string {
	return strings.TrimSuffix(strings.Repeat("LN(X×X+2)^1.5+", n), "+")
}

func heavyTerms(x string, n int) string {
	return strings.TrimSuffix(strings.Repeat("LN("+x+")+", n), "+")
}

// heavyEquations are equations whose work is all in heavy calls, each
// place the work can be: a Σ whose step is 2,500 LN calls (the issue's
// A=Σ(I:1:1E12:1:LN(I)+…): a third of a second a step, and the stop was
// looked at every 1,024 steps), nested Σ, an iterative search with no
// root whose every trial is 1,000 LN and 1,000 y^x calls with no Σ at all
// (about 17 ms of trials in all with the float64 kernels: TestStopInHeavyWork
// stops it 1 ms in), an IF chain of them, y^x.
var heavyEquations = []struct{ src, name string }{
	{"A=Σ(I:1:1E12:1:" + heavyTerms("I", 2500) + ")", "A"},
	{"A=Σ(I:1:1E12:1:Σ(J:1:1E12:1:" + heavyTerms("J", 50) + "))", "A"},
	{"X×X=-1-" + powTerms(1000), "X"},
	{"X×X=IF(X<-1:0:IF(X<-2:1:-1-" + powTerms(1000) + "))", "X"},
	{"A=Σ(I:1:1E12:1:I^1.5+I^0.5+SPFV(I:2)+EXP(I÷1E6))", "A"},
}

// solveUntil solves eq for name under ctx, and fails the test if it has
// not returned within a deadline far longer than the stop takes (a hang,
// not a speed figure: the stop is seen within milliseconds).
func solveUntil(t *testing.T, ctx context.Context, src, name string) (Result, error) {
	t.Helper()
	eq, err := Parse(src)
	require.NoError(t, err)
	type outcome struct {
		r   Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		r, err := New(eq, NewVars()).Solve(ctx, name, Options{})
		done <- outcome{r, err}
	}()
	select {
	case o := <-done:
		return o.r, o.err
	case <-time.After(2 * time.Minute):
		t.Fatalf("%.40s…: the solve did not stop", src)
		return Result{}, nil
	}
}

// TestStopInHeavyWork: a context cancelled before the solve, or while it
// runs, stops it wherever its work is (before, a stop was looked at every
// 1,024 Σ steps: minutes for these, hours for the search).
func TestStopInHeavyWork(t *testing.T) {
	for _, c := range heavyEquations {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := solveUntil(t, ctx, c.src, c.name)
		assert.ErrorIs(t, err, ErrInterrupted, "%.40s…: cancelled before", c.src)

		ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
		_, err = solveUntil(t, ctx, c.src, c.name)
		cancel()
		assert.ErrorIs(t, err, ErrInterrupted, "%.40s…: cancelled while it runs", c.src)
	}
}

// TestBudgetCountsWork: the budget weighs each step by its work, so a Σ
// of a few heavy steps reaches a budget that many more whole-number steps
// stay within; an equation's own operators count at each evaluation.
func TestBudgetCountsWork(t *testing.T) {
	old := workBudget
	workBudget = 100_000
	defer func() { workBudget = old }()
	for _, c := range []struct {
		src  string
		want error
	}{
		{"X=Σ(I:1:5000:1:I)", nil},
		{"X=Σ(I:1:3000:1:1)", nil},
		{"X=Σ(I:0.5:3000:1:1)", ErrWorkBudget}, // a counter not a whole number: wide additions
		{"X=Σ(I:1:500:1:LN(I))", nil},
		{"X=Σ(I:1:2000:1:LN(I))", ErrWorkBudget},
		{"X=Σ(I:1:1000:1:I^1.5)", ErrWorkBudget},
		{"X=Σ(I:1:100:1:I^2)", nil}, // a whole exponent: exact products
		{"X=Σ(I:1:5000:1:I^2)", ErrWorkBudget},
		{"X=Σ(I:1:100:1:SPFV(I:2))", ErrWorkBudget},
		{"X=" + heavyTerms("A+1", 400), nil},
		{"X=" + heavyTerms("A+1", 1800), ErrWorkBudget},
	} {
		_, err := solveUntil(t, context.Background(), c.src, "X")
		if c.want == nil {
			assert.NoError(t, err, c.src)
		} else {
			assert.ErrorIs(t, err, c.want, c.src)
		}
	}
}

// TestLookSpanAdapts: the span between two looks at the stop grows while
// looks come often and shrinks when they come late, within its bounds;
// the budget is seen at the same work whatever the span.
func TestLookSpanAdapts(t *testing.T) {
	m := &machine{ctx: context.Background()}
	require.NoError(t, m.spend(1))
	assert.Equal(t, int64(firstSpan), m.span)
	require.NoError(t, m.spend(m.next-m.work)) // the clock is read from here on
	for range 40 {
		require.NoError(t, m.spend(m.next-m.work)) // looks far less than lookEvery apart
	}
	assert.Equal(t, int64(maxSpan), m.span)
	m.last = time.Now().Add(-100 * lookEvery) // a look long after the last
	require.NoError(t, m.spend(m.next-m.work))
	assert.Less(t, m.span, int64(maxSpan/50))
	assert.GreaterOrEqual(t, m.span, int64(minSpan))

	old := workBudget
	workBudget = 10 * maxSpan
	defer func() { workBudget = old }()
	m = &machine{}
	var err error
	for err == nil {
		err = m.spend(1000)
	}
	assert.Equal(t, ErrWorkBudget, err)
	assert.Equal(t, workBudget+1000-workBudget%1000, m.work, "the first spend past the budget")
}

// cancellingLists is a Lists whose FLOW cancels a context at its call
// number at, and counts the calls made after it.
type cancellingLists struct {
	cancel      context.CancelFunc
	calls, at   int
	afterCancel int
}

func (l *cancellingLists) Flow(string, hp17b.Number) (hp17b.Number, error) {
	if l.calls++; l.calls == l.at {
		l.cancel()
	} else if l.calls > l.at {
		l.afterCancel++
	}
	return hp17b.Zero, nil
}
func (l *cancellingLists) Times(string, hp17b.Number) (hp17b.Number, error) { return hp17b.One, nil }
func (l *cancellingLists) SizeC(string) (hp17b.Number, error)               { return hp17b.One, nil }
func (l *cancellingLists) Item(string, hp17b.Number) (hp17b.Number, error)  { return hp17b.One, nil }
func (l *cancellingLists) SizeS(string) (hp17b.Number, error)               { return hp17b.One, nil }

// TestStopLookedAtEachHeavyCall: with the span between looks at its
// least, the stop is looked at within every span's worth of heavy calls
// (LN, y^x, …: one call when a call weighs a span or more, as SPFV does,
// a few of the 60-unit LN calls), between Σ steps, and between the
// search's trials: FLOW, called between them, cancels the context and
// counts the calls that still follow. (The span adapts to about a
// millisecond of the machine's time; pinned here, the test counts work,
// not time.)
func TestStopLookedAtEachHeavyCall(t *testing.T) {
	old := maxSpan
	maxSpan = minSpan
	defer func() { maxSpan = old }()
	const f = "FLOW(L:1)×0"
	// FLOW calls that may follow the cancelling one before a look: the
	// heavy calls that fit in one span.
	within := func(w int64) int { return int(minSpan/w) + 1 }
	ln, pow := within(fnCost["LN"]), within(costPow)
	for _, c := range []struct {
		src, name string
		most      int // FLOW calls after the one that cancels
	}{
		{"A=Σ(I:1:1E12:1:" + strings.Repeat(f+"+LN(I)+", 300) + "1)", "A", ln},
		{"A=Σ(I:1:1E12:1:" + strings.Repeat(f+"+I^1.5+", 300) + "1)", "A", pow},
		{"A=Σ(I:1:1E12:1:" + strings.Repeat(f+"+SPFV(I:2)+", 300) + "1)", "A", 1},
		{"A=Σ(I:1:1E12:1:Σ(J:1:1E12:1:" + f + "))", "A", 2},
		{"A=Σ(I:1:1E12:1:" + f + ")", "A", 2},
		{"X×X=" + strings.Repeat(f+"+LN(X×X+1)+", 300) + "1", "X", ln},
		{"X×X=IF(X<-1:0:" + strings.Repeat(f+"+LN(X×X+1)+", 300) + "1)", "X", ln},
		{"X×X=" + f + "+X", "X", 1}, // no heavy call: a look at each trial
	} {
		for _, at := range []int{1, 2, 7, 700} {
			ctx, cancel := context.WithCancel(context.Background())
			lists := &cancellingLists{cancel: cancel, at: at}
			eq, err := Parse(c.src)
			require.NoError(t, err)
			s := New(eq, NewVars())
			s.UseLists(lists)
			_, err = s.Solve(ctx, c.name, Options{})
			cancel()
			if lists.calls < at {
				continue // solved before
			}
			assert.ErrorIs(t, err, ErrInterrupted, "%.50s…, cancelled at call %d", c.src, at)
			assert.LessOrEqual(t, lists.afterCancel, c.most, "%.50s…, cancelled at call %d", c.src, at)
		}
	}
}

// BenchmarkWork measures what each weight stands for: one Σ step of each
// operator and function, over arguments that are not whole numbers (the
// slower case), reported in ns/step beside the weight in units (a unit is
// meant as a nanosecond: weight/step near 1). The step itself and the
// argument's own work are in both figures. Run it again when the
// arithmetic changes, and set the weights in work.go from it.
func BenchmarkWork(b *testing.B) {
	const arg = "I×0.37+0.5"
	argCost := int64(costMul + costAdd + 2*costLeaf)
	cases := []struct {
		name, body string
		w          int64
	}{
		{"step", "I", costLeaf},
		{"+", "I+0.5", costAdd + 2*costLeaf},
		{"×", "I×1.5", costMul + 2*costLeaf},
		{"÷", "1÷I", costDiv + 2*costLeaf},
		{"^2", "I^2", costPowSmall + 2*costLeaf},
		{"^1.5", "I^1.5", costPow + 2*costLeaf},
	}
	for name, f := range functions() {
		var body string
		switch {
		case f.f1 != nil:
			body = name + "(" + arg + ")"
		case name == "DATE":
			body = "DATE(1.012000:I)"
		case f.f2 != nil:
			body = name + "(" + arg + ":3)"
		case name == "DDAYS":
			body = "DDAYS(1.012000:2.022000:1)"
		default:
			continue
		}
		if name == "FACT" {
			body = "FACT(MOD(I:60))"
		}
		cases = append(cases, struct {
			name, body string
			w          int64
		}{name, body, fnCost[name] + argCost})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			eq, err := Parse("Σ(I:1:100:1:" + c.body + ")")
			require.NoError(b, err)
			s := New(eq, NewVars())
			for b.Loop() {
				_, _ = s.Eval(context.Background())
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/step")
			b.ReportMetric(float64(c.w+costSigmaStep), "weight/step")
		})
	}
}
