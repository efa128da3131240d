package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSolveTimeoutHeavySigma: `hp17b solve --timeout 1s` of a Σ whose
// every step is 2,500 LN calls returns, with INTERRUPTED and a message
// (it ran on for minutes: the stop was looked at every 1,024 Σ steps, a
// third of a second each). The deadline here is far longer than the stop
// takes (about 1.05 s at a load of 17): it catches a hang, not a speed.
func TestSolveTimeoutHeavySigma(t *testing.T) {
	eq := filepath.Join(t.TempDir(), "heavy.eq")
	body := strings.TrimSuffix(strings.Repeat("LN(I)+", 2500), "+")
	require.NoError(t, os.WriteFile(eq, []byte("A=Σ(I:1:1E12:1:"+body+")\n"), 0o644))
	type outcome struct {
		out, errOut string
		code        int
	}
	done := make(chan outcome, 1)
	go func() {
		out, errOut, code := runCLI("solve", "--eq", eq, "--timeout", "1s", "A")
		done <- outcome{out, errOut, code}
	}()
	select {
	case o := <-done:
		assert.Equal(t, exitFailed, o.code)
		assert.Equal(t, "INTERRUPTED\n", o.out)
		assert.Equal(t, "hp17b: stopped after --timeout 1s\n", o.errOut)
	case <-time.After(time.Minute):
		t.Fatal("hp17b solve --timeout 1s did not return")
	}
}
