//go:build !js

package clipboard

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestThroughTool copies and pastes through a stand-in for xclip that
// keeps the clipboard in a file, so that the commands and the text's way
// in and out are tested without a display.
func TestThroughTool(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in is a shell script for xclip")
	}
	dir := t.TempDir()
	store := filepath.Join(dir, "clip")
	script := "#!/bin/sh\ncase \"$*\" in\n*-in*) cat > " + store + " ;;\n*-out*) cat " + store + " 2>/dev/null || { echo 'Error: target STRING not available' >&2; exit 1; } ;;\nesac\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "xclip"), []byte(script), 0o755))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+"/usr/bin:/bin")
	t.Setenv("WAYLAND_DISPLAY", "")

	text, err := Read()
	require.NoError(t, err, "an empty clipboard is no error")
	assert.Equal(t, "", text)
	for _, s := range []string{"1346", "NIM:IF(S(INIT):\n  1:2)\n", "Σ(I:1:10:1:I)"} {
		require.NoError(t, Write(s))
		got, err := Read()
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
}

func TestNoTool(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("the tools there are part of the system")
	}
	t.Setenv("PATH", t.TempDir())
	assert.ErrorIs(t, Write("1"), ErrNoTool)
	_, err := Read()
	assert.ErrorIs(t, err, ErrNoTool)
}

// TestPasteLimited: a clipboard of more than MaxRead bytes is refused
// having read at most MaxRead of it (the issue: 300 MB on the clipboard
// doubled the window's memory); the stand-in's output never ends, so the
// tool must be stopped, not waited for.
func TestPasteLimited(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in is a shell script for xclip")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nexec yes 1234567890\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "xclip"), []byte(script), 0o755))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+"/usr/bin:/bin")
	t.Setenv("WAYLAND_DISPLAY", "")
	_, err := Read()
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.ErrorContains(t, err, "more than 1 MB")

	exact := strings.Repeat("9", MaxRead)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "clip"), []byte(exact), 0o644))
	script = "#!/bin/sh\nexec cat " + filepath.Join(dir, "clip") + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "xclip"), []byte(script), 0o755))
	got, err := Read()
	require.NoError(t, err, "1 MB exactly is pasted")
	assert.Len(t, got, MaxRead)
}
