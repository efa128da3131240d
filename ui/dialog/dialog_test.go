//go:build linux

package dialog

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeChooser puts a program named name on an otherwise empty PATH: a
// shell script that prints its arguments to args.txt, then prints out and
// exits with status code.
func fakeChooser(t *testing.T, name, out string, code int) string {
	dir := t.TempDir()
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + filepath.Join(dir, "args.txt") + "\nprintf '" + out + "'\nexit " + string(rune('0'+code)) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755))
	t.Setenv("PATH", dir)
	return dir
}

func TestOpenFile(t *testing.T) {
	dir := fakeChooser(t, "zenity", "/home/me/state-1.json\\n", 0)
	path, err := OpenFile("Open a calculator", "/home/me", ".json")
	require.NoError(t, err)
	assert.Equal(t, "/home/me/state-1.json", path)
	args, err := os.ReadFile(filepath.Join(dir, "args.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(args), "--file-selection\n--title=Open a calculator\n--filename=/home/me/\n")

	fakeChooser(t, "kdialog", "", 1) // cancelled
	path, err = OpenFile("Open", "/tmp", ".json")
	require.NoError(t, err)
	assert.Empty(t, path)

	fakeChooser(t, "zenity", "", 5) // broken
	_, err = OpenFile("Open", "/tmp", ".json")
	assert.ErrorContains(t, err, "zenity")

	t.Setenv("PATH", t.TempDir())
	_, err = OpenFile("Open", "/tmp", ".json")
	assert.ErrorIs(t, err, ErrNoChooser)
}

func TestOpenFileOf(t *testing.T) {
	for _, tc := range []struct{ program, want string }{
		{"zenity", "--file-filter=Equation files | *.eq *.txt\n--file-filter=All files | *\n"},
		{"kdialog", "--getopenfilename\n/home/me\n*.eq *.txt|Equation files\n"},
	} {
		dir := fakeChooser(t, tc.program, "/home/me/loans.eq\\n", 0)
		path, err := OpenFileOf("Open equation file", "/home/me", "Equation files", ".eq", ".txt")
		require.NoError(t, err)
		assert.Equal(t, "/home/me/loans.eq", path)
		args, err := os.ReadFile(filepath.Join(dir, "args.txt"))
		require.NoError(t, err)
		assert.Contains(t, string(args), tc.want, tc.program)
	}
}
