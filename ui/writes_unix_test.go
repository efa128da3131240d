//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSavesRefuseFifo: the paper's Save, Ctrl+S's equations and
// --write-keymap refuse a fifo at once (the issue's --write-keymap FIFO
// hung) and leave it a fifo.
func TestSavesRefuseFifo(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	assert.ErrorContains(t, c.SaveEquations(fifo), "is not a regular file")
	c.SetPaperFile(fifo)
	assert.ErrorContains(t, c.SavePaper(), "is not a regular file")
	assert.ErrorContains(t, WriteDefaultKeyMap(fifo, nil), "is not a regular file")
	info, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeNamedPipe, "still a fifo")
}
