package launch

import (
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hp17b/hp17b/cmd/internal/cli"
)

// TestNoWindowLine: the window program's lines pass through whole, even
// when written in pieces, except the no-window line, held back for the
// fallback's own line (Reason) and written only on Flush.
func TestNoWindowLine(t *testing.T) {
	var out strings.Builder
	n := &NoWindowLine{W: &out}
	for _, p := range []string{"hp17b: a no", "tice\n" + NoWindowPrefix + "glfw: x11: failed", " to open display :77\npart"} {
		k, err := n.Write([]byte(p))
		assert.NoError(t, err)
		assert.Equal(t, len(p), k)
	}
	assert.Equal(t, "hp17b: a notice\n", out.String())
	assert.Equal(t, "glfw: x11: failed to open display :77", n.Reason())
	n.Flush()
	assert.Equal(t, "hp17b: a notice\n"+NoWindowPrefix+"glfw: x11: failed to open display :77\npart", out.String())
	assert.Equal(t, "the window program gave no reason", (&NoWindowLine{W: &out}).Reason())
}

// TestNeedsDisplay: only the systems without a window system of their
// own (Linux, the BSDs) need DISPLAY or WAYLAND_DISPLAY.
func TestNeedsDisplay(t *testing.T) {
	for goos, want := range map[string]bool{"linux": true, "freebsd": true, "openbsd": true,
		"windows": false, "darwin": false, "ios": false, "android": false, "js": false} {
		assert.Equal(t, want, NeedsDisplay(goos), goos)
	}
}

// TestStatus: a program's exit as hp17b's status: 0, a usage error
// passed on, any other exit a failure; a program that could not run at
// all is said on stderr.
func TestStatus(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	var errOut strings.Builder
	assert.Equal(t, 0, Status("p", nil, &errOut))
	assert.Equal(t, cli.ExitUsage, Status("p", exec.Command("sh", "-c", "exit 64").Run(), &errOut))
	assert.Equal(t, 1, Status("p", exec.Command("sh", "-c", "exit 3").Run(), &errOut))
	assert.Empty(t, errOut.String(), "what the program said is its own")
	assert.Equal(t, 1, Status("p", errors.New("not found"), &errOut))
	assert.Equal(t, "hp17b: p: not found\n", errOut.String())
}

// TestFind: a program that is neither beside the test binary nor on PATH
// is an error.
func TestFind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Find("hp17b-no-such-program")
	assert.Error(t, err)
}
