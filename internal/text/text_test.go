package text

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuote(t *testing.T) {
	assert.Equal(t, `"A=B"`, Quote("A=B"))
	assert.Equal(t, `"\x1b]0;x\a"`, Quote("\x1b]0;x\a"))
	q := Quote(strings.Repeat("9", 1<<20))
	assert.Equal(t, `"`+strings.Repeat("9", MaxQuote)+`…"`, q)
}
