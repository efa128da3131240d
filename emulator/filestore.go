package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"time"

	"github.com/hp17b/hp17b/internal/files"
)

// MaxStateSize is the largest state file read, in bytes; a larger one is
// damaged (a whole calculator's state is a few kilobytes).
const MaxStateSize = 4 << 20

// fileStore is the state file. path is the file written: a symbolic link
// given as the state file is followed to its target, which is updated in
// place of the link. Writes take an exclusive lock on path+".lock" (one
// writer at a time, across processes) and go to a temporary file in the
// same folder that is fsynced, given the old file's permissions, renamed
// over the file, and followed by an fsync of the folder.
type fileStore struct{ path string }

// newFileStore resolves the state file's path (following symbolic links,
// so that a link's target is what changes).
func newFileStore(path string) fileStore {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	return fileStore{path}
}

// Load reads the state file: a regular file of at most MaxStateSize bytes.
func (f fileStore) Load() ([]byte, error) { return files.ReadRegular(f.path, MaxStateSize) }

// Save writes b under the lock, merged with what another process wrote
// since base (see Store.Save).
func (f fileStore) Save(base, b []byte) ([]byte, error) {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockFile(f.path + ".lock")
	if err != nil {
		return nil, err
	}
	defer unlock()
	if cur, err := files.ReadRegular(f.path, MaxStateSize); err == nil && base != nil && !bytes.Equal(cur, base) {
		if merged, ok := mergeJSON(base, b, cur); ok {
			b = merged
		}
	}
	return b, writeAtomic(f.path, b)
}

// writeAtomic replaces the file at path (in a folder that exists) by b: a
// temporary file in the same folder with the old file's permissions (0644
// for a new file), fsync, rename, fsync of the folder. A crash leaves the
// old file or the new one, and at worst a temporary file that
// removeOrphans deletes.
func writeAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	f, err := os.CreateTemp(dir, ".state-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not every system can fsync a folder; the rename is done
		d.Close()
	}
	return nil
}

// orphanAge is how old a temporary state file must be to be an orphan of
// a crash rather than another process's write in progress.
const orphanAge = 10 * time.Second

// removeOrphans deletes the temporary files that writes killed midway left
// in the state file's folder.
func removeOrphans(path string) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".state-*.tmp"))
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && time.Since(info.ModTime()) > orphanAge {
			os.Remove(m)
		}
	}
}

// moveAside moves a damaged state file to path.damaged-TIMESTAMP (with
// -2, -3, … when that name is taken): the new name is created
// exclusively, so a damaged file is never overwritten, not even by
// another process doing the same in the same second.
func moveAside(path string) (string, error) {
	stamp := time.Now().UTC().Format("20060102T150405")
	for i := 1; i < 1000; i++ {
		aside := path + ".damaged-" + stamp
		if i > 1 {
			aside += fmt.Sprintf("-%d", i)
		}
		err := os.Link(path, aside)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			// No hard links here: copy into a file created exclusively.
			if err = copyExclusive(path, aside); errors.Is(err, fs.ErrExist) {
				continue
			}
		}
		if err != nil {
			return "", err
		}
		return aside, os.Remove(path)
	}
	return "", fmt.Errorf("no free name to move %s aside", path)
}

// copyExclusive copies a file of any size into a new file created
// exclusively (fs.ErrExist when to exists).
func copyExclusive(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return err
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

// mergeJSON merges two states made from base: ours (this calculator's)
// and theirs (what another process wrote since). Where only one side
// changed a value, that change is kept; where both did, ours wins. Objects
// merge key by key; lists of the same length as base element by element;
// other lists (the equation list) keep theirs, add our additions and drop
// what we removed.
func mergeJSON(base, ours, theirs []byte) ([]byte, bool) {
	var b, o, t any
	if json.Unmarshal(base, &b) != nil || json.Unmarshal(ours, &o) != nil || json.Unmarshal(theirs, &t) != nil {
		return nil, false
	}
	out, err := json.MarshalIndent(merge3(b, o, t), "", " ")
	return out, err == nil
}

// missing stands for a key absent from an object.
type missingKey struct{}

var missing = missingKey{}

func merge3(base, ours, theirs any) any {
	switch {
	case reflect.DeepEqual(ours, base):
		return theirs
	case reflect.DeepEqual(theirs, base), reflect.DeepEqual(ours, theirs):
		return ours
	}
	bm, ok1 := base.(map[string]any)
	om, ok2 := ours.(map[string]any)
	tm, ok3 := theirs.(map[string]any)
	if ok1 && ok2 && ok3 {
		return mergeObjects(bm, om, tm)
	}
	bl, ok1 := base.([]any)
	ol, ok2 := ours.([]any)
	tl, ok3 := theirs.([]any)
	if ok1 && ok2 && ok3 {
		return mergeLists(bl, ol, tl)
	}
	return ours
}

func mergeObjects(base, ours, theirs map[string]any) map[string]any {
	out := map[string]any{}
	seen := map[string]bool{}
	get := func(m map[string]any, k string) any {
		if v, ok := m[k]; ok {
			return v
		}
		return missing
	}
	for _, m := range []map[string]any{base, ours, theirs} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			if v := merge3(get(base, k), get(ours, k), get(theirs, k)); v != missing {
				out[k] = v
			}
		}
	}
	return out
}

func mergeLists(base, ours, theirs []any) []any {
	if len(base) == len(ours) && len(base) == len(theirs) {
		out := make([]any, len(base))
		for i := range base {
			out[i] = merge3(base[i], ours[i], theirs[i])
		}
		return out
	}
	has := func(l []any, v any) bool {
		for _, x := range l {
			if reflect.DeepEqual(x, v) {
				return true
			}
		}
		return false
	}
	var out []any
	for _, v := range theirs {
		if has(base, v) && !has(ours, v) {
			continue // we removed it
		}
		out = append(out, v)
	}
	for _, v := range ours {
		if !has(base, v) && !has(out, v) {
			out = append(out, v) // we added it
		}
	}
	return out
}

// tooNew says a state file comes from a newer hp17b.
type tooNew struct{ schema int }

func (e tooNew) Error() string {
	return fmt.Sprintf("the state file is from a newer hp17b (schema %d; this one reads %d and older)", e.schema, SchemaVersion)
}
