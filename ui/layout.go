package ui

import (
	"github.com/hp17b/hp17b/emulator"
)

// Rect is a rectangle in layout units (pixels at scale 1).
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) is inside.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Layout places everything in layout units: the calculator body (portrait,
// as the HP-17BII), its LCD, its 37 keys row by row as docs/facts.md
// (Keyboard) gives them, and, when shown, the heaps panel to the right.
type Layout struct {
	// Width and Height are the whole window's size at scale 1.
	Width, Height float64
	Body          Rect
	// Bezel is the LCD window; Annunciators the strip above the dots.
	Bezel, Annunciators Rect
	// DotX, DotY place dot (0, 0) and DotW, DotH are the dot pitch at
	// scale 1 (square dots); Pixels places them on device pixels at any
	// scale.
	DotX, DotY, DotW, DotH float64
	Keys                   [emulator.NumKeys]Rect
	// Panel is the heaps panel (zero when hidden); NewGame its New Game
	// button.
	Panel, NewGame Rect
	// Undo, Redo, Hint and Why are the heaps panel's game buttons, beside
	// and below New Game.
	Undo, Redo, Hint, Why Rect
	// PaperClear and PaperSave are the print-out panel's buttons (in the
	// panel's place while it shows).
	PaperClear, PaperSave Rect
	// MenuButton opens the window's menu; PanelButton hides or shows the
	// heaps panel. Both sit on the body between the LCD and the menu keys
	// (on a phone, PhoneLayout, beside the LCD or below it).
	MenuButton, PanelButton Rect
	// Phone is true for a layout made for a phone's page (PhoneLayout):
	// its units are CSS pixels and its heaps panel is drawn at a scale of
	// its own (ViewFor).
	Phone bool
	// matchStep is the heaps panel's distance between matches of seven or
	// fewer a heap (0: 28 units) and matchPad the width each side of a
	// match that still takes it (0: 6 units); phone the phone's view.
	matchStep, matchPad float64
	phone               View
	// wide is set for the panel laid out for a phone on its side
	// (placeWidePanel).
	wide bool
}

// Body and panel sizes, layout units; keyGap is the built-in face's gap
// between keys (the skin's KeyGap).
const (
	BodyWidth   = 380.0
	BodyHeight  = 540.0
	PanelWidth  = 280.0
	keyGap      = 10.0
	margin      = 15.0
	firstKeyRow = 130.0
)

// NewLayout lays the calculator out with the built-in face's key geometry,
// with the heaps panel or without.
func NewLayout(panel bool) Layout { return NewSkinLayout(panel, DefaultSkin()) }

// NewSkinLayout lays the calculator out with skin's key geometry (its
// KeyHeight, MenuKeyHeight, KeyGap and RowPitch), with the heaps panel or
// without.
func NewSkinLayout(panel bool, skin *Skin) Layout {
	keyGap, menuKeyH, keyH, rowPitch := skin.KeyGap, skin.MenuKeyHeight, skin.KeyHeight, skin.RowPitch
	l := Layout{Width: BodyWidth, Height: BodyHeight, Body: Rect{0, 0, BodyWidth, BodyHeight}}
	l.Bezel = Rect{20, 16, BodyWidth - 40, 92}
	p := l.Pixels(1, 0, 0)
	l.DotX, l.DotY, l.DotW, l.DotH = float64(p.X0), float64(p.Y0), float64(p.Pitch), float64(p.Pitch)
	l.Annunciators = Rect{float64(p.GlassX), float64(p.Y0 - (AnnunciatorRows+GlassGap)*p.Pitch), float64(p.GlassW), float64(AnnunciatorRows * p.Pitch)}
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
		l.placePanel(BodyWidth)
		l.Width += PanelWidth
	}
	return l
}

// placePanel puts the heaps panel (PanelWidth × BodyHeight units) with its
// left edge at x and its buttons in it: on a phone (l.Phone) every button
// 34 units tall, 44 CSS pixels and more at the scale PhoneLayout draws the
// panel upright.
func (l *Layout) placePanel(x float64) {
	tall, low := 30.0, 22.0
	if l.Phone {
		tall, low = 34, 34
	}
	l.Panel = Rect{x, 0, PanelWidth, BodyHeight}
	l.NewGame = Rect{x + (PanelWidth-120)/2, 396, 120, tall}
	l.Undo = Rect{x + 12, 396, 58, tall}
	l.Redo = Rect{x + PanelWidth - 70, 396, 58, tall}
	l.Hint = Rect{x + 40, 432, 90, low}
	l.Why = Rect{x + PanelWidth - 130, 432, 90, low}
	if l.Phone {
		l.NewGame.Y, l.Undo.Y, l.Redo.Y = 390, 390, 390
		l.Hint.Y, l.Why.Y = 428, 428
	}
	l.PaperClear = Rect{x + 30, BodyHeight - 50, 100, tall}
	l.PaperSave = Rect{x + PanelWidth - 130, BodyHeight - 50, 100, tall}
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
	return Rect{l.DotX + float64(col)*l.DotW, l.DotY + float64(row)*l.DotH, l.DotW, l.DotH}
}

// Grid is how the heaps panel arranges a game: Rows heaps, one a row, of
// up to Cols matches.
type Grid struct{ Rows, Cols int }

// NimGrid is 1-3-5-7 Nim's: four heaps of up to seven matches.
var NimGrid = Grid{Rows: 4, Cols: 7}

// MatchIn returns the rectangle of match j (0-based, left to right) of
// heap h (0-based, top to bottom) in the heaps panel arranged as g, where
// PanelPlaces puts the heaps: on the desktop up to four rows 80 units
// apart (more share 290 units, below the title and the rule), up to seven
// matches 28 units apart (more, 24, and past ten they share 216 units,
// each half its spacing wide); on a phone on its side four rows 32 units
// apart (more share 128), each match in the middle of its row.
func (l Layout) MatchIn(g Grid, h, j int) Rect {
	pp := l.PanelPlaces()
	rowStep, top := pp.RowStep, pp.HeapTop
	if g.Rows > 4 {
		rowStep, top = pp.ManyH/float64(g.Rows), pp.ManyTop
	}
	colStep := 28.0
	if l.matchStep > 0 {
		colStep = l.matchStep
	}
	if g.Cols > 7 {
		colStep = min(24, 216/float64(g.Cols-1))
	}
	height := min(54, rowStep*0.7)
	y := l.Panel.Y + top + float64(h)*rowStep
	if pp.Wide {
		y += (rowStep - height) / 2
	}
	return Rect{l.Panel.X + pp.MatchX + float64(j)*colStep, y, min(12, colStep/2), height}
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
			if l.MatchTarget(g, h, j).Contains(x, y) {
				return h, j, true
			}
		}
	}
	return 0, 0, false
}

// MatchTarget is where a click or a tap takes match j of heap h in the
// panel arranged as g (MatchAtIn): the match and 6 units each side of it,
// on a phone (PhoneLayout) its whole pitch, 34 units; on a phone on its
// side its row's whole height too.
func (l Layout) MatchTarget(g Grid, h, j int) Rect {
	r := l.MatchIn(g, h, j)
	pad := 6.0 // the gap to the left counts as the match
	if l.matchPad > 0 && g.Cols <= 7 {
		pad = l.matchPad
	}
	r.X -= pad
	r.W += 2 * pad
	if l.wide {
		pp := l.PanelPlaces()
		step := pp.RowStep
		if g.Rows > 4 {
			step = pp.ManyH / float64(g.Rows)
		}
		r.Y -= (step - r.H) / 2
		r.H = step
	}
	return r
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

// The LCD's glass in dot pitches: the dot matrix with GlassMargin pitches
// of clear glass left and right and below it, and above it a strip of
// AnnunciatorRows for the annunciators (shift, BUSY, the alarm) with one
// pitch of glass over it and GlassGap pitches under it. Because every
// margin is a whole number of pitches, the glass keeps the same proportions
// at every scale.
const (
	GlassMargin     = 3
	AnnunciatorRows = 5
	GlassGap        = 2
	glassCols       = LCDWidth + 2*GlassMargin
	glassRows       = 1 + AnnunciatorRows + GlassGap + LCDHeight + GlassMargin
)

// PixelDots places the LCD's dots on whole device pixels for a layout drawn
// at scale with offset (ox, oy). The pitch is the same across and down
// (Pitch, PitchX and PitchY are equal) and every dot is a square of Size
// pixels (W and H, equal too); the glass (GlassX, GlassY, GlassW, GlassH)
// is the grid plus the margins above, in whole pitches, so the margins
// left and right are equal at any scale: 1×, 1.5×, 2× or a fractional
// HiDPI factor. The glass is centred in the layout's Bezel.
type PixelDots struct {
	// X0, Y0 are the top left pixel of dot (0, 0).
	X0, Y0 int
	// Pitch is the distance between neighbouring dots, pixels; PitchX and
	// PitchY repeat it for callers that read one axis.
	Pitch, PitchX, PitchY int
	// W and H are a dot's size, pixels (Pitch less the gap between dots;
	// no gap below a pitch of 3, where a gap would leave no dot).
	W, H int
	// The glass, pixels.
	GlassX, GlassY, GlassW, GlassH int
}

// Pixels computes the dot grid for a scale and offset (see PixelDots): the
// largest whole pitch with which the glass fills at most 97 % of the
// bezel's width and 92 % of its height, and at least 1.
func (l Layout) Pixels(scale, ox, oy float64) PixelDots {
	bw, bh := l.Bezel.W*scale, l.Bezel.H*scale
	p := max(1, int(min(bw*0.97/glassCols, bh*0.92/glassRows)))
	gap := 0
	if p >= 3 {
		gap = max(1, p/6)
	}
	cx := ox + (l.Bezel.X+l.Bezel.W/2)*scale
	cy := oy + (l.Bezel.Y+l.Bezel.H/2)*scale
	gx := int(cx - float64(glassCols*p)/2 + 0.5)
	gy := int(cy - float64(glassRows*p)/2 + 0.5)
	return PixelDots{
		X0: gx + GlassMargin*p, Y0: gy + (1+AnnunciatorRows+GlassGap)*p,
		Pitch: p, PitchX: p, PitchY: p, W: p - gap, H: p - gap,
		GlassX: gx, GlassY: gy, GlassW: glassCols * p, GlassH: glassRows * p,
	}
}

// LCDGlass is the LCD's glass in layout units at scale 1 (see Pixels).
func (l Layout) LCDGlass() Rect {
	p := l.Pixels(1, 0, 0)
	return Rect{X: float64(p.GlassX), Y: float64(p.GlassY), W: float64(p.GlassW), H: float64(p.GlassH)}
}

// Dot returns dot (row, col)'s rectangle in device pixels: x, y, w, h.
// Rows -1 … -AnnunciatorRows-GlassGap are the annunciator strip's.
func (p PixelDots) Dot(row, col int) (x, y, w, h int) {
	return p.X0 + col*p.Pitch, p.Y0 + row*p.Pitch, p.W, p.H
}
