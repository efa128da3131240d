// Package link writes and reads the page's equation links: the page's
// address followed by #eq= and an equation file's text (one equation or
// several, a line each), percent-encoded. The text rides in the address's
// fragment, which a browser never sends to a server, so the page's host
// never sees the equations. `hp17b check --link` writes them and the
// browser's page reads them (ui/window/page_js.go), offering what it read
// for the SOLVE list.
package link

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Key is the fragment's name for the text: …/#eq=TEXT.
const Key = "eq="

// MaxLen is the longest link written or read, in bytes (8,000): browsers
// and the places links are pasted into (forum posts, chat) cut or refuse
// longer addresses.
const MaxLen = 8000

// ErrTooLong is the error for a link over MaxLen.
var ErrTooLong = fmt.Errorf("the link would be longer than %d characters, more than browsers and forums keep: share the equation file instead (the page's menu: Open equation file…)", MaxLen)

// ErrNoText is Parse's error for a fragment without #eq= or with no text.
var ErrNoText = errors.New("the link holds no equation (#eq= and the equation's text)")

// Make returns the link that opens text in the page at host (an address
// such as https://example.org/hp17b/; "" gives the relative #eq=…),
// encoded as JavaScript's encodeURIComponent encodes (every byte but
// letters, digits and -_.!~*'() percent-encoded, a space as %20). The
// error is ErrTooLong for a link over MaxLen bytes.
func Make(host, text string) (string, error) {
	s := host + "#" + Key + Encode(text)
	if len(s) > MaxLen {
		return "", ErrTooLong
	}
	return s, nil
}

// Encode percent-encodes text as encodeURIComponent does.
func Encode(text string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// Parse returns the equation text of a page address's fragment (with or
// without its leading #, as location.hash gives it): what follows eq=, up
// to an & that starts another field, percent-decoded (a + stays a +, as
// in an equation). Errors: ErrNoText, ErrTooLong, or the decoding's
// error naming the bad escape.
func Parse(fragment string) (string, error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > MaxLen {
		return "", ErrTooLong
	}
	var raw string
	found := false
	for _, field := range strings.Split(fragment, "&") {
		if v, ok := strings.CutPrefix(field, Key); ok {
			raw, found = v, true
			break
		}
	}
	if !found {
		return "", ErrNoText
	}
	text, err := url.PathUnescape(raw)
	if err != nil {
		return "", fmt.Errorf("the link's text is not percent-encoded as links are (%v): copy the whole link again", err)
	}
	if strings.TrimSpace(text) == "" {
		return "", ErrNoText
	}
	return text, nil
}
