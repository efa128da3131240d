package ui

import (
	"github.com/hp17b/hp17b/emulator"
)

// Action is what a PC key or a typed character does: press a calculator
// key (after the shift key when Shift is set), type Text into the equation
// being edited, move its cursor (Cursor), or one of the window's own
// actions (the key map overlay, the paper, About, the heaps panel, the
// window's menu).
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
	// Panel hides or shows the heaps panel (F8).
	Panel bool
	// Menu opens the window's menu (F10, or a right click).
	Menu bool
	// WithCLR presses Key while CLR is held down (the self-test's chords,
	// emulator.Machine.PressHeld).
	WithCLR bool
	// Cancel makes EXIT cancel a pending shift instead (the PC's Escape
	// after Control was tapped): shift EXIT (MAIN) has PC keys of its own.
	Cancel bool
	// Game is one of the heaps panel's buttons (New Game, Undo, Redo,
	// Hint, Why), pressed from the keyboard.
	Game GameCommand
	// Record starts recording keys, or stops and keeps the recording
	// (F7; record.go).
	Record bool
	// Line moves the cursor of the equation being edited by Line lines of
	// the whole-equation view (negative: up), a line being LineCols
	// characters (EditGrid.LineMove): the PC's ↑ and ↓ while the view
	// shows.
	Line, LineCols int
}

// GameCommand is a button of the heaps panel, for a PC key (Action.Game);
// the zero value is none.
type GameCommand int

// The heaps panel's buttons, in the panel's order.
const (
	GameNone GameCommand = iota
	GameNew
	GameUndo
	GameRedo
	GameHint
	GameWhy
)

// gameWords are the key map file's words for the panel's buttons and the
// overlay's for what they do.
var gameWords = [...]struct{ word, what string }{
	GameNew: {"NEWGAME", "New Game (heaps panel)"}, GameUndo: {"UNDO", "Undo (heaps panel)"},
	GameRedo: {"REDO", "Redo (heaps panel)"}, GameHint: {"HINT", "Hint (heaps panel)"}, GameWhy: {"WHY", "Why (heaps panel)"},
}

// window reports whether the action is the window's own (the paper, the
// key map, About, the panel, the menu) rather than the calculator's.
func (a Action) window() bool {
	return a.Paper || a.Help || a.About || a.Panel || a.Menu || a.Game != GameNone || a.Record
}

// Function is the calculator's function the action presses (a key, after
// shift when Shift), for actions that press one.
func (a Action) Function() emulator.Function {
	return emulator.Function{Key: a.Key, Shifted: a.Shift}
}

// editKeys are the text-field keys of the equation editor.
var editKeys = map[string]emulator.CursorMove{
	"ArrowLeft": emulator.CursorLeft, "ArrowRight": emulator.CursorRight,
	"Home": emulator.CursorHome, "End": emulator.CursorEnd, "Delete": emulator.CursorDelete,
}

// WordMove maps a PC key pressed with Control while an equation is typed:
// Ctrl+← and Ctrl+→ move by names and numbers, as a PC text field's do.
func WordMove(name string) (emulator.CursorMove, bool) {
	switch name {
	case "ArrowLeft":
		return emulator.CursorWordLeft, true
	case "ArrowRight":
		return emulator.CursorWordRight, true
	}
	return 0, false
}

// defaultKeyMap is the map NamedKeyAction and CharAction read.
var defaultKeyMap = DefaultKeyMap()

// NamedKeyAction maps a PC key that types no character by the default key
// map (KeyMap.Named).
func NamedKeyAction(name string, editing bool) (Action, bool) {
	return defaultKeyMap.Named(name, editing)
}

// Repeats reports whether holding a key that does a repeats it: the
// calculator's ▲, ▼ and ← (as the calculator repeats them) and the
// equation editor's cursor keys.
func Repeats(a Action) bool {
	if a.Cursor != nil || a.Line != 0 {
		return true
	}
	if a.Text != "" || a.window() || a.Shift || a.WithCLR {
		return false
	}
	return a.Key == emulator.KeyUp || a.Key == emulator.KeyDown || a.Key == emulator.KeyBack
}

// CharAction maps a typed character by the default key map
// (KeyMap.Char).
func CharAction(r rune, editing bool) (Action, bool) { return defaultKeyMap.Char(r, editing) }
