package text

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain ÷ text\n\tindented", "plain ÷ text\n\tindented"},
		{"A\x1b[2J\u202eB\xff\n", `A\x1b[2J\u202eB\xff` + "\n"},
		{"f\x1b]0;T\a.eq", `f\x1b]0;T\x07.eq`},
		{"\x00\x7f\u0085", `\x00\x7f\u0085`},
	} {
		assert.Equal(t, c.want, Printable(c.in), "%q", c.in)
	}
}

// TestEscapingWriter: every write is escaped, and a character split
// across writes (÷ is two bytes) comes out whole, not as two escapes.
func TestEscapingWriter(t *testing.T) {
	var b bytes.Buffer
	w := EscapingWriter(&b)
	fmt.Fprintf(w, "hp17b: open %s: no such file\n", "f\x1b]0;T\a.eq")
	div := []byte("÷")
	_, _ = w.Write([]byte{'1', div[0]})
	_, _ = w.Write([]byte{div[1], '2', '\n'})
	assert.Equal(t, `hp17b: open f\x1b]0;T\x07.eq: no such file`+"\n1÷2\n", b.String())
	assert.Same(t, w, EscapingWriter(w), "wrapped once")
}

func TestUnescaped(t *testing.T) {
	var b strings.Builder
	e := EscapingWriter(&b)
	assert.Same(t, &b, Unescaped(e))
	assert.Same(t, &b, Unescaped(&b))
	_, _ = Unescaped(e).Write([]byte("\r\x1b[K"))
	assert.Equal(t, "\r\x1b[K", b.String())
}
