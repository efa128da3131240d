// Package ui is the window's logic without the window: the LCD as a dot
// matrix, the calculator's layout and hit testing, the PC keyboard map, the
// heaps panel for Nim programs and the controller that feeds keys to the
// calculator off the drawing goroutine. Everything here runs and is tested
// without a display; package ui/window draws it with Ebitengine, in the
// window program and in the browser build alike.
package ui

import (
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui/lcd"
)

// The LCD is 131 × 16 dots (docs/facts.md, Display); package lcd sets the
// fonts' glyphs on it.
const (
	LCDWidth  = lcd.Width
	LCDHeight = lcd.Height
)

// Dots is the LCD's dot matrix, [row][column], true for a dark dot.
type Dots = lcd.Dots

// Missing is the glyph drawn for a character a font lacks: a solid block,
// read back as '�'.
const Missing = lcd.Missing

// RenderLCD draws a frame's text on the dot matrix: the top line and the
// cursor, then the second line's message or the six menu labels.
func RenderLCD(f emulator.Frame) *Dots { return lcd.Render(f) }
