// Package files reads the files a user names or drops (equation files,
// the state file) with bounds: only regular files, at most a given size,
// so that /dev/zero, a fifo or a huge file never exhausts the machine.
package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrTooLarge is wrapped by the error for a file larger than its limit.
var ErrTooLarge = errors.New("too large")

// ReadRegular reads the regular file at path if it holds at most limit
// bytes. A device, a fifo or a folder is an error ("… is not a regular
// file"), and so is a larger file ("… is larger than N bytes", wrapping
// ErrTooLarge); errors from the system pass through (os.ErrNotExist among
// them). The file is opened without blocking (openNoBlock), so that a
// fifo with no writer is refused at once instead of waiting for one.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpen(f, path, limit)
}

// OpenRegular opens the regular file at path for reading, for a file read
// as a stream (compare's --points, of any size): as ReadRegular, a device,
// a fifo or a folder is an error ("… is not a regular file"), a fifo with
// no writer refused at once instead of waited for (openNoBlock); errors
// from the system pass through (os.ErrNotExist among them). The caller
// closes the file.
func OpenRegular(path string) (*os.File, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadRegularFS is ReadRegular for a file of fsys (dropped files).
func ReadRegularFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpen(f, name, limit)
}

// checkRegular refuses an open file that is not a regular file.
func checkRegular(f fs.File, name string) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", name)
	}
	return nil
}

func readOpen(f fs.File, name string, limit int64) ([]byte, error) {
	if err := checkRegular(f, name); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(b)) > limit {
		return nil, tooLarge{name, limit}
	}
	return b, err
}

// tooLarge says a file is larger than its limit; it is ErrTooLarge.
type tooLarge struct {
	name  string
	limit int64
}

func (e tooLarge) Error() string { return fmt.Sprintf("%s is larger than %d bytes", e.name, e.limit) }

func (e tooLarge) Is(target error) bool { return target == ErrTooLarge }
