//go:build unix

package emulator

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKillWhileLoadingAndSaving: a writer process (as a key script: open
// the state, store in register 1, write) on a 3 MB state, killed with
// SIGKILL, SIGINT or SIGTERM at a random moment of its run (the first in
// its first half). The next start
// always finds the old state or the new one, intact (all 200 equations),
// never a fresh one nor a notice. HP17B_KILLS sets the number of trials
// (20; make fuzz-long: 200).
func TestKillWhileLoadingAndSaving(t *testing.T) {
	if os.Getenv(writerEnv) != "" {
		t.Skip("inside a writer process")
	}
	trials := 20
	if raceBuild {
		trials = 2 // make test runs the 20 without the race detector
	}
	if s := os.Getenv("HP17B_KILLS"); s != "" {
		var err error
		trials, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	path := filepath.Join(t.TempDir(), "state.json")
	solve := &solveSection{}
	for i := range 200 {
		solve.Equations = append(solve.Equations, fmt.Sprintf("K%d=%s1", i, strings.Repeat("B+", 7500)))
	}
	st := stateFile{Schema: SchemaVersion, sections: map[string]any{"calculator": &calcSection{Fix: 2}, "solve": solve}}
	b, err := json.MarshalIndent(st, "", " ")
	require.NoError(t, err)
	require.Greater(t, len(b), 3_000_000)
	require.NoError(t, os.WriteFile(path, b, 0o644))

	writer := func(value int) *exec.Cmd {
		ops, _ := json.Marshal([]string{fmt.Sprintf("MAIN %d STO 1", value)})
		cmd := exec.Command(os.Args[0], "-test.run=^TestWriterProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), writerEnv+"="+path, writerOps+"="+string(ops))
		return cmd
	}
	// One run to the end gives the span the kills are spread over: from
	// the start to a little past the end of a run (start-up, load, the
	// key, the write).
	start := time.Now()
	require.NoError(t, writer(99).Run())
	span := time.Since(start) * 5 / 4

	r := rand.New(rand.NewPCG(39, 9))
	signals := []syscall.Signal{syscall.SIGKILL, syscall.SIGINT, syscall.SIGTERM}
	old := "99.00"
	killedMidway := 0
	for trial := range trials {
		sig := signals[trial%len(signals)]
		cmd := writer(trial + 1)
		require.NoError(t, cmd.Start())
		moment := span
		if trial == 0 {
			// The first kill falls in the first half of a run, so that
			// at least one run is surely killed midway, however few the
			// trials (two under the race detector).
			moment = span / 2
		}
		time.Sleep(time.Duration(r.Int64N(int64(moment))))
		_ = cmd.Process.Signal(sig)
		if err := cmd.Wait(); err != nil {
			killedMidway++
		}

		m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err, "trial %d (%v)", trial, sig)
		require.Empty(t, notice, "trial %d (%v)", trial, sig)
		eqs, _ := m.Equations()
		require.Len(t, eqs, 200, "trial %d (%v): the state is intact", trial, sig)
		require.NoError(t, Run(m, "MAIN RCL 1", nil))
		got := m.Frame().Top
		require.Contains(t, []string{old, fmt.Sprintf("%d.00", trial+1)}, got, "trial %d (%v): the old state or the new", trial, sig)
		old = got
		matches, _ := filepath.Glob(path + ".damaged-*")
		require.Empty(t, matches, "nothing set aside")
	}
	assert.Positive(t, killedMidway, "some runs were killed before they ended")
	t.Logf("%d of %d runs killed before they ended (kills spread over %v)", killedMidway, trials, span)
}
