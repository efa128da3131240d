package ui

import (
	"fmt"
	"strings"

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
}

// namedKeys maps PC keys (by Ebitengine's names) to calculator keys, after
// Emu42's PC keyboard map (hp17b-facts §2). Either Control key is the gold
// shift key.
var namedKeys = map[string]emulator.Key{
	"Enter": emulator.KeyEquals, "NumpadEnter": emulator.KeyEquals, "Backspace": emulator.KeyBack,
	"Escape": emulator.KeyEXIT, "Delete": emulator.KeyCLR, "Tab": emulator.KeyINPUT,
	"ArrowUp": emulator.KeyUp, "ArrowDown": emulator.KeyDown,
	"F1": emulator.KeyF1, "F2": emulator.KeyF2, "F3": emulator.KeyF3,
	"F4": emulator.KeyF4, "F5": emulator.KeyF5, "F6": emulator.KeyF6,
	"ControlLeft": emulator.KeyShift, "ControlRight": emulator.KeyShift,
}

// editKeys are the text-field keys of the equation editor.
var editKeys = map[string]emulator.CursorMove{
	"ArrowLeft": emulator.CursorLeft, "ArrowRight": emulator.CursorRight,
	"Home": emulator.CursorHome, "End": emulator.CursorEnd, "Delete": emulator.CursorDelete,
}

// NamedKeyAction maps a PC key that types no character. While an equation
// is being entered or edited the keys work as in a text field: Left, Right,
// Home and End move the cursor, Delete removes the character at it, Enter
// is INPUT, Backspace ← and Escape EXIT.
func NamedKeyAction(name string, editing bool) (Action, bool) {
	if editing {
		if mv, ok := editKeys[name]; ok {
			return Action{Cursor: &mv}, true
		}
		if name == "Enter" || name == "NumpadEnter" {
			return Action{Key: emulator.KeyINPUT}, true
		}
	}
	if name == "F9" {
		return Action{Paper: true}, true
	}
	k, ok := namedKeys[name]
	return Action{Key: k}, ok
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

var charKeys = map[rune]Action{
	'.': {Key: emulator.KeyDot}, ',': {Key: emulator.KeyDot}, '+': {Key: emulator.KeyAdd},
	'-': {Key: emulator.KeySub}, '*': {Key: emulator.KeyMul}, '/': {Key: emulator.KeyDiv},
	'^': {Key: emulator.KeyMul, Shift: true}, '(': {Key: emulator.KeyLParen},
	')': {Key: emulator.KeyRParen}, '=': {Key: emulator.KeyEquals}, '%': {Key: emulator.KeyPercent},
}

// CharAction maps a typed character. While an equation is being entered or
// edited every printable character is typed into it ('*' and '/' as × and
// ÷); otherwise digits and ". + - * / ^ ( ) = %" press their keys and '?'
// toggles the key map.
func CharAction(r rune, editing bool) (Action, bool) {
	if editing {
		switch r {
		case '*':
			return Action{Text: "×"}, true
		case '/':
			return Action{Text: "÷"}, true
		}
		if r >= ' ' && r != 0x7f {
			return Action{Text: string(r)}, true
		}
		return Action{}, false
	}
	if r >= '0' && r <= '9' {
		k, _ := emulator.KeyByName(string(r))
		return Action{Key: k}, true
	}
	if r == '?' {
		return Action{Help: true}, true
	}
	a, ok := charKeys[r]
	return a, ok
}

// KeyMapHelp is the overlay that '?' shows; in RPN mode (rpn) Enter and =
// are ENTER.
func KeyMapHelp(rpn bool) string {
	enter := "Enter ="
	if rpn {
		enter = "Enter or = ENTER"
	}
	return fmt.Sprintf(keyMapHelp, enter)
}

// keyMapHelp is the overlay's text; %s is what the Enter key does.
var keyMapHelp = strings.TrimSpace(`
PC KEYBOARD
0-9 . + - * / ^ ( ) = %%   those keys
%s · Backspace ← · Tab INPUT
Escape EXIT · Delete CLR · Ctrl shift
Ctrl+C copy · Ctrl+V paste (number, equations)
F9 the printer's paper (the wheel scrolls it)
Arrow up/down ▲ ▼ · F1-F6 menu keys
Letters type into an equation (NEW/EDIT);
there Left Right Home End move, Delete
deletes, Enter is INPUT, Escape EXIT
Click a match to take it and those right of it
? or Escape hides this map`)

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
