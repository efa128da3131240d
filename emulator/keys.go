// Package emulator is the HP-17BII as a machine: keys in, display frames
// out. It models number entry, ALG chain arithmetic, registers, display
// modes, the MAIN menu and the SOLVE application (equation list, entry and
// editing, CALC, menu-key store and solve), and continuous memory. It draws
// nothing: a Frame is plain data that the window and the terminal render.
//
// It imports solver, hp17b, fin and stat; the SOLVE list it starts with
// is its caller's (New).
package emulator

import (
	"fmt"
	"strings"
)

// Key is one of the calculator's 37 keys, by its stable name.
type Key int

// The keys, row by row as on the keyboard (hp17b-facts §2). The shifted
// function of each is given in Shifted.
const (
	KeyF1 Key = iota // menu keys, left to right
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeySTO // row 2
	KeyRCL
	KeyPercent
	KeyDSP
	KeyPRT
	KeyEXIT
	KeyINPUT // row 3 (double width)
	KeyChs   // +/-
	KeyLParen
	KeyRParen
	KeyBack // ←
	KeyUp   // row 4
	Key7
	Key8
	Key9
	KeyDiv
	KeyDown // row 5
	Key4
	Key5
	Key6
	KeyMul
	KeyShift // row 6
	Key1
	Key2
	Key3
	KeySub
	KeyCLR // row 7
	Key0
	KeyDot
	KeyEquals
	KeyAdd
	NumKeys // the number of keys: 37
)

// KeyInfo describes a key: its stable name, its printed label and the gold
// shifted label above it ("" when it has none).
type KeyInfo struct {
	Name, Label, Shifted string
}

// Keys lists every key's description, indexed by Key.
var Keys = [NumKeys]KeyInfo{
	{"F1", "", ""}, {"F2", "", ""}, {"F3", "", ""}, {"F4", "", ""}, {"F5", "", ""}, {"F6", "", ""},
	{"STO", "STO", ""}, {"RCL", "RCL", "RND"}, {"%", "%", "MATH"}, {"DSP", "DSP", "MODES"},
	{"PRT", "PRT", "PRINTER"}, {"EXIT", "EXIT", "MAIN"},
	{"INPUT", "INPUT", "CLEAR DATA"}, {"+/-", "+/-", "E"}, {"(", "(", "R↓"}, {")", ")", "x≷y"}, {"BACK", "←", ""},
	{"UP", "▲", ""}, {"7", "7", ""}, {"8", "8", ""}, {"9", "9", ""}, {"÷", "÷", "1/x"},
	{"DOWN", "▼", ""}, {"4", "4", ""}, {"5", "5", ""}, {"6", "6", ""}, {"×", "×", "yˣ"},
	{"SHIFT", "", ""}, {"1", "1", ""}, {"2", "2", ""}, {"3", "3", ""}, {"-", "−", "√x"},
	{"CLR", "CLR", "OFF"}, {"0", "0", "MEM"}, {".", ".", "SHOW"}, {"=", "=", "LAST"}, {"+", "+", "x²"},
}

// Rows gives the keyboard layout: the keys of each row, left to right.
var Rows = [][]Key{
	{KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6},
	{KeySTO, KeyRCL, KeyPercent, KeyDSP, KeyPRT, KeyEXIT},
	{KeyINPUT, KeyChs, KeyLParen, KeyRParen, KeyBack},
	{KeyUp, Key7, Key8, Key9, KeyDiv},
	{KeyDown, Key4, Key5, Key6, KeyMul},
	{KeyShift, Key1, Key2, Key3, KeySub},
	{KeyCLR, Key0, KeyDot, KeyEquals, KeyAdd},
}

// String gives the key's stable name.
func (k Key) String() string {
	if k < 0 || k >= NumKeys {
		return fmt.Sprintf("Key(%d)", int(k))
	}
	return Keys[k].Name
}

// keyAliases are the other names a script may use.
var keyAliases = map[string]Key{
	"*": KeyMul, "/": KeyDiv, "−": KeySub, "←": KeyBack, "▲": KeyUp, "▼": KeyDown,
	"CHS": KeyChs, "ENTER": KeyEquals,
}

// KeyByName finds a key by its stable name or an alias (case-insensitive
// for letters): "F3", "STO", "×" or "*", "BACK" or "←".
func KeyByName(name string) (Key, bool) {
	for k := Key(0); k < NumKeys; k++ {
		if strings.EqualFold(Keys[k].Name, name) {
			return k, true
		}
	}
	k, ok := keyAliases[strings.ToUpper(name)]
	return k, ok
}

// digitKey returns the key of a digit.
func digitKey(d byte) Key {
	return [...]Key{Key0, Key1, Key2, Key3, Key4, Key5, Key6, Key7, Key8, Key9}[d-'0']
}

// keyDigit returns the digit of a digit key.
func keyDigit(k Key) (byte, bool) {
	for d := byte('0'); d <= '9'; d++ {
		if digitKey(d) == k {
			return d, true
		}
	}
	return 0, false
}
