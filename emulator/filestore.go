package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/hp17b/hp17b/internal/files"
)

// MaxStateSize is the largest state file read, in bytes: twice
// MaxStateWrite, so that every state this hp17b writes is read back. A
// larger file is not one of ours and is left untouched.
const MaxStateSize = 2 * MaxStateWrite

// MaxStateWrite is the largest state written, in bytes. What would make
// the state larger (an equation typed, loaded or pasted) is refused where
// it comes in, with a message naming this limit (a whole calculator's
// state is a few kilobytes; 256 equations of the longest kind fill it).
const MaxStateWrite = 4 << 20

// fileStore is the state file. path is the file written: a symbolic link
// given as the state file is followed to its target, which is updated in
// place of the link (a dangling link's target is created). Writes take an
// exclusive lock on path+".lock" (one writer at a time, across processes;
// the lock file holds the writer's process ID) and are
// files.WriteReplacing's: a temporary file in the same folder that is
// fsynced, given the old file's permissions, renamed over the file, and
// followed by an fsync of the folder. The lock file is made only beside a
// file judged ours (open) or one still to be made, never beside another
// program's; a wait for it is bounded (waitLock).
//
// A short command holds the lock from before it reads the file until its
// last write (held; OpenOptions.Locked), so that nothing is merged: its run
// happens wholly before or after any other writer's. The long-lived
// window takes the lock for each write only, and merges whole sections
// (mergeSections).
type fileStore struct {
	path string
	// held releases the lock this process holds for its whole run; nil
	// when the lock is taken for each write.
	held func()
	// noWait makes Save give up with errLockBusy rather than wait for
	// another process's lock (the window's batched writes: it tries again
	// later instead of freezing).
	noWait bool
	// conflicts names the sections that the last Save's merge took from
	// this calculator over another process's change of the same section.
	conflicts []string
	// seen is the file as it was when this calculator last read or
	// wrote it (nil before): changed compares it with the file now.
	seen os.FileInfo
	// ctx ends a wait for the lock (Ctrl-C; nil: none), and wait bounds
	// it (0: DefaultLockWait).
	ctx  context.Context
	wait time.Duration
}

// look remembers the file as it is now (see changed).
func (f *fileStore) look() {
	f.seen, _ = os.Stat(f.path)
}

// changed reports whether the file may have been written by another
// process since look: every write replaces it by a new file (writeAtomic),
// so another file, size or time means another write.
func (f *fileStore) changed() bool {
	now, err := os.Stat(f.path)
	if err != nil || f.seen == nil {
		return err == nil || f.seen != nil
	}
	return !os.SameFile(now, f.seen) || now.Size() != f.seen.Size() || !now.ModTime().Equal(f.seen.ModTime())
}

// errLockBusy is Save's error when noWait is set and another process
// holds the lock.
var errLockBusy = errors.New("another hp17b is writing the state file")

// newFileStore resolves the state file's path (following symbolic links,
// a dangling one too, so that a link's target is what changes:
// files.Target).
func newFileStore(path string) *fileStore {
	if target, err := files.Target(path); err == nil {
		path = target
	}
	return &fileStore{path: path}
}

// Load reads the state file: a regular file of at most MaxStateSize bytes.
func (f *fileStore) Load() ([]byte, error) { return files.ReadRegular(f.path, MaxStateSize) }

// lock takes the state file's lock, or does nothing when this process
// holds it already (held).
func (f *fileStore) lock() (unlock func(), err error) {
	if f.held != nil {
		return func() {}, nil
	}
	if f.noWait {
		unlock, ok, err := tryLockFile(f.path + ".lock")
		if err == nil && !ok {
			err = errLockBusy
		}
		return unlock, err
	}
	return waitLock(f.ctx, f.path+".lock", f.path, f.wait)
}

// hold takes the state file's lock for the rest of the run (see held),
// waiting for it as lock does. denied is true, and err nil, when the
// lock file may not be made (a folder the user cannot write): the state
// is then only read.
func (f *fileStore) hold() (denied bool, err error) {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
		if lockDenied(err) {
			return true, nil
		}
		return false, err
	}
	unlock, err := waitLock(f.ctx, f.path+".lock", f.path, f.wait)
	var busy *LockBusyError
	switch {
	case errors.As(err, &busy):
		return false, err
	case lockDenied(err):
		return true, nil
	case err != nil:
		return false, fmt.Errorf("locking the state file: %w", err)
	}
	f.held = unlock
	return false, nil
}

// release gives up a lock held for the whole run.
func (f *fileStore) release() {
	if f.held != nil {
		f.held()
		f.held = nil
	}
}

// Save writes b under the lock. When another process wrote the file since
// base, whole sections are merged (mergeSections) and the sections where
// both changed are kept in conflicts.
func (f *fileStore) Save(base, b []byte) ([]byte, error) {
	f.conflicts = nil
	if err := files.CheckWritable(f.path); err != nil {
		return nil, err // no lock file beside what is not a state file
	}
	if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
		return nil, err
	}
	unlock, err := f.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	if cur, err := files.ReadRegular(f.path, MaxStateSize); err == nil && base != nil && !bytes.Equal(cur, base) {
		if merged, conflicts, ok := mergeSections(base, b, cur); ok {
			b, f.conflicts = merged, conflicts
		}
	}
	if err := files.WriteReplacing(f.path, b); err != nil {
		return nil, err
	}
	f.look()
	return b, nil
}

// takeConflicts returns and forgets the sections of the last merge where
// this calculator's change replaced another process's.
func (f *fileStore) takeConflicts() []string {
	c := f.conflicts
	f.conflicts = nil
	return c
}

// orphanAge is how old a temporary state file must be to be an orphan of
// a crash rather than another process's write in progress.
const orphanAge = 10 * time.Second

// removeOrphans deletes the temporary files that writes killed midway left
// in the state file's folder: files.WriteReplacing's for path, and those
// of older versions (".state-*.tmp").
func removeOrphans(path string) {
	files.RemoveOrphans(path, orphanAge)
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".state-*.tmp"))
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && time.Since(info.ModTime()) > orphanAge {
			os.Remove(m)
		}
	}
}

// writable reports whether the file at path may be written (it is
// opened for writing without changing it).
func writable(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// mergeSections merges two states made from base: ours (this
// calculator's) and theirs (what another process wrote since), a whole
// top-level section at a time (calculator, solve, sum, cflo, … and any
// section this hp17b does not know, kept as it is): a section ours left as
// in base is theirs, one we changed is ours. A section both changed is
// ours, the later write, and is named in conflicts (sorted), even when
// both wrote the same text (two deletions of equal items leave one list:
// one change was lost). Nothing
// inside a section is merged, so no list loses, repeats or reorders an
// element: the result is theirs followed by our changes, a serial order of
// the two writers as far as the sections are concerned.
func mergeSections(base, ours, theirs []byte) (merged []byte, conflicts []string, ok bool) {
	var b, o, t map[string]json.RawMessage
	if json.Unmarshal(base, &b) != nil || json.Unmarshal(ours, &o) != nil || json.Unmarshal(theirs, &t) != nil {
		return nil, nil, false
	}
	out := map[string]json.RawMessage{}
	keys := map[string]bool{}
	for _, m := range []map[string]json.RawMessage{b, o, t} {
		for k := range m {
			keys[k] = true
		}
	}
	for k := range keys {
		bv, inB := b[k]
		ov, inO := o[k]
		tv, inT := t[k]
		var v json.RawMessage
		var in bool
		switch {
		case k == "schema":
			v, in = ov, inO
		case inO == inB && sameJSON(ov, bv):
			v, in = tv, inT // ours unchanged: theirs
		default:
			v, in = ov, inO                        // ours changed: ours, the later write
			if !(inT == inB && sameJSON(tv, bv)) { // even to the same text: two changes, one kept

				conflicts = append(conflicts, k)
			}
		}
		if in {
			out[k] = v
		}
	}
	sort.Strings(conflicts)
	merged, err := json.MarshalIndent(out, "", " ")
	return merged, conflicts, err == nil
}

// sameJSON reports whether two JSON texts are the same but for spacing
// (two nil texts are the same).
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}

// tooNew says a state file comes from a newer hp17b.
type tooNew struct{ schema int }

func (e tooNew) Error() string {
	return fmt.Sprintf("the state file is from a newer hp17b (schema %d; this one reads %d and older)", e.schema, SchemaVersion)
}
