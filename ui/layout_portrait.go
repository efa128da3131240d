package ui

// Placement maps layout units to a window's pixels: a point p of the
// layout is drawn at p × Scale + (X, Y).
type Placement struct{ Scale, X, Y float64 }

// Pixel returns where the layout point (x, y) is drawn.
func (p Placement) Pixel(x, y float64) (float64, float64) { return x*p.Scale + p.X, y*p.Scale + p.Y }

// Point returns the layout point drawn at pixel (x, y).
func (p Placement) Point(x, y float64) (float64, float64) {
	return (x - p.X) / p.Scale, (y - p.Y) / p.Scale
}

// View arranges a side-by-side layout (NewLayout with the panel) on a
// window of a given size in pixels: the calculator's body (its keys, LCD
// and overlays) drawn with Body, the panel (the heaps or the print-out)
// with Panel. Side by side (a landscape or square window) both are the
// layout's Fit. In portrait the panel goes below the calculator, smaller:
// the calculator takes the window's width where the height allows it, the
// panel the height left, drawn at no less than PortraitPanelMin of the
// calculator's scale and no more than its scale. Hit testing stays in the
// side-by-side layout's units: Point turns a pixel into them.
type View struct {
	// Portrait is true when the panel is below the calculator.
	Portrait    bool
	Body, Panel Placement
}

// PortraitPanelMin is the smallest size of the panel below the calculator,
// relative to the calculator's: at 390×844 CSS pixels (a phone held
// upright) the calculator is 98 % of the width and the matches 15 pixels
// apart.
const PortraitPanelMin = 0.55

// ViewFor arranges l on a window of w × h pixels (see View): portrait when
// the calculator is drawn larger so than side by side.
//
// A phone's layout (PhoneLayout) is drawn as PhoneLayout arranged it,
// scaled from its CSS pixels to the window's w × h (the device's pixels),
// its panel at the scale of its own PhoneLayout chose; Portrait is false.
func ViewFor(l Layout, w, h float64) View {
	if l.Phone {
		if l.Width <= 0 || w <= 0 {
			return View{}
		}
		s := w / l.Width
		sc := func(p Placement) Placement { return Placement{p.Scale * s, p.X * s, p.Y * s} }
		return View{Body: sc(l.phone.Body), Panel: sc(l.phone.Panel)}
	}
	scale, ox, oy := l.Fit(w, h)
	side := View{Body: Placement{scale, ox, oy}, Panel: Placement{scale, ox, oy}}
	if l.Panel.W == 0 || w <= 0 || h <= 0 {
		return side
	}
	body := l.Body
	full := w / body.W // the calculator across the whole width
	k := min(1, max(PortraitPanelMin, (h/full-body.H)/l.Panel.H))
	s := min(full, h/(body.H+k*l.Panel.H))
	if s <= scale {
		return side
	}
	top := (h - (body.H+k*l.Panel.H)*s) / 2
	bx := (w - body.W*s) / 2
	ps := k * s
	// The panel's left edge centred under the body, its top at the body's
	// bottom.
	px := bx + (body.W*s-l.Panel.W*ps)/2 - l.Panel.X*ps
	py := top + body.H*s - l.Panel.Y*ps
	return View{Portrait: true, Body: Placement{s, bx, top}, Panel: Placement{ps, px, py}}
}

// Point returns the layout point under pixel (x, y): the panel's when the
// pixel is on the panel as drawn, else the body's.
func (v View) Point(l Layout, x, y float64) (float64, float64) {
	if (v.Portrait || l.Phone) && l.Panel.W > 0 && v.Panel.Scale > 0 {
		if px, py := v.Panel.Point(x, y); l.Panel.Contains(px, py) {
			return px, py
		}
	}
	return v.Body.Point(x, y)
}
