package compare

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// smallSum is Y=A×B+C over A=0..9 B=0..9 C=0.5: 100 points.
func smallSum(t testing.TB) *Plan {
	eq, err := solver.Parse("SUM:Y=A×B+C")
	require.NoError(t, err)
	p, err := ParsePlan(eq, []string{"A=0..9", "B=0..9", "C=0.5", "Y"})
	require.NoError(t, err)
	return p
}

// TestRunProgramAgrees: a right reference program agrees at every point,
// and the report says so.
func TestRunProgramAgrees(t *testing.T) {
	p := smallSum(t)
	rep, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: Program{Command: testRef(t, "ok")}})
	require.NoError(t, err)
	assert.Equal(t, int64(100), rep.Points)
	assert.Equal(t, int64(100), rep.Agree)
	assert.True(t, rep.OK())
	assert.Nil(t, rep.Smallest)
}

// TestRunOneWrongPoint: a reference that disagrees at exactly one point
// (A=3, B=4) is found there, listed with both outputs, and the shrinker
// stays on it (every other point agrees); the clusters put it in A=3 and
// B=4. The same with a Go function as the reference.
func TestRunOneWrongPoint(t *testing.T) {
	wrong := Func(func(p *Plan, pt *Point) Answer {
		a, b := pt.Values[0].Float64(), pt.Values[1].Float64()
		y, _ := hp17b.Parse(strconv.FormatFloat(a*b+0.5, 'g', -1, 64))
		if a == 3 && b == 4 {
			y, _ = hp17b.Add(y, hp17b.FromInt(1))
		}
		return Answer{Out: []Value{{Num: y}}}
	})
	for _, ref := range []Ref{Program{Command: testRef(t, "wrong")}, wrong} {
		p := smallSum(t)
		rep, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: ref})
		require.NoError(t, err)
		assert.Equal(t, int64(99), rep.Agree)
		assert.Equal(t, int64(1), rep.Disagree)
		require.Len(t, rep.Disagreements, 1)
		d := rep.Disagreements[0]
		assert.Equal(t, []Pair{{"A", "3"}, {"B", "4"}}, d.Inputs)
		assert.Equal(t, []Pair{{"Y", "12.5"}}, d.Equation)
		assert.Equal(t, []Pair{{"Y", "13.5"}}, d.Reference)
		require.NotNil(t, rep.Smallest)
		assert.Equal(t, d.Inputs, rep.Smallest.Inputs)
		assert.Equal(t, Bucket{Values: "3", Points: 10, Disagree: 1}, rep.Clusters[0].Buckets[3])
		assert.Equal(t, Bucket{Values: "4", Points: 10, Disagree: 1}, rep.Clusters[1].Buckets[4])
		assert.Equal(t, int64(0), rep.Clusters[1].Buckets[5].Disagree)
		assert.False(t, rep.OK())
	}
}

// TestRunShrinksToTheSmallest: a reference that disagrees wherever A ≥ 6
// and B ≥ 7 is first found at A=6, B=7... and from a later first failure
// (a random domain) shrunk to A=6, B=7.
func TestRunShrinksToTheSmallest(t *testing.T) {
	ref := Func(func(p *Plan, pt *Point) Answer {
		a, b := pt.Values[0].Float64(), pt.Values[1].Float64()
		y, _ := hp17b.Parse(strconv.FormatFloat(a*b+0.5, 'g', -1, 64))
		if a >= 6 && b >= 7 {
			return Answer{Out: []Value{{Msg: "SOLUTION NOT FOUND"}}}
		}
		return Answer{Out: []Value{{Num: y}}}
	})
	p := smallSum(t)
	rep, err := Run(context.Background(), Config{Plan: p, Source: Random(p, 50, 3), Ref: ref, List: 2})
	require.NoError(t, err)
	require.Positive(t, rep.Disagree)
	assert.Equal(t, rep.Disagree-2, rep.More)
	require.NotNil(t, rep.Smallest)
	assert.Equal(t, []Pair{{"A", "6"}, {"B", "7"}}, rep.Smallest.Inputs)
	assert.Equal(t, []Pair{{"Y", "SOLUTION NOT FOUND"}}, rep.Smallest.Reference)
}

// TestRunJudge: a Judge decides each point instead of the criterion,
// from the answers' Data (Inspect's, and a Func reference's), without a
// reference at all too; the report counts by it, says what it checks
// (Judged), gives no --digits, and shrinks a random domain's first
// failure to the smallest (here Y odd wherever A ≥ 6 and B ≥ 7: A=6, B=7).
// Without a Judge and a reference, every point agrees.
func TestRunJudge(t *testing.T) {
	inspect := func(pt *Point, solved []Solved, _ *solver.Vars) any {
		return pt.Values[0].Float64() >= 6 && pt.Values[1].Float64() >= 7
	}
	judge := func(pt *Point, ours, ref *Answer) bool {
		bad := ours.Data.(bool)
		if ref.Data != nil {
			bad = bad || ref.Data.(bool)
		}
		return !bad
	}
	never := Func(func(_ *Plan, _ *Point) Answer { return Answer{Out: []Value{{Msg: "SOLUTION NOT FOUND"}}, Data: false} })
	for _, ref := range []Ref{nil, never} {
		p := smallSum(t)
		rep, err := Run(context.Background(), Config{Plan: p, Source: Random(p, 50, 3), Ref: ref, List: 2,
			Inspect: inspect, Judge: judge, Judged: "A below 6 or B below 7"})
		require.NoError(t, err)
		assert.Equal(t, "A below 6 or B below 7", rep.Compared)
		require.Positive(t, rep.Disagree)
		assert.Equal(t, int64(50), rep.Agree+rep.Disagree)
		assert.Zero(t, rep.Within)
		require.NotNil(t, rep.Smallest)
		assert.Equal(t, []Pair{{"A", "6"}, {"B", "7"}}, rep.Smallest.Inputs)
		assert.Equal(t, []int64{6, 7}, rep.Smallest.Index())
	}
	p := smallSum(t)
	rep, err := Run(context.Background(), Config{Plan: p, Source: Random(p, 50, 3), Inspect: inspect})
	require.NoError(t, err)
	assert.Equal(t, int64(50), rep.Agree)
}

// TestRunBrokenReference: a reference program that crashes, hangs,
// prints garbage, answers too few or too many lines, writes to its
// standard error or never flushes its answers gets an error that says
// so, and nothing it started is left running.
func TestRunBrokenReference(t *testing.T) {
	for _, c := range []struct{ mode, want string }{
		{"crash", "exited with status 3"},
		{"hang", "gave no answer to point 5 within"},
		{"garbage", `answer line 6 (point 5) not one JSON object {"n":…,"out":{…}}: "hello"`},
		{"few", "ended its answers after 5 points"},
		{"many", "answers point 0 where point 1 was due"},
		{"extra", `answered more lines than the 100 points asked: "{\"out\":{\"Y\":1}}"`},
		{"stderr", "wrote to its standard error"},
		{"noflush", "gave no answer to point 0 within"},
		{"child", "gave no answer to point 0 within"},
		{"long", "answer line 6 (point 5) is longer than 1048576 bytes"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			p := smallSum(t)
			pids := filepath.Join(t.TempDir(), "pids")
			t.Setenv("HP17B_TEST_PIDS", pids)
			start := time.Now()
			rep, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: Program{Command: testRef(t, c.mode)},
				PointTimeout: 3 * time.Second}) // long enough for a loaded machine to start it
			var re *RefError
			require.ErrorAs(t, err, &re, c.mode)
			assert.Contains(t, err.Error(), c.want)
			assert.NotNil(t, rep)
			switch c.mode {
			case "crash":
				assert.Contains(t, err.Error(), "panic: the reference broke")
			case "stderr":
				assert.Contains(t, err.Error(), "warning: something")
			case "noflush", "hang":
				assert.Contains(t, err.Error(), "flush")
			case "child":
				b, err := os.ReadFile(pids)
				require.NoError(t, err)
				for _, f := range strings.Fields(string(b)) {
					pid, _ := strconv.Atoi(f)
					assert.Eventually(t, func() bool { return !alive(pid) }, 10*time.Second, 20*time.Millisecond, "pid %d left running", pid)
				}
			}
			t.Logf("%s: %v (%v)", c.mode, err, time.Since(start))
		})
	}
}

// TestRunStops: a cancelled context stops the comparison with the report
// so far, and kills the reference.
func TestRunStops(t *testing.T) {
	p := sumPlan(t, 1_000_000)
	ctx, cancel := context.WithCancel(context.Background())
	var rep *Report
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		rep, err = Run(ctx, Config{Plan: p, Source: Grid(p), Ref: Program{Command: testRef(t, "ok")},
			Progress: func(n, total int64) {
				if n >= 1000 {
					cancel()
				}
			}})
	}()
	<-done
	require.NoError(t, err)
	assert.Equal(t, "an interruption", rep.Stopped)
	assert.GreaterOrEqual(t, rep.Points, int64(1000))
	assert.Less(t, rep.Points, int64(1_000_000))
	assert.Equal(t, rep.Points, rep.Agree)
	assert.False(t, rep.OK())
}

// TestRunEachInOrder: Each sees every point once, in the domain's order,
// with what Inspect returned from the worker that solved it (here Y's
// result and C's value after the steps), the reference's answer beside it;
// a nil reference counts every point as agreeing.
func TestRunEachInOrder(t *testing.T) {
	p := sumPlan(t, 5000)
	var seen []int64
	var ys []string
	cfg := Config{Plan: p, Source: Grid(p), Workers: 3,
		Inspect: func(pt *Point, solved []Solved, vars *solver.Vars) any {
			require.Len(t, solved, 1)
			return solved[0].Result.Value.String() + "/" + vars.Value("C").String()
		},
		Each: func(pt *Point, ours, ref *Answer) {
			seen = append(seen, pt.N)
			ys = append(ys, ours.Data.(string))
		}}
	rep, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, int64(5000), rep.Agree)
	require.Len(t, seen, 5000)
	for i, n := range seen {
		require.Equal(t, int64(i), n)
	}
	assert.Equal(t, "1.5/0.5", ys[0])       // A=1 B=1
	assert.Equal(t, "5000.5/0.5", ys[4999]) // A=5 B=1000
	assert.Equal(t, "nothing", rep.Reference)
}

// TestRunExtraNames: a reference may give other variables of the equation
// beside the solved ones, compared with their values after the steps; a
// name the equation does not have is a broken answer. Run leaves no
// goroutine behind.
func TestRunExtraNames(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the references are Unix shell loops")
	}
	before := runtime.NumGoroutine()
	eq, err := solver.Parse("M:Y=A×B")
	require.NoError(t, err)
	p, err := ParsePlan(eq, []string{"A=1", "B=1,2", "Y"})
	require.NoError(t, err)
	ref := Program{Command: `while read l; do echo '{"out":{"Y":1,"A":1,"B":1}}'; done`}
	rep, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: ref})
	require.NoError(t, err)
	assert.Equal(t, int64(1), rep.Agree)
	require.Len(t, rep.Disagreements, 1)
	assert.Equal(t, []Pair{{"Y", "2"}, {"A", "1"}, {"B", "2"}}, rep.Disagreements[0].Equation)
	assert.Equal(t, []Pair{{"Y", "1"}, {"A", "1"}, {"B", "1"}}, rep.Disagreements[0].Reference)

	ref = Program{Command: `while read l; do echo '{"out":{"Y":1,"Q":1}}'; done`}
	_, err = Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: ref})
	assert.ErrorContains(t, err, "answer line 1 (point 0) gives Q, which is no variable of M")
	// Polled here: Eventually runs its condition on a goroutine of its own.
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		t.Errorf("goroutines: %d before, %d after\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}
