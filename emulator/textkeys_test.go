package emulator

import "fmt"

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
// The tests press these keys; the program types text by EquationScript.
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
