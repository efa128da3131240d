// Package emulator is the HP-17BII as a machine: keys in, display frames
// out. It models number entry, ALG chain arithmetic and the RPN stack,
// registers, display modes, the MAIN menu and its applications (FIN, BUS,
// SUM, TIME, SOLVE, CURRX), the printer, and continuous memory, each
// application owning its section of the state file. It draws nothing: a
// Frame is plain data that the window, the browser and the terminal
// render. The SOLVE list it starts with is its caller's (New).
package emulator

import "fmt"

// Key is one of the calculator's 37 keys, by its stable name.
type Key int

// The keys, row by row as on the keyboard (the HP 17bII+ owner's manual,
// pp.14–17). Each one's names and labels, and its shifted function's, are
// in Keys.
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
