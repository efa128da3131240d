package link

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMakeParse(t *testing.T) {
	for _, tc := range []struct {
		name, host, text, link string
	}{
		{"ASCII", "", "AREA:A=L x W", "#eq=AREA%3AA%3DL%20x%20W"},
		{"glyphs", "", "A=L×W÷2", "#eq=A%3DL%C3%97W%C3%B72"},
		{"plus stays", "https://example.org/hp17b/", "A=B+C", "https://example.org/hp17b/#eq=A%3DB%2BC"},
		{"two equations", "", "A=B\nC=D#E", "#eq=A%3DB%0AC%3DD%23E"},
		{"unreserved kept", "", "X-_.!~*'()", "#eq=X-_.!~*'()"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Make(tc.host, tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.link, l)
			_, frag, _ := strings.Cut(l, "#")
			back, err := Parse(frag)
			require.NoError(t, err)
			assert.Equal(t, tc.text, back)
		})
	}
}

func TestParseByHand(t *testing.T) {
	for _, tc := range []struct {
		frag, text, err string
	}{
		{"#eq=A=B+C", "A=B+C", ""}, // typed by hand: + is a plus
		{"eq=A%3DB", "A=B", ""},
		{"x=1&eq=A%3DB&y=2", "A=B", ""},
		{"#", "", "holds no equation"},
		{"#eq=", "", "holds no equation"},
		{"#eq=%20%0A", "", "holds no equation"},
		{"#eq=A%3", "", "not percent-encoded"},
		{"#eq=" + strings.Repeat("A", MaxLen), "", "longer than 8000"},
	} {
		got, err := Parse(tc.frag)
		if tc.err != "" {
			require.Error(t, err, tc.frag)
			assert.Contains(t, err.Error(), tc.err)
			continue
		}
		require.NoError(t, err, tc.frag)
		assert.Equal(t, tc.text, got)
	}
}

func TestMakeTooLong(t *testing.T) {
	_, err := Make("", strings.Repeat("×", MaxLen/6+1)) // 6 bytes a ×
	assert.ErrorIs(t, err, ErrTooLong)
	l, err := Make("", strings.Repeat("A", MaxLen-len("#eq=")))
	require.NoError(t, err)
	assert.Len(t, l, MaxLen)
}

// FuzzRoundTrip: every text Make takes, Parse gives back.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"A=B", "NIM:0×(A+B)", "a&b#c%d+e f\n", "\x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := Make("", text)
		if err != nil {
			return
		}
		back, err := Parse(l)
		if strings.TrimSpace(text) == "" {
			assert.ErrorIs(t, err, ErrNoText)
			return
		}
		require.NoError(t, err)
		assert.Equal(t, text, back)
	})
}
