package compare

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/solver"
)

// sumPlan is docs/examples/sum.eq, Y=A×B+C, over A=1..n/1000 B=1..1000
// C=0.5 (n a multiple of 1000, at least 1000).
func sumPlan(tb testing.TB, n int) *Plan {
	eq, err := solver.Parse("SUM:Y=A×B+C")
	require.NoError(tb, err)
	a := max(n/1000, 1)
	p, err := ParsePlan(eq, []string{"A=1.." + itoa(a), "B=1..1000", "C=0.5", "Y"})
	require.NoError(tb, err)
	return p
}

func itoa(i int) string { return strconv.Itoa(i) }

// buildSumref builds docs/examples/sumref, the protocol's Go example.
func buildSumref(tb testing.TB) string {
	bin := filepath.Join(tb.TempDir(), "sumref")
	out, err := exec.Command("go", "build", "-o", bin, "../docs/examples/sumref").CombinedOutput()
	require.NoError(tb, err, string(out))
	return bin
}

// BenchmarkRunGoReference: 10^6 points of a one-line equation compared with a
// Go reference program (docs/examples/sumref), the whole pipeline: the
// points solved on every core, the program fed in batches. The figure is
// points/s (docs/speed.md).
func BenchmarkRunGoReference(b *testing.B) {
	bin := buildSumref(b)
	n := 1_000_000
	p := sumPlan(b, n)
	b.ResetTimer()
	for range b.N {
		rep, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: Program{Command: bin}})
		require.NoError(b, err)
		require.Equal(b, int64(n), rep.Agree)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "points/s")
}

// BenchmarkRunEquationOnly: the same points against an in-process Go
// function: the equation's side alone.
func BenchmarkRunEquationOnly(b *testing.B) {
	n := 100_000
	p := sumPlan(b, n)
	ref := Func(func(p *Plan, pt *Point) Answer { return Answer{Out: []Value{{Msg: "X"}}} })
	b.ResetTimer()
	for range b.N {
		_, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: ref})
		require.NoError(b, err)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "points/s")
}
