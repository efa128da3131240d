package emulator

import (
	"fmt"
	"strings"
)

// charKeys are the keystrokes of one character from the ALPHA menu: a
// letter is its group's menu key then the letter's; a digit and . + - ×
// ÷ ( ) = are the keyboard's own keys; ^ is shift ×; a space is FGHI's
// fifth key; : < > # % Σ $ ~ & are found on OTHER's pages (WXYZ, OTHER,
// MORE as needed). Every character leaves the ALPHA menu as it was.
// Source: the ALPHA menus of editor.go (17bII+ owner's manual, "Typing
// Words and Characters").
func charKeys(r rune) ([]Key, error) {
	s := string(r)
	if r >= '0' && r <= '9' {
		return []Key{digitKey(byte(r))}, nil
	}
	for k, c := range editChars {
		if c == s {
			return []Key{k}, nil
		}
	}
	switch s {
	case "^":
		return []Key{KeyShift, KeyMul}, nil
	case " ":
		s = "SPACE"
	}
	for g, grp := range alphaGroups {
		for i, l := range grp {
			if l == s && l != "OTHER" {
				return []Key{KeyF1 + Key(g), KeyF1 + Key(i)}, nil
			}
		}
	}
	for p, page := range otherPages {
		for i, c := range page {
			if c == s {
				keys := []Key{KeyF6, KeyF5} // WXYZ, OTHER
				for range p {
					keys = append(keys, KeyF6) // MORE
				}
				return append(keys, KeyF1+Key(i)), nil
			}
		}
	}
	hint := ""
	switch s {
	case "*":
		hint = ": write × instead"
	case "/":
		hint = ": write ÷ instead"
	case "≠":
		hint = ": write <> instead"
	case "≤", "≥":
		hint = ": write <= or >= instead"
	}
	if strings.ToUpper(s) != s {
		hint = ": the calculator's letters are capitals"
	}
	return nil, fmt.Errorf("the keyboard cannot type it%s", hint)
}

// EquationScript returns the key script (docs/command-line.md, Key
// scripts) that types text into an equation from the ALPHA menu, and the
// number of keystrokes: a letter is its
// group's label then its own ("[ABCDE] [A]"), a character of OTHER is
// "[WXYZ] [OTHER]", "[MORE]" as often as needed, then its label, a space
// "[FGHI] [SPACE]", ^ is Y^X (shift ×), and digits and . + - × ÷ ( ) = are
// the keyboard's keys, a run of digits one token. A character the
// keyboard cannot type is an error that says where it is (1-based) and
// what to write instead.
// Source: the 17bII+ owner's manual, p.30 (the ALPHA menu types letters
// and characters) and p.157 (digits and operators come from the
// keyboard).
func EquationScript(text string) (script string, keystrokes int, err error) {
	var toks []string
	digits := ""
	flush := func() {
		if digits != "" {
			toks = append(toks, digits)
			digits = ""
		}
	}
	for i, r := range []rune(text) {
		keys, err := charKeys(r)
		if err != nil {
			return "", 0, fmt.Errorf("character %d %q: %v", i+1, r, err)
		}
		keystrokes += len(keys)
		if r >= '0' && r <= '9' {
			digits += string(r)
			continue
		}
		flush()
		toks = append(toks, charTokens(r, keys)...)
	}
	flush()
	return strings.Join(toks, " "), keystrokes, nil
}

// charTokens names in the key-script vocabulary the keys charKeys gave
// for r.
func charTokens(r rune, keys []Key) []string {
	s := string(r)
	switch {
	case s == "^":
		return []string{"Y^X"}
	case len(keys) == 1:
		return []string{Keys[keys[0]].Name}
	case len(keys) == 2:
		g := alphaMenu{}.labels(nil)[keys[0]-KeyF1]
		if s == " " {
			s = "SPACE"
		}
		return []string{"[" + g + "]", "[" + s + "]"}
	}
	toks := []string{"[WXYZ]", "[OTHER]"}
	for range keys[2 : len(keys)-1] {
		toks = append(toks, "[MORE]")
	}
	return append(toks, "["+s+"]")
}
