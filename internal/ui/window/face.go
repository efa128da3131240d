package window

import (
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/ui"
)

// screenLabels replaces the characters the Go fonts lack.
var screenLabels = map[string]string{"yˣ": "y^x", "x≷y": "x<>y"}

// face draws the calculator: the body, the LCD with its annunciators, the
// keys (those in snap.Pressed drawn pressed) and the menu and panel
// buttons.
func (p painter) face(l ui.Layout, snap ui.Snapshot) {
	p.rect(l.Body, colBody)
	p.rect(l.Bezel, colBezel)
	p.rect(l.LCDGlass(), colLCD)
	p.lcd(l, snap.Frame)
	p.annunciators(l, snap.Frame)
	for k := emulator.Key(0); k < emulator.NumKeys; k++ {
		p.key(l.Keys[k], k, snap.Frame.RPN, snap.Pressed.Has(k))
	}
	p.button(l.MenuButton, "MENU", 8, colButton, colLabel)
	panel := "PANEL ‹"
	if l.Panel.W > 0 {
		panel = "PANEL ›"
	}
	p.button(l.PanelButton, panel, 8, colButton, colLabel)
}

// lcd draws the display's dots on whole device pixels (ui.PixelDots).
func (p painter) lcd(l ui.Layout, f emulator.Frame) {
	dots := ui.RenderLCD(f)
	grid := l.Pixels(p.scale, p.ox, p.oy)
	for r := 0; r < ui.LCDHeight; r++ {
		for c := 0; c < ui.LCDWidth; c++ {
			col := colDotOff
			if dots[r][c] {
				col = colDotOn
			}
			x, y, w, h := grid.Dot(r, c)
			vector.FillRect(p.dst, float32(x), float32(y), float32(w), float32(h), col, false)
		}
	}
}

// annunciators draws the shift arrow, BUSY and the alarm's ((•)).
func (p painter) annunciators(l ui.Layout, f emulator.Frame) {
	a := l.Annunciators
	if f.Shift {
		// The shift annunciator: the calculator's bent arrow (up, then
		// right), drawn with lines rather than a font's glyph.
		ax, ay := p.ox+(a.X+14)*p.scale, p.oy+(a.Y+12)*p.scale
		line := func(x1, y1, x2, y2 float64) {
			vector.StrokeLine(p.dst, float32(ax+x1*p.scale), float32(ay+y1*p.scale), float32(ax+x2*p.scale), float32(ay+y2*p.scale),
				1.6*float32(p.scale), colDotOn, true)
		}
		line(0, 0, 0, -8)
		line(0, -8, 10, -8)
		line(10, -8, 7, -11)
		line(10, -8, 7, -5)
	}
	if f.Busy {
		p.label("BUSY", p.fonts.bold, 9, a.X+a.W-30, a.Y+8, colDotOn)
	}
	if f.Alarm {
		// The alarm annunciator, ((•)): a dot between two pairs of arcs.
		p.label("((•))", p.fonts.bold, 9, a.X+a.W/2, a.Y+8, colDotOn)
	}
}

// key draws key k in r with its label and its gold shifted label above,
// pressed or not.
func (p painter) key(r ui.Rect, k emulator.Key, rpn, pressed bool) {
	c := colKey
	switch {
	case pressed:
		c = colPressed
	case k == emulator.KeyShift:
		c = colGold
	case k <= emulator.KeyF6:
		c = colMenuKey
	}
	p.rect(r, c)
	main, gold := ui.KeyLabels(k, rpn)
	if s, ok := screenLabels[main]; ok {
		main = s
	}
	if s, ok := screenLabels[gold]; ok {
		gold = s
	}
	// A label wider than its key (RPN's ENTER on a narrow key) is set
	// smaller until it fits with a margin; the others keep 13 points.
	size := 13.0
	if w := measure(main, p.fonts.bold, size); w > r.W-6 {
		size *= (r.W - 6) / w
	}
	p.label(main, p.fonts.bold, size, r.X+r.W/2, r.Y+r.H/2, colLabel)
	if gold != "" {
		p.label(gold, p.fonts.regular, 9, r.X+r.W/2, r.Y-7, colGold)
	}
}
