package ui

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/files"
)

// KeyMap is the PC keyboard's map, as a file a user can edit (after
// Free42's keymap.txt): what each named PC key (by Ebitengine's key names:
// Enter, Tab, ArrowUp, F1, …) and each typed character does while no
// equation is being typed. While one is typed the keys work as in a text
// field (NamedKeyAction), whatever the map says.
//
// The file has one entry a line: the PC key (a name, or one character in
// single quotes), then what it does: a calculator key or a shifted
// function by its name in key scripts, the one vocabulary of
// emulator.Keys (STO, BACK, UP, ×, =, RND, MAIN, 1/X, …), or one of the
// window's words: PAPER (the print-out panel), HELP (the key map
// overlay), ABOUT (the version, licence and address), PANEL (the heaps
// panel) or MENU (the window's menu). '#' starts a comment line. A key not
// in the file does nothing. A file written by an earlier version, which
// named a shifted function SHIFT and its key (SHIFT RCL), still reads:
// SHIFT RCL is RND, and String writes it RND.
type KeyMap struct {
	entries []keyEntry
	named   map[string]Action
	chars   map[rune]Action
}

// keyEntry is one line of a key map (a Binding).
type keyEntry = Binding

// pcKey names the entry's PC key in messages: its name, or its character
// in single quotes.
func (e keyEntry) pcKey() string {
	if e.Name != "" {
		return e.Name
	}
	return "'" + string(e.Char) + "'"
}

// defaultEntries is the map a fresh installation uses: Emu42's PC
// keyboard map (docs/facts.md, Keyboard: Enter =, Backspace ←, Escape EXIT, Delete
// CLR, Tab INPUT, the arrows ▲ ▼, F1–F6 the menu keys), Control tapped
// alone or Space the gold shift key, the digits and ". , + - * / ^ ( ) = %"
// their keys, a letter for each other key and shifted function (s STO,
// r RCL, u RND, m MAIN, …: defaultLetters), F8 the heaps panel, F9 the
// paper, F10 the window's menu, F12 About, '?' the overlay, and a letter
// for each of the heaps panel's buttons (g New Game, z Undo, y Redo, c
// Hint, b Why). Every key, every shifted function and every button has a
// PC key.
func defaultEntries() []keyEntry {
	k := func(key emulator.Key) Action { return Action{Key: key} }
	es := []keyEntry{
		{Name: "Enter", Action: k(emulator.KeyEquals)}, {Name: "NumpadEnter", Action: k(emulator.KeyEquals)},
		{Name: "Backspace", Action: k(emulator.KeyBack)}, {Name: "Escape", Action: k(emulator.KeyEXIT)},
		{Name: "Home", Action: Action{Key: emulator.KeyEXIT, Shift: true}},
		{Name: "Delete", Action: k(emulator.KeyCLR)}, {Name: "Tab", Action: k(emulator.KeyINPUT)},
		{Name: "ArrowUp", Action: k(emulator.KeyUp)}, {Name: "ArrowDown", Action: k(emulator.KeyDown)},
	}
	for i := range 6 {
		es = append(es, keyEntry{Name: fmt.Sprintf("F%d", i+1), Action: k(emulator.KeyF1 + emulator.Key(i))})
	}
	es = append(es,
		keyEntry{Name: "ControlLeft", Action: k(emulator.KeyShift)}, keyEntry{Name: "ControlRight", Action: k(emulator.KeyShift)},
		keyEntry{Name: "Space", Action: k(emulator.KeyShift)},
		keyEntry{Name: "F8", Action: Action{Panel: true}}, keyEntry{Name: "F9", Action: Action{Paper: true}},
		keyEntry{Name: "F10", Action: Action{Menu: true}}, keyEntry{Name: "F12", Action: Action{About: true}},
		keyEntry{Name: "F7", Action: Action{Record: true}})
	for d := '0'; d <= '9'; d++ {
		key, _ := emulator.KeyByName(string(d))
		es = append(es, keyEntry{Char: d, Action: k(key)})
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
		es = append(es, keyEntry{Char: c.r, Action: c.a})
	}
	for _, l := range defaultLetters {
		f, _ := emulator.FunctionByName(l.name)
		es = append(es, keyEntry{Char: l.r, Action: Action{Key: f.Key, Shift: f.Shifted}})
	}
	// The heaps panel's buttons: g New Game, z Undo, y Redo (as Ctrl+Z and
	// Ctrl+Y undo and redo elsewhere), c Hint (a clue), b Why (the bits).
	for _, g := range []struct {
		r rune
		c GameCommand
	}{{'g', GameNew}, {'z', GameUndo}, {'y', GameRedo}, {'c', GameHint}, {'b', GameWhy}} {
		es = append(es, keyEntry{Char: g.r, Action: Action{Game: g.c}})
	}
	return es
}

// defaultLetters give the keys with no PC key of their own and the
// shifted functions a letter each, after their names: a letter typed in
// either case (Caps Lock on or off).
var defaultLetters = []struct {
	r    rune
	name string
}{
	{'s', "STO"}, {'r', "RCL"}, {'d', "DSP"}, {'p', "PRT"}, {'n', "+/-"},
	{'u', "RND"}, {'a', "MATH"}, {'o', "MODES"}, {'t', "PRINTER"}, {'m', "MAIN"},
	{'k', "CLEARDATA"}, {'e', "E"}, {'v', "RDN"}, {'x', "X<>Y"}, {'i', "1/X"},
	{'q', "SQRT"}, {'w', "X^2"}, {'f', "MEM"}, {'h', "SHOW"}, {'l', "LAST"},
}

// DefaultKeyMap returns the map used when no key map file is given.
func DefaultKeyMap() *KeyMap { return newKeyMap(defaultEntries()) }

func newKeyMap(es []keyEntry) *KeyMap {
	k := &KeyMap{entries: es, named: map[string]Action{}, chars: map[rune]Action{}}
	for _, e := range es {
		if e.Name != "" {
			k.named[e.Name] = e.Action
		} else {
			k.chars[e.Char] = e.Action
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
	if ok && a.Key == emulator.KeyEXIT && !a.Shift && !a.window() {
		a.Cancel = true // a PC key's EXIT first cancels a pending shift
	}
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
	if !ok && unicode.IsLetter(r) {
		// A letter is mapped in either case unless the file maps both.
		if a, ok = k.chars[unicode.ToLower(r)]; !ok {
			a, ok = k.chars[unicode.ToUpper(r)]
		}
	}
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
	case a.Panel:
		return "PANEL"
	case a.Menu:
		return "MENU"
	case a.Game != GameNone:
		return gameWords[a.Game].word
	case a.Record:
		return "RECORD"
	}
	return a.Function().String()
}

// windowWords are the key map file's words for the window's own actions.
var windowWords = map[string]Action{
	"PAPER": {Paper: true}, "HELP": {Help: true}, "ABOUT": {About: true}, "PANEL": {Panel: true}, "MENU": {Menu: true},
	"RECORD": {Record: true}, "NEWGAME": {Game: GameNew}, "UNDO": {Game: GameUndo}, "REDO": {Game: GameRedo}, "HINT": {Game: GameHint}, "WHY": {Game: GameWhy},
}

// String writes the map as a key map file that ParseKeyMap reads back,
// each action by its name (actionName).
func (k *KeyMap) String() string {
	var b strings.Builder
	b.WriteString(keyMapFileHeader())
	for _, e := range k.entries {
		fmt.Fprintf(&b, "%-14s %s\n", e.pcKey(), actionName(e.Action))
	}
	return b.String()
}

// keyMapFileHeader opens a written key map file; its lists of names are
// the vocabulary's (emulator.Functions).
func keyMapFileHeader() string {
	var keys, shifted []string
	rnd := emulator.Function{Key: emulator.KeyRCL, Shifted: true}
	for _, f := range emulator.Functions() {
		name := f.String()
		switch {
		case f.Shifted:
			shifted = append(shifted, name)
		case f.Key >= emulator.KeyF1 && f.Key <= emulator.KeyF6:
			name = "F1-F6"
		case len(name) == 1 && name[0] >= '0' && name[0] <= '9':
			name = "0-9"
		}
		if !f.Shifted && !slices.Contains(keys, name) {
			keys = append(keys, name)
		}
	}
	text := "What it does, by its name in key scripts: a calculator key (" + strings.Join(keys, " ") +
		"), a shifted function (" + strings.Join(shifted, " ") + "), or the window's PAPER (the print-out), " +
		"HELP (this map over the calculator), ABOUT, PANEL (hide or show the heaps panel), MENU (the window's menu), " +
		"RECORD (start or stop recording keys as a key script), " +
		"or the heaps panel's buttons NEWGAME, UNDO, REDO, HINT and WHY. " +
		"An earlier version's SHIFT and a key (SHIFT RCL) still reads as the shifted function (" + rnd.String() + "). " +
		"Control as SHIFT is the shift key when tapped alone. A PC key's EXIT cancels a pending shift. " +
		"While an equation is typed, keys work as in a text field whatever this says."
	var b strings.Builder
	b.WriteString("# hp17b key map: one PC key a line, then what it does.\n")
	b.WriteString("# PC key: Ebitengine's key name (Enter, Tab, ArrowUp, F1, A, Digit1, ...) or one\n")
	b.WriteString("# typed character in single quotes ('%'; a letter counts in either case).\n")
	line := "#"
	for _, w := range strings.Fields(text) {
		if utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > 78 {
			b.WriteString(line + "\n")
			line = "#"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// WriteDefaultKeyMap writes the built-in key map (DefaultKeyMap) as a key
// map file to path, or to stdout when path is "-", by the rule for every
// file hp17b writes (files.WriteReplacing). The error is the file's.
func WriteDefaultKeyMap(path string, stdout io.Writer) error {
	text := DefaultKeyMap().String()
	if path == "-" {
		_, err := io.WriteString(stdout, text)
		return err
	}
	return files.WriteReplacing(path, []byte(text)) // a link written through, a fifo refused

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
			e.Char, rest = r, line[2+size:]
		} else {
			fields := strings.Fields(line)
			e.Name, rest = fields[0], strings.TrimPrefix(line, fields[0])
			if knownKey != nil && !knownKey(e.Name) {
				return bad("%q is not a PC key name (Enter, Tab, ArrowUp, F1, A, Digit1, ...)", e.Name)
			}
		}
		if first, dup := seen[e.pcKey()]; dup {
			return bad("%s is mapped again (first on line %d)", e.pcKey(), first)
		}
		seen[e.pcKey()] = n
		action, msg := parseAction(strings.Fields(rest))
		if msg != "" {
			return bad("%s: %s", e.pcKey(), msg)
		}
		e.Action = action
		es = append(es, e)
	}
	return newKeyMap(es), nil
}

// parseAction reads what a key map line says a PC key does: a function's
// name (emulator.FunctionByName: STO, RND, 1/X, …), an earlier version's
// SHIFT and a key (SHIFT RCL, the same as RND), or a window word; msg says
// what is wrong otherwise.
func parseAction(words []string) (a Action, msg string) {
	switch {
	case len(words) == 0:
		return a, "say what it does: a calculator key, a shifted function (RND, MAIN, 1/X, ...), PAPER, HELP, ABOUT, PANEL, MENU, NEWGAME, UNDO, REDO, HINT or WHY"
	case len(words) > 2:
		return a, "too many words: one key or shifted function (STO, RND, ...) or one of PAPER HELP ABOUT PANEL MENU NEWGAME UNDO REDO HINT WHY"
	case len(words) == 2:
		if !strings.EqualFold(words[0], "SHIFT") {
			return a, fmt.Sprintf("%q: two words are SHIFT and a key", strings.Join(words, " "))
		}
		key, ok := emulator.KeyByName(words[1])
		if !ok {
			return a, fmt.Sprintf("%q is not a calculator key (STO, BACK, UP, ×, =, F1, ...)", words[1])
		}
		return Action{Key: key, Shift: true}, ""
	}
	if w, ok := windowWords[strings.ToUpper(words[0])]; ok {
		return w, ""
	}
	f, ok := emulator.FunctionByName(words[0])
	if !ok {
		return a, fmt.Sprintf("%q is not a calculator key or shifted function (STO, BACK, ×, RND, MAIN, 1/X, ...)", words[0])
	}
	return Action{Key: f.Key, Shift: f.Shifted}, ""
}

// HelpItem is one line of the key map overlay: PC keys and what they do.
type HelpItem struct{ Keys, What string }

// Help is the key map's part of the overlay, drawn from the map: each
// action once with every PC key that does it (the digits and F1–F6 on
// their keys as one item each). In RPN mode (rpn) the = key is ENTER.
func (k *KeyMap) Help(rpn bool) []HelpItem {
	var items []HelpItem
	at := map[string]int{}
	for _, e := range k.collapsed() {
		what := e.what
		if what == "" {
			what = helpName(e.action, rpn)
		}
		if i, ok := at[what]; ok {
			if !slices.Contains(strings.Split(items[i].Keys, ", "), e.keys) {
				items[i].Keys += ", " + e.keys
			}
			continue
		}
		at[what] = len(items)
		items = append(items, HelpItem{Keys: e.keys, What: what})
	}
	return items
}

// helpEntry is a map entry as the overlay shows it.
type helpEntry struct {
	keys, what string
	action     Action
}

// collapsed lists the entries with the ten digits and F1–F6, when each is
// its own key, as one entry each.
func (k *KeyMap) collapsed() []helpEntry {
	var out []helpEntry
	digits, menuKeys := 0, 0
	for _, e := range k.entries {
		plain := !e.Action.Shift && !e.Action.window()
		if e.Name == "" && e.Char == '0'+rune(digits) && plain && emulator.Keys[e.Action.Key].Name == string(e.Char) {
			if digits++; digits == 10 {
				out = append(out, helpEntry{keys: "0-9", what: "digits"})
			}
			continue
		}
		if e.Name == fmt.Sprintf("F%d", menuKeys+1) && plain && e.Action.Key == emulator.KeyF1+emulator.Key(menuKeys) {
			if menuKeys++; menuKeys == 6 {
				out = append(out, helpEntry{keys: "F1-F6", what: "menu keys"})
			}
			continue
		}
		out = append(out, helpEntry{keys: helpKey(e), action: e.Action})
	}
	return out
}

// helpKey names a PC key as the overlay shows it.
func helpKey(e keyEntry) string {
	if e.Name == "" {
		return string(e.Char)
	}
	switch e.Name {
	case "ControlLeft", "ControlRight":
		return "Ctrl(tap)"
	case "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight":
		return strings.TrimPrefix(e.Name, "Arrow")
	case "NumpadEnter":
		return "KeypadEnter"
	}
	return e.Name
}

// helpName says what an action does, for the overlay: a window action in
// words, a calculator key or shifted function by its name in key scripts
// and the key map file (emulator.Function.String: BACK, RND, 1/X, …),
// except that in RPN mode (rpn) the = key is ENTER, the name of its lower
// label, which scripts read too.
func helpName(a Action, rpn bool) string {
	switch {
	case a.Paper:
		return "paper (print-out)"
	case a.Help:
		return "this key map"
	case a.About:
		return "about hp17b"
	case a.Panel:
		return "hide/show heaps panel"
	case a.Menu:
		return "the window's menu"
	case a.Game != GameNone:
		return gameWords[a.Game].what
	case a.Record:
		return "record keys (start/stop)"
	case rpn && a.Function() == emulator.Function{Key: emulator.KeyEquals}:
		return emulator.Keys[emulator.KeyEquals].Lower // ENTER
	}
	return a.Function().String()
}

// KeysFor names the PC keys that do a window action a (the overlay's and
// the menu's words for them: "F9", "?"), "" when none does.
func (k *KeyMap) KeysFor(a Action) string {
	var keys []string
	for _, e := range k.entries {
		if e.Action == a && !slices.Contains(keys, helpKey(e)) {
			keys = append(keys, helpKey(e))
		}
	}
	return strings.Join(keys, ", ")
}

// Binding is one entry of a key map: a named PC key (Name) or a typed
// character (Char), and what it does.
type Binding struct {
	Name   string
	Char   rune
	Action Action
}

// Bindings lists the map's entries in the file's order.
func (k *KeyMap) Bindings() []Binding {
	return slices.Clone(k.entries)
}
