//go:build unix

package files

import (
	"io"
	"io/fs"
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

// TestOpenRegular: a regular file opens and reads whole; a fifo with no
// writer (the test would hang if the open blocked), a folder, a device
// and a missing file are errors, and nothing is left open.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	file := filepath.Join(dir, "points.csv")
	require.NoError(t, os.WriteFile(file, []byte("A,B\n1,2\n"), 0o644))
	f, err := OpenRegular(file)
	require.NoError(t, err)
	b, err := io.ReadAll(f)
	require.NoError(t, err)
	assert.Equal(t, "A,B\n1,2\n", string(b))
	require.NoError(t, f.Close())
	for _, bad := range []string{fifo, dir, "/dev/null"} {
		f, err := OpenRegular(bad)
		assert.Nil(t, f, bad)
		assert.EqualError(t, err, bad+" is not a regular file")
	}
	_, err = OpenRegular(filepath.Join(dir, "missing"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
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
