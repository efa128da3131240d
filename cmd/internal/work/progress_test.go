package work

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/internal/text"
)

// TestProgressLineOnTerminal: compare's progress line is on when stderr is
// a character device (a terminal), also through the escaping every
// message passes (main wraps stderr), and off for a file or a pipe.
func TestProgressLineOnTerminal(t *testing.T) {
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0) // a character device, as a terminal is
	require.NoError(t, err)
	defer dev.Close()
	assert.True(t, NewProgressLine(dev).on)
	assert.True(t, NewProgressLine(text.EscapingWriter(dev)).on, "through the escaping of stderr")
	f, err := os.Create(t.TempDir() + "/err.txt")
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, NewProgressLine(text.EscapingWriter(f)).on, "a file")
}
