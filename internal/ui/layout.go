package ui

import (
	"fmt"

	"github.com/hp17b/hp17b/emulator"
)

// Rect is a rectangle in layout units (pixels at scale 1).
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) is inside.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Layout places everything in layout units: the calculator body (portrait,
// as the HP-17BII), its LCD, its 37 keys row by row as hp17b-facts §2 gives
// them, and, when shown, the heaps panel to the right.
type Layout struct {
	// Width and Height are the whole window's size at scale 1.
	Width, Height float64
	Body          Rect
	// Bezel is the LCD window; Annunciators the strip above the dots.
	Bezel, Annunciators Rect
	// DotX, DotY place dot (0, 0); DotW, DotH are the dot pitch (dots are
	// taller than wide, as on the real display).
	DotX, DotY, DotW, DotH float64
	Keys                   [emulator.NumKeys]Rect
	// Panel is the heaps panel (zero when hidden); NewGame its New Game
	// button.
	Panel, NewGame Rect
	// PaperClear and PaperSave are the print-out panel's buttons (in the
	// panel's place while it shows).
	PaperClear, PaperSave Rect
	// MenuButton opens the window's menu; PanelButton hides or shows the
	// heaps panel. Both sit on the body between the LCD and the menu keys.
	MenuButton, PanelButton Rect
}

// Body and panel sizes, layout units.
const (
	BodyWidth   = 380.0
	BodyHeight  = 540.0
	PanelWidth  = 280.0
	keyGap      = 10.0
	margin      = 15.0
	menuKeyH    = 24.0
	keyH        = 36.0
	rowPitch    = 60.0
	firstKeyRow = 130.0
)

// NewLayout lays the calculator out, with the heaps panel or without.
func NewLayout(panel bool) Layout {
	l := Layout{Width: BodyWidth, Height: BodyHeight, Body: Rect{0, 0, BodyWidth, BodyHeight}}
	l.Bezel = Rect{20, 16, BodyWidth - 40, 92}
	l.Annunciators = Rect{30, 22, BodyWidth - 60, 14}
	l.DotW, l.DotH = 2.4, 3.2
	l.DotX = (BodyWidth - LCDWidth*l.DotW) / 2
	l.DotY = 44
	inner := BodyWidth - 2*margin
	l.MenuButton = Rect{margin, 111, 44, 15}
	l.PanelButton = Rect{BodyWidth - margin - 44, 111, 44, 15}
	for r, row := range emulator.Rows {
		y, h := firstKeyRow+float64(r-1)*rowPitch+46, keyH
		if r == 0 {
			y, h = firstKeyRow, menuKeyH
		}
		switch len(row) {
		case 6:
			w := (inner - 5*keyGap) / 6
			for i, k := range row {
				l.Keys[k] = Rect{margin + float64(i)*(w+keyGap), y, w, h}
			}
		default: // five keys; INPUT spans two of six units
			if row[0] == emulator.KeyINPUT {
				w := (inner - 5*keyGap) / 6
				l.Keys[row[0]] = Rect{margin, y, 2*w + keyGap, h}
				for i, k := range row[1:] {
					l.Keys[k] = Rect{margin + float64(i+2)*(w+keyGap), y, w, h}
				}
				continue
			}
			w := (inner - 4*keyGap) / 5
			for i, k := range row {
				l.Keys[k] = Rect{margin + float64(i)*(w+keyGap), y, w, h}
			}
		}
	}
	if panel {
		l.Panel = Rect{BodyWidth, 0, PanelWidth, BodyHeight}
		l.NewGame = Rect{BodyWidth + (PanelWidth-120)/2, 396, 120, 30}
		l.PaperClear = Rect{BodyWidth + 30, BodyHeight - 50, 100, 30}
		l.PaperSave = Rect{BodyWidth + PanelWidth - 130, BodyHeight - 50, 100, 30}
		l.Width += PanelWidth
	}
	return l
}

// KeyAt returns the key under (x, y), layout units.
func (l Layout) KeyAt(x, y float64) (emulator.Key, bool) {
	for k, r := range l.Keys {
		if r.Contains(x, y) {
			return emulator.Key(k), true
		}
	}
	return 0, false
}

// Dot returns the rectangle of an LCD dot.
func (l Layout) Dot(row, col int) Rect {
	return Rect{l.DotX + float64(col)*l.DotW, l.DotY + float64(row)*l.DotH, l.DotW * 0.9, l.DotH * 0.9}
}

// Grid is how the heaps panel arranges a game: Rows heaps, one a row, of
// up to Cols matches.
type Grid struct{ Rows, Cols int }

// NimGrid is 1-3-5-7 Nim's: four heaps of up to seven matches.
var NimGrid = Grid{Rows: 4, Cols: 7}

// MatchIn returns the rectangle of match j (0-based, left to right) of
// heap h (0-based, top to bottom) in the heaps panel arranged as g: up to
// four rows 80 units apart (more share 290 units, below the title and the
// rule), up to seven matches 28 units apart (more, 24, and past ten they
// share 216 units, each half its spacing wide).
func (l Layout) MatchIn(g Grid, h, j int) Rect {
	rowStep, top := 80.0, 90.0
	if g.Rows > 4 {
		rowStep, top = 290/float64(g.Rows), 84
	}
	colStep := 28.0
	if g.Cols > 7 {
		colStep = min(24, 216/float64(g.Cols-1))
	}
	height := min(54, rowStep*0.7)
	return Rect{l.Panel.X + 50 + float64(j)*colStep, l.Panel.Y + top + float64(h)*rowStep, min(12, colStep/2), height}
}

// Match is MatchIn for NimGrid: heap h is 0 = A … 3 = D.
func (l Layout) Match(h, j int) Rect { return l.MatchIn(NimGrid, h, j) }

// MatchAtIn returns the heap and match under (x, y) in the panel arranged
// as g; a heap's slot j counts whether or not it holds a match (the caller
// checks).
func (l Layout) MatchAtIn(g Grid, x, y float64) (heap, j int, ok bool) {
	if l.Panel.W == 0 || !l.Panel.Contains(x, y) {
		return 0, 0, false
	}
	for h := 0; h < g.Rows; h++ {
		for j := 0; j < g.Cols; j++ {
			r := l.MatchIn(g, h, j)
			r.X -= 6 // the gap to the left counts as the match
			r.W += 12
			if r.Contains(x, y) {
				return h, j, true
			}
		}
	}
	return 0, 0, false
}

// MatchAt is MatchAtIn for NimGrid.
func (l Layout) MatchAt(x, y float64) (heap, j int, ok bool) { return l.MatchAtIn(NimGrid, x, y) }

// Fit scales the layout into a window of w × h pixels, keeping its
// proportions and centring it: a point p of the layout is drawn at
// p × scale + (offX, offY).
func (l Layout) Fit(w, h float64) (scale, offX, offY float64) {
	scale = min(w/l.Width, h/l.Height)
	return scale, (w - l.Width*scale) / 2, (h - l.Height*scale) / 2
}

// PixelDots places the LCD's dots on whole device pixels for a layout drawn
// at scale with offset (ox, oy): every dot has the same width and height
// and the same gap, so the dot matrix and the 3×5 menu labels are even at
// any scale, 1×, 1.5×, 2× or a fractional HiDPI factor. The grid is
// centred where the layout puts the LCD.
type PixelDots struct {
	X0, Y0, PitchX, PitchY, W, H int
}

// Pixels computes the dot grid for a scale and offset (see PixelDots).
func (l Layout) Pixels(scale, ox, oy float64) PixelDots {
	// The nearest whole pitch, made smaller where the grid would not fit
	// the LCD's glass (LCDGlass), so dots never spill onto the bezel.
	glass := l.LCDGlass()
	px := max(1, min(int(l.DotW*scale+0.5), int(glass.W*scale)/LCDWidth))
	py := max(px+1, int(float64(px)*l.DotH/l.DotW+0.5))
	py = max(1, min(py, int((glass.Y+glass.H-l.Annunciators.Y-l.Annunciators.H)*scale)/LCDHeight))
	gap := func(p int) int {
		if p >= 3 {
			return max(1, p/6)
		}
		return 0
	}
	cx := ox + (l.DotX+LCDWidth*l.DotW/2)*scale
	cy := oy + (l.DotY+LCDHeight*l.DotH/2)*scale
	return PixelDots{
		X0: int(cx+0.5) - LCDWidth*px/2, Y0: int(cy+0.5) - LCDHeight*py/2,
		PitchX: px, PitchY: py, W: px - gap(px), H: py - gap(py),
	}
}

// LCDGlass is the LCD's glass in layout units: the dots with a margin,
// and the annunciators above them.
func (l Layout) LCDGlass() Rect {
	return Rect{X: l.DotX - 8, Y: l.Annunciators.Y, W: LCDWidth*l.DotW + 16, H: l.DotY - l.Annunciators.Y + LCDHeight*l.DotH + 8}
}

// Dot returns dot (row, col)'s rectangle in device pixels: x, y, w, h.
func (p PixelDots) Dot(row, col int) (x, y, w, h int) {
	return p.X0 + col*p.PitchX, p.Y0 + row*p.PitchY, p.W, p.H
}

// CheckClick says why a click at (x, y), layout units, misses the window
// (the layout with the heaps panel: BodyWidth+PanelWidth × BodyHeight),
// or returns nil.
func CheckClick(x, y float64) error {
	l := NewLayout(true)
	if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
		return fmt.Errorf("%g,%g is outside the window: X is 0 to %g, Y 0 to %g (layout units)", x, y, l.Width, l.Height)
	}
	return nil
}
