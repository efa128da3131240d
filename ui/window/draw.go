package window

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/ui"
)

var (
	colBody      = color.RGBA{0x26, 0x22, 0x1f, 0xff}
	colBezel     = color.RGBA{0x14, 0x14, 0x14, 0xff}
	colGold      = color.RGBA{0xd4, 0xa3, 0x3b, 0xff}
	colLabel     = color.RGBA{0xf2, 0xf0, 0xea, 0xff}
	colPanel     = color.RGBA{0x1f, 0x3d, 0x2c, 0xff}
	colMatch     = color.RGBA{0xe8, 0xd2, 0xa0, 0xff}
	colDim       = color.RGBA{0x6b, 0x7d, 0x72, 0xff} // a panel button with nothing to do
	colMatchHead = color.RGBA{0xb8, 0x2a, 0x22, 0xff}
	colOverlay   = color.RGBA{0x00, 0x00, 0x00, 0xd8}
	colPaper     = color.RGBA{0xf4, 0xf1, 0xe6, 0xff}
	colInk       = color.RGBA{0x20, 0x20, 0x28, 0xff}
	colButton    = color.RGBA{0x44, 0x40, 0x3c, 0xff}
)

// painter draws in layout units on a screen where the layout is drawn at
// scale with its origin at (ox, oy).
type painter struct {
	dst           *ebiten.Image
	scale, ox, oy float64
	fonts         fonts
	// minSize is the smallest text drawn, layout units (0: any).
	minSize float64
}

// PhoneText is the smallest text of the heaps panel on a phone, CSS
// pixels (ui.PhoneText).
const PhoneText = ui.PhoneText

// panelMinSize is the smallest text of the panel drawn in view, layout
// units (0: any): on a phone PhoneText CSS pixels where the panel is drawn
// large enough for its text to fit at that size (its text 11 units and
// under), and always on a phone on its side, whose panel's lines wrap at
// the size drawn (ui.PanelPlaces).
func panelMinSize(l ui.Layout, view ui.View) float64 {
	if !l.Phone || view.Body.Scale <= 0 || view.Panel.Scale <= 0 {
		return 0
	}
	if m := PhoneText * view.Body.Scale / view.Panel.Scale; m <= 11 || l.PanelPlaces().Wide {
		return m
	}
	return 0
}

// rect fills r.
func (p painter) rect(r ui.Rect, c color.Color) {
	vector.FillRect(p.dst, float32(p.ox+r.X*p.scale), float32(p.oy+r.Y*p.scale), float32(r.W*p.scale), float32(r.H*p.scale), c, false)
}

// label draws s centred on (cx, cy) at size points (layout units).
func (p painter) label(s string, src *typeface, size, cx, cy float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(p.ox+cx*p.scale, p.oy+cy*p.scale)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	text.Draw(p.dst, s, src.face(max(size, p.minSize)*p.scale), op)
}

// text draws s with its top left corner at (x, y).
func (p painter) text(s string, src *typeface, size, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(p.ox+x*p.scale, p.oy+y*p.scale)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(p.dst, s, src.face(max(size, p.minSize)*p.scale), op)
}

// button draws a button: r filled with c, s centred on it.
func (p painter) button(r ui.Rect, s string, size float64, c, ink color.Color) {
	p.rect(r, c)
	p.label(s, p.fonts.bold, size, r.X+r.W/2, r.Y+r.H/2, ink)
}

// measure is the width of s at size points, in layout units.
func measure(s string, src *typeface, size float64) float64 {
	w, _ := text.Measure(s, src.face(size), 0)
	return w
}

// measure is the width of s at size points as drawn at the painter's
// scale, in layout units (the face's advances are rounded to whole pixels
// at the size drawn, minSize and up).
func (p painter) measure(s string, src *typeface, size float64) float64 {
	size = max(size, p.minSize)
	if p.scale <= 0 {
		return measure(s, src, size)
	}
	return measure(s, src, size*p.scale) / p.scale
}

// Draw draws the calculator when something changed since the last frame.
func (g *Game) Draw(screen *ebiten.Image) {
	b := screen.Bounds()
	size := [2]int{b.Dx(), b.Dy()}
	if g.opt.Screenshot != "" && (len(g.clicks) > 0 || !g.ctrl.WaitFor(clickWait)) {
		return // the screenshot is of every key and click done: a later frame
	}
	snap := g.ctrl.Snapshot()
	if size == g.lastSize && snap.Version == g.version && g.drawn && !g.dirty && g.opt.Screenshot == "" {
		return // nothing new: the screen keeps the last frame
	}
	g.lastSize, g.version, g.dirty = size, snap.Version, false
	l := g.layout()
	view := ui.ViewFor(l, float64(size[0]), float64(size[1])) // portrait: the panel below
	g.pagePlaceLCD(l, view, size, snap.Menu || snap.Help || snap.About || g.in.library != nil)
	p := painter{dst: screen, fonts: g.fonts}
	p.scale, p.ox, p.oy = view.Body.Scale, view.Body.X, view.Body.Y
	area := screen.Bounds()
	face := l
	if view.Portrait { // the face alone, in the body's place
		screen.Fill(g.skin().Background)
		x0, y0 := view.Body.Pixel(0, 0)
		x1, y1 := view.Body.Pixel(l.Body.W, l.Body.H)
		area = image.Rect(int(x0), int(y0), int(x1), int(y1)).Add(area.Min)
		face = ui.NewSkinLayout(false, g.skin())
	}
	g.face.draw(screen.SubImage(area).(*ebiten.Image), g.skin(), snap.Frame, snap.Pressed, Title(g.ctrl.Model()), face)
	p.buttons(l)
	g.edit = ui.EditGrid{}
	switch {
	case l.Panel.W > 0 && view.Portrait && snap.Edit != nil:
		strip := p
		var area ui.Rect
		area, strip.ox, strip.oy = equationStrip(l, view, float64(size[0]), float64(size[1]))
		g.edit = strip.equationView(area, *snap.Edit, editNote(snap))
	case l.Panel.W > 0:
		side := p
		side.scale, side.ox, side.oy = view.Panel.Scale, view.Panel.X, view.Panel.Y
		side.minSize = panelMinSize(l, view)
		side.side(l, snap)
		if snap.Edit != nil {
			g.edit, _ = equationGrid(l.Panel, g.fonts)
		}
	}
	g.overlays(p, l, snap)
	if !g.drawn {
		// The frame is shown once Ebitengine has presented it, after this
		// Draw returns: the next Update reports it. An empty event posted
		// now may be taken by the presentation itself, so ask until the
		// next tick comes.
		go func() {
			for !g.reported.Load() {
				ebiten.ScheduleFrame() //lint:ignore SA1019 one more tick to see the first frame presented
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}
	first := !g.drawn
	g.drawn = true
	if first && g.opt.FirstFrame != nil {
		g.opt.FirstFrame()
	}
	if g.opt.Screenshot != "" && !g.done {
		g.shotErr = writePNG(screen, g.opt.Screenshot)
		g.done = true
	}
}

// equationStrip is where the whole equation is drawn on a window of w×h
// pixels arranged upright (view.Portrait): the strip under the calculator,
// the whole width, at the calculator's scale (the panel's own, smaller,
// would make its text too small to read). area is in layout units from
// the strip's top left corner, drawn there at view.Body.Scale.
func equationStrip(l ui.Layout, view ui.View, w, h float64) (area ui.Rect, ox, oy float64) {
	s := view.Body.Scale
	top := view.Body.Y + l.Body.H*s
	return ui.Rect{W: w / s, H: (h - top) / s}, 0, top
}

// overlays draws what lies over the calculator: About, the key map, the
// window's menu, and over them all a notice (why a drop, a paste or
// INPUT was refused).
func (g *Game) overlays(p painter, l ui.Layout, snap ui.Snapshot) {
	whole, wl := g.overlayPainter(p, l), g.overlayLayout(l)
	if snap.About {
		whole.rect(ui.Rect{W: wl.Width, H: wl.Height}, colOverlay)
		for i, line := range aboutLines(g.opt.Version) {
			whole.label(line, g.fonts.regular, 13, wl.Width/2, 150+float64(i)*28, colLabel)
		}
	}
	if snap.Help {
		g.drawHelp(whole, wl, snap.Frame.RPN)
	}
	if g.in.library != nil {
		g.drawLibrary(whole, wl, g.in.library)
	}
	if snap.Menu {
		g.drawMenu(p, l)
	}
	if snap.Notice != nil {
		g.drawNotice(whole, wl, snap.Notice)
	}
}

// writePNG writes the screen as a PNG file to path, by the rule for every
// file hp17b writes (files.WriteReplacing).
func writePNG(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return files.WriteReplacing(path, buf.Bytes()) // a link written through, a fifo refused
}
