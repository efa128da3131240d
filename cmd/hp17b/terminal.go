package main

import (
	"bufio"

	"github.com/hp17b/hp17b/internal/text"
)

// printable is s as it may reach a terminal: text.Printable, the one
// escape of every message (run's stderr passes through it too, as
// text.EscapingWriter).
func printable(s string) string { return text.Printable(s) }

// maxLine is the longest line terminal play reads as a move.
const maxLine = 1024

// readLine reads one line of at most limit bytes; a longer one is read to
// its end and reported as long. err is io.EOF at the end of the input.
func readLine(r *bufio.Reader, limit int) (line string, long bool, err error) {
	var b []byte
	for {
		frag, isPrefix, err := r.ReadLine()
		if err != nil {
			if len(b) > 0 || long {
				return string(b), long, nil
			}
			return "", false, err
		}
		if !long {
			b = append(b, frag...)
			if len(b) > limit {
				b, long = nil, true
			}
		}
		if !isPrefix {
			return string(b), long, nil
		}
	}
}
