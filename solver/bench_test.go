package solver

import (
	"context"
	"os"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

func loadNIM(tb testing.TB) string {
	tb.Helper()
	src, err := os.ReadFile("testdata/nim-seed.eq")
	require.NoError(tb, err)
	return string(src)
}

func BenchmarkParseNIM(b *testing.B) {
	src := loadNIM(b)
	for b.Loop() {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveNIMEval solves EVAL from A=1 B=3 C=5 D=6, the position of
// the post's first move, restoring the heaps before each solve.
func BenchmarkSolveNIMEval(b *testing.B) {
	eq, err := Parse(loadNIM(b))
	require.NoError(b, err)
	v := NewVars()
	s := New(eq, v)
	ctx := context.Background()
	heaps := map[string]hp17b.Number{"A": hp17b.FromInt(1), "B": hp17b.FromInt(3), "C": hp17b.FromInt(5), "D": hp17b.FromInt(6)}
	for b.Loop() {
		for n, x := range heaps {
			v.Set(n, x)
		}
		r, err := s.Solve(ctx, "EVAL", Options{})
		if err != nil || !r.Value.Equal(hp17b.FromInt(1346)) {
			b.Fatalf("EVAL = %v, %v", r.Value, err)
		}
	}
}

// BenchmarkSolveQueens8 solves programs/bench/queens8.eq for T: nested Σ
// and IF search for the first placement of eight queens, ended by a
// division by 0 once it is stored (P = 15,863,724).
func BenchmarkSolveQueens8(b *testing.B) {
	src, err := os.ReadFile("../programs/bench/queens8.eq")
	require.NoError(b, err)
	eqs, err := ParseFile("queens8.eq", string(src))
	require.NoError(b, err)
	ctx := context.Background()
	want := hp17b.FromInt(15863724)
	for b.Loop() {
		v := NewVars()
		r, err := New(eqs[0], v).Solve(ctx, "T", Options{})
		p, _ := v.Get("P")
		if err != nil || r.Cause == "" || !p.Equal(want) {
			b.Fatalf("T: %+v, %v; P = %v", r, err, p)
		}
	}
}

// BenchmarkBuildParser builds participle's parser of the Solver's grammar:
// what every process paid at start-up before eqParser was built on first
// use (docs/speed.md).
func BenchmarkBuildParser(b *testing.B) {
	for b.Loop() {
		if _, err := participle.Build[gEquation](participle.Lexer(eqLexer), participle.UseLookahead(2)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseQueens8 parses programs/bench/queens8.eq.
func BenchmarkParseQueens8(b *testing.B) {
	src, err := os.ReadFile("../programs/bench/queens8.eq")
	require.NoError(b, err)
	for b.Loop() {
		if _, err := ParseFile("queens8.eq", string(src)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSigmaStep solves S=Σ(I:1:100000:1:I) directly and reports the
// time of one Σ step (whole numbers; the sum stays within 12 digits).
func BenchmarkSigmaStep(b *testing.B) {
	eq, err := Parse("S=Σ(I:1:100000:1:I)")
	require.NoError(b, err)
	s := New(eq, NewVars())
	ctx := context.Background()
	for b.Loop() {
		r, err := s.Solve(ctx, "S", Options{})
		if err != nil || !r.Value.Equal(hp17b.FromInt(5000050000)) {
			b.Fatalf("S = %v, %v", r.Value, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100000, "ns/step")
}

// BenchmarkSigmaStepInverse solves S=Σ(I:1:100000:1:1÷I) directly and
// reports the time of one Σ step: a quotient with decimals and a sum of
// numbers with decimals each step.
func BenchmarkSigmaStepInverse(b *testing.B) {
	benchSigma(b, "S=Σ(I:1:100000:1:1÷I)", "12.0901461324")
}

// BenchmarkSigmaStepTimes solves S=Σ(I:1:100000:1:I×1.5) directly and
// reports the time of one Σ step.
func BenchmarkSigmaStepTimes(b *testing.B) {
	benchSigma(b, "S=Σ(I:1:100000:1:I×1.5)", "7500075000")
}

func benchSigma(b *testing.B, src, want string) {
	eq, err := Parse(src)
	require.NoError(b, err)
	s := New(eq, NewVars())
	ctx := context.Background()
	w := hp17b.MustParse(want)
	b.ReportAllocs()
	for b.Loop() {
		r, err := s.Solve(ctx, "S", Options{})
		if err != nil || !r.Value.Equal(w) {
			b.Fatalf("S = %v, %v", r.Value, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100000, "ns/step")
}
