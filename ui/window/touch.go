package window

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// tap turns a touch into a click (Update calls it beside the mouse's left
// button): a finger put down on the window while no other finger is on it
// does what the mouse's button does there (pointerDown: the window's menu
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
	if k, ok := g.pointerDown(ebiten.TouchPosition(started[0])); ok {
		g.in.touchID, g.in.touchKey, g.in.touchDown = started[0], k, true
	}
}
