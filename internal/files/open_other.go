//go:build !unix

package files

import (
	"fmt"
	"os"
)

// openNoBlock opens path for reading after a stat that refuses anything
// but a regular file (no fifo, device or folder is opened: such an open
// may wait).
func openNoBlock(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	return os.Open(path)
}
