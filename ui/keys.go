package ui

import (
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// KeySet is a set of the calculator's keys (bit k for emulator.Key k): the
// keys drawn pressed.
type KeySet uint64

// Has reports whether k is in the set.
func (s KeySet) Has(k emulator.Key) bool {
	return k >= 0 && k < emulator.NumKeys && s&(1<<uint(k)) != 0
}

// With returns the set with k added (down) or taken out.
func (s KeySet) With(k emulator.Key, down bool) KeySet {
	if k < 0 || k >= emulator.NumKeys {
		return s
	}
	if down {
		return s | 1<<uint(k)
	}
	return s &^ (1 << uint(k))
}

// Hold marks key k held down (down) or released, by the mouse button or a
// PC key: a held key is drawn pressed (Snapshot.Pressed) until released.
// It presses nothing (Do does).
func (c *Controller) Hold(k emulator.Key, down bool) {
	c.mu.Lock()
	before := c.held
	c.held = c.held.With(k, down)
	changed := c.held != before
	c.mu.Unlock()
	if changed {
		c.publish()
	}
}

// Release marks every held key released (the window lost the mouse
// button or the focus).
func (c *Controller) Release() {
	c.mu.Lock()
	changed := c.held != 0
	c.held = 0
	c.mu.Unlock()
	if changed {
		c.publish()
	}
}

// windowAction does the window's own actions that the controller keeps in
// the snapshot (the heaps panel hidden or shown, the window's menu), and
// reports whether a was one.
func (c *Controller) windowAction(a Action) bool {
	switch {
	case a.Panel:
		c.SetPanelHidden(!c.Snapshot().PanelHidden)
	case a.Menu:
		c.SetMenu(!c.Snapshot().Menu)
	case a.Game != GameNone:
		c.GameCommand(a.Game)
	case a.Record:
		c.ToggleRecording()
	default:
		return false
	}
	return true
}

// GameCommand presses one of the heaps panel's buttons (a PC key's
// action): New Game, Undo, Redo, Hint or Why.
func (c *Controller) GameCommand(g GameCommand) {
	switch g {
	case GameNew:
		c.NewGame()
	case GameUndo:
		c.Undo()
	case GameRedo:
		c.Redo()
	case GameHint:
		c.Hint()
	case GameWhy:
		c.ToggleWhy()
	}
}

// SetPanelHidden hides or shows the heaps panel (the window remembers it
// with its place). A game program made current shows it again.
func (c *Controller) SetPanelHidden(hidden bool) {
	c.mu.Lock()
	c.panelHidden = hidden
	c.mu.Unlock()
	c.publish()
}

// SetMenu opens or closes the window's menu (Snapshot.Menu).
func (c *Controller) SetMenu(open bool) {
	c.mu.Lock()
	c.menu = open
	c.mu.Unlock()
	c.publish()
}

// showGame shows the heaps panel when a game program has just been made
// current (p is the panel after a job): a game shows itself.
func (c *Controller) showGame(p Panel) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p.Active && (!c.panel.Active || c.panel.Program.ID != p.Program.ID) {
		c.panelHidden = false
	}
}

// pressKey presses a's key on the controller's goroutine: after the shift
// key when a.Shift, with CLR held when a.WithCLR; a.Cancel's EXIT cancels a
// pending shift instead (emulator.Machine.Press toggles it).
func (c *Controller) pressKey(a Action) {
	switch {
	case a.Cancel && c.m.Frame().Shift:
		c.m.Press(emulator.KeyShift)
		return
	case a.Shift:
		c.m.Press(emulator.KeyShift)
	}
	input := a.Key == emulator.KeyINPUT && !a.Shift && c.m.Editing()
	if a.WithCLR {
		c.m.PressHeld(emulator.KeyCLR, a.Key)
	} else {
		c.m.Press(a.Key)
	}
	if top := c.m.Frame().Top; input && c.m.Editing() && strings.HasPrefix(top, "STATE FULL") {
		// INPUT refused: the display names the limit, the notice says
		// what to do.
		n := &Notice{Title: "INPUT REFUSED: " + top}
		n.Say("The equation would make the calculator's state larger than %d MB, the most hp17b writes (docs/limits.md).", emulator.MaxStateWrite>>20)
		n.Say("It stays in the editor: shorten it, or delete equations from the SOLVE list first.")
		c.holdNotice(n)
	}
}

// Editing reports whether an equation or a name is being typed: the PC
// keys then work as a text field's (KeyMap.Named, KeyMap.Char).
func (c *Controller) Editing() bool { return c.m.Editing() }

// SaveStateAs writes the calculator's state to a new file at path
// (emulator.Machine.SaveStateAs).
func (c *Controller) SaveStateAs(path string) error { return c.m.SaveStateAs(path) }

// SetWindowPlace keeps the window's place with the state
// (emulator.Machine.SetWindowPlace).
func (c *Controller) SetWindowPlace(p emulator.WindowPlace) { c.m.SetWindowPlace(p) }

// WindowPlace is the window's place kept with the state, false when none
// is (emulator.Machine.WindowPlace).
func (c *Controller) WindowPlace() (emulator.WindowPlace, bool) { return c.m.WindowPlace() }

// Model is the calculator modelled (emulator.Machine.Model).
func (c *Controller) Model() solver.Model { return c.m.Model() }
