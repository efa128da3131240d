package solver

import (
	"strings"
	"unicode"
)

// IsSpace reports whether r is a space of an equation's text: Unicode
// white space (ASCII's, NEL, and the separators Z: no-break, en and em
// spaces, U+1680, U+205F, U+3000, the line and paragraph separators, …)
// and the zero-width space and byte-order mark that pasted listings carry.
// The Solver ignores it, and Flatten removes it.
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
}

// Flatten turns an equation's text into the calculator's single line:
// line breaks and runs of spaces (IsSpace) vanish, except that one space is
// kept where removing it would join two names or numbers.
func Flatten(src string) string {
	var b strings.Builder
	pendingSpace := false
	isWord := func(r rune) bool {
		return !strings.ContainsRune("+-−×÷*/^()<>=:≤≥≠", r) && !IsSpace(r)
	}
	var prev rune
	for _, r := range src {
		if IsSpace(r) {
			pendingSpace = b.Len() > 0
			continue
		}
		if pendingSpace && isWord(prev) && isWord(r) {
			b.WriteRune(' ')
		}
		pendingSpace = false
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}
