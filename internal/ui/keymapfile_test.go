package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
)

// TestKeyMapFileRoundTrip: the default map written out reads back to the
// same map, entry for entry.
func TestKeyMapFileRoundTrip(t *testing.T) {
	def := DefaultKeyMap()
	back, err := ParseKeyMap("keymap.txt", def.String(), nil)
	require.NoError(t, err)
	assert.Equal(t, def.entries, back.entries)
	assert.Equal(t, def.String(), back.String())
}

func TestKeyMapFile(t *testing.T) {
	k, err := ParseKeyMap("keymap.txt", "# mine\n\nEnter INPUT\n'r' RCL\n's' SHIFT RCL\nF10 PAPER\nF1 help\n  Tab   =  \n", nil)
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		r    rune
		want Action
	}{
		{name: "Enter", want: Action{Key: emulator.KeyINPUT}},
		{r: 'r', want: Action{Key: emulator.KeyRCL}},
		{r: 's', want: Action{Key: emulator.KeyRCL, Shift: true}},
		{name: "F10", want: Action{Paper: true}},
		{name: "F1", want: Action{Help: true}},
		{name: "Tab", want: Action{Key: emulator.KeyEquals}},
	} {
		var got Action
		var ok bool
		if c.name != "" {
			got, ok = k.Named(c.name, false)
		} else {
			got, ok = k.Char(c.r, false)
		}
		require.True(t, ok, "%s%c", c.name, c.r)
		assert.Equal(t, c.want, got, "%s%c", c.name, c.r)
	}
	_, ok := k.Named("Escape", false)
	assert.False(t, ok, "a key the file leaves out does nothing")
	_, ok = k.Char('5', false)
	assert.False(t, ok)
	a, ok := k.Named("Enter", true)
	assert.True(t, ok && a.Key == emulator.KeyINPUT, "typing an equation, Enter is INPUT whatever the map says")
	a, _ = k.Char('r', true)
	assert.Equal(t, "r", a.Text, "typing an equation, characters go into it")

	help := k.Help(false)
	assert.Contains(t, help, "'s' SHIFT RCL", "the overlay is drawn from the map")
	assert.Contains(t, help, "F10 PAPER")
	assert.NotContains(t, help, "F1-F6", "F1 is not a menu key here")
	assert.Contains(t, help, "F1 or Escape hides this map")
	assert.Contains(t, DefaultKeyMap().Help(false), "0-9 digits")
}

func TestKeyMapFileErrors(t *testing.T) {
	known := func(name string) bool { return name != "Nope" }
	for _, c := range []struct {
		text string
		line int
		msg  string
	}{
		{"Enter =\nNope STO\n", 2, `"Nope" is not a PC key name`},
		{"# c\nTab\n", 2, "Tab needs what it does"},
		{"Enter =\n\nEnter STO\n", 3, "mapped again (first on line 1)"},
		{"F2 SQRT\n", 1, `"SQRT" is not a calculator key`},
		{"'ab' STO\n", 1, "single quotes"},
		{"F2 STO RCL\n", 1, "two words are SHIFT and a key"},
		{"F2 SHIFT STO RCL\n", 1, "too many words"},
	} {
		_, err := ParseKeyMap("keymap.txt", c.text, known)
		var ke *KeyMapError
		require.ErrorAs(t, err, &ke, c.text)
		assert.Equal(t, c.line, ke.Line, c.text)
		assert.Contains(t, ke.Error(), c.msg, c.text)
		assert.True(t, strings.HasPrefix(ke.Error(), "keymap.txt:"), ke.Error())
	}
}
