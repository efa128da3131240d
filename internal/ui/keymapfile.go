package ui

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/hp17b/hp17b/emulator"
)

// KeyMap is the PC keyboard's map, as a file a user can edit (after
// Free42's keymap.txt): what each named PC key (by Ebitengine's key names:
// Enter, Tab, ArrowUp, F1, …) and each typed character does while no
// equation is being typed. While one is typed the keys work as in a text
// field (NamedKeyAction), whatever the map says.
//
// The file has one entry a line: the PC key (a name, or one character in
// single quotes), then what it does: a calculator key by its name in key
// scripts (STO, BACK, UP, ×, =, …), SHIFT and a key for a shifted
// function, PAPER (the print-out panel), HELP (the key map overlay) or
// ABOUT (the version, licence and address).
// '#' starts a comment line. A key not in the file does nothing.
type KeyMap struct {
	entries []keyEntry
	named   map[string]Action
	chars   map[rune]Action
}

// keyEntry is one line of a key map: a named PC key or a character.
type keyEntry struct {
	name   string
	char   rune
	action Action
}

func (e keyEntry) pcKey() string {
	if e.name != "" {
		return e.name
	}
	return "'" + string(e.char) + "'"
}

// defaultEntries is the map a fresh installation uses, after Emu42's PC
// keyboard map (hp17b-facts §2): Enter =, Backspace ←, Escape EXIT,
// Delete CLR, Tab INPUT, the arrows ▲ ▼, F1–F6 the menu keys, Control
// the gold shift key, the digits and ". , + - * / ^ ( ) = %" their keys,
// F9 the paper, F12 About, '?' the overlay.
func defaultEntries() []keyEntry {
	k := func(key emulator.Key) Action { return Action{Key: key} }
	es := []keyEntry{
		{name: "Enter", action: k(emulator.KeyEquals)}, {name: "NumpadEnter", action: k(emulator.KeyEquals)},
		{name: "Backspace", action: k(emulator.KeyBack)}, {name: "Escape", action: k(emulator.KeyEXIT)},
		{name: "Delete", action: k(emulator.KeyCLR)}, {name: "Tab", action: k(emulator.KeyINPUT)},
		{name: "ArrowUp", action: k(emulator.KeyUp)}, {name: "ArrowDown", action: k(emulator.KeyDown)},
	}
	for i := range 6 {
		es = append(es, keyEntry{name: fmt.Sprintf("F%d", i+1), action: k(emulator.KeyF1 + emulator.Key(i))})
	}
	es = append(es,
		keyEntry{name: "ControlLeft", action: k(emulator.KeyShift)}, keyEntry{name: "ControlRight", action: k(emulator.KeyShift)},
		keyEntry{name: "F9", action: Action{Paper: true}}, keyEntry{name: "F12", action: Action{About: true}})
	for d := '0'; d <= '9'; d++ {
		key, _ := emulator.KeyByName(string(d))
		es = append(es, keyEntry{char: d, action: k(key)})
	}
	for _, c := range []struct {
		r rune
		a Action
	}{
		{'.', k(emulator.KeyDot)}, {',', k(emulator.KeyDot)}, {'+', k(emulator.KeyAdd)}, {'-', k(emulator.KeySub)},
		{'*', k(emulator.KeyMul)}, {'/', k(emulator.KeyDiv)}, {'^', Action{Key: emulator.KeyMul, Shift: true}},
		{'(', k(emulator.KeyLParen)}, {')', k(emulator.KeyRParen)}, {'=', k(emulator.KeyEquals)},
		{'%', k(emulator.KeyPercent)}, {'?', Action{Help: true}},
	} {
		es = append(es, keyEntry{char: c.r, action: c.a})
	}
	return es
}

// DefaultKeyMap returns the map used when no key map file is given.
func DefaultKeyMap() *KeyMap { return newKeyMap(defaultEntries()) }

func newKeyMap(es []keyEntry) *KeyMap {
	k := &KeyMap{entries: es, named: map[string]Action{}, chars: map[rune]Action{}}
	for _, e := range es {
		if e.name != "" {
			k.named[e.name] = e.action
		} else {
			k.chars[e.char] = e.action
		}
	}
	return k
}

// Named maps a PC key that types no character: while an equation is
// being typed, as a text field's key (Left, Right, Home, End, Delete;
// Enter is INPUT), otherwise as the map says.
func (k *KeyMap) Named(name string, editing bool) (Action, bool) {
	if editing {
		if mv, ok := editKeys[name]; ok {
			return Action{Cursor: &mv}, true
		}
		if name == "Enter" || name == "NumpadEnter" {
			return Action{Key: emulator.KeyINPUT}, true
		}
	}
	a, ok := k.named[name]
	return a, ok
}

// Char maps a typed character: while an equation is being typed every
// printable character goes into it ('*' and '/' as × and ÷), otherwise
// as the map says.
func (k *KeyMap) Char(r rune, editing bool) (Action, bool) {
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
	a, ok := k.chars[r]
	return a, ok
}

// actionName writes an action as the file does.
func actionName(a Action) string {
	switch {
	case a.Paper:
		return "PAPER"
	case a.Help:
		return "HELP"
	case a.About:
		return "ABOUT"
	case a.Shift:
		return "SHIFT " + emulator.Keys[a.Key].Name
	}
	return emulator.Keys[a.Key].Name
}

// String writes the map as a key map file that ParseKeyMap reads back.
func (k *KeyMap) String() string {
	var b strings.Builder
	b.WriteString(keyMapFileHeader)
	for _, e := range k.entries {
		fmt.Fprintf(&b, "%-14s %s\n", e.pcKey(), actionName(e.action))
	}
	return b.String()
}

// keyMapFileHeader opens a written key map file.
const keyMapFileHeader = `# hp17b key map: one PC key a line, then what it does.
# PC key: Ebitengine's key name (Enter, Tab, ArrowUp, F1, A, Digit1, ...) or one
# typed character in single quotes ('%'). What it does: a calculator key by
# its name in key scripts (STO RCL % DSP PRT EXIT INPUT +/- ( ) BACK UP DOWN
# SHIFT CLR 0-9 . = + - × ÷ F1-F6), SHIFT and a key for a shifted function,
# PAPER (the print-out panel), HELP (this map over the calculator) or ABOUT.
# While an equation is typed, keys work as in a text field whatever this says.
`

// WriteDefaultKeyMap writes the built-in key map (DefaultKeyMap) as a key
// map file to path, or to stdout when path is "-". The error is the
// file's.
func WriteDefaultKeyMap(path string, stdout io.Writer) error {
	text := DefaultKeyMap().String()
	if path == "-" {
		_, err := io.WriteString(stdout, text)
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// KeyMapError is a bad line of a key map file: File names the file, Line
// is its line number (1 first), Msg says what is wrong and what to write.
type KeyMapError struct {
	File string
	Line int
	Msg  string
}

// Error gives "FILE:LINE: message".
func (e *KeyMapError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ParseKeyMap reads a key map file; file names it in errors. knownKey
// says whether a PC key name exists (nil accepts any). The first bad line
// gives a *KeyMapError with its line number; a PC key given twice is one.
func ParseKeyMap(file, text string, knownKey func(string) bool) (*KeyMap, error) {
	var es []keyEntry
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		bad := func(format string, args ...any) (*KeyMap, error) {
			return nil, &KeyMapError{File: file, Line: n, Msg: fmt.Sprintf(format, args...)}
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var e keyEntry
		var rest string
		if strings.HasPrefix(line, "'") {
			r, size := utf8.DecodeRuneInString(line[1:])
			if size == 0 || !strings.HasPrefix(line[1+size:], "'") {
				return bad("a character is written in single quotes, as '%%'")
			}
			e.char, rest = r, line[2+size:]
		} else {
			fields := strings.Fields(line)
			e.name, rest = fields[0], strings.TrimPrefix(line, fields[0])
			if knownKey != nil && !knownKey(e.name) {
				return bad("%q is not a PC key name (Enter, Tab, ArrowUp, F1, A, Digit1, ...)", e.name)
			}
		}
		if first, dup := seen[e.pcKey()]; dup {
			return bad("%s is mapped again (first on line %d)", e.pcKey(), first)
		}
		seen[e.pcKey()] = n
		words := strings.Fields(rest)
		switch {
		case len(words) == 0:
			return bad("%s needs what it does: a calculator key, SHIFT and a key, PAPER, HELP or ABOUT", e.pcKey())
		case len(words) == 1 && strings.EqualFold(words[0], "PAPER"):
			e.action = Action{Paper: true}
		case len(words) == 1 && strings.EqualFold(words[0], "HELP"):
			e.action = Action{Help: true}
		case len(words) == 1 && strings.EqualFold(words[0], "ABOUT"):
			e.action = Action{About: true}
		case len(words) <= 2:
			if len(words) == 2 {
				if !strings.EqualFold(words[0], "SHIFT") {
					return bad("%q: two words are SHIFT and a key", strings.Join(words, " "))
				}
				e.action.Shift = true
				words = words[1:]
			}
			key, ok := emulator.KeyByName(words[0])
			if !ok {
				return bad("%q is not a calculator key (STO, BACK, UP, ×, =, F1, ...)", words[0])
			}
			e.action.Key = key
		default:
			return bad("too many words after %s: a key, SHIFT and a key, PAPER or HELP", e.pcKey())
		}
		es = append(es, e)
	}
	return newKeyMap(es), nil
}

// Help is the key map overlay drawn from the map: each PC key and what it
// does (F1–F6 on the menu keys and the digits on theirs as one entry
// each), then what holds whatever the map says. In RPN mode (rpn) the =
// key is named ENTER.
func (k *KeyMap) Help(rpn bool) string {
	var items, helpKeys []string
	menuKeys, digits := 0, 0
	for _, e := range k.entries {
		if e.action.Help {
			helpKeys = append(helpKeys, e.pcKey())
		}
		plain := !e.action.Shift && !e.action.window()
		if e.name == "" && e.char == '0'+rune(digits) && plain && emulator.Keys[e.action.Key].Name == string(e.char) {
			if digits++; digits == 10 {
				items = append(items, "0-9 digits")
			}
			continue
		}
		if e.name == fmt.Sprintf("F%d", menuKeys+1) && plain && e.action.Key == emulator.KeyF1+emulator.Key(menuKeys) {
			if menuKeys++; menuKeys == 6 {
				items = append(items, "F1-F6 menu keys")
			}
			continue
		}
		what := actionName(e.action)
		if rpn && plain && e.action.Key == emulator.KeyEquals {
			what = "ENTER"
		}
		items = append(items, e.pcKey()+" "+what)
	}
	var lines []string
	line := ""
	for _, it := range items {
		if line != "" && utf8.RuneCountInString(line)+3+utf8.RuneCountInString(it) > 46 {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " · "
		}
		line += it
	}
	if line != "" {
		lines = append(lines, line)
	}
	return "PC KEYBOARD\n" + strings.Join(lines, "\n") + "\n" + keyMapHelpTail +
		strings.Join(append(helpKeys, "Escape"), " or ") + " hides this map"
}

// keyMapHelpTail is the overlay's part that no key map changes.
const keyMapHelpTail = `Ctrl+C copy · Ctrl+V paste · Ctrl tapped: shift
Ctrl+S save the SOLVE list · Ctrl+Q quit (OFF too)
Ctrl+N new calculator · Ctrl+Shift+S save it as
Letters type into an equation (NEW/EDIT);
there Left Right Home End move, Delete
deletes, Enter is INPUT, Escape EXIT
Click a match to take it and those right of it
`
