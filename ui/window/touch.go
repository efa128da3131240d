package window

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// tap turns a touch into a click (Update calls it beside the mouse's left
// button): a finger put down on the window while no other finger is on it
// does what the mouse's button does there (pointerDown, the point first
// moved onto the key meant when it lands in a gap: fingerOnKey; the window's menu
// and its buttons, a key, a match, a panel button), at once (no wait for
// a double tap: the page leaves touches to the window). A key stays drawn
// pressed under the finger until it lifts, and ▲ ▼ ← repeat while it is
// held. A finger put down while another is down, or two landing together,
// click nothing, so a second finger (a pinch, a palm) never presses a key
// of its own. In the browser Ebitengine takes the touch events from the
// page, which then makes no mouse click of them, so a tap is never
// handled twice.
func (g *Game) tap() {
	if g.in.touchDown && inpututil.IsTouchJustReleased(g.in.touchID) {
		g.in.touchDown = false
		g.release(g.in.touchKey)
	}
	if g.in.touchDown {
		g.wakeSoon() // the lift is seen at once
	}
	started := inpututil.AppendJustPressedTouchIDs(nil)
	if len(started) != 1 || len(ebiten.AppendTouchIDs(nil)) != 1 {
		return
	}
	if k, ok := g.pointerDown(g.fingerOnKey(ebiten.TouchPosition(started[0]))); ok {
		g.in.touchID, g.in.touchKey, g.in.touchDown = started[0], k, true
	}
}

// keyReach is how far from a key a finger still presses it, layout units:
// the gold label's strip above a key (a row's pitch less its height, 20 on
// the built-in face) and the gaps beside it (10), so that the keyboard has
// no dead spot and a key's target is its whole cell (TestTouchTargets).
const keyReach = 20.0

// fingerOnKey moves a finger put down at (x, y), window pixels, to the
// centre of the calculator key it is meant for: the key under it, or,
// in a gap or on a gold label, the nearest key within keyReach. Anywhere
// else (the LCD, the MENU and PANEL buttons, the panel), and while the
// menu, the key map or About covers the keys, the point is left as it is.
func (g *Game) fingerOnKey(x, y int) (int, int) {
	snap := g.ctrl.Snapshot()
	if snap.Menu || snap.Help || snap.About {
		return x, y
	}
	l := g.layout()
	v := ui.ViewFor(l, float64(g.lastSize[0]), float64(g.lastSize[1]))
	if v.Body.Scale == 0 {
		return x, y
	}
	lx, ly := v.Point(l, float64(x), float64(y))
	k, ok := touchKeyAt(l, lx, ly)
	if !ok {
		return x, y
	}
	r := l.Keys[k]
	px, py := v.Body.Pixel(r.X+r.W/2, r.Y+r.H/2)
	return int(math.Round(px)), int(math.Round(py))
}

// touchKeyAt is the key a finger at (x, y), layout units, presses: the
// key under it, else the nearest within keyReach (a distance upwards
// counted half: the gold label above a key is the key's) that is on the
// page; a point off the body, on the LCD or on the MENU or PANEL button is
// no key's.
func touchKeyAt(l ui.Layout, x, y float64) (emulator.Key, bool) {
	if k, ok := l.KeyAt(x, y); ok {
		return k, true
	}
	if !l.Body.Contains(x, y) || l.Bezel.Contains(x, y) || l.MenuButton.Contains(x, y) || l.PanelButton.Contains(x, y) {
		return 0, false
	}
	best, bestD := emulator.Key(0), math.Inf(1)
	for k, r := range l.Keys {
		if r.Y >= l.Body.Y+l.Body.H {
			continue // below the page (a phone's panel in the keys' place)
		}
		dx := max(r.X-x, 0, x-(r.X+r.W))
		// Above a key is its gold label: a point there counts half as far,
		// so that two thirds of the strip between two rows is the lower
		// key's.
		dy := max((r.Y-y)/2, 0, y-(r.Y+r.H))
		if d := math.Hypot(dx, dy); d < bestD {
			best, bestD = emulator.Key(k), d
		}
	}
	return best, bestD <= keyReach
}
