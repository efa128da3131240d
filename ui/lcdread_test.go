package ui

import (
	"github.com/hp17b/hp17b/ui/lcd"
	"github.com/hp17b/hp17b/ui/lcdtest"
)

// The LCD's reader and the label geometry, under the names this package's
// tests use: the reader is package lcdtest's, the dot matrix package lcd's.

// LCDText is what a dot matrix says (lcdtest.Text).
type LCDText = lcdtest.Text

// ReadLCD reads the text back from the dots (lcdtest.Read).
func ReadLCD(d *Dots) LCDText { return lcdtest.Read(d) }

// ShownLabel is the label text the display shows for s
// (lcdtest.ShownLabel).
func ShownLabel(s string) string { return lcdtest.ShownLabel(s) }

const (
	labelW    = lcd.LabelWidth
	labelStep = lcd.LabelStep
	labelY    = lcd.LabelTop
)

func labelFit(s string, budget int) ([]rune, []int, int) { return lcd.LabelFit(s, budget) }

func normalize(r rune) rune { return lcd.Normalize(r) }
