package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The one rule for every file hp17b writes (the state, the games' file,
// --print, --screenshot, --write-keymap, the SOLVE list's and the paper's
// Save): WriteReplacing. A symbolic link is written through to the file it
// names (a dangling link creates that file; the link stays a link); what
// is written must be a regular file or nothing yet (a fifo, a device or a
// folder is refused at once, never opened, so a pipe never blocks a
// write); the file is replaced whole (a temporary file beside it, synced,
// renamed over it, the folder synced) and keeps its permission bits (0644
// for a new file).

// maxLinks is how many symbolic links Target follows before it gives up
// (Linux's own limit is 40).
const maxLinks = 40

// Target returns the file that writing path changes: path itself, or,
// when path is a symbolic link, the file at the end of its chain of links,
// which need not exist (a dangling link names the file to create). A
// relative link is read from its own folder. The error is a chain of more
// than 40 links or one the system cannot read.
func Target(path string) (string, error) {
	p := path
	for range maxLinks {
		info, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return p, nil
		case err != nil:
			return "", err
		case info.Mode()&fs.ModeSymlink == 0:
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return "", fmt.Errorf("%s: more than %d symbolic links in a row", path, maxLinks)
}

// CheckWritable reports whether path may be written by WriteReplacing
// without writing it: nil when its target (Target) is a regular file or
// does not exist yet, else the error WriteReplacing would give ("… is not
// a regular file: choose another name").
func CheckWritable(path string) error {
	_, _, err := writeTarget(path)
	return err
}

// writeTarget is the file that writing path replaces and its permission
// bits (0644 when it does not exist yet), or why it may not be written.
func writeTarget(path string) (string, fs.FileMode, error) {
	target, err := Target(path)
	if err != nil {
		return "", 0, err
	}
	info, err := os.Lstat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, 0o644, nil
	case err != nil:
		return "", 0, err
	case !info.Mode().IsRegular():
		name := path
		if target != path {
			name = path + " (a link to " + target + ")"
		}
		return "", 0, fmt.Errorf("%s is not a regular file: choose another name", name)
	}
	return target, info.Mode().Perm(), nil
}

// WriteReplacing writes b as the whole file at path, by the rule above:
// through a link to its target, only onto a regular file or a new one,
// through a temporary file in the target's folder (".NAME.tmp-*") that is
// synced and renamed over it, keeping its permission bits. A reader sees
// the old file or the new one; a write that fails leaves the old one and
// no temporary file. The error says what was refused, or is the
// system's.
func WriteReplacing(path string, b []byte) error {
	target, mode, err := writeTarget(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	tmp, err := os.CreateTemp(dir, tempPrefix(target)+"*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, target)
	}
	if err != nil {
		_ = os.Remove(name)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not every system can sync a folder; the rename is done
		d.Close()
	}
	return nil
}

// tempPrefix is the name WriteReplacing's temporary files for path start
// with.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// RemoveOrphans deletes the temporary files that writes of path killed
// midway left beside it (WriteReplacing's, named after path's target),
// those older than age: a younger one may be another process's write in
// progress.
func RemoveOrphans(path string, age time.Duration) {
	target, err := Target(path)
	if err != nil {
		return
	}
	prefix := tempPrefix(target)
	entries, _ := os.ReadDir(filepath.Dir(target))
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > age {
			_ = os.Remove(filepath.Join(filepath.Dir(target), e.Name()))
		}
	}
}

// MoveAside moves a damaged file (the state file, the kept games' file)
// to path.damaged-TIMESTAMP (with -2, -3, … when that name is taken) and
// returns that name: the new name is created exclusively, so a damaged
// file is never overwritten, not even by another process doing the same
// in the same second. path itself is moved (a link as a link); callers
// that move a link's target pass Target's.
func MoveAside(path string) (string, error) {
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
