package window

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// mouse handles the mouse: the left button presses the key under it (drawn
// pressed while held, ▲ ▼ ← repeating), a match, a panel's button or the
// window's menu; the right button opens the menu; the wheel scrolls the
// paper; dropped files load.
func (g *Game) mouse() {
	if _, dy := ebiten.Wheel(); dy != 0 && g.in.library != nil {
		g.libraryWheel(dy)
	} else if dy != 0 && g.ctrl.Snapshot().Paper.Shown {
		g.ctrl.ScrollPaper(int(dy * 3))
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && g.in.library == nil {
		g.ctrl.SetMenu(!g.ctrl.Snapshot().Menu)
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.leftClick()
	}
	if g.in.mouseDown && !ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		g.in.mouseDown = false
		g.release(g.in.mouseKey)
	}
	if g.in.mouseDown {
		g.wakeSoon() // the release is seen at once
	}
	g.tap() // touch.go
	if files := ebiten.DroppedFiles(); files != nil {
		g.ctrl.Load(files, g.opt.Stderr)
	}
}

// leftClick handles the left button pressed at the cursor.
func (g *Game) leftClick() {
	if k, ok := g.pointerDown(ebiten.CursorPosition()); ok {
		g.in.mouseKey, g.in.mouseDown = k, true
	}
}

// pointerDown handles the mouse's button or a finger put down at (x, y),
// window pixels: an item of the window's menu while it is open, the MENU
// and PANEL buttons, else a key (held from now: returned with true), a
// match or a panel button (ui.Controller.Click).
func (g *Game) pointerDown(x, y int) (emulator.Key, bool) {
	l := g.layout()
	snap := g.ctrl.Snapshot()
	lx, ly := g.toLayout(x, y, snap.Menu)
	switch {
	case snap.Notice != nil:
		g.ctrl.CloseNotice() // the click closes it, and does nothing else
		return 0, false
	case snap.Menu:
		g.menuClick(l, lx, ly)
		return 0, false
	case g.in.library != nil:
		g.libraryClick(x, y)
		return 0, false
	case l.MenuButton.Contains(lx, ly) && !snap.Help && !snap.About:
		g.ctrl.SetMenu(true)
		return 0, false
	case l.PanelButton.Contains(lx, ly) && !snap.Help && !snap.About:
		g.ctrl.Do(ui.Action{Panel: true})
		return 0, false
	}
	k, held := l.KeyAt(lx, ly)
	held = held && !snap.Help && !snap.About
	if held {
		g.hold(k)
	}
	g.ctrl.Click(l, lx, ly)
	return k, held
}

// hold draws calculator key k pressed while a pointer (the mouse's button,
// a finger) stays on it, ▲ ▼ ← repeating meanwhile.
func (g *Game) hold(k emulator.Key) {
	g.ctrl.Hold(k, true)
	if a := (ui.Action{Key: k}); ui.Repeats(a) {
		g.startRepeat(a, true, 0)
	}
}

// release ends hold: the pointer left key k.
func (g *Game) release(k emulator.Key) {
	g.ctrl.Hold(k, false)
	if g.in.repeatMouse {
		g.in.repeating = false
	}
}
