package ui

import "github.com/hp17b/hp17b/emulator"

// TouchMin is the smallest height of a touch target on a phone, CSS
// pixels: Apple's Human Interface Guidelines give 44 points, and issue 44
// (the phone's face) asks it of the keys held upright and of the heaps
// panel's matches and buttons.
const TouchMin = 44.0

// PhoneText is the smallest text of the heaps panel on a phone, CSS
// pixels: issue 44 asks 14 and more (where the panel is drawn large enough
// for it to fit; the window draws no text of the panel smaller).
const PhoneText = 14.0

// PhoneMax is the largest shorter side, CSS pixels, of a page that
// PageLayout lays out for a phone (a small tablet's is 600 and more).
const PhoneMax = 500.0

// PageLayout is the layout of the browser's page of w × h CSS pixels:
// PhoneLayout when its shorter side is at most PhoneMax, else the
// desktop's NewSkinLayout, which ViewFor fits to the page.
func PageLayout(panel bool, skin *Skin, w, h float64) Layout {
	if w > 0 && h > 0 && min(w, h) <= PhoneMax {
		return PhoneLayout(panel, w, h)
	}
	if skin == nil {
		skin = DefaultSkin()
	}
	return NewSkinLayout(panel, skin)
}

// Sizes of the phone's face, CSS pixels: the margin at the page's edges,
// the gap between keys, the strip above a key for its gold label, the
// tallest key, the menu keys' height and the MENU and PANEL buttons'
// width when they stand beside the LCD.
const (
	phoneMargin   = 6.0
	phoneGap      = 6.0
	phoneGold     = 14.0
	phoneKeyMax   = 72.0
	phoneMenuKey  = 48.0
	phoneButtonW  = 44.0
	phoneBezelTop = 64.0
	// pageMenuButton is what the page's own menu (web/index.html, #menu:
	// 26 pixels high, 6 from the bottom right corner) takes of the
	// keys' height held upright, beyond the lower labels' strip.
	pageMenuButton = 16.0
	// phoneLCDMin is the narrowest LCD on its side: the glass at two
	// pixels a dot in 97 % of it (Pixels).
	phoneLCDMin = 2 * glassCols / 0.97
)

// PhoneLayout lays the calculator out anew for a phone's page of w × h
// CSS pixels (not the desktop's face scaled down); its units are CSS
// pixels (Width, Height = w, h) and Phone is set. Its geometry is its own
// for every skin (a skin's key sizes are the desktop face's; its colours
// apply).
//
// Held upright (h ≥ w): MENU and PANEL stand beside the LCD at the top,
// the six menu keys below it across the width; with the heaps panel
// hidden the other six rows of keys fill the rest, each key at least
// TouchMin tall at 390 × 844 (and at most phoneKeyMax), the lower
// labels (ON, ENTER) on the page; with it shown
// the panel takes their place, drawn as large as the width and the height
// left allow (1.32 × at 390 × 844: its matches 45 pixels apart, its
// buttons 45 tall, its smallest text 13 pixels, drawn at 14 by the window),
// and the other rows of keys are off the page (the keyboard and PANEL
// bring them back).
//
// On its side (w > h): the LCD with the menu keys under it and MENU and
// PANEL at the bottom in a column at the left; with the heaps panel hidden
// the six rows of keys at its right (each key TouchMin tall and more at
// 844 × 390); with it shown the panel in their place, laid out for the
// width (WidePanelW × WidePanelH units, placeWidePanel) and drawn as large
// as the page's height allows (1.40 × at 844 × 390: 471 × 378 pixels, its
// matches 48 × 45 to tap, its buttons 45 tall in one row, its text 14
// pixels), the column at the left what the width leaves (350 pixels), and
// the other rows of keys off the page as upright. A smaller phone
// (740 × 360) gets the same at the scale its height allows (1.29 ×: its
// targets 41–43 pixels).
//
// Upright, the panel keeps the desktop's geometry (PanelWidth × BodyHeight units,
// its buttons 34 units tall) with matches 34 units apart, each taking the
// whole of its pitch; ViewFor places it.
// The panel keeps the desktop's geometry (PanelWidth × BodyHeight units,
// its buttons 34 units tall) with matches 34 units apart, each taking the
// whole of its pitch; ViewFor places it.
func PhoneLayout(panel bool, w, h float64) Layout {
	l := Layout{Width: w, Height: h, Body: Rect{0, 0, w, h}, Phone: true, matchStep: 34, matchPad: 11}
	if w <= 0 || h <= 0 {
		return l
	}
	l.phone = View{Body: Placement{Scale: 1}}
	// The panel's units lie right of the page's, so that no point of the
	// body is one of the panel's.
	if panel && h >= w {
		l.placePanel(w + PanelWidth)
	} else if panel {
		l.placeWidePanel(w + PanelWidth)
	}
	m := phoneMargin
	if h >= w {
		bw := phoneButtonW
		l.MenuButton = Rect{m, m, bw, phoneBezelTop}
		l.PanelButton = Rect{w - m - bw, m, bw, phoneBezelTop}
		l.Bezel = Rect{m + bw + 3, m, w - 2*m - 2*bw - 6, phoneBezelTop}
		y := m + phoneBezelTop + phoneGap
		l.row(emulator.Rows[0], m, y, w-2*m, phoneMenuKey)
		y += phoneMenuKey + phoneGap
		avail := h - m - y
		if panel {
			ps := min((w-2*m)/PanelWidth, avail/BodyHeight)
			x := (w - PanelWidth*ps) / 2
			l.phone.Panel = Placement{ps, x - l.Panel.X*ps, y}
			y += h // the keys below the page
		}
		// The page's own menu button (26 pixels, 6 from the corner)
		// stays clear of the last row's keys.
		l.rows(m, y, w-2*m, avail-pageMenuButton)
	} else {
		x, avail := m, w-2*m
		lw := avail * 0.42
		keysY := m
		if panel {
			// The panel as large as the page's height allows, the column
			// at the left what is left of the width (no narrower than the
			// LCD needs for two pixels a dot), the keys below the page.
			ps := min((h-2*m)/WidePanelH, (avail-2*m-phoneLCDMin)/WidePanelW)
			pw := WidePanelW * ps
			l.phone.Panel = Placement{ps, w - m - pw - l.Panel.X*ps, m}
			lw = avail - 2*m - pw
			keysY += h
		}
		l.Bezel = Rect{x, m, lw, 90}
		l.row(emulator.Rows[0], x, m+90+phoneGap, lw, phoneMenuKey)
		bw := min(80, (lw-phoneGap)/2)
		l.MenuButton = Rect{x, h - m - TouchMin, bw, TouchMin}
		l.PanelButton = Rect{x + lw - bw, h - m - TouchMin, bw, TouchMin}
		l.rows(x+lw+2*m, keysY, avail-lw-2*m, h-2*m)
	}
	p := l.Pixels(1, 0, 0)
	l.DotX, l.DotY, l.DotW, l.DotH = float64(p.X0), float64(p.Y0), float64(p.Pitch), float64(p.Pitch)
	l.Annunciators = Rect{float64(p.GlassX), float64(p.Y0 - (AnnunciatorRows+GlassGap)*p.Pitch), float64(p.GlassW), float64(AnnunciatorRows * p.Pitch)}
	return l
}

// rows places the keyboard's rows below the menu keys (emulator.Rows[1:])
// in the rectangle at (x, y) of width w and height h: a strip at the
// bottom for the lower labels (ON, ENTER) unless the keys would then be
// under TouchMin tall (a phone of 360 pixels on its side), the rest shared by the rows
// alike, each a gold label's strip and its keys, the keys no taller than
// phoneKeyMax (what is left over spaces the rows apart).
func (l *Layout) rows(x, y, w, h float64) {
	rows := emulator.Rows[1:]
	pitch := (h - phoneGold) / float64(len(rows))
	if pitch-phoneGold < TouchMin { // the keys first, the lower labels off the page
		pitch = h / float64(len(rows))
	}
	key := min(phoneKeyMax, pitch-phoneGold)
	for i, r := range rows {
		l.row(r, x, y+float64(i+1)*pitch-key, w, key)
	}
}

// row places one row of keys across width w from (x, y), each key h tall:
// six keys in six units, five in five, INPUT two of six.
func (l *Layout) row(r []emulator.Key, x, y, w, h float64) {
	unit := (w - 5*phoneGap) / 6
	if len(r) == 6 || r[0] == emulator.KeyINPUT {
		at := x
		for _, k := range r {
			kw := unit
			if k == emulator.KeyINPUT {
				kw = 2*unit + phoneGap
			}
			l.Keys[k] = Rect{at, y, kw, h}
			at += kw + phoneGap
		}
		return
	}
	kw := (w - 4*phoneGap) / 5
	for i, k := range r {
		l.Keys[k] = Rect{x + float64(i)*(kw+phoneGap), y, kw, h}
	}
}
