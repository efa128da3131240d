package ui

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
)

// TestWaitForBounded: while a solve of years runs, WaitFor returns false
// within its bound, the jobs queued behind the solve stay queued, and a
// key then interrupts the solve; once every job has run, WaitFor reports
// true, and at once when none is left. The window's tick waits so for a
// replayed click's job (window.Game.replayClicks).
func TestWaitForBounded(t *testing.T) {
	for _, tc := range []struct {
		name   string
		script string
	}{
		{"a Σ of heavy steps", heavySolves[0]},
		{"a search of heavy trials", heavySolves[1]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, m := busyWith(t, tc.script)
			var ran atomic.Bool
			require.True(t, c.enqueue(func() { ran.Store(true) }), "a job queued behind the solve")
			for _, d := range []time.Duration{0, 50 * time.Millisecond} {
				start := time.Now()
				assert.False(t, c.WaitFor(d), "the solve runs on")
				assert.Less(t, time.Since(start), d+5*time.Second, "WaitFor keeps its bound")
			}
			require.True(t, c.Working(), "the jobs are kept")
			require.True(t, m.Busy())
			require.False(t, ran.Load(), "the job behind waits its turn")
			c.Do(Action{Key: emulator.Key5}) // a key interrupts the solve
			assert.True(t, c.WaitFor(time.Minute), "the jobs end once the solve stops")
			assert.Equal(t, "INTERRUPTED", c.Frame().Top)
			assert.False(t, c.Working())
			assert.True(t, ran.Load(), "the job behind ran")
			start := time.Now()
			assert.True(t, c.WaitFor(time.Hour), "nothing left: at once")
			assert.Less(t, time.Since(start), time.Second)
		})
	}
}
