//go:build !js

package window

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/hp17b/hp17b/ui"
)

// The equation library's view over the window (the menu's "Equation
// library…"): ui.LibraryView holds its state and answers its keys and
// clicks; this file draws it and routes the window's input to it. While
// it is open every typed character goes to its search box, none to the
// calculator. In the browser's page the menu opens the page's own dialog
// instead (web/hp17b.js; library_js.go), and none of this is built there.

// openLibrary opens the library's view.
func (g *Game) openLibrary() error {
	g.in.library = g.ctrl.OpenLibrary()
	g.redraw()
	return nil
}

// libraryStep does what the view asked: close it, or add its chosen
// equation (ui.Controller.AddFromLibrary) and close it.
func (g *Game) libraryStep(step ui.LibraryStep) {
	v := g.in.library
	switch step {
	case ui.LibraryAdd:
		if r, ok := v.Chosen(); ok {
			g.ctrl.AddFromLibrary(r.Entry.Name)
		}
		g.in.library = nil
	case ui.LibraryClose:
		g.in.library = nil
	}
	g.redraw()
}

// libraryKeys handles the frame's keys while the library's view is open:
// characters typed go to its search, Backspace takes one back, ▲ ▼ Page
// Up, Page Down choose, Enter shows the equation whole then adds it,
// Escape goes back then closes; a Control shortcut closes the view and
// runs its command.
func (g *Game) libraryKeys(chars []rune, pressed []ebiten.Key) error {
	g.in.shiftTap = false
	v := g.in.library
	shown := placeLibrary(g.overlayLayout(g.layout())).Shown
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	if (len(chars) > 0 || len(pressed) > 0) && g.ctrl.CloseNotice() {
		// A notice over the view (a file dropped meanwhile): the key
		// closes it, and does nothing else.
		chars, pressed = nil, nil
	}
	if !ctrl && len(chars) > 0 {
		v.Type(string(chars))
	}
	for _, k := range pressed {
		if ctrl {
			if c, ok := g.shortcut(k, ebiten.IsKeyPressed(ebiten.KeyShift)); ok {
				g.in.library = nil
				g.redraw()
				return c.do(g)
			}
			continue
		}
		step := ui.LibraryStay
		switch k {
		case ebiten.KeyBackspace:
			v.Backspace()
		case ebiten.KeyArrowDown:
			v.Move(1)
		case ebiten.KeyArrowUp:
			v.Move(-1)
		case ebiten.KeyPageDown:
			v.Move(shown - 1)
		case ebiten.KeyPageUp:
			v.Move(-(shown - 1))
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			step = v.Enter()
		case ebiten.KeyEscape:
			step = v.Escape()
		}
		if step != ui.LibraryStay {
			g.libraryStep(step)
			break
		}
	}
	if g.in.library != nil {
		g.in.library.Scroll(shown)
	}
	for _, k := range inpututil.AppendJustReleasedKeys(nil) {
		g.keyUp(k)
	}
	g.redraw()
	return nil
}

// libraryClick handles a click or a tap at (x, y), window pixels, while
// the view is open.
func (g *Game) libraryClick(x, y int) {
	l := g.overlayLayout(g.layout())
	lx, ly := g.overlayPoint(x, y)
	g.libraryStep(g.in.library.Click(placeLibrary(l), lx, ly))
}

// libraryWheel scrolls the view's list by the mouse's wheel.
func (g *Game) libraryWheel(dy float64) {
	if dy == 0 {
		return
	}
	g.in.library.Wheel(placeLibrary(g.overlayLayout(g.layout())), -int(dy*3))
	g.redraw()
}

// overlayPoint is the point (x, y) of the window, pixels, in the units
// overlayLayout and overlayPainter draw in.
func (g *Game) overlayPoint(x, y int) (float64, float64) {
	l := g.layout()
	view := ui.ViewFor(l, float64(g.lastSize[0]), float64(g.lastSize[1]))
	if view.Body.Scale <= 0 {
		return -1, -1
	}
	if view.Portrait {
		return float64(x) / view.Body.Scale, float64(y) / view.Body.Scale
	}
	return view.Body.Point(float64(x), float64(y))
}

// placeLibrary is the view's places over the whole of l.
func placeLibrary(l ui.Layout) ui.LibraryPlaces {
	return ui.PlaceLibrary(ui.Rect{W: l.Width, H: l.Height})
}

// colLibrary is the library's ground: opaque, a page of its own (the
// keys' bright labels would show through any veil).
var colLibrary = color.RGBA{0x1a, 0x18, 0x16, 0xff}

// Sizes of the library's view's text, points.
const (
	librarySize  = 11.0
	libraryTitle = 13.0
	libraryFoot  = 10.0
)

// drawLibrary draws the library's view over the whole window: its title
// and Close, the search box, then the list by topic (the chosen row in
// gold, an equation the SOLVE list holds marked) or the chosen equation
// whole with its notes and the Add and Back buttons, and a line that
// says which keys do what.
func (g *Game) drawLibrary(p painter, l ui.Layout, v *ui.LibraryView) {
	f := g.fonts
	pl := placeLibrary(l)
	v.Scroll(pl.Shown)
	p.rect(ui.Rect{W: l.Width, H: l.Height}, colLibrary)
	p.text("Equation library", f.bold, libraryTitle, pl.Title.X, pl.Title.Y+3, colGold)
	p.button(pl.Close, "Close", librarySize, colButton, colLabel)
	s := pl.Search
	p.rect(s, colGold)
	p.rect(ui.Rect{X: s.X + 1, Y: s.Y + 1, W: s.W - 2, H: s.H - 2}, colBezel)
	if v.Query == "" {
		hint := "Search: type a word (canad, lease, bond, markup…)"
		if measure(hint, f.regular, librarySize) > s.W-16 {
			hint = "Search: type a word"
		}
		p.text(hint, f.regular, librarySize, s.X+8, s.Y+6, colDim)
	} else {
		q := "Search: " + v.Query
		p.text(q, f.regular, librarySize, s.X+8, s.Y+6, colLabel)
		p.rect(ui.Rect{X: s.X + 9 + measure(q, f.regular, librarySize), Y: s.Y + 5, W: 1.5, H: s.H - 10}, colGold)
	}
	if v.Detail {
		g.drawLibraryDetail(p, pl, v)
		return
	}
	rows := v.Rows()
	if len(rows) == 0 {
		p.text("No equation matches "+fmt.Sprintf("%q", v.Query)+": Backspace widens the search.", f.regular, librarySize, pl.List.X, pl.List.Y+4, colLabel)
	}
	for i := range rows {
		r, ok := pl.Row(v, i)
		if !ok {
			continue
		}
		row := rows[i]
		top := r.Y + (r.H-librarySize)/2 - 1
		if row.Head {
			p.text(row.Topic, f.bold, librarySize, r.X+2, top, colGold)
			continue
		}
		name, words := colLabel, colLabel
		if i == v.Sel {
			p.rect(r, colGold)
			name, words = colBezel, colBezel
		}
		p.text(row.Entry.Name, f.bold, librarySize, r.X+14, top, name)
		purpose := row.Entry.Purpose
		right := r.X + r.W - 6
		if row.Known {
			mark := "in SOLVE list"
			right -= measure(mark, f.regular, librarySize) + 10
			p.text(mark, f.regular, librarySize, right+10, top, words)
		}
		x := r.X + 110
		for purpose != "" && x+measure(purpose, f.regular, librarySize) > right {
			rs := []rune(purpose)
			purpose = string(rs[:len(rs)-2]) + "…"
			if len(rs) <= 3 {
				purpose = ""
			}
		}
		p.text(purpose, f.regular, librarySize, x, top, words)
	}
	foot := libraryListFoot
	if n := len(rows); n > pl.Shown {
		foot = fmt.Sprintf("Rows %d–%d of %d · ", v.Top+1, min(n, v.Top+pl.Shown), n) + foot
	}
	lines := wrapWidth(foot, f.regular, libraryFoot, pl.Foot.W)
	top := pl.Foot.Y + 6
	if len(lines) > 1 {
		top = pl.Foot.Y
	}
	for i, line := range lines {
		p.text(line, f.regular, libraryFoot, pl.Foot.X, top+float64(i)*12, colGold)
	}
}

// libraryRow is a row of an equation shown whole, as drawn: its text,
// face and ink, at y from the top of the text area.
type libraryRow struct {
	text string
	src  *typeface
	ink  color.Color
	y    float64
}

// libraryRows lays out the chosen equation whole (ui.LibraryDetail) for
// a width of w layout units: headings in gold, the equation's text in
// the monospaced face wrapped between any two characters, the words
// wrapped at spaces; a blank line is a small gap.
func libraryRows(f fonts, r ui.LibraryRow, w float64) []libraryRow {
	var out []libraryRow
	y := 2.0
	for _, line := range ui.LibraryDetail(r) {
		var parts []string
		src, ink := f.regular, color.Color(colLabel)
		switch {
		case line.Text == "":
			y += 6
			continue
		case line.Mono:
			parts, src, ink = wrapRunes(line.Text, f.mono, librarySize, w), f.mono, colMatch
		case line.Head:
			parts, src, ink = wrapWidth(line.Text, f.bold, librarySize, w), f.bold, colGold
		default:
			parts = wrapWidth(line.Text, f.regular, librarySize, w)
		}
		for _, s := range parts {
			out = append(out, libraryRow{text: s, src: src, ink: ink, y: y})
			y += libraryLineH
		}
	}
	return out
}

// libraryLineH is the height of a line of an equation shown whole.
const libraryLineH = 14.0

// drawLibraryDetail draws the chosen equation whole (libraryRows, those
// that fit the text area), then Add and Back.
func (g *Game) drawLibraryDetail(p painter, pl ui.LibraryPlaces, v *ui.LibraryView) {
	r, _ := v.Chosen()
	rows := libraryRows(g.fonts, r, pl.Text.W)
	v.Line = libraryDetailTop(rows, pl.Text.H, v.Line)
	for _, row := range shownRows(rows, pl.Text.H, v.Line) {
		p.text(row.text, row.src, librarySize, pl.Text.X, pl.Text.Y+row.y, row.ink)
	}
	p.button(pl.Add, "Add to SOLVE list", librarySize, colGold, colBezel)
	p.button(pl.Back, "Back", librarySize, colButton, colLabel)
	foot := libraryDetailFoot
	if libraryDetailTop(rows, pl.Text.H, len(rows)) > 0 {
		foot = "▲ ▼ scroll · " + foot
	}
	if x := pl.Back.X + pl.Back.W + 12; x+measure(foot, g.fonts.regular, libraryFoot) <= pl.Foot.X+pl.Foot.W {
		p.text(foot, g.fonts.regular, libraryFoot, x, pl.Back.Y+8, colGold)
	}
}

// libraryDetailTop is line, the first row to show of an equation shown
// whole in a text area h units high, kept between 0 and the first row
// from which the last one shows.
func libraryDetailTop(rows []libraryRow, h float64, line int) int {
	top := 0
	for top < len(rows)-1 && rows[len(rows)-1].y-rows[top].y+libraryLineH+2 > h {
		top++
	}
	return max(0, min(line, top))
}

// shownRows are the rows from top that fit a text area h units high, their
// y moved up so that top's row stands where the first one did.
func shownRows(rows []libraryRow, h float64, top int) []libraryRow {
	if top >= len(rows) {
		return nil
	}
	var out []libraryRow
	dy := rows[top].y - rows[0].y
	for _, row := range rows[top:] {
		row.y -= dy
		if row.y+libraryLineH > h {
			break
		}
		out = append(out, row)
	}
	return out
}

// The foot lines of the list and of an equation shown whole.
const (
	libraryListFoot   = "Type to search · ▲ ▼ choose · Enter shows it whole · Escape closes"
	libraryDetailFoot = "Enter adds · Escape goes back"
)

// wrapRunes cuts s into lines no wider than w at size points, between any
// two characters (an equation has no spaces to break at).
func wrapRunes(s string, src *typeface, size, w float64) []string {
	var lines []string
	rs := []rune(s)
	for len(rs) > 0 {
		n := len(rs)
		for n > 1 && measure(string(rs[:n]), src, size) > w {
			n--
		}
		lines = append(lines, string(rs[:n]))
		rs = rs[n:]
	}
	return lines
}
