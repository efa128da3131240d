//go:build unix

package e2e

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// heavyKeys enters and opens A=Σ(I:1:1E12:1:LN(I)+…), a Σ whose every
// step is 2,500 LN calls (a third of a second a step): its stop was looked
// at every 1,024 steps, so a key or Ctrl-C waited minutes.
var heavyKeys = `SOLVE NEW "A=Σ(I:1:1E12:1:` + strings.TrimSuffix(strings.Repeat("LN(I)+", 2500), "+") + `)" INPUT CALC`

// TestLiveStopHeavySolve: in the window, a key interrupts that solve
// (INTERRUPTED shows), and Ctrl-C (SIGINT to the window's process, which
// closes the window as a close by hand does) ends the process during it.
// The deadlines are far longer than the stops take: they catch a hang,
// not a speed.
func TestLiveStopHeavySolve(t *testing.T) {
	bin := liveBinary(t)
	win, wait := launch(t, bin, "--fresh", "--keys", heavyKeys)
	xdo := xdoFor(t)
	// The start's key script ends at CALC, A's menu: under load its 15,000
	// characters take a while, and an F1 before it is FIN's.
	waitMenu(t, win, "A", time.Minute)
	xdo("key", "--window", win, "F1") // solve A: years of work
	_, top := waitLCD(t, win, "CALCULATING...", 30*time.Second)
	require.Equal(t, "CALCULATING...", top, "the solve runs")
	xdo("key", "--window", win, "5") // any key interrupts
	_, top = waitLCD(t, win, "INTERRUPTED", time.Minute)
	assert.Equal(t, "INTERRUPTED", top)

	xdo("key", "--window", win, "F1") // again, then Ctrl-C
	_, top = waitLCD(t, win, "CALCULATING...", 30*time.Second)
	require.Equal(t, "CALCULATING...", top, "the solve runs again")
	signalWindow(t, win, wait, syscall.SIGINT, time.Minute, "Ctrl-C during the solve")
}
