// Package window draws the virtual HP-17BII with Ebitengine: the body, the
// dot-matrix LCD, the 37 keys with their gold shifted labels, the heaps
// panel for Nim programs and the key-map overlay. It turns mouse clicks, PC
// keys and dropped equation files into the calculator's input through
// ui.Controller, and draws only when something changed.
//
// Any program that imports it needs an X or Wayland display: Ebitengine
// opens its window system when the program starts.
package window

import (
	"fmt"
	"image"
	"io"
	"os"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui"
)

// Options configure a window.
type Options struct {
	// Screenshot, when set, makes the window draw once the keys and clicks
	// below are done, write that frame to this PNG file and close.
	Screenshot string
	// Clicks are synthetic mouse clicks in layout units, handled as real
	// ones after the key script, each once the jobs of the one before have
	// run, before any other input (an input hook for scripts and tests,
	// live or in screenshot mode). In the live window, a click whose job
	// still runs a tick later (a long solve) lets input in: a key then
	// interrupts the Solver, and the clicks left follow once it is done.
	Clicks [][2]float64
	// Stderr receives reports (bad dropped files, the start-up time).
	Stderr io.Writer
	// ReportStartup prints the time from Start to the first frame shown
	// (seen presented by the tick after it; from then on the window takes
	// input at once).
	ReportStartup bool
	// Start is when the program started, for ReportStartup.
	Start time.Time
	// PaperFile is where the print-out panel's Save writes
	// (hp17b-printout.txt in the working folder when empty).
	PaperFile string
	// KeyMap maps the PC keyboard (ui.DefaultKeyMap when nil; LoadKeyMap
	// reads a file).
	KeyMap *ui.KeyMap
	// EquationsFile is where Ctrl+S saves the SOLVE list
	// (hp17b-equations.txt in the working folder when empty).
	EquationsFile string
	// Version is the build's version, for About.
	Version string
	// Program, when set, is a program of the library (programs.ByID's ID)
	// the window starts a game of, adding it to the SOLVE list if needed.
	Program string
	// Skin is the calculator's face (ui.DefaultSkin when nil): its colours,
	// key geometry and type scale (ui.LoadSkin reads a skin file).
	Skin *ui.Skin
	// StateDir is where Ctrl+N (a new calculator) and Ctrl+Shift+S (save
	// the state as a new file) put their state files; "" turns both off
	// (--fresh, the browser).
	StateDir string
	// Switch, when set, is told the state file to continue on after the
	// window closes for Ctrl+N or Ctrl+Shift+S (the program restarts the
	// window on it: Ebitengine runs one window a process).
	Switch func(path string)
	// FirstFrame, when set, is called once, on the window's goroutine,
	// right after the first frame is drawn (Ebitengine presents it as that
	// tick ends): the browser build writes the display's text into the
	// page then (cmd/hp17b-window, exposeFrame).
	FirstFrame func()
	// Notice, when set, shows over the window from its first frame until
	// a key or a click: why the file given by --load was refused, whole
	// (ui.TextNotice). Not in screenshot mode, whose picture is the
	// calculator's.
	Notice *ui.Notice
}

// Game is the Ebitengine game: it holds the controller, turns input into
// actions (input.go, shortcuts.go) and draws snapshots (draw.go).
type Game struct {
	ctrl   *ui.Controller
	sound  *beeper                // the beeper (sound.go)
	opened atomic.Pointer[string] // a state file chosen with Ctrl+O, to restart on
	beeps  uint64                 // the frames' beep count already sounded
	opt    Options
	fonts  fonts
	// lcdPlace is where the display was last told to lie, for the page's
	// paste zone (pageapi_js.go).
	//lint:ignore U1000 the browser build's (pageapi_js.go)
	lcdPlace [6]float64
	keys     *ui.KeyMap
	done     bool
	shotErr  error
	drawn    bool
	reported atomic.Bool // the first frame's presentation was seen
	// place is where the window was when it was closed, kept with the
	// state once the controller has stopped.
	place *emulator.WindowPlace
	// seen is the place of the last tick; placeTimer writes it once it
	// stays put.
	seen       emulator.WindowPlace
	placeTimer *time.Timer
	version    uint64 // the snapshot last drawn
	lastSize   [2]int
	// clicks are the synthetic clicks not yet replayed (replayClicks).
	clicks  [][2]float64
	ringing bool // an alarm's message is in the title bar
	// recording and playing are the title bar's REC and PLAYING shown.
	recording, playing bool
	// panelHidden is the heaps panel's state the window is sized for.
	panelHidden bool
	in          input // the keyboard's and the mouse's state (input.go)
	// dirty asks Draw for a frame though no new snapshot came.
	dirty bool
	// edit is the grid of the whole-equation view last drawn (no columns
	// when none shows), for the line moves of ↑ and ↓.
	edit ui.EditGrid
	// ending is set when the window is to close from outside: a signal,
	// or its parent gone (end.go).
	ending atomic.Bool
	face   faceView // the painted face (face.go)
}

// fonts are the faces the window draws text with.
type fonts struct {
	regular, bold *typeface
	mono          *typeface // the print-out's
}

// loadFonts reads the Go fonts.
func loadFonts() (fonts, error) {
	var f fonts
	var err error
	if f.regular, err = newTypeface(goregular.TTF); err != nil {
		return f, err
	}
	if f.bold, err = newTypeface(gobold.TTF); err != nil {
		return f, err
	}
	f.mono, err = newTypeface(gomono.TTF)
	return f, err
}

// New makes the game for a calculator.
func New(m *emulator.Machine, opt Options) (*Game, error) {
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	g := &Game{opt: opt, keys: opt.KeyMap, clicks: slices.Clone(opt.Clicks)}
	if g.keys == nil {
		g.keys = ui.DefaultKeyMap()
	}
	var err error
	if g.fonts, err = loadFonts(); err != nil {
		return nil, err
	}
	g.ctrl = ui.NewController(m, func() {
		ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the minimum-FPS loop (see Run)
		pageAwake()
	})
	g.pageHooks()
	g.ctrl.SetPaperFile(opt.PaperFile)
	g.ctrl.OnRecorded(g.keepRecording)
	g.sound, g.beeps = newBeeper(), g.ctrl.Frame().Beeps
	if p, ok := g.ctrl.WindowPlace(); ok && p.PanelHidden && opt.Screenshot == "" {
		g.ctrl.SetPanelHidden(true)
		g.panelHidden = true
	}
	if opt.Notice != nil && opt.Screenshot == "" {
		g.ctrl.SetNotice(opt.Notice)
	}
	if opt.Program != "" {
		prog, err := programs.ByID(opt.Program)
		if err != nil {
			return nil, err
		}
		g.ctrl.Play(prog)
	}
	return g, nil
}

// Title is the window's title: the calculator modelled, "HP-17BII" or
// "HP-17bII+".
func Title(model solver.Model) string {
	if model == solver.Model17BIIPlus {
		return "HP-17bII+"
	}
	return "HP-17BII"
}

// Run opens the window and runs until it is closed (or the screenshot is
// written). It must be called from the main goroutine.
func Run(m *emulator.Machine, opt Options) error {
	g, err := New(m, opt)
	if err != nil {
		return err
	}
	l := g.layout()
	ebiten.SetWindowTitle(Title(g.ctrl.Model()))
	ebiten.SetWindowSize(int(l.Width), int(l.Height))
	minW, minH := g.sizeLimits()
	if p, ok := g.ctrl.WindowPlace(); ok && opt.Screenshot == "" {
		// Where the window was when it last closed (the state keeps it).
		ebiten.SetWindowSize(max(p.Width, minW), max(p.Height, minH))
		// Ebitengine moves a position off the monitor back onto it.
		ebiten.SetWindowPosition(p.X, p.Y)
	}
	if opt.Screenshot == "" {
		// Closing the window first records its place (see Update).
		ebiten.SetWindowClosingHandled(true)
	}
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	if opt.Screenshot == "" {
		// One Update before every frame: in the minimum-FPS mode a frame
		// may otherwise run without one, and a press seen only by that
		// frame's input state is lost (a click 1 ms after a mouse move).
		ebiten.SetTPS(ebiten.SyncWithFPS)
		// Draw only on input or when the controller asks: an idle window
		// uses no CPU. A screenshot run keeps ticking until it is written.
		// Ebitengine marks this mode deprecated in favour of skipping draws
		// with SetScreenClearedEveryFrame(false) alone, but that still runs
		// the loop, which costs CPU while the window is idle, where this mode
		// costs none (scripts/window-figures.sh measures it; docs/speed.md),
		// so it stays while the API exists.
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //lint:ignore SA1019 idle CPU, see above
	}
	ebiten.SetRunnableOnUnfocused(true)
	stop := g.watchEnd()
	err = runGame(g)
	stop()
	g.ctrl.Close()
	if g.placeTimer != nil {
		g.placeTimer.Stop()
	}
	if g.place != nil {
		g.ctrl.SetWindowPlace(*g.place)
	}
	if err == nil {
		err = g.shotErr
	}
	return err
}

// runGame runs the game. An error before the first frame (an unreachable
// display: Ebitengine opens the window system inside RunGame) and a panic
// of the window system become ErrNoWindow, so that the caller can say why
// and fall back.
func runGame(g *Game) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrNoWindow, r)
		}
	}()
	icons := make([]image.Image, len(ui.IconSizes))
	for i, n := range ui.IconSizes {
		icons[i] = ui.Icon(n)
	}
	ebiten.SetWindowIcon(icons)
	// WM_CLASS names the program, so that a desktop entry's StartupWMClass
	// (packaging/linux) finds the window.
	err = ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{X11ClassName: WindowClass, X11InstanceName: WindowClass})
	if err != nil && !g.drawn {
		// Nothing was ever drawn: the window system refused (no display).
		err = fmt.Errorf("%w: %v", ErrNoWindow, err)
	}
	return err
}

// WindowClass is the window's class and instance name (X11's WM_CLASS):
// the desktop entry packaging/linux/io.github.hp17b.hp17b.desktop names it
// as its StartupWMClass.
const WindowClass = "hp17b"

// ErrNoWindow is returned by Run when the window system could not start.
var ErrNoWindow = fmt.Errorf("the window could not open")

// layout is the calculator's, with the heaps panel unless it is hidden:
// in the browser's page, once drawn, laid out for the page's size in CSS
// pixels (ui.PageLayout: a phone's face on a phone).
func (g *Game) layout() ui.Layout {
	if inPage && g.lastSize[0] > 0 && g.lastSize[1] > 0 {
		s := ebiten.Monitor().DeviceScaleFactor()
		if s <= 0 {
			s = 1
		}
		return ui.PageLayout(!g.panelHidden, g.skin(), float64(g.lastSize[0])/s, float64(g.lastSize[1])/s)
	}
	return ui.NewSkinLayout(!g.panelHidden, g.skin())
}

// LayoutF renders at the device's pixel density, for crisp HiDPI output.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	return w * s, h * s
}

// Layout is required by ebiten.Game; LayoutF is used instead.
func (g *Game) Layout(w, h int) (int, int) { return w, h }

// toLayout converts a point of the screen to layout units. While the
// window's menu shows (menu), the point is the body's wherever it is: the
// menu is drawn in the body's units, and held upright its rows reach down
// over the heaps panel, whose own units would miss them.
func (g *Game) toLayout(x, y int, menu bool) (float64, float64) {
	w, h := g.lastSize[0], g.lastSize[1]
	l := g.layout()
	v := ui.ViewFor(l, float64(w), float64(h)) // portrait: the panel below
	if v.Body.Scale == 0 {
		return -1, -1
	}
	if menu {
		return v.Body.Point(float64(x), float64(y))
	}
	return v.Point(l, float64(x), float64(y))
}

// close ends the window where it is now (its place kept with the state);
// the program then saves continuous memory.
func (g *Game) close() error {
	p := g.placeNow()
	g.place = &p
	return ebiten.Termination
}
