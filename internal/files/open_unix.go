//go:build unix

package files

import (
	"os"
	"syscall"
)

// openNoBlock opens path for reading with O_NONBLOCK: opening a fifo then
// returns at once (readOpen's fstat refuses it) instead of waiting for a
// writer. Reads of a regular file never block, with or without the flag.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
