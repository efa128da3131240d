//go:build unix

package files

import (
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
