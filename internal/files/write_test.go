package files

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteReplacing: a new file, a file replaced whole, and a symbolic
// link or a folder refused with the target left as it was.
func TestWriteReplacing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	require.NoError(t, WriteReplacing(path, []byte("one\n")))
	require.NoError(t, WriteReplacing(path, []byte("two\n")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "two\n", string(b))

	target := filepath.Join(dir, "target.txt")
	require.NoError(t, os.WriteFile(target, []byte("keep\n"), 0o644))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(target, link))
	err = WriteReplacing(link, []byte("over\n"))
	assert.ErrorContains(t, err, "is a symbolic link: choose another name")
	b, _ = os.ReadFile(target)
	assert.Equal(t, "keep\n", string(b), "the link's target untouched")

	assert.ErrorContains(t, WriteReplacing(dir, []byte("x")), "is not a regular file")
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp-*"))
	assert.Empty(t, left, "no temporary file left")
}
