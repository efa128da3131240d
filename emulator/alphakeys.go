package emulator

import (
	"fmt"
	"strings"
)

// TextKeys returns the keystrokes that type text into an equation on the
// calculator, starting in the ALPHA menu (where NEW and EDIT leave it):
// a letter is its group's menu key then the letter's; a digit and . + - ×
// ÷ ( ) = are the keyboard's own keys; ^ is shift ×; a space is FGHI's
// fifth key; : < > # % Σ $ ~ & are found on OTHER's pages (WXYZ, OTHER,
// MORE as needed). Every letter and character leaves the ALPHA menu as it
// was, so the keystrokes of a text are those of its characters one after
// another. A character the keyboard cannot type is an error that says
// where it is (1-based) and what to write instead. Source: the ALPHA menus
// of editor.go (17bII+ owner's manual, "Typing Words and Characters").
func TextKeys(text string) ([]Key, error) {
	var keys []Key
	for i, r := range []rune(text) {
		k, err := charKeys(r)
		if err != nil {
			return nil, fmt.Errorf("character %d %q: %v", i+1, r, err)
		}
		keys = append(keys, k...)
	}
	return keys, nil
}

// charKeys are the keystrokes of one character from the ALPHA menu.
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
