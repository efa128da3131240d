package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable is s as it may reach a terminal: line breaks and tabs kept,
// every other control character (Unicode Cc: ESC, BEL, …), every invisible
// format character (Cf: the right-to-left override U+202E, …) and every
// byte that is not UTF-8 written as a Go escape (\x1b, \u202e), so that
// text from a file, a state or a key script can never drive the terminal.
func printable(s string) string {
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

// escaped reports whether printable writes r as an escape.
func escaped(r rune) bool {
	return r != '\n' && r != '\t' && (unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r))
}
