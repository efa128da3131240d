package emulator

import (
	"strings"
	"unicode/utf8"
)

// Width is the top line's width in characters (docs/facts.md, Display).
const Width = 22

// Frame is what the LCD shows: the top line, the six menu labels (or a
// second message line in their place), the annunciators, and the editing
// cursor. It is plain data; the window and the terminal draw it.
type Frame struct {
	// Top is the calculator line, at most Width characters.
	Top string
	// Labels are the six menu labels, "" for a blank key.
	Labels [6]string
	// Bottom, when not empty, is a message shown on the second line in
	// place of the labels (such as "PRESS CLR TO VIEW").
	Bottom string
	// Cursor is the character position of the editing cursor on the top
	// line, or -1 when there is none.
	Cursor int
	// Shift is the shift annunciator; Busy shows while the Solver works;
	// Alarm, the ((•)) annunciator, while an appointment's alarm rings or
	// one is past due (clock.go); Ringing while an alarm rings (its
	// message shows until a key acknowledges it).
	Shift, Busy, Alarm, Ringing bool
	// RPN is set while the keyboard calculates in RPN (MODES RPN): the =
	// key is ENTER.
	RPN bool
	// Off is set once OFF (shifted CLR) was pressed, until the next key
	// turns the calculator on again: the window then closes, continuous
	// memory kept.
	Off bool
	// Beeps counts the beeper's sounds since the calculator started: one
	// for each error message and each alarm that rings, while MODES BEEP
	// is on. A window plays a beep whenever it grows.
	Beeps uint64
}

// MenuLine gives the second line as `hp17b keys` prints it: the labels
// separated by single spaces with blank labels as "-", or the message that
// replaces them.
func (f Frame) MenuLine() string {
	if f.Bottom != "" {
		return f.Bottom
	}
	parts := make([]string, 6)
	for i, l := range f.Labels {
		if l == "" {
			l = "-"
		}
		parts[i] = l
	}
	return strings.Join(parts, " ")
}

// String gives the two lines, as `hp17b keys` prints them.
func (f Frame) String() string { return f.Top + "\n" + f.MenuLine() }

// fit cuts s to the display width.
func fit(s string) string {
	if utf8.RuneCountInString(s) <= Width {
		return s
	}
	return string([]rune(s)[:Width])
}

// fitRight keeps the last Width characters (a long chain or entry shows its
// end, where typing happens).
func fitRight(s string) string {
	r := []rune(s)
	if len(r) <= Width {
		return s
	}
	return string(r[len(r)-Width:])
}
