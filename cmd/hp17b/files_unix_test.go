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
