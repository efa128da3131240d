package ui

import (
	"fmt"
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
	assert.Contains(t, help, HelpItem{Keys: "s", What: "RND"}, "the overlay is drawn from the map, in the scripts' words")
	assert.Contains(t, help, HelpItem{Keys: "F10", What: "paper (print-out)"})
	assert.Contains(t, help, HelpItem{Keys: "F1", What: "this key map"}, "F1 is not a menu key here")
	assert.Contains(t, DefaultKeyMap().Help(false), HelpItem{Keys: "0-9", What: "digits"})
}

// TestKeyMapVocabulary: the key map file names functions as key scripts
// do (RND, MAIN, 1/X, the gold labels), and SHIFT and a key still reads.
func TestKeyMapVocabulary(t *testing.T) {
	k, err := ParseKeyMap("keymap.txt", "'a' RND\n'b' SHIFT RCL\n'c' √x\n'd' 1/x\nF7 PANEL\nF11 MENU\n", nil)
	require.NoError(t, err)
	for r, want := range map[rune]Action{
		'a': {Key: emulator.KeyRCL, Shift: true}, 'b': {Key: emulator.KeyRCL, Shift: true},
		'c': {Key: emulator.KeySub, Shift: true}, 'd': {Key: emulator.KeyDiv, Shift: true},
	} {
		got, ok := k.Char(r, false)
		require.True(t, ok, "%c", r)
		assert.Equal(t, want, got, "%c", r)
	}
	a, _ := k.Named("F7", false)
	assert.True(t, a.Panel)
	a, _ = k.Named("F11", false)
	assert.True(t, a.Menu)
	assert.Contains(t, k.String(), "'b'            RND\n", "written in the scripts' words")
}

// TestKeyMapOldShiftForms: an earlier version's key map file, which named
// every shifted function SHIFT and its key, reads as the same functions
// and is written back by their names in key scripts.
func TestKeyMapOldShiftForms(t *testing.T) {
	var old, want strings.Builder
	for i, f := range emulator.Functions() {
		if !f.Shifted {
			continue
		}
		r := rune('A' + i)
		fmt.Fprintf(&old, "'%c' SHIFT %s\n", r, f.Key)
		fmt.Fprintf(&want, "%-14s %s\n", fmt.Sprintf("'%c'", r), f)
	}
	k, err := ParseKeyMap("keymap.txt", old.String(), nil)
	require.NoError(t, err)
	assert.Equal(t, keyMapFileHeader()+want.String(), k.String())
	for _, b := range k.Bindings() {
		a, ok := k.Char(b.Char, false)
		require.True(t, ok)
		assert.True(t, a.Shift, "%c", b.Char)
	}
}

// TestDefaultKeyMapCoversKeyboard: every calculator key and every shifted
// function is reachable from the PC keyboard by default without the shift
// key, and each one's name reads back as the same function.
func TestDefaultKeyMapCoversKeyboard(t *testing.T) {
	reach := map[emulator.Function]bool{}
	for _, e := range DefaultKeyMap().entries {
		if !e.Action.window() {
			reach[e.Action.Function()] = true
		}
	}
	for _, l := range defaultLetters {
		f, ok := emulator.FunctionByName(l.name)
		assert.True(t, ok && f.String() == l.name, "%c: %s is a function's name", l.r, l.name)
	}
	for _, f := range emulator.Functions() {
		if f.Shifted && f.Key == emulator.KeyCLR {
			continue // OFF: shift then Delete, or Ctrl+Q; no letter closes the window
		}
		assert.True(t, reach[f], "%s has a PC key", f)
		back, ok := emulator.FunctionByName(f.String())
		assert.True(t, ok && back == f, "%s reads back", f)
	}
}

func TestKeyMapFileErrors(t *testing.T) {
	known := func(name string) bool { return name != "Nope" }
	for _, c := range []struct {
		text string
		line int
		msg  string
	}{
		{"Enter =\nNope STO\n", 2, `"Nope" is not a PC key name`},
		{"# c\nTab\n", 2, "Tab: say what it does"},
		{"Enter =\n\nEnter STO\n", 3, "mapped again (first on line 1)"},
		{"F2 SQUARE\n", 1, `"SQUARE" is not a calculator key or shifted function`},
		{"'ab' STO\n", 1, "single quotes"},
		{"F2 STO RCL\n", 1, "two words are SHIFT and a key"},
		{"F2 SHIFT STO RCL\n", 1, "too many words"},
		{"F2 SHIFT RND\n", 1, `"RND" is not a calculator key`},
	} {
		_, err := ParseKeyMap("keymap.txt", c.text, known)
		var ke *KeyMapError
		require.ErrorAs(t, err, &ke, c.text)
		assert.Equal(t, c.line, ke.Line, c.text)
		assert.Contains(t, ke.Error(), c.msg, c.text)
		assert.True(t, strings.HasPrefix(ke.Error(), "keymap.txt:"), ke.Error())
	}
}
