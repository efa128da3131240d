package ui

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/hp17b/hp17b/assets"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui/lcd"
)

// Face paints the calculator's face in software onto an *image.RGBA: the
// two-tone case with the model's name, the LCD (PixelDots: one pitch,
// square dots) with its annunciators, and the 37 bevelled keys with the
// labels printed on them, the gold shifted labels above and the lower
// labels below (ENTER under =, ON under CLR), a set of keys drawn pressed.
// It needs no display, so that tests render golden images; the window
// shows what it paints. The parts that never change are painted once for
// a size and kept. A Face is not safe for concurrent use.
type Face struct {
	skin   *Skin
	model  string
	layout Layout
	base   *image.RGBA // the face without the LCD's contents, at its size
	faces  map[faceID]font.Face
}

type faceID struct {
	bold bool
	size float64 // pixels
}

// NewFace makes a painter for skin (DefaultSkin when nil) showing model
// (the calculator's name, such as "HP-17BII"), laid out by
// NewSkinLayout(panel, skin): with panel, the heaps panel's place is left
// to the caller.
func NewFace(skin *Skin, model string, panel bool) *Face {
	if skin == nil {
		skin = DefaultSkin()
	}
	return &Face{skin: skin, model: model, layout: NewSkinLayout(panel, skin), faces: map[faceID]font.Face{}}
}

// NewLayoutFace is NewFace painting layout l (a phone's, PhoneLayout,
// or any other) rather than NewSkinLayout's.
func NewLayoutFace(skin *Skin, model string, l Layout) *Face {
	f := NewFace(skin, model, false)
	f.layout = l
	return f
}

// Layout is the layout the face paints.
func (f *Face) Layout() Layout { return f.layout }

// Paint paints the face into the whole of dst, fitted and centred as
// Layout.Fit places it: the frame's text on the LCD and the keys in
// pressed drawn pressed.
func (f *Face) Paint(dst *image.RGBA, fr emulator.Frame, pressed []emulator.Key) {
	b := dst.Bounds()
	scale, ox, oy := f.layout.Fit(float64(b.Dx()), float64(b.Dy()))
	ox, oy = ox+float64(b.Min.X), oy+float64(b.Min.Y)
	if f.base == nil || f.base.Bounds().Size() != b.Size() {
		f.base = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		f.paintBase(f.base, scale, ox-float64(b.Min.X), oy-float64(b.Min.Y))
	}
	draw.Draw(dst, b, f.base, image.Point{}, draw.Src)
	p := &painter{dst: dst, scale: scale, ox: ox, oy: oy, face: f}
	for _, k := range pressed {
		if k >= 0 && k < emulator.NumKeys {
			r := f.layout.Keys[k]
			p.fill(Rect{r.X - 1, r.Y - 1, r.W + 2, r.H + f.skin.Bevel + 2}, f.skin.CaseLower)
			p.key(k, true)
		}
	}
	paintLCD(dst, f.layout.Pixels(scale, ox, oy), RenderLCD(fr), fr, f.skin)
}

// paintBase paints what does not change with the frame.
func (f *Face) paintBase(dst *image.RGBA, scale, ox, oy float64) {
	s, l := f.skin, f.layout
	draw.Draw(dst, dst.Bounds(), image.NewUniform(s.Background), image.Point{}, draw.Src)
	p := &painter{dst: dst, scale: scale, ox: ox, oy: oy, face: f}
	split := (l.Bezel.Y + l.Bezel.H + l.Keys[emulator.KeyF1].Y) / 2
	p.round(l.Body, 14, s.CaseLower)
	p.round(Rect{l.Body.X, l.Body.Y, l.Body.W, split + 14}, 14, s.Case)
	p.fill(Rect{l.Body.X, split, l.Body.W, 14}, s.CaseLower)
	p.round(l.Bezel, 6, s.Bezel)
	// The model's name on the bezel, above the glass at its left.
	g := l.Pixels(scale, ox, oy)
	top := (float64(g.GlassY) - oy) / scale
	if top-l.Bezel.Y >= 10*s.FontScale { // room above the glass (a phone's bezel has none)
		p.text(f.model, true, 10*s.FontScale, (float64(g.GlassX)-ox)/scale, (l.Bezel.Y+top)/2, s.Model, false)
	}
	for k := emulator.Key(0); k < emulator.NumKeys; k++ {
		p.key(k, false)
		_, gold, lower := PrintedLabels(k)
		r := l.Keys[k]
		if gold != "" {
			p.label(gold, false, 9*s.FontScale, r.X+r.W/2, r.Y-7, s.Gold)
		}
		if lower != "" {
			p.label(lower, true, 8*s.FontScale, r.X+r.W/2, r.Y+r.H+s.Bevel+7, s.Lower)
		}
	}
}

// PrintedLabels gives what the HP-17BII's keyboard prints for key k, from
// emulator.Keys: the label on it, the gold shifted label above it and the
// lower label below it (ENTER under =, ON under CLR: C. Finseth's
// HP-17BII data page; docs/facts.md, Keyboard), the same in either mode.
func PrintedLabels(k emulator.Key) (label, shifted, lower string) {
	info := emulator.Keys[k]
	return info.Label, info.Shifted, info.Lower
}

// painter draws in layout units onto dst at scale and offset.
type painter struct {
	dst           *image.RGBA
	scale, ox, oy float64
	face          *Face
}

// px turns a layout rectangle into device pixels.
func (p *painter) px(r Rect) (x0, y0, x1, y1 float64) {
	return p.ox + r.X*p.scale, p.oy + r.Y*p.scale, p.ox + (r.X+r.W)*p.scale, p.oy + (r.Y+r.H)*p.scale
}

// fill fills r, snapped to whole pixels.
func (p *painter) fill(r Rect, c color.RGBA) {
	x0, y0, x1, y1 := p.px(r)
	fillPx(p.dst, int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)), c)
}

// fillPx sets the pixels of [x0, x1) × [y0, y1) inside dst to c.
func fillPx(dst *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	r := image.Rect(x0, y0, x1, y1).Intersect(dst.Bounds())
	if r.Empty() {
		return
	}
	px := [4]uint8{c.R, c.G, c.B, c.A}
	first := dst.PixOffset(r.Min.X, r.Min.Y)
	row := dst.Pix[first : first+4*r.Dx()]
	for i := 0; i < len(row); i += 4 {
		copy(row[i:i+4], px[:])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		o := dst.PixOffset(r.Min.X, y)
		copy(dst.Pix[o:o+len(row)], row)
	}
}

// round fills r with corners of radius rad (layout units), anti-aliased.
func (p *painter) round(r Rect, rad float64, c color.RGBA) {
	x0, y0, x1, y1 := p.px(r)
	roundPx(p.dst, x0, y0, x1, y1, rad*p.scale, c)
}

func roundPx(dst *image.RGBA, x0, y0, x1, y1, rad float64, c color.RGBA) {
	// On whole pixels, so that only the corners need anti-aliasing: the
	// rest is three rectangles (a large body costs no more than a key).
	ix0, iy0 := int(math.Round(x0)), int(math.Round(y0))
	ix1, iy1 := int(math.Round(x1)), int(math.Round(y1))
	if ix1 <= ix0 || iy1 <= iy0 || !image.Rect(ix0, iy0, ix1, iy1).Overlaps(dst.Bounds()) {
		return // nothing to draw, or all of it off dst (a phone's hidden keys)
	}
	r := int(math.Round(min(rad, float64(ix1-ix0)/2, float64(iy1-iy0)/2)))
	if r <= 0 {
		fillPx(dst, ix0, iy0, ix1, iy1, c)
		return
	}
	fillPx(dst, ix0+r, iy0, ix1-r, iy1, c)
	fillPx(dst, ix0, iy0+r, ix0+r, iy1-r, c)
	fillPx(dst, ix1-r, iy0+r, ix1, iy1-r, c)
	// Each corner a quarter disc in an r × r square: from the disc's
	// centre along one side, round to the other.
	f := float32(r)
	corner := func(x, y int, cx, cy, ax, ay, qx, qy, bx, by float32) {
		if !image.Rect(x, y, x+r, y+r).In(dst.Bounds()) {
			return // the rasterizer draws only inside dst
		}
		z := vector.NewRasterizer(r, r)
		z.MoveTo(cx, cy)
		z.LineTo(ax, ay)
		z.QuadTo(qx, qy, bx, by)
		z.ClosePath()
		z.Draw(dst, image.Rect(x, y, x+r, y+r), image.NewUniform(c), image.Point{})
	}
	corner(ix0, iy0, f, f, 0, f, 0, 0, f, 0)
	corner(ix1-r, iy0, 0, f, 0, 0, f, 0, f, f)
	corner(ix1-r, iy1-r, 0, 0, f, 0, f, f, 0, f)
	corner(ix0, iy1-r, f, 0, f, f, 0, f, 0, 0)
}

// shade mixes c toward white (t > 0) or black (t < 0) by |t|.
func shade(c color.RGBA, t float64) color.RGBA {
	mix := func(v uint8) uint8 {
		if t >= 0 {
			return uint8(float64(v) + (255-float64(v))*t + 0.5)
		}
		return uint8(float64(v)*(1+t) + 0.5)
	}
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}

// key draws key k, raised or pressed: a raised key has a shadow below it,
// a darker edge and a lighter rim on its top face; a pressed one sinks by
// its bevel, without shadow, its face darker.
func (p *painter) key(k emulator.Key, pressed bool) {
	s, r := p.face.skin, p.face.layout.Keys[k]
	c := s.Key
	switch {
	case k == emulator.KeyShift:
		c = s.ShiftKey
	case k <= emulator.KeyF6:
		c = s.MenuKey
	}
	b := s.Bevel
	if pressed {
		r.Y += b * 0.7
		p.round(Rect{r.X, r.Y, r.W, r.H}, s.Radius, shade(c, -0.45))
		p.round(Rect{r.X + b*0.6, r.Y + b*0.4, r.W - b*1.2, r.H - b}, s.Radius*0.8, shade(c, -0.18))
	} else {
		p.round(Rect{r.X, r.Y + b*0.8, r.W, r.H}, s.Radius, shade(s.CaseLower, -0.5))
		p.round(r, s.Radius, shade(c, -0.35))
		p.round(Rect{r.X + b*0.6, r.Y, r.W - b*1.2, r.H - b}, s.Radius*0.8, shade(c, 0.12))
		p.round(Rect{r.X + b*0.6, r.Y + 1/p.scale + 0.5, r.W - b*1.2, r.H - b - 0.5}, s.Radius*0.8, c)
	}
	label, _, _ := PrintedLabels(k)
	if label == "" {
		return
	}
	// The word keys (row 2, INPUT, CLR) are set smaller than the digits
	// and operators, as printed.
	size := 13 * s.FontScale
	if k >= emulator.KeySTO && k <= emulator.KeyEXIT || k == emulator.KeyINPUT || k == emulator.KeyCLR {
		size = 11 * s.FontScale
	}
	p.label(label, true, size, r.X+r.W/2, r.Y+(r.H-b)/2, s.KeyLabel)
}

// fontFace returns the Go font (bold or regular) at size pixels.
func (f *Face) fontFace(bold bool, size float64) font.Face {
	id := faceID{bold, math.Round(size*4) / 4}
	if ff, ok := f.faces[id]; ok {
		return ff
	}
	src := goFonts()[0]
	if bold {
		src = goFonts()[1]
	}
	ff, err := opentype.NewFace(src, &opentype.FaceOptions{Size: id.size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err) // the embedded Go fonts at a positive size
	}
	f.faces[id] = ff
	return ff
}

var goFonts = sync.OnceValue(func() [2]*sfnt.Font {
	var out [2]*sfnt.Font
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic(err) // embedded
		}
		out[i] = f
	}
	return out
})

// A label's parts: text in the label's type, or one of the characters the
// Go fonts lack, drawn from others: ˣ as a raised x, ≷ as < over >.
type part struct {
	text string
	kind rune // 0, 'ˣ' or '≷'
}

func parts(s string) []part {
	var out []part
	for s != "" {
		i := strings.IndexAny(s, "ˣ≷")
		if i < 0 {
			return append(out, part{text: s})
		}
		if i > 0 {
			out = append(out, part{text: s[:i]})
		}
		r := []rune(s[i:])[0]
		out = append(out, part{kind: r})
		s = s[i+len(string(r)):]
	}
	return out
}

// label draws s centred on (cx, cy), size points at scale 1.
func (p *painter) label(s string, bold bool, size, cx, cy float64, c color.RGBA) {
	p.text(s, bold, size, cx, cy, c, true)
}

// text draws s with its left edge at x (or centred on x) and its capitals
// centred on y, layout units.
func (p *painter) text(s string, bold bool, size, x, y float64, c color.RGBA, centre bool) {
	px := size * p.scale
	main := p.face.fontFace(bold, px)
	small := p.face.fontFace(bold, px*0.62)
	width := func(pt part) fixed.Int26_6 {
		switch pt.kind {
		case 'ˣ':
			return font.MeasureString(small, "x")
		case '≷':
			return font.MeasureString(small, ">")
		}
		return font.MeasureString(main, pt.text)
	}
	ps := parts(s)
	var total fixed.Int26_6
	for _, pt := range ps {
		total += width(pt)
	}
	cap := main.Metrics().CapHeight
	dx := fixed.Int26_6((p.ox + x*p.scale) * 64)
	if centre {
		dx -= total / 2
	}
	base := fixed.Int26_6((p.oy+y*p.scale)*64) + cap/2
	d := &font.Drawer{Dst: p.dst, Src: image.NewUniform(c)}
	for _, pt := range ps {
		switch pt.kind {
		case 'ˣ':
			d.Face, d.Dot = small, fixed.Point26_6{X: dx, Y: base - cap*5/8}
			d.DrawString("x")
		case '≷':
			d.Face, d.Dot = small, fixed.Point26_6{X: dx, Y: base - cap/2}
			d.DrawString("<")
			d.Dot = fixed.Point26_6{X: dx, Y: base + cap/6}
			d.DrawString(">")
		default:
			d.Face, d.Dot = main, fixed.Point26_6{X: dx, Y: base}
			d.DrawString(pt.text)
		}
		dx += width(pt)
	}
}

// paintLCD paints the glass, the dots and the annunciators on grid.
func paintLCD(dst *image.RGBA, g PixelDots, dots *Dots, fr emulator.Frame, s *Skin) {
	fillPx(dst, g.GlassX, g.GlassY, g.GlassX+g.GlassW, g.GlassY+g.GlassH, s.Glass)
	grid := !s.NoDotOff && g.W < g.Pitch
	dot := func(row, col int, on bool) {
		if !on && !grid {
			return
		}
		c := s.DotOn
		if !on {
			c = s.DotOff
		}
		x, y, w, h := g.Dot(row, col)
		fillPx(dst, x, y, x+w, y+h, c)
	}
	for r := 0; r < LCDHeight; r++ {
		for c := 0; c < LCDWidth; c++ {
			dot(r, c, dots[r][c])
		}
	}
	// The annunciators, on the same pitch in the strip above the dots.
	top := -(GlassGap + AnnunciatorRows)
	stamp := func(bitmap []string, col int) {
		for i, row := range bitmap {
			for j, ch := range row {
				if ch == '#' {
					dot(top+i, col+j, true)
				}
			}
		}
	}
	if fr.Shift {
		stamp(shiftArrow, 0)
	}
	if fr.Alarm {
		stamp(alarmBell, (LCDWidth-len(alarmBell[0]))/2)
	}
	if fr.Busy {
		col := LCDWidth
		word := []rune("BUSY")
		for i := len(word) - 1; i >= 0; i-- {
			rows, w := lcd.Glyph(assets.Small, word[i])
			col -= w
			for y := range rows {
				for x := 0; x < w; x++ {
					if assets.Dot(rows, w, y, x) {
						dot(top+y, col+x, true)
					}
				}
			}
			col--
		}
	}
}

// shiftArrow is the shift annunciator, the bent arrow (up, then right) of
// the HP-17B's display (C. Finseth's HP-17B data page: "---^ shift key").
var shiftArrow = []string{
	"......#..",
	"########.",
	"#.....#..",
	"#........",
	"#........",
}

// alarmBell is the alarm annunciator, ((•)).
var alarmBell = []string{
	".#.#...#.#.",
	"#.#.....#.#",
	"#.#..#..#.#",
	"#.#.....#.#",
	".#.#...#.#.",
}
