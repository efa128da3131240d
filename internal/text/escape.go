package text

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Printable is s as it may reach a terminal: line breaks and tabs kept,
// every other control character (Unicode Cc: ESC, BEL, …), every invisible
// format character (Cf: the right-to-left override U+202E, …) and every
// byte that is not UTF-8 written as a Go escape (\x1b, \u202e), so that
// text from a file, a state, a key script or the command line can never
// drive the terminal. It is the one function that escapes hp17b's
// messages (EscapingWriter applies it to a whole stream).
func Printable(s string) string {
	if strings.IndexFunc(s, escaped) < 0 && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && escaped(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case escaped(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		i += n
	}
	return b.String()
}

// escaped reports whether Printable writes r as an escape.
func escaped(r rune) bool {
	return r != '\n' && r != '\t' && (unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r))
}

// EscapingWriter returns a writer that passes everything written to it
// through Printable on its way to w: a program's message stream (stderr)
// wrapped once where the program starts, so that no message, whatever it
// quotes (a file name, a flag, an argument), carries a control character
// to the terminal. A character split across two writes is held back until
// it is whole (at most 3 bytes). Writes are serialised; Write reports all
// of p written when w took its escaped form.
func EscapingWriter(w io.Writer) io.Writer {
	if e, ok := w.(*escapingWriter); ok {
		return e
	}
	return &escapingWriter{w: w}
}

type escapingWriter struct {
	mu   sync.Mutex
	w    io.Writer
	held []byte // the start of a character the next write completes
}

func (e *escapingWriter) Write(p []byte) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b := append(e.held, p...)
	e.held = nil
	cut := len(b)
	// Hold back an incomplete character at the end (up to 3 bytes).
	for i := len(b) - 1; i >= 0 && i >= len(b)-3; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				cut = i
			}
			break
		}
	}
	e.held = append(e.held, b[cut:]...)
	if _, err := io.WriteString(e.w, Printable(string(b[:cut]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Unescaped returns the stream an EscapingWriter writes to (w itself for
// any other writer): for the terminal control a program writes of its own,
// never quoting input, such as a progress line's carriage return and
// erase-line sequence (hp17b compare), and for asking whether the stream
// is a terminal.
func Unescaped(w io.Writer) io.Writer {
	if e, ok := w.(*escapingWriter); ok {
		return e.w
	}
	return w
}
