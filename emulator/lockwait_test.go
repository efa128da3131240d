//go:build unix

package emulator

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hp17b/hp17b/internal/files"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLockWaitBounded: a short command waits for another's lock on the
// state file for at most its bound, then fails naming the process that
// holds it (the lock file says its PID); a cancelled context (Ctrl-C)
// ends the wait at once. The run waited, silent, past 8 s.
func TestLockWaitBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	holder, _, err := Open(OpenOptions{Path: path, Locked: true, Equations: defaults})
	require.NoError(t, err)
	defer holder.Close()
	lock, err := os.ReadFile(path + ".lock")
	require.NoError(t, err)
	assert.Equal(t, strconv.Itoa(os.Getpid())+"\n", string(lock), "the lock names its holder")

	_, _, err = Open(OpenOptions{Path: path, Locked: true, LockWait: 100 * time.Millisecond, Equations: defaults})
	var busy *LockBusyError
	require.ErrorAs(t, err, &busy)
	assert.Equal(t, os.Getpid(), busy.PID)
	assert.GreaterOrEqual(t, busy.Waited, 100*time.Millisecond)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Contains(t, err.Error(), "is in use by another hp17b (process "+strconv.Itoa(os.Getpid())+"); gave up after")

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, _, err = Open(OpenOptions{Path: path, Locked: true, LockWait: time.Hour, Context: ctx, Equations: defaults})
	require.ErrorAs(t, err, &busy)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Contains(t, err.Error(), "stopped waiting for it")

	require.NoError(t, holder.Close())
	m, _, err := Open(OpenOptions{Path: path, Locked: true, LockWait: 100 * time.Millisecond, Equations: defaults})
	require.NoError(t, err, "free once the holder closes")
	require.NoError(t, m.Close())
}

// TestForeignFilesUntouched: a state path that is not ours (another
// program's text or JSON, one with a "schema" member among them, a fifo,
// a folder, a device, a link to one) is refused and nothing is made
// beside it: no lock file, no temporary file, no rename (the issue:
// passwd.lock stopped useradd).
func TestForeignFilesUntouched(t *testing.T) {
	dir := t.TempDir()
	passwd := filepath.Join(dir, "passwd")
	require.NoError(t, os.WriteFile(passwd, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644))
	db := filepath.Join(dir, "db.json")
	require.NoError(t, os.WriteFile(db, []byte(`{"schema": 2, "database": {"tables": 3}}`), 0o600))
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	adir := filepath.Join(dir, "adir")
	require.NoError(t, os.Mkdir(adir, 0o755))
	toFifo := filepath.Join(dir, "tofifo.json")
	require.NoError(t, os.Symlink(fifo, toFifo))
	for _, p := range []string{passwd, db, fifo, adir, toFifo} {
		for _, locked := range []bool{true, false} {
			before, _ := files.ReadRegular(p, 1<<10) // a fifo is not opened for good
			_, _, err := Open(OpenOptions{Path: p, Locked: locked, Equations: defaults})
			require.Error(t, err, p)
			after, _ := files.ReadRegular(p, 1<<10)
			assert.Equal(t, before, after, p)
		}
	}
	_, _, err := Open(OpenOptions{Path: "/dev/null", Locked: true, Equations: defaults})
	require.Error(t, err)
	assert.NoFileExists(t, "/dev/null.lock")
	_, _, err = Open(OpenOptions{Path: db, Equations: defaults})
	assert.ErrorContains(t, err, `is not an hp17b state file (no "hp17b": "state" marker`)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"passwd", "db.json", "fifo", "adir", "tofifo.json"}, names, "nothing made beside them")
}

// TestDanglingLinkWrittenThrough: a dangling link given as the state is
// written through to the file it names (which is made), and stays a link
// (the dl2 was replaced by a regular file).
func TestDanglingLinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
	link := filepath.Join(dir, "dl2")
	require.NoError(t, os.Symlink("real/target.json", link))
	m, _, err := Open(OpenOptions{Path: link, Locked: true, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m, "5 STO 1", nil))
	require.NoError(t, m.Close())
	info, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&fs.ModeSymlink, "still a link")
	b, err := os.ReadFile(filepath.Join(dir, "real", "target.json"))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"hp17b": "state"`)
	_, err = os.Lstat(link + ".lock")
	assert.ErrorIs(t, err, fs.ErrNotExist, "the lock is beside the target, not the link")
}

// TestLockDeniedReadsOnly: where the lock file cannot be made (a folder
// the user cannot write; made here by a failing lock, as root writes
// anywhere) a state is read and left alone, as a read-only one is, not
// refused.
func TestLockDeniedReadsOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m0, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m0, "7 STO 2", nil))
	require.NoError(t, m0.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	defer func(f func(string) (func(), bool, error)) { takeLock = f }(takeLock)
	takeLock = func(p string) (func(), bool, error) {
		return nil, false, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
	}
	m, _, err := Open(OpenOptions{Path: path, Locked: true, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m, "RCL 2", nil))
	assert.Equal(t, "7.00", m.Frame().Top, "read")
	require.NoError(t, Run(m, "5 STO 3", nil))
	assert.True(t, errors.Is(m.Close(), errReadOnly), "not saved, and said")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "left alone")
}

// TestMarkerMakesOurs: a state written before the marker (schema 1 or 2,
// every member a section this hp17b knows) still loads and is written
// back with the marker; JSON with a "schema" of another program's, or a
// wrong marker, is not ours.
func TestMarkerMakesOurs(t *testing.T) {
	for _, c := range []struct {
		text string
		ours bool
	}{
		{`{"schema":2,"calculator":{"x":"5"}}`, true},
		{`{"schema":1,"equations":["A=B"],"x":"5"}`, true},
		{`{"hp17b":"state","schema":2,"calculator":{"x":"5"},"later":{}}`, true},
		{`{"schema":99,"future":true}`, true}, // a newer hp17b's: left untouched as such
		{`{"hp17b": "state", "schema": 2, "calc`, true},
		{`{"schema": 2, "database": {"tables": 3}}`, false},
		{`{"schema":2,"calculator":{"x":"5"},"users":[]}`, false},
		{`{"hp17b":"settings","schema":2}`, false},
		{`{"schema":"2"}`, false},
		{`[{"schema":2}]`, false},
	} {
		assert.Equal(t, c.ours, ours([]byte(c.text)), c.text)
	}
	path := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"schema":2,"calculator":{"x":"5"}}`), 0o644))
	m, _, err := Open(OpenOptions{Path: path, Locked: true, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, m.Frame().Top, "5")
	require.NoError(t, Run(m, "7 STO 1", nil))
	require.NoError(t, m.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "{\n \"hp17b\": \"state\",\n \"schema\": 2,"), "the marker first: %.60q", b)
}
