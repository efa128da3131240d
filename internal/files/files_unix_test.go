//go:build unix

package files

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A fifo with no writer is refused, not waited on: the test would hang
// (and time out) if the open blocked.
func TestReadRegularFifo(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err := ReadRegular(fifo, 1<<20)
	assert.ErrorContains(t, err, "not a regular file")
}

// TestWriteReplacingFifo: a fifo, or a link to one, is refused at once and
// left a fifo: the test would hang if the write opened it.
func TestWriteReplacingFifo(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(fifo, link))
	for _, p := range []string{fifo, link} {
		assert.ErrorContains(t, WriteReplacing(p, []byte("x")), "is not a regular file", p)
		assert.ErrorContains(t, CheckWritable(p), "is not a regular file", p)
		info, err := os.Lstat(fifo)
		require.NoError(t, err)
		assert.NotZero(t, info.Mode()&os.ModeNamedPipe, "still a fifo")
	}
	assert.ErrorContains(t, WriteReplacing("/dev/null", []byte("x")), "is not a regular file")
}
