package solver

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// The Σ steps and the TVM equation of docs/speed.md's comparison with
// Plus42 (the rows of the table in hp17b's issue on arithmetic speed), each
// beside the same loop in native float64: the physical limit, so that the
// ratio reads in one run.

// sigmaBody solves S=Σ(I:1:n:1:body) and reports the time of one step.
func sigmaBody(b *testing.B, body string, n int) {
	eq, err := Parse("S=Σ(I:1:" + hp17b.FromInt(int64(n)).String() + ":1:" + body + ")")
	require.NoError(b, err)
	s := New(eq, NewVars())
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.Solve(ctx, "S", Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/step")
	b.ReportMetric(0, "ns/op")
}

// nativeSink keeps the native loops' results alive.
var nativeSink float64

// nativeSigma times the float64 loop Σ f(I) for I = 1…n, a step.
func nativeSigma(b *testing.B, f func(float64) float64, n int) {
	for b.Loop() {
		s := 0.0
		for i := 1; i <= n; i++ {
			s += f(float64(i))
		}
		nativeSink = s
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/step")
	b.ReportMetric(0, "ns/op")
}

func BenchmarkSigmaLN(b *testing.B)       { sigmaBody(b, "LN(I)", 1000) }
func BenchmarkSigmaLNNative(b *testing.B) { nativeSigma(b, math.Log, 1000) }
func BenchmarkSigmaEXP(b *testing.B)      { sigmaBody(b, "EXP(I÷1000)", 1000) }
func BenchmarkSigmaEXPNative(b *testing.B) {
	nativeSigma(b, func(x float64) float64 { return math.Exp(x / 1000) }, 1000)
}
func BenchmarkSigmaPow(b *testing.B) { sigmaBody(b, "I^1.5", 1000) }
func BenchmarkSigmaPowNative(b *testing.B) {
	nativeSigma(b, func(x float64) float64 { return math.Pow(x, 1.5) }, 1000)
}
func BenchmarkSigmaSQRT(b *testing.B)       { sigmaBody(b, "SQRT(I)", 1000) }
func BenchmarkSigmaSQRTNative(b *testing.B) { nativeSigma(b, math.Sqrt, 1000) }
func BenchmarkSigmaInv(b *testing.B)        { sigmaBody(b, "1÷I", 1000) }
func BenchmarkSigmaTimes(b *testing.B)      { sigmaBody(b, "I×1.5", 1000) }

// tvmEquation is the TVM equation of the comparison (Plus42 harness `tvm`):
// N=360, PV=200000, PMT=−1199.10, FV=0, I ≈ 0.5 (% a period).
const tvmEquation = "PV+(1-(1+I÷100)^-N)÷(I÷100)×PMT+FV×(1+I÷100)^-N=0"

func tvmSolver(b *testing.B) *Solver {
	eq, err := Parse(tvmEquation)
	require.NoError(b, err)
	v := NewVars()
	v.Set("N", hp17b.FromInt(360))
	v.Set("PV", hp17b.FromInt(200000))
	v.Set("PMT", hp17b.MustParse("-1199.10"))
	v.Set("FV", hp17b.Zero)
	v.Set("I", hp17b.MustParse("0.5"))
	return New(eq, v)
}

// BenchmarkTVMEval evaluates the TVM equation once at I = 0.5.
func BenchmarkTVMEval(b *testing.B) {
	s := tvmSolver(b)
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.Eval(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTVMEvalNative is the same equation in float64.
func BenchmarkTVMEvalNative(b *testing.B) {
	n, pv, pmt, fv, i := 360.0, 200000.0, -1199.10, 0.0, 0.5
	for b.Loop() {
		f := math.Pow(1+i/100, -n)
		nativeSink = pv + (1-f)/(i/100)*pmt + fv*f
	}
}

// BenchmarkTVMSolveI solves the TVM equation for I from the guesses 1 and 2.
func BenchmarkTVMSolveI(b *testing.B) {
	s := tvmSolver(b)
	ctx := context.Background()
	guesses := []hp17b.Number{hp17b.One, hp17b.Two}
	for b.Loop() {
		r, err := s.Solve(ctx, "I", Options{Guesses: guesses})
		if err != nil || r.Value.Cmp(hp17b.MustParse("0.49")) < 0 || r.Value.Cmp(hp17b.MustParse("0.51")) > 0 {
			b.Fatalf("I = %v, %v", r.Value, err)
		}
	}
}
