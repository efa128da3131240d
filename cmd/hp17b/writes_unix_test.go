//go:build unix

package main

import (
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/programs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answer runs the command line and fails the test when it gives no answer
// in a minute (blocked on a fifo or a lock: far longer than any answer
// takes, not a measure of speed).
func answer(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, code := runCLI(args...)
		done <- result{out, errOut, code}
	}()
	select {
	case r := <-done:
		return r.out, r.errOut, r.code
	case <-time.After(time.Minute):
		t.Fatalf("%s: no answer (blocked?)", strings.Join(args, " "))
		return "", "", 0
	}
}

// TestLockWaitBoundedCLI: hp17b keys waits for another process's lock on
// the state for at most --timeout (the run was still blocked,
// silent, at 8 s), then fails naming the holder's process ID.
func TestLockWaitBoundedCLI(t *testing.T) {
	state := filepath.Join(t.TempDir(), "s.json")
	holder, _, err := emulator.Open(emulator.OpenOptions{Path: state, Locked: true, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	defer holder.Close()
	_, errOut, code := answer(t, "keys", "--state", state, "--timeout", "300ms", "1")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "is in use by another hp17b (process "+strconv.Itoa(os.Getpid())+"); gave up after")
	require.NoError(t, holder.Close())
	out, _, code := answer(t, "keys", "--state", state, "--timeout", "300ms", "1")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "1")
}

// TestOutputsFollowOneRule: --print (and the games' file) follow the rule
// for every file hp17b writes: a link is written through to its target
// with the target's mode kept, a fifo is refused at once (the issue's
// --print FIFO hung) and left a fifo.
func TestOutputsFollowOneRule(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "tape.txt")
	require.NoError(t, os.WriteFile(target, []byte("old\n"), 0o600))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(target, link))
	_, _, code := answer(t, "keys", "--fresh", "--print", link, "5 PRT")
	require.Equal(t, exitOK, code)
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Contains(t, string(b), "5.00")
	info, err := os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the mode kept")
	info, err = os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeSymlink, "still a link")

	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	state := filepath.Join(dir, "state.json")
	_, errOut, code := answer(t, "keys", "--state", state, "--print", fifo, "--timeout", "1s", "5 STO 1 PRT")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is not a regular file")
	assert.NoFileExists(t, state, "refused before any key")

	s := programs.FileStore{Path: filepath.Join(dir, "g.json.game.json")}
	require.NoError(t, syscall.Mkfifo(s.Path, 0o644))
	assert.ErrorContains(t, s.SaveGame([]byte("{}")), "is not a regular file")
	_, err = s.SetAside()
	assert.ErrorContains(t, err, "is not a regular file: it is left as it is")
	info, err = os.Lstat(s.Path)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeNamedPipe, "the fifo is left, not renamed")
	left, _ := filepath.Glob(filepath.Join(dir, "*damaged*"))
	assert.Empty(t, left)
	_, err = files.ReadRegular(s.Path, 10)
	assert.Error(t, err)
}

// TestLockWaitStoppedByCtrlC: Ctrl-C (SIGINT) stops a wait for the
// state's lock at once, even with --timeout 1h: the run fails naming the
// holder. The test catches SIGINT itself, so that a signal sent before
// the command listens cannot end the test binary, and sends it again
// until the command returns.
func TestLockWaitStoppedByCtrlC(t *testing.T) {
	state := filepath.Join(t.TempDir(), "s.json")
	holder, _, err := emulator.Open(emulator.OpenOptions{Path: state, Locked: true, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	defer holder.Close()
	own := make(chan os.Signal, 100)
	signal.Notify(own, os.Interrupt)
	defer signal.Stop(own)
	type result struct {
		errOut string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		_, errOut, code := runCLI("keys", "--state", state, "--timeout", "1h", "1")
		done <- result{errOut, code}
	}()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	hang := time.After(time.Minute) // a hang, not a speed figure
	for {
		select {
		case r := <-done:
			assert.Equal(t, exitFailed, r.code)
			assert.Contains(t, r.errOut, "is in use by another hp17b (process "+strconv.Itoa(os.Getpid())+"); stopped waiting for it")
			return
		case <-tick.C:
			require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
		case <-hang:
			t.Fatal("Ctrl-C did not stop the wait for the lock")
		}
	}
}
