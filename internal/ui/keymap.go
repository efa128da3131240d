package ui

import (
	"github.com/hp17b/hp17b/emulator"
)

// Action is what a PC key or a typed character does: press a calculator
// key (after the shift key when Shift is set), type Text into the equation
// being edited, move its cursor (Cursor), or toggle the key-map overlay
// (Help).
type Action struct {
	Key    emulator.Key
	Shift  bool
	Text   string
	Cursor *emulator.CursorMove
	Help   bool
	// Paper shows or hides the print-out panel (F9).
	Paper bool
	// About shows or hides the About overlay (F12).
	About bool
	// WithCLR presses Key while CLR is held down (the self-test's chords,
	// emulator.Machine.PressHeld).
	WithCLR bool
}

// window reports whether the action is the window's own (the paper, the
// key map, About) rather than the calculator's.
func (a Action) window() bool { return a.Paper || a.Help || a.About }

// editKeys are the text-field keys of the equation editor.
var editKeys = map[string]emulator.CursorMove{
	"ArrowLeft": emulator.CursorLeft, "ArrowRight": emulator.CursorRight,
	"Home": emulator.CursorHome, "End": emulator.CursorEnd, "Delete": emulator.CursorDelete,
}

// defaultKeyMap is the map NamedKeyAction and CharAction read.
var defaultKeyMap = DefaultKeyMap()

// NamedKeyAction maps a PC key that types no character by the default key
// map (KeyMap.Named).
func NamedKeyAction(name string, editing bool) (Action, bool) {
	return defaultKeyMap.Named(name, editing)
}

// Repeats reports whether holding the PC key repeats it (Backspace, Delete
// and the arrows, as a text field's keys do).
func Repeats(name string) bool {
	switch name {
	case "Backspace", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown":
		return true
	}
	return false
}

// CharAction maps a typed character by the default key map
// (KeyMap.Char).
func CharAction(r rune, editing bool) (Action, bool) { return defaultKeyMap.Char(r, editing) }

// KeyMapHelp is the overlay that '?' shows for the default key map
// (KeyMap.Help); in RPN mode (rpn) Enter and = are ENTER.
func KeyMapHelp(rpn bool) string { return defaultKeyMap.Help(rpn) }

// KeyLabels gives the labels the window draws on key k and above it in
// gold: the calculator's own (emulator.Keys), except that in RPN mode the =
// key reads ENTER, its lower label on the HP-17BII's keyboard (C.
// Finseth's HP-17BII data page).
func KeyLabels(k emulator.Key, rpn bool) (label, shifted string) {
	info := emulator.Keys[k]
	if rpn && k == emulator.KeyEquals {
		return "ENTER", info.Shifted
	}
	return info.Label, info.Shifted
}
