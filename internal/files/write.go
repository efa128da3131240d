package files

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteReplacing writes b to the file at path as a whole: through a new
// temporary file in the same folder, synced, then renamed over path, so
// that a reader sees the old file or the new one and a write that fails
// leaves the old one. A path that is a symbolic link or anything but a
// regular file is refused (the link's target is never written through);
// the error says which. The file is made readable by all (0644).
func WriteReplacing(path string, b []byte) error {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		what := "not a regular file"
		if fi.Mode()&os.ModeSymlink != 0 {
			what = "a symbolic link"
		}
		return fmt.Errorf("%s is %s: choose another name", path, what)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, 0o644)
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		_ = os.Remove(name)
	}
	return err
}
