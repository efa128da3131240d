package emulator

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hp17b/hp17b/solver"
)

// hidden reports whether r must never reach a terminal or the state as
// text: a control character (Unicode Cc: ESC, BEL, DEL, …) or an invisible
// format character (Cf: the right-to-left override U+202E, zero-width
// spaces, the byte-order mark), which could clear a terminal or make a
// name read as another.
func hidden(r rune) bool { return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) }

// visible is s with every hidden character, and every byte that is not
// UTF-8, replaced by "?".
func visible(s string) string {
	if strings.IndexFunc(s, hidden) < 0 && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if hidden(r) || r == utf8.RuneError {
			r = '?'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// visibleLines is visible for text of many lines: its line breaks are
// kept and its tabs shown as spaces, so that a caret under a line still
// falls on its column.
func visibleLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = visible(strings.ReplaceAll(l, "\t", " "))
	}
	return strings.Join(lines, "\n")
}

// checkTyped refuses text typed into an equation (a key script's quoted
// text, a paste) that holds a hidden character, or that would make the
// equation longer than solver.MaxLength bytes (have is the length so far).
func checkTyped(s string, have int) error {
	if i := strings.IndexFunc(s, hidden); i >= 0 {
		r, _ := utf8.DecodeRuneInString(s[i:])
		return fmt.Errorf("the text holds the control character %U at byte %d; equations take printable characters only", r, i+1)
	}
	if have+len(s) > solver.MaxLength {
		return fmt.Errorf("the equation would be %d bytes long; the limit is %d", have+len(s), solver.MaxLength)
	}
	return nil
}

// CheckFileText refuses an equation file's text (a file, a paste; name is
// used in errors) that is larger than solver.MaxFileSize bytes, before it
// is parsed, or that holds a control character (Unicode Cc) or an
// invisible format character (Cf: the right-to-left override U+202E, …)
// other than the line breaks and tabs that separate equations and a
// byte-order mark at its start, or bytes that are not UTF-8: the error
// is then a *solver.SyntaxError at its line and column. Every way an
// equation comes in passes it (loads, pastes, the commands' --eq).
func CheckFileText(name, text string) error {
	if len(text) > solver.MaxFileSize {
		return fmt.Errorf("%s is larger than %d bytes", name, solver.MaxFileSize)
	}
	line, col := 1, 1
	for i, r := range text {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(text[i:], "\uFFFD"):
			return &solver.SyntaxError{Pos: solver.Pos{Line: line, Col: col}, File: name, Source: visibleLines(text),
				Msg: "bytes that are not UTF-8 text; equations are text: save the file as UTF-8 (or plain ASCII)"}
		case i == 0 && r == '\ufeff': // a UTF-8 byte-order mark
		case r == '\n':
			line, col = line+1, 1
			continue
		case r == '\r' || r == '\t':
		case hidden(r):
			return &solver.SyntaxError{Pos: solver.Pos{Line: line, Col: col}, File: name, Source: visibleLines(text),
				Msg: fmt.Sprintf("control character %U; equations take printable characters only", r)}
		}
		col++
	}
	return nil
}

// stateSize is how many bytes the state would take with the equation
// texts add more in the SOLVE list and drop fewer (a text replaced), for
// the size rule (MaxStateWrite).
func (m *Machine) stateSize(add, drop []string) int {
	b, err := json.MarshalIndent(m.snapshot(), "", " ")
	n := len(b)
	if err != nil {
		n = 0
	}
	for _, t := range m.storeExtra() {
		n += len(t)
	}
	for _, t := range add {
		q, _ := json.Marshal(t)
		n += len(q) + 4 // quotes, comma, line break, indent
	}
	for _, t := range drop {
		q, _ := json.Marshal(t)
		n -= len(q) + 4
	}
	return n
}

// storeExtra is the state's sections of a later version, kept as read.
func (m *Machine) storeExtra() map[string]json.RawMessage {
	if m.store == nil {
		return nil
	}
	return m.store.extra
}

// errFull is the error for what would make the state larger than
// MaxStateWrite bytes (n).
func errFull(n int) error {
	return fmt.Errorf("the state would be %d bytes; it holds at most %d (delete equations or list items first)", n, MaxStateWrite)
}

// fullMessage is the display's message for errFull.
const fullMessage = "STATE FULL: 4 MB"
