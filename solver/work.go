package solver

import (
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// The work of one solve or evaluation is counted in units of about a
// nanosecond of a typical machine (a 2-core x86-64 of 2024 running this
// arithmetic; docs/limits.md gives the measurement): every Σ step, every
// heavy function call (LN, EXP, y^x, the SPFV family, …) and every
// evaluation of the equation's own operators adds its weight below. The
// count does two things:
//
//   - the work budget (WorkBudget): past it the solve stops with
//     ErrWorkBudget, the same on every machine and under any load, so a
//     runaway Σ(I:1:1E12:1:I) ends instead of holding the calculator for
//     hours;
//   - the stop: every so often (span units) the context (Ctrl-C,
//     --timeout, the window's close, a key) is looked at. The span adapts
//     to about lookEvery of wall time, so a stop is seen within a few
//     milliseconds wherever the work is (a Σ, nested Σ, the iterative
//     search's trials, a long body of LN terms, an IF chain), even where a
//     weight is far from the machine's real cost, and looking costs
//     nothing measurable (one addition and one comparison a Σ step or a
//     heavy call).
//
// The operators outside any Σ are counted once an evaluation (the
// equation's static cost); a Σ counts its step, its body's operators and
// the setup of the Σ loops nested in it at every step (its step weighs
// more while its sum or counter is past 12 whole digits, as looked at
// when it starts and at each look), and the heavy functions count at each
// call. A single call of the arithmetic takes at
// most a couple of milliseconds (y^x of the widest arguments, measured
// 1.9 ms), so it needs no stop inside.

// WorkBudget is the work budget of one solve or evaluation: 3×10^10
// units, about 30 s of a typical machine (docs/limits.md): a runaway loop
// ends, any Σ a person means to run runs (10^9 whole-number steps, 10^8
// steps of LN), and the search's trials of an equation of seconds have
// room.
const WorkBudget = 30_000_000_000

// workBudget is WorkBudget (tests lower it).
var workBudget int64 = WorkBudget

// Weights, in units. They are the costs measured with today's arithmetic
// (solver's BenchmarkWork: one Σ step of each, less the step itself), so
// they must be measured again when the arithmetic changes: a weight far
// above the real cost makes the budget stop work early, one far below
// only delays the budget (the stop adapts to time).
const (
	costSigmaStep = 12  // one Σ step: the comparison and the two additions of the loop
	costSigmaWide = 30  // more for a step whose sum or counter is not a whole number of 12 digits
	costLeaf      = 2   // a number, a variable, G(), S(), -x, L(), IF, AND, OR, NOT
	costAdd       = 30  // + and − (1 ns for whole numbers, about 30 for others)
	costMul       = 30  // ×
	costDiv       = 30  // ÷
	costCompare   = 10  // =, <, …
	costList      = 200 // FLOW, #T, ITEM, SIZEC, SIZES: a look-up
	costNow       = 100 // PI, CDATE, CTIME
	costPowSmall  = 30  // y^x of a whole exponent from −64 to 64 (exact products)
	costPow       = 150 // y^x otherwise: the float64 and double-double kernels (hp17b/elementary.go)
)

// heavyFn names the functions that count their weight, and look at the
// stop, at each call: those computed by hp17b's elementary kernels, whose
// rare fall-back to apd (hp17b/elementary.go) costs up to a couple of
// milliseconds a call where the kernel costs 60–150 ns, so that a long
// body of them is never a span without a look. y^x is one too (compile).
var heavyFn = map[string]bool{
	"ALOG": true, "EXP": true, "EXPM1": true, "LN": true, "LNP1": true, "LOG": true,
	"SPFV": true, "SPPV": true, "USFV": true, "USPV": true, "FACT": true,
}

// fnCost is the weight of a function call by name, beside its arguments'
// (costLeaf for one not listed).
var fnCost = map[string]int64{
	"ALOG": 80, "EXP": 70, "EXPM1": 700, "LN": 60, "LNP1": 60, "LOG": 60,
	"SPFV": 10_000, "SPPV": 100, "USFV": 120, "USPV": 120,
	"FACT": 2_000, "SQRT": 30, "HMS": 100, "HRS": 60, "MOD": 20, "IDIV": 10,
	"DATE": 80, "DDAYS": 50, "INV": 10, "SQ": 10, "MAX": 10, "MIN": 10,
	"ABS": 10, "FP": 10, "INT": 10, "IP": 10, "SGN": 10, "RND": 20, "TRN": 20,
}

// Looking at the stop: the span between two looks starts at firstSpan
// units and adapts to about lookEvery of wall time, within minSpan and
// maxSpan.
const (
	lookEvery = time.Millisecond
	firstSpan = 1 << 16
	minSpan   = 1 << 8
)

// maxSpan bounds the span: about 17 ms of work at the weights' costs, so
// that work far heavier than its weight says, after work far lighter
// (which grows the span), is still seen within a fraction of a second
// (tests lower it).
var maxSpan int64 = 1 << 24

// ErrWorkBudget: one solve or evaluation would take more than WorkBudget
// units of work.
var ErrWorkBudget = &hp17b.Error{Msg: "TOO MUCH WORK"}

// spend counts n units of work; at the next look it looks at the budget
// and the stop, returning ErrWorkBudget (also kept in m.fatal, which ends
// a search) or the context's error.
func (m *machine) spend(n int64) error {
	if m.work += n; m.work < m.next {
		return nil
	}
	return m.look()
}

// look looks at the budget and the context, and sets when to look next:
// after span more units, the span scaled so that looks come about
// lookEvery apart (doubled at most at a time; the clock is read from the
// second look on, so a short evaluation never reads it).
func (m *machine) look() error {
	if m.work > workBudget {
		m.fatal = ErrWorkBudget
		return ErrWorkBudget
	}
	if m.ctx != nil {
		if err := m.ctx.Err(); err != nil {
			return err
		}
	}
	switch {
	case m.span == 0:
		m.span = min(firstSpan, maxSpan)
	case m.last.IsZero():
		m.last = time.Now()
	default:
		now := time.Now()
		d := now.Sub(m.last)
		m.last = now
		switch {
		case d <= lookEvery/2:
			m.span *= 2
		case d > lookEvery:
			m.span = int64(float64(m.span) * float64(lookEvery) / float64(d))
		}
		m.span = max(minSpan, min(maxSpan, m.span))
	}
	m.next = min(m.work+m.span, workBudget+1)
	return nil
}

// weight is the work of one step of e whose sum and counter are sum and
// i: more when either is not a whole number of at most 12 digits, which
// the arithmetic adds without rounding. A Σ looks at it when it starts
// and at each look at the stop, not at every step.
func (e *sigmaExpr) weight(sum, i hp17b.Number) int64 {
	small := func(x hp17b.Number) bool {
		n, ok := x.Int64()
		return ok && n > -1e12 && n < 1e12
	}
	if small(sum) && small(i) {
		return e.stepCost
	}
	return e.stepCost + costSigmaWide
}

// binCost is the weight of a binary operator.
func binCost(op Op) int64 {
	switch op {
	case Add, Sub:
		return costAdd
	case Mul:
		return costMul
	case Div:
		return costDiv
	case Pow:
		return costPow
	}
	return costCompare
}

// cost is the static cost of evaluating e once: its operators' weights,
// the longer branch of an IF, the setup of a Σ (its bounds and step; its
// steps count themselves), and a heavy call's arguments (the call counts
// itself).
func cost(e expr) int64 {
	switch e := e.(type) {
	case *negExpr:
		return costLeaf + cost(e.x)
	case *binExpr:
		return e.w + cost(e.l) + cost(e.r)
	case *heavy2Expr:
		return cost(e.l) + cost(e.r)
	case *logicExpr:
		return costLeaf + cost(e.l) + cost(e.r)
	case *notExpr:
		return costLeaf + cost(e.x)
	case *fn1Expr:
		return e.w + cost(e.x)
	case *heavy1Expr:
		return cost(e.x)
	case *fn3Expr:
		return e.w + cost(e.x) + cost(e.y) + cost(e.z)
	case *nowExpr:
		return costNow
	case *ifExpr:
		return costLeaf + cost(e.c) + max(cost(e.a), cost(e.b))
	case *letExpr:
		return costLeaf + cost(e.x)
	case *sigmaExpr:
		return costSigmaStep + cost(e.from) + cost(e.to) + cost(e.step)
	case *listExpr:
		n := int64(costList)
		for _, a := range e.args {
			n += cost(a)
		}
		return n
	}
	return costLeaf
}
