package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// heavySolves are solves whose work is all in LN calls: a Σ whose step
// is 2,500 of them (a third of a second a step through apd; the stop was
// looked at every 1,024 steps, so a key or the window's close waited
// minutes), and a search with no root whose every trial is a Σ of 10^6 of
// them (a search of LN calls without a Σ now ends within milliseconds).
var heavySolves = []string{
	`SOLVE NEW "A=Σ(I:1:1E12:1:` + strings.TrimSuffix(strings.Repeat("LN(I)+", 2500), "+") + `)" INPUT CALC`,
	`SOLVE NEW "A×A=-1-Σ(I:1:1E6:1:LN(I+A×A))" INPUT CALC 1 A`,
}

// busyWith starts the solve of the script's first menu variable and
// returns once the Solver is busy with it.
func busyWith(t *testing.T, script string) (*Controller, *emulator.Machine) {
	t.Helper()
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, script, nil))
	c := NewController(m, nil)
	t.Cleanup(c.Close)
	c.Do(Action{Key: emulator.KeyF1})
	for deadline := time.Now().Add(30 * time.Second); !m.Busy() && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	require.True(t, m.Busy(), "the solve runs")
	return c, m
}

// within fails the test if done is not closed within a deadline far
// longer than the stop takes (a hang, not a speed figure).
func within(t *testing.T, done <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s: the solve did not stop", what)
	}
}

// TestKeyStopsHeavySolve: any key stops a solve whose work is in heavy
// calls, in a Σ or in the search's trials, and INTERRUPTED shows.
func TestKeyStopsHeavySolve(t *testing.T) {
	for _, script := range heavySolves {
		c, _ := busyWith(t, script)
		c.Do(Action{Key: emulator.Key5}) // any key halts the solve
		done := make(chan struct{})
		go func() { c.Wait(); close(done) }()
		within(t, done, script[:40])
		assert.Equal(t, "INTERRUPTED", c.Frame().Top)
	}
}

// TestCloseStopsHeavySolve: closing the window during such a solve
// interrupts it, so Close returns and the window's process ends.
func TestCloseStopsHeavySolve(t *testing.T) {
	for _, script := range heavySolves {
		c, m := busyWith(t, script)
		done := make(chan struct{})
		go func() { c.Close(); close(done) }()
		within(t, done, script[:40])
		assert.False(t, m.Busy())
		assert.Equal(t, "INTERRUPTED", m.Frame().Top)
	}
}
