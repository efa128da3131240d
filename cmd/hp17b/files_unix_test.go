//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFilesThatAreNotFiles: a fifo with no writer, /dev/zero, a folder and
// a 5 MB file given to every command that reads a file: each is refused
// with a message and a non-zero exit, at once (a command that blocked on
// the fifo would never return: the test then fails at its deadline, which
// is far longer than any answer takes, not a measure of speed).
func TestFilesThatAreNotFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	big := filepath.Join(dir, "big")
	require.NoError(t, os.WriteFile(big, bytes.Repeat([]byte("A=B+1\n\n"), 5<<20/7), 0o644))
	state := filepath.Join(dir, "state.json")
	for _, bad := range []string{fifo, "/dev/zero", dir, big} {
		for _, args := range [][]string{
			{"check", bad},
			{"solve", "--eq", bad, "A"},
			{"keys", "--state", bad, "1"},
			{"keys", "--state", state, "--load", bad, "1"},
			{"compare", "nim", "--eq", bad},
		} {
			name := strings.Join(args, " ")
			done := make(chan struct{})
			var errOut string
			var code int
			go func() {
				_, errOut, code = runCLI(args...)
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(time.Minute):
				t.Fatalf("%s: no answer (blocked on the file?)", name)
			}
			assert.NotEqual(t, exitOK, code, name)
			assert.True(t, strings.HasPrefix(errOut, "hp17b: ") || strings.HasPrefix(errOut, "INVALID EQUATION"), "%s: %q", name, errOut)
		}
	}
	before, err := os.ReadFile(big)
	require.NoError(t, err)
	_, errOut, code := runCLI("keys", "--state", big, "1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "not an hp17b state file")
	after, err := os.ReadFile(big)
	require.NoError(t, err)
	assert.Equal(t, before, after, "a file that is not a state is left as it was")
}

// TestControlCharactersNeverPrinted: an ESC typed in a key script is
// refused and shown escaped; printable escapes what a terminal would act
// on.
func TestControlCharactersNeverPrinted(t *testing.T) {
	out, errOut, code := runCLI("keys", "--fresh", "SOLVE NEW \"A=\x1b[2J1\" INPUT")
	assert.Equal(t, exitUsage, code)
	assert.NotContains(t, out+errOut, "\x1b")
	assert.Contains(t, errOut, `U+001B`)
	assert.Equal(t, `A\x1b[2J\u202eB\xff`+"\n", printable("A\x1b[2J\u202eB\xff\n"))
	assert.Equal(t, "plain ÷ text", printable("plain ÷ text"))
}

// TestPointsFifo: a fifo with no writer given as compare's --points or
// --expect (a file of points, read as a stream) is refused at once, as
// every other file a command reads is (files.OpenRegular). The command
// runs in a goroutine the test waits for; should it block in the open,
// the wait ends with a failure and the fifo is opened for writing, which
// lets the blocked open go on.
func TestPointsFifo(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "points.csv")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	eq := filepath.Join(dir, "sum.eq")
	require.NoError(t, os.WriteFile(eq, []byte("SUM:Y=A+B\n"), 0o644))
	for _, args := range [][]string{
		{"compare", "--eq", eq, "--ref", "cat", "--points", fifo, "B=1", "Y"},
		{"compare", "--eq", eq, "--expect", fifo, "Y"},
	} {
		name := strings.Join(args[3:5], " ")
		done := make(chan struct{})
		var errOut string
		var code int
		go func() {
			_, errOut, code = runCLI(args...)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				_ = w.Close()
			}
			<-done
			t.Fatalf("%s: no answer in 30 s: the command waited for the fifo's writer", name)
		}
		assert.Equal(t, exitUsage, code, name)
		assert.Equal(t, "hp17b: compare: "+fifo+" is not a regular file\n", errOut, name)
	}
}
