package window

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/emulator"
)

// placeNow is where the window is now and whether the heaps panel is
// hidden, as the state keeps it.
func (g *Game) placeNow() emulator.WindowPlace {
	x, y := ebiten.WindowPosition()
	w, h := ebiten.WindowSize()
	return emulator.WindowPlace{X: x, Y: y, Width: w, Height: h, PanelHidden: g.panelHidden}
}

// keepPlace writes the window's place to the state half a second after it
// last moved or was resized (a move or a resize wakes the loop), so that a
// window that is killed rather than closed still opens there next time.
func (g *Game) keepPlace(p emulator.WindowPlace) {
	if p == g.seen {
		return
	}
	first := g.seen == (emulator.WindowPlace{})
	g.seen = p
	if first {
		return // where it opened
	}
	if g.placeTimer != nil {
		g.placeTimer.Stop()
	}
	g.placeTimer = time.AfterFunc(500*time.Millisecond, func() { g.ctrl.SetWindowPlace(p) })
}

// sizeLimits sets the window's smallest size, half the layout's, and
// returns it.
func (g *Game) sizeLimits() (minW, minH int) {
	l := g.layout()
	minW, minH = int(l.Width/2), int(l.Height/2)
	ebiten.SetWindowSizeLimits(minW, minH, -1, -1)
	return minW, minH
}

// followPanel resizes the window when the heaps panel is hidden or shown
// (a key, a button, a game program made current): the window grows or
// shrinks by the panel's width at the scale it is drawn, so that the
// calculator keeps its place and its size on the screen. In the browser's
// page the canvas keeps the size the page gives it and the calculator is
// laid out anew within it (ui.ViewFor): a page has no window size to set.
func (g *Game) followPanel(hidden bool) {
	if hidden == g.panelHidden {
		return
	}
	if inPage {
		g.panelHidden = hidden
		g.redraw()
		return
	}
	w, h := ebiten.WindowSize()
	scale, _, _ := g.layout().Fit(float64(w), float64(h))
	before := g.layout().Width
	g.panelHidden = hidden
	grow := (g.layout().Width - before) * scale
	g.sizeLimits()
	if g.opt.Screenshot == "" {
		ebiten.SetWindowSize(w+int(math.Round(grow)), h)
	}
}
