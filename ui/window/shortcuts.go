package window

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/clipboard"
	"github.com/hp17b/hp17b/ui/dialog"
)

// command is one of the window's own commands: what it does, its shortcut
// (Control, or Cmd on macOS, with key; with Shift too when shift), or the
// key map's action that does it (the map says which PC keys), and how it
// runs (an error ends the window: ebiten.Termination to close). The
// overlay, the menu and the keyboard all read this one table. A desktop
// command is not offered in the browser's page (page_js.go): state files,
// the window's size, Quit; the page's canvas follows the browser's window
// and the browser keeps one calculator. A page command is offered only in
// the page (page_other.go): the phone's share sheet and the equation's
// link. A command whose key is noKey has no shortcut.
type command struct {
	what    string
	key     ebiten.Key
	shift   bool
	action  *ui.Action
	run     func(g *Game) error
	desktop bool
	page    bool
}

// noKey is the key of a command without a shortcut.
const noKey ebiten.Key = -1

// commands are the window's commands, in the menu's order.
var commands = []command{
	{what: "Open a calculator (state file)", key: ebiten.KeyO, run: (*Game).openState, desktop: true},
	{what: "New calculator", key: ebiten.KeyN, run: (*Game).newCalculator, desktop: true},
	{what: "Save this calculator as a new file", key: ebiten.KeyS, shift: true, run: (*Game).saveStateAs, desktop: true},
	{what: "Open equation file…", key: ebiten.KeyL, run: (*Game).openEquations},
	{what: "Equation library…", key: ebiten.KeyE, run: (*Game).openLibrary},
	{what: "Save the SOLVE list…", key: ebiten.KeyS, run: (*Game).saveEquations},
	{what: "Copy the number (or equation)", key: ebiten.KeyC, run: func(g *Game) error { g.clipboard(false); return nil }},
	{what: "Paste", key: ebiten.KeyV, run: func(g *Game) error { g.clipboard(true); return nil }},
	{what: "Share the equation", key: noKey, run: (*Game).shareEquation, page: true},
	{what: "Copy a link to this equation", key: noKey, run: (*Game).copyLink, page: true},
	{what: "Paper (the print-out)", action: &ui.Action{Paper: true}},
	{what: "Key map (this list)", action: &ui.Action{Help: true}},
	{what: "Hide or show the heaps panel", action: &ui.Action{Panel: true}},
	{what: "New Game", action: &ui.Action{Game: ui.GameNew}},
	{what: "Undo (a move pair)", action: &ui.Action{Game: ui.GameUndo}},
	{what: "Redo", action: &ui.Action{Game: ui.GameRedo}},
	{what: "Hint (a winning move)", action: &ui.Action{Game: ui.GameHint}},
	{what: "Why (the heaps in binary)", action: &ui.Action{Game: ui.GameWhy}},
	{what: "Record keys (start or stop)", action: &ui.Action{Record: true}, desktop: true},
	{what: "Play a key script (file)", key: ebiten.KeyP, run: (*Game).playScript, desktop: true},
	{what: "Zoom 1×", key: ebiten.KeyDigit1, run: zoomTo(1), desktop: true},
	{what: "Zoom 1.5×", key: ebiten.KeyDigit2, run: zoomTo(1.5), desktop: true},
	{what: "Zoom 2×", key: ebiten.KeyDigit3, run: zoomTo(2), desktop: true},
	{what: "Zoom to fit the screen", key: ebiten.KeyDigit0, run: zoomTo(0), desktop: true},
	{what: "About hp17b", action: &ui.Action{About: true}},
	{what: "Quit (OFF keeps memory too)", key: ebiten.KeyQ, run: (*Game).close, desktop: true},
}

// zoomTo is a zoom preset's command: the window sized to scale times the
// layout (1× is one layout unit a pixel), or with scale 0 as large as
// fits nine tenths of the monitor (room for the title bar and a task bar).
func zoomTo(scale float64) func(g *Game) error {
	return func(g *Game) error {
		l, s := g.layout(), scale
		if s == 0 {
			mw, mh := ebiten.Monitor().Size()
			s = min(0.9*float64(mw)/l.Width, 0.9*float64(mh)/l.Height)
		}
		w, h := int(math.Round(l.Width*s)), int(math.Round(l.Height*s))
		minW, minH := g.sizeLimits()
		ebiten.SetWindowSize(max(w, minW), max(h, minH))
		return nil
	}
}

// keys names how the keyboard reaches c: "Ctrl+O", or the PC keys the
// key map gives its action ("" when none).
func (c command) keys(k *ui.KeyMap) string {
	if c.action != nil {
		return k.KeysFor(*c.action)
	}
	if c.key == noKey {
		return ""
	}
	name := "Ctrl+"
	if c.shift {
		name += "Shift+"
	}
	return name + strings.TrimPrefix(c.key.String(), "Digit")
}

// do runs c: its own function, or its action through the controller. A
// panic in it is caught here (ui.Guard) and reported as the controller
// reports a failed job: the window goes on.
func (c command) do(g *Game) (err error) {
	if failed := ui.Guard(c.what, func() {
		if c.action != nil {
			g.do(*c.action)
			return
		}
		err = c.run(g)
	}); failed != nil {
		g.failed(failed)
		return nil
	}
	return err
}

// failed reports an action that failed (ui.Guard's error): ACTION FAILED
// on the display, the reason on standard error and, in the page, in its
// status line.
func (g *Game) failed(err error) {
	fmt.Fprintf(g.opt.Stderr, "hp17b: %s\n", ui.FailureAdvice(err))
	if f, ok := err.(*ui.Failure); ok {
		fmt.Fprintln(g.opt.Stderr, f.Stack)
	}
	g.ctrl.Message("ACTION FAILED")
	pageStatus(ui.FailureAdvice(err))
}

// shortcut finds the command whose shortcut is Control with k (and Shift
// when shift; a command without Shift takes Control+Shift too when none
// with Shift is given).
func (g *Game) shortcut(k ebiten.Key, shift bool) (command, bool) {
	for _, exact := range []bool{true, false} {
		for _, c := range commands {
			if c.action == nil && c.key != noKey && c.key == k && (c.shift == shift || !exact && !c.shift) {
				return c, true
			}
		}
	}
	return command{}, false
}

// stateFiles reports whether this window has state files to open and
// make (not --fresh, not the browser); otherwise the display says so.
func (g *Game) stateFiles() bool {
	if g.opt.StateDir != "" && g.opt.Switch != nil {
		return true
	}
	g.ctrl.Message("NO STATE FILES HERE")
	return false
}

// openState asks for a state file in the platform's file chooser; the
// window restarts on it (Update, once it is chosen).
func (g *Game) openState() error {
	if g.stateFiles() {
		go g.chooseState()
	}
	return nil
}

// newCalculator restarts the window on a fresh state file (this one's
// state is saved as it closes).
func (g *Game) newCalculator() error {
	if !g.stateFiles() {
		return nil
	}
	g.opt.Switch(g.newStatePath())
	return g.close()
}

// saveStateAs writes this state to a new file and restarts the window on
// it.
func (g *Game) saveStateAs() error {
	if !g.stateFiles() {
		return nil
	}
	path := g.newStatePath()
	if err := g.ctrl.SaveStateAs(path); err != nil {
		fmt.Fprintf(g.opt.Stderr, "hp17b: save as: %v\n", err)
		g.ctrl.Message("STATE NOT SAVED")
		return nil
	}
	g.opt.Switch(path)
	return g.close()
}

// saveEquations writes the SOLVE list to the equations file, off the
// frame's goroutine; in the page, the browser downloads the same text as
// hp17b-equations.txt (page_js.go).
func (g *Game) saveEquations() error {
	if inPage {
		text, n := g.ctrl.SolveListText()
		g.pageDownload("hp17b-equations.txt", text, n)
		return nil
	}
	go func() {
		if err := g.ctrl.SaveEquations(g.opt.EquationsFile); err != nil {
			fmt.Fprintf(g.opt.Stderr, "hp17b: saving the SOLVE list: %v\n", err)
		}
	}()
	return nil
}

// openEquations asks for an equation file in the platform's file chooser
// (in the page, the page's file input: page_js.go) and adds its equations
// to the SOLVE list as a dropped file's are; the chooser runs off the
// frame's goroutine.
func (g *Game) openEquations() error {
	if inPage {
		pageOpenFile()
		return nil
	}
	go func() {
		_ = ui.Guard("Open equation file", func() {
			path, err := dialog.OpenFileOf("Open equation file", g.opt.StateDir, "Equation files", ".eq", ".txt")
			switch {
			case err != nil:
				fmt.Fprintf(g.opt.Stderr, "hp17b: open: %v\n", err)
				g.ctrl.Message("NO FILE CHOOSER")
			case path != "":
				b, err := files.ReadRegular(path, solver.MaxFileSize)
				if err != nil {
					fmt.Fprintf(g.opt.Stderr, "hp17b: %v\n", err)
					g.ctrl.Message("BAD FILE")
					return
				}
				g.ctrl.LoadText(path, string(b), g.opt.Stderr)
			}
		})
	}()
	return nil
}

// chooseState asks for a state file to open (Ctrl+O) and, when one is
// chosen, has Update restart the window on it. Without a chooser the
// display says so and the reason is printed.
func (g *Game) chooseState() {
	path, err := dialog.OpenFile("Open a calculator (state file)", g.opt.StateDir, ".json")
	switch {
	case err != nil:
		fmt.Fprintf(g.opt.Stderr, "hp17b: open: %v\n", err)
		g.ctrl.Message("NO FILE CHOOSER")
	case path != "":
		g.opened.Store(&path)
		//lint:ignore SA1019 wakes the minimum-FPS loop (see Run)
		ebiten.ScheduleFrame()
	}
}

// newStatePath names a state file in StateDir that does not exist yet:
// state-YYYYMMDD-HHMMSS.json, with -2, -3, … when that is taken.
func (g *Game) newStatePath() string {
	base := "state-" + time.Now().Format("20060102-150405")
	path := filepath.Join(g.opt.StateDir, base+".json")
	for i := 2; ; i++ {
		if _, err := os.Lstat(path); err != nil {
			return path
		}
		path = filepath.Join(g.opt.StateDir, fmt.Sprintf("%s-%d.json", base, i))
	}
}

// clipboard copies (Ctrl+C: ui.Controller.CopyText) or pastes (Ctrl+V:
// ui.Controller.Paste) through the system's clipboard, off the frame's
// goroutine (the platform's tool may take a moment); a failure, such as no
// clipboard program, is reported on Stderr.
func (g *Game) clipboard(paste bool) {
	if !paste {
		text := g.ctrl.CopyText()
		go func() {
			if err := clipboard.Write(text); err != nil {
				fmt.Fprintf(g.opt.Stderr, "hp17b: copy: %v\n", err)
			}
		}()
		return
	}
	if pastePending() {
		return // the page's paste event brings the text (page_js.go)
	}
	go func() {
		if failed := ui.Guard("Paste", func() {
			text, err := clipboard.Read()
			if err != nil {
				fmt.Fprintf(g.opt.Stderr, "hp17b: paste: %v\n", err)
				switch {
				case errors.Is(err, clipboard.ErrTooLarge):
					g.ctrl.Message("PASTE TOO LARGE: 1 MB")
				case inPage:
					// Firefox and Safari give a page no clipboard to read,
					// and a refused permission is final: the paste event
					// (Ctrl+V, the display held) needs none.
					g.ctrl.Message("HOLD DISPLAY TO PASTE")
					pageStatus("This browser lets the page read the clipboard only as you paste: press Ctrl+V, or hold a finger on the display and choose Paste. (" + err.Error() + ")")
				}
				return
			}
			g.ctrl.Paste(text)
			ebiten.ScheduleFrame() //lint:ignore SA1019 draws the pasted text without waiting for input
			pageAwake()
		}); failed != nil {
			g.failed(failed)
		}
	}()
}
