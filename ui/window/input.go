package window

import (
	"fmt"
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// input is the keyboard's and the mouse's state between ticks.
type input struct {
	// shiftTap is set while a Control key is down with no other key
	// pressed since: released so, it presses the gold shift key.
	shiftTap bool
	// pcHeld are the PC keys held down and the calculator key each is
	// drawn pressed as.
	pcHeld map[ebiten.Key]emulator.Key
	// mouseKey is the calculator key under the held mouse button.
	mouseKey  emulator.Key
	mouseDown bool
	// touchKey is the calculator key under the finger touchID, drawn
	// pressed while that finger stays down (touchDown).
	touchID   ebiten.TouchID
	touchKey  emulator.Key
	touchDown bool
	// repeat is the action that repeats while its PC key (repeatKey) or
	// the mouse button or finger (repeatMouse) stays down, next at
	// repeatAt.
	repeat      ui.Action
	repeating   bool
	repeatMouse bool
	repeatKey   ebiten.Key
	repeatAt    time.Time
	// helpPage is the key map overlay's page shown.
	helpPage int
	// waking is set while a tick is already asked for (wakeSoon).
	waking bool
	// tapped is set when a tap pressed and released within one frame was
	// done: that frame's press of Control arms no new tap.
	tapped bool
	// menuOpen is the window's menu open as last seen, menuSel its row
	// chosen by the keyboard (menu.go).
	menuOpen bool
	menuSel  int
	// library is the equation library's view while it is open
	// (library.go).
	library *ui.LibraryView
}

// Auto-repeat's delay and rate, as a PC's keyboard repeats.
const (
	repeatDelay = 400 * time.Millisecond
	repeatEvery = 50 * time.Millisecond
)

// Update turns input into calculator actions.
func (g *Game) Update() error {
	g.in.waking = false
	pageAwake()
	if err := g.housekeeping(); err != nil || g.opt.Screenshot != "" {
		return err
	}
	if err := g.keyboard(); err != nil {
		return err
	}
	g.mouse()
	g.autoRepeat()
	g.follow()
	return nil
}

// housekeeping does what each tick does before input: a restart asked for
// by Ctrl+O, the beep, the synthetic clicks, the start-up report, closing
// (the window closed, or OFF) and keeping the window's place.
func (g *Game) housekeeping() error {
	if g.done {
		return ebiten.Termination
	}
	if p := g.opened.Load(); p != nil {
		g.opt.Switch(*p)
		return g.close()
	}
	if n := g.ctrl.Frame().Beeps; n > g.beeps {
		g.beeps = n
		if g.opt.Screenshot == "" {
			g.sound.beep()
		}
	}
	// The clicks left after a long job are replayed by the next ticks;
	// input, closing and the window's place go on meanwhile.
	g.replayClicks()
	if g.opt.Screenshot != "" {
		return nil
	}
	if g.drawn && !g.reported.Load() {
		g.reported.Store(true)
		if g.opt.ReportStartup {
			fmt.Fprintf(g.opt.Stderr, "hp17b: first frame %d ms after start\n", time.Since(g.opt.Start).Milliseconds())
		}
	}
	if ebiten.IsWindowBeingClosed() || g.ending.Load() || (g.ctrl.Frame().Off && runtime.GOOS != "js") {
		// Closed, asked to end (a signal, the parent gone), or turned OFF
		// as the real one is (a page in the browser stays): continuous
		// memory is kept.
		return g.close()
	}
	g.keepPlace(g.placeNow())
	return nil
}

// clickWait is how long a tick waits for the jobs of the synthetic
// clicks (replayClicks): a key's job takes well under a millisecond, a
// move of the heaps panel's game and the calculator's reply a few tens;
// a longer wait would be felt as a window that stops answering.
const clickWait = 50 * time.Millisecond

// replayClicks replays the synthetic clicks (Options.Clicks, the
// browser's ?click=X,Y), in screenshot mode and in the live window alike:
// each once the jobs before it have run, so that a click lands on what
// the one before left (a match on the heaps as the reply left them). It
// waits at most clickWait in all, never blocking the tick on a long
// solve: the clicks left stay for the next ticks (the controller asks
// for one after every job and while a job runs), and it reports whether
// every click was replayed. Nothing is lost meanwhile; the display shows
// the Solver working, as it does for a click by hand, and a key
// interrupts it.
func (g *Game) replayClicks() bool {
	deadline := time.Now().Add(clickWait)
	for len(g.clicks) > 0 {
		if !g.ctrl.WaitFor(time.Until(deadline)) {
			return false
		}
		c := g.clicks[0]
		g.clicks = g.clicks[1:]
		g.ctrl.Click(g.layout(), c[0], c[1])
	}
	return true
}

// keyboard turns the frame's PC keys into actions. A Control key tapped
// alone is the shift key, decided at its release (before the frame's
// other keys, so that a key typed right after the tap is shifted);
// Control with another key is a shortcut (shortcuts.go).
func (g *Game) keyboard() error {
	chars := ebiten.AppendInputChars(nil)
	pressed := inpututil.AppendJustPressedKeys(nil)
	if open := g.ctrl.Snapshot().Menu; open != g.in.menuOpen {
		g.in.menuOpen, g.in.menuSel = open, 0 // opened by the mouse, or closed
	}
	if g.in.menuOpen {
		return g.menuKeys(chars, pressed)
	}
	if g.in.library != nil {
		return g.libraryKeys(chars, pressed)
	}
	ctrlDown := g.controlTap(len(chars) > 0, pressed)
	editing := g.ctrl.Editing()
	// A frame's typed characters go before its named keys: Ebitengine
	// tells neither their order nor a named key pressed twice in one frame,
	// and a number typed then a menu key (4500 F1) is what arrives
	// together when keys come faster than frames.
	var typed []emulator.Key // the calculator keys the characters pressed
	for _, r := range chars {
		if a, ok := g.keys.Char(r, editing); ok {
			g.do(a)
			if presses(a) {
				typed = append(typed, a.Key)
			}
		}
	}
	modifier := ctrlDown || ebiten.IsKeyPressed(ebiten.KeyMeta)
	for i, k := range pressed {
		if g.ctrl.Snapshot().Menu {
			// A key opened the menu: it takes the frame's other keys.
			g.in.menuOpen, g.in.menuSel = true, 0
			return g.menuKeys(nil, pressed[i:])
		}
		if _, named := g.keys.Named(k.String(), editing); !named && len(typed) > 0 && !modifier && !shiftKey(k) {
			// The PC key that typed a character: its calculator key is
			// drawn pressed while it is held (the frame's characters and
			// keys in the same order).
			g.holdPC(k, typed[0])
			typed = typed[1:]
			continue
		}
		if err := g.keyDown(k, modifier, editing); err != nil {
			return err
		}
	}
	for _, k := range inpututil.AppendJustReleasedKeys(nil) {
		g.keyUp(k)
	}
	g.in.tapped = false
	if g.in.shiftTap {
		g.wakeSoon() // the release is seen at once, not with the next event
	}
	return nil
}

// controlTap decides a tap of Control before the frame's other keys, and
// reports whether Control is down for them. Ebitengine counts a modifier
// released in this frame as still pressed, and a press and release between
// two frames as both: a Control released this frame after being pressed
// alone (or pressed and released within it) is a tap, unless a key
// without a character came with it (Ctrl+C released quickly: the window
// system gives no character for a Control shortcut), and the frame's keys
// then count as typed after it.
func (g *Game) controlTap(typed bool, pressed []ebiten.Key) (ctrlDown bool) {
	released := inpututil.IsKeyJustReleased(ebiten.KeyControlLeft) || inpututil.IsKeyJustReleased(ebiten.KeyControlRight)
	if !released {
		down := ebiten.IsKeyPressed(ebiten.KeyControl)
		if g.in.shiftTap && !down {
			g.in.shiftTap = false
			g.controlTapped()
		}
		return down
	}
	others := false
	for _, k := range pressed {
		switch k {
		case ebiten.KeyControlLeft, ebiten.KeyControlRight, ebiten.KeyControl:
			g.in.shiftTap = true // pressed and released within this frame
		default:
			others = true
		}
	}
	if g.in.shiftTap && (!others || typed) {
		g.in.shiftTap = false
		g.in.tapped = true // this frame's Control press is the tap's
		g.controlTapped()
		return false
	}
	return true
}

// keyDown handles one PC key pressed this frame.
func (g *Game) keyDown(k ebiten.Key, modifier, editing bool) error {
	switch k {
	case ebiten.KeyControlLeft, ebiten.KeyControlRight:
		// The gold shift key when tapped alone, decided on release:
		// Control held for Ctrl+C or Ctrl+V arms nothing.
		g.in.shiftTap = !g.in.tapped
		g.in.tapped = false
		return nil
	case ebiten.KeyControl, ebiten.KeyMeta, ebiten.KeyMetaLeft, ebiten.KeyMetaRight:
		return nil
	}
	if mv, ok := ui.WordMove(k.String()); ok && modifier && editing {
		// Ctrl+← and Ctrl+→ move by names and numbers: Control held for
		// them is no shift key.
		g.in.shiftTap = false
		g.do(ui.Action{Cursor: &mv})
		return nil
	}
	if d := lineKeys[k]; d != 0 && editing && !modifier && g.edit.Cols > 0 {
		// ↑ ↓ while the whole equation shows: by a line of the view.
		a := ui.Action{Line: d, LineCols: g.edit.Cols}
		g.do(a)
		g.startRepeat(a, false, k)
		return nil
	}
	if modifier {
		tapped := g.in.shiftTap
		g.in.shiftTap = false
		if c, ok := g.shortcut(k, ebiten.IsKeyPressed(ebiten.KeyShift)); ok {
			return c.do(g)
		}
		if tapped {
			// Another key with Control held: Control was the shift key.
			g.controlTapped()
		}
	}
	a, ok := g.keys.Named(k.String(), editing)
	if !ok {
		return nil
	}
	if !editing && a.Key != emulator.KeyCLR && k != ebiten.KeyDelete && ebiten.IsKeyPressed(ebiten.KeyDelete) {
		a.WithCLR = true // Delete (CLR) held: the self-test's chords
	}
	g.do(a)
	if presses(a) {
		g.holdPC(k, a.Key)
	}
	if ui.Repeats(a) {
		g.startRepeat(a, false, k)
	}
	return nil
}

// lineKeys are the PC keys that move the cursor of the equation edited by
// a line of the whole-equation view (up: -1), while it shows; otherwise
// they are the calculator's ▲ ▼, which do nothing in its editor.
var lineKeys = map[ebiten.Key]int{ebiten.KeyArrowUp: -1, ebiten.KeyArrowDown: 1}

// shiftKey reports whether k is a Shift or Alt key (typing a character
// with another key).
func shiftKey(k ebiten.Key) bool {
	switch k {
	case ebiten.KeyShift, ebiten.KeyShiftLeft, ebiten.KeyShiftRight, ebiten.KeyAlt, ebiten.KeyAltLeft, ebiten.KeyAltRight:
		return true
	}
	return false
}

// holdPC draws calculator key key pressed while PC key k is held.
func (g *Game) holdPC(k ebiten.Key, key emulator.Key) {
	if g.in.pcHeld == nil {
		g.in.pcHeld = map[ebiten.Key]emulator.Key{}
	}
	g.in.pcHeld[k] = key
	g.ctrl.Hold(key, true)
}

// keyUp handles one PC key released this frame: its calculator key is
// drawn up, and it stops repeating.
func (g *Game) keyUp(k ebiten.Key) {
	if key, ok := g.in.pcHeld[k]; ok {
		delete(g.in.pcHeld, k)
		g.ctrl.Hold(key, false)
	}
	if g.in.repeating && !g.in.repeatMouse && g.in.repeatKey == k {
		g.in.repeating = false
	}
}

// presses reports whether a presses a calculator key (drawn pressed while
// held).
func presses(a ui.Action) bool {
	return a.Text == "" && a.Cursor == nil && !a.Help && !a.Paper && !a.About && !a.Panel && !a.Menu && a.Game == ui.GameNone && !a.Record
}

// do applies an action: the key map overlay pages on while pages remain;
// everything else goes to the controller.
func (g *Game) do(a ui.Action) {
	if a.Help && g.ctrl.Snapshot().Help && g.in.helpPage+1 < g.helpPages() {
		g.in.helpPage++
		g.redraw()
		return
	}
	if a.Help || (a.Key == emulator.KeyEXIT && g.ctrl.Snapshot().Help) {
		g.in.helpPage = 0
	}
	if g.ctrl.Snapshot().Menu && presses(a) && a.Key == emulator.KeyEXIT && !a.Shift {
		g.ctrl.SetMenu(false) // Escape closes the menu
		return
	}
	g.ctrl.Do(a)
}

// controlTapped does what the key map gives Control (the gold shift key
// by default), once Control was tapped alone or held for a key that is no
// shortcut.
func (g *Game) controlTapped() {
	if a, ok := g.keys.Named("ControlLeft", false); ok {
		g.ctrl.Do(a)
	}
}

// startRepeat makes a repeat while its PC key k (or the mouse button)
// stays down.
func (g *Game) startRepeat(a ui.Action, mouse bool, k ebiten.Key) {
	g.in.repeat, g.in.repeating, g.in.repeatMouse, g.in.repeatKey = a, true, mouse, k
	g.in.repeatAt = time.Now().Add(repeatDelay)
}

// autoRepeat repeats the held key's action when its time comes.
func (g *Game) autoRepeat() {
	if !g.in.repeating {
		return
	}
	if !g.in.repeatMouse && !ebiten.IsKeyPressed(g.in.repeatKey) {
		g.in.repeating = false
		return
	}
	if time.Now().After(g.in.repeatAt) {
		g.ctrl.Do(g.in.repeat)
		g.in.repeatAt = time.Now().Add(repeatEvery)
	}
	g.wakeSoon() // frames keep coming while the key is held
}

// follow brings the window in line with the latest snapshot: the title
// while an alarm rings, the window's size when the heaps panel comes or
// goes, and another tick while a job runs or its snapshot is not drawn.
func (g *Game) follow() {
	snap := g.ctrl.Snapshot()
	if f := snap.Frame; f.Ringing != g.ringing || snap.Recording != g.recording || snap.Playing != g.playing {
		// An appointment's alarm draws attention in the title bar too, and
		// it says when keys are recorded or played.
		g.ringing, g.recording, g.playing = f.Ringing, snap.Recording, snap.Playing
		title := Title(g.ctrl.Model())
		switch {
		case f.Ringing:
			title = "((•)) " + f.Top + " - " + title
		case snap.Recording:
			title = "REC - " + title
		case snap.Playing:
			title = "PLAYING - " + title
		}
		ebiten.SetWindowTitle(title)
	}
	g.followPanel(snap.PanelHidden && !snap.Paper.Shown)
	if g.ctrl.Working() || snap.Version != g.version {
		// A job runs or its snapshot is not drawn yet: come back for it
		// (a redraw asked for while this frame runs may be merged into it).
		ebiten.ScheduleFrame() //lint:ignore SA1019 keeps the minimum-FPS loop ticking until the result is drawn
	}
	if len(g.in.pcHeld) > 0 {
		g.wakeSoon() // a held key's release is seen at once
	}
}

// wakeSoon asks for another tick in a few milliseconds: while a key or the
// mouse button is held, its release must be seen when it happens (the
// minimum-FPS loop otherwise sees it with the next event only).
func (g *Game) wakeSoon() {
	if g.in.waking {
		return
	}
	g.in.waking = true
	time.AfterFunc(10*time.Millisecond, func() {
		ebiten.ScheduleFrame() //lint:ignore SA1019 one more tick to see a release
	})
}

// redraw draws the next frame even when no new snapshot came (a page of
// the overlay).
func (g *Game) redraw() {
	g.dirty = true
	ebiten.ScheduleFrame() //lint:ignore SA1019 draws the window's own change
}
