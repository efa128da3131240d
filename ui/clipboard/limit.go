package clipboard

import "errors"

// MaxRead is the most a paste reads, in bytes: 1 MB, the largest
// equation file (solver.MaxFileSize), so that a huge clipboard never
// fills the calculator's memory.
const MaxRead = 1 << 20

// ErrTooLarge is Read's error for a clipboard of more than MaxRead bytes.
var ErrTooLarge = errors.New("the clipboard holds more than 1 MB (1,048,576 bytes): nothing was pasted")
