package emulator

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/stat"
)

// sumScript is SUM then items 1 to n, each keyed and INPUT.
func sumScript(n int) string {
	var b strings.Builder
	b.WriteString("SUM")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, " %d INPUT", i)
	}
	return b.String()
}

// TestRunContextStopsBetweenKeys: a script whose context ends stops
// before its next token with a StoppedError saying how many ran, and the
// machine keeps exactly what those did (the SUM items whose INPUT ran).
func TestRunContextStopsBetweenKeys(t *testing.T) {
	for _, stopAt := range []int{1, 2, 3, 500, 1001} {
		m := New(defaults)
		ctx, cancel := context.WithCancel(context.Background())
		ran := 0
		n, err := RunContext(ctx, m, sumScript(1000), func(string, Frame) {
			if ran++; ran == stopAt {
				cancel()
			}
		})
		var stop *StoppedError
		require.ErrorAs(t, err, &stop, "stop at %d", stopAt)
		assert.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, stopAt, n)
		assert.Equal(t, StoppedError{Done: stopAt, Total: 2001, Err: context.Canceled}, *stop)
		assert.Contains(t, err.Error(), fmt.Sprintf("stopped after %d of 2001 tokens", stopAt))
		items := m.sum.current().Items
		require.Len(t, items, (stopAt-1)/2, "one item a number and its INPUT, after SUM")
		for i, x := range items {
			assert.Equal(t, hp17b.FromInt(int64(i+1)), x)
		}
	}
	// A context that never ends runs the whole script, as Run does.
	m := New(defaults)
	n, err := RunContext(context.Background(), m, sumScript(10), nil)
	require.NoError(t, err)
	assert.Equal(t, 21, n)
	assert.Equal(t, "TOTAL=55.00", m.Frame().Bottom)
}

// TestSUMRunningTotalFollowsEdits: INPUT's running total, kept from one
// INPUT to the next, equals the whole list's TOTAL after any sequence of
// the keys that change items (INPUT at the end and over an item, ▲ ▼,
// INSR, DELET, SORT, CLEAR DATA, GET *NEW and GET back): a model-based
// test against stat.Total of the list as it stands.
func TestSUMRunningTotalFollowsEdits(t *testing.T) {
	ops := []string{"%s INPUT", "%s INPUT", "%s INPUT", "INPUT", "UP", "DOWN", "SHIFT UP", "SHIFT DOWN",
		"INSR", "DELET", "CALC MORE SORT EXIT", "CLEARDATA YES", "GET *NEW", "GET XS", "%s INPUT UP %s INPUT"}
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 49))
		m := New(defaults)
		require.NoError(t, Run(m, `SUM 1 INPUT NAME "XS" INPUT`, nil))
		var script []string
		for range 60 {
			op := ops[r.IntN(len(ops))]
			for strings.Contains(op, "%s") {
				op = strings.Replace(op, "%s", fmt.Sprintf("%d.%d", r.IntN(1000), r.IntN(100)), 1)
			}
			script = append(script, op)
			err := Run(m, op, nil)
			require.NoError(t, err, "seed %d: %s", seed, strings.Join(script, " | "))
			if !strings.HasSuffix(op, "INPUT") || m.Frame().Bottom == "" || !strings.HasPrefix(m.Frame().Bottom, "TOTAL=") {
				continue
			}
			want, err := stat.Total(m.sum.current().Items)
			require.NoError(t, err)
			assert.True(t, want.Equal(m.x), "seed %d: running total %v, the list's %v after %s", seed, m.x, want, strings.Join(script, " | "))
		}
	}
}

// BenchmarkListInput enters items into SUM and CFLO lists by script, a
// fresh calculator each round, and reports the time an item: the same for
// a list of 1,000 items as for one of 10,000 (the most a list holds), and
// for 10^5 items in ten such lists (SUM's INPUT adds its item to a kept
// running total; it summed the whole list again: 8,000 items took 9.8 s).
func BenchmarkListInput(b *testing.B) {
	flows := func(n int) string { // CFLO: FLOW(0), then n flows, each INPUT and its #TIMES 1 INPUT
		var s strings.Builder
		s.WriteString(" 5 INPUT")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&s, " %d INPUT INPUT", i)
		}
		return s.String()
	}
	for _, c := range []struct {
		app          string
		open         string
		list         func(n int) string
		lists, items int
		has          func(m *Machine) int
	}{
		{"SUM", "SUM", func(n int) string { return strings.TrimPrefix(sumScript(n), "SUM") }, 1, 1000, func(m *Machine) int { return len(m.sum.current().Items) }},
		{"SUM", "SUM", func(n int) string { return strings.TrimPrefix(sumScript(n), "SUM") }, 1, 10000, func(m *Machine) int { return len(m.sum.current().Items) }},
		{"SUM", "SUM", func(n int) string { return strings.TrimPrefix(sumScript(n), "SUM") }, 10, 10000, func(m *Machine) int { return len(m.sum.current().Items) }},
		{"CFLO", "FIN CFLO", flows, 1, 1000, func(m *Machine) int { return len(m.cflo.current().Items) - 1 }},
		{"CFLO", "FIN CFLO", flows, 1, 9999, func(m *Machine) int { return len(m.cflo.current().Items) - 1 }},
	} {
		script := c.open + c.list(c.items)
		for range c.lists - 1 {
			script += " GET *NEW" + c.list(c.items)
		}
		b.Run(fmt.Sprintf("%s/items=%d", c.app, c.lists*c.items), func(b *testing.B) {
			for b.Loop() {
				m := New(defaults)
				if err := Run(m, script, nil); err != nil {
					b.Fatal(err)
				}
				if got := c.has(m); got != c.items {
					b.Fatalf("%d items", got)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.lists*c.items), "ns/item")
		})
	}
}

// TestRunContextInterruptsASolve: a context that ends while a key is
// running a solve (a Σ of 10^12 steps, hours of work) interrupts it, as a
// key on the calculator does, and the script returns. The wait is far
// longer than the stop takes: it catches a solve left running, not a
// speed.
func TestRunContextInterruptsASolve(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, `SOLVE NEW "A=Σ(I:1:1E12:1:I)" INPUT`, nil))
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	type result struct {
		n   int
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := RunContext(ctx, m, "[CALC] [A] 1", nil)
		done <- result{n, err}
	}()
	select {
	case r := <-done:
		var stop *StoppedError
		require.ErrorAs(t, r.err, &stop)
		assert.Equal(t, 2, r.n, "CALC and A ran, not 1")
		assert.Equal(t, "INTERRUPTED", m.Frame().Top)
	case <-time.After(time.Minute):
		m.Interrupt()
		t.Fatal("the solve ran on past the context's end")
	}
}
