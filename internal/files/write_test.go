package files

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteReplacing: a new file, a file replaced whole with its
// permission bits kept, a link (and a chain of them) written through to
// its target, a dangling link creating its target, and a folder refused;
// never a temporary file left.
func TestWriteReplacing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	require.NoError(t, WriteReplacing(path, []byte("one\n")))
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), info.Mode().Perm(), "a new file")
	require.NoError(t, os.Chmod(path, 0o600))
	require.NoError(t, WriteReplacing(path, []byte("two\n")))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "two\n", string(b))
	info, err = os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the mode kept")

	target := filepath.Join(dir, "target.txt")
	require.NoError(t, os.WriteFile(target, []byte("old\n"), 0o600))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink("target.txt", link))
	chain := filepath.Join(dir, "chain.txt")
	require.NoError(t, os.Symlink(link, chain))
	for _, p := range []string{link, chain} {
		require.NoError(t, WriteReplacing(p, []byte("through "+p+"\n")))
		b, _ = os.ReadFile(target)
		assert.Equal(t, "through "+p+"\n", string(b), "written through to the target")
		info, err = os.Lstat(link)
		require.NoError(t, err)
		assert.NotZero(t, info.Mode()&os.ModeSymlink, "the link is still a link")
		info, _ = os.Stat(target)
		assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the target's mode kept")
	}

	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	dangling := filepath.Join(dir, "dangling.json")
	require.NoError(t, os.Symlink("sub/made.json", dangling))
	require.NoError(t, WriteReplacing(dangling, []byte("{}")))
	b, err = os.ReadFile(filepath.Join(sub, "made.json"))
	require.NoError(t, err)
	assert.Equal(t, "{}", string(b), "a dangling link creates its target")
	info, err = os.Lstat(dangling)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeSymlink)

	assert.ErrorContains(t, WriteReplacing(sub, []byte("x")), "is not a regular file: choose another name")
	toDir := filepath.Join(dir, "todir")
	require.NoError(t, os.Symlink(sub, toDir))
	assert.ErrorContains(t, WriteReplacing(toDir, []byte("x")), "(a link to "+sub+") is not a regular file")
	loop := filepath.Join(dir, "loop")
	require.NoError(t, os.Symlink("loop", loop))
	assert.ErrorContains(t, WriteReplacing(loop, []byte("x")), "symbolic links in a row")

	for _, d := range []string{dir, sub} {
		left, _ := filepath.Glob(filepath.Join(d, ".*tmp-*"))
		assert.Empty(t, left, "no temporary file left")
	}
}

// TestRemoveOrphans: a killed write's temporary file is removed once it
// is older than the age given, a younger one (a write in progress) and
// other files are kept.
func TestRemoveOrphans(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	old := filepath.Join(dir, ".state.json.tmp-123")
	young := filepath.Join(dir, ".state.json.tmp-456")
	other := filepath.Join(dir, ".other.json.tmp-789")
	for _, p := range []string{old, young, other} {
		require.NoError(t, os.WriteFile(p, nil, 0o644))
	}
	past := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(old, past, past))
	require.NoError(t, os.Chtimes(other, past, past))
	RemoveOrphans(path, time.Minute)
	assert.NoFileExists(t, old)
	assert.FileExists(t, young)
	assert.FileExists(t, other)
}
