//go:build unix

package main

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeysInterruptSavesWhatRan: Ctrl-C (SIGINT) stops a long key script
// between two tokens, as --timeout does, and the state saved holds what
// ran (SIGINT two seconds into an 8,000-item script ran 5.8 s more). The
// signal is sent once --trace shows the script past its items and a few
// STDEVs into the rest (Ctrl-C is caught once the work has run 20 ms);
// the test then waits for the process to end, under a deadline far
// longer than it takes, which is not a measure of speed.
func TestKeysInterruptSavesWhatRan(t *testing.T) {
	dir, err := builtPrograms()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "state.json")
	script := longSUMScript(10000, 2000)
	cmd := exec.Command(filepath.Join(dir, "hp17b"), append([]string{"keys", "--state", path, "--trace"}, script...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	ended := make(chan error, 1)
	stdevs := 0
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if strings.Contains(sc.Text(), "STDEV=") {
			if stdevs++; stdevs == 3 {
				break
			}
		}
	}
	require.Equal(t, 3, stdevs, "the trace shows the script running")
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	go func() {
		for sc.Scan() { // drain the trace, or the process blocks writing it
		}
		ended <- cmd.Wait()
	}()
	select {
	case err = <-ended:
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		t.Fatal("the script did not stop at SIGINT")
	}
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, exitFailed, exit.ExitCode())
	assert.Contains(t, stderr.String(), "hp17b: interrupted")
	done := assertStateHoldsWhatRan(t, path, script, stderr.String())
	assert.Greater(t, done, 20001, "past the items: they are all in the state")
}
