// Package text quotes input in messages: escaped and bounded, so that a
// message never carries control characters or a whole huge argument to
// the terminal.
package text

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuote is how many characters of input a message quotes.
const MaxQuote = 40

// Quote returns s as a Go-quoted string ("…" inside marks a cut) of at
// most MaxQuote characters of s, control characters escaped.
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= MaxQuote {
		return strconv.Quote(s)
	}
	r := []rune(s)
	return strconv.Quote(string(r[:MaxQuote]) + "…")
}
