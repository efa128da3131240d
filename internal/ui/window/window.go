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
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/clipboard"
	"github.com/hp17b/hp17b/internal/dialog"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/internal/ui"
	"github.com/hp17b/hp17b/internal/version"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// Options configure a window.
type Options struct {
	// Screenshot, when set, makes the window draw once the keys and clicks
	// below are done, write that frame to this PNG file and close.
	Screenshot string
	// Clicks are synthetic mouse clicks in layout units, handled as real
	// ones after the key script, before any other input (an input hook for
	// scripts and tests, live or in screenshot mode).
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
	// StateDir is where Ctrl+N (a new calculator) and Ctrl+Shift+S (save
	// the state as a new file) put their state files; "" turns both off
	// (--fresh, the browser).
	StateDir string
	// Switch, when set, is told the state file to continue on after the
	// window closes for Ctrl+N or Ctrl+Shift+S (the program restarts the
	// window on it: Ebitengine runs one window a process).
	Switch func(path string)
}

// KnownKey reports whether name is one of Ebitengine's key names (the
// names a key map file uses).
func KnownKey(name string) bool {
	var k ebiten.Key
	return k.UnmarshalText([]byte(name)) == nil
}

// DefaultKeyMapPath is where the window looks for a key map file when none
// is given: keymap.txt in the user's config folder's hp17b folder ("" when
// the system has no config folder).
func DefaultKeyMapPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "hp17b", "keymap.txt")
}

// LoadKeyMap reads the key map file at path; a bad line gives a
// *ui.KeyMapError with its line number.
func LoadKeyMap(path string) (*ui.KeyMap, error) {
	b, err := files.ReadRegular(path, 1<<20)
	if err != nil {
		return nil, err
	}
	return ui.ParseKeyMap(path, string(b), KnownKey)
}

// Game is the Ebitengine game: it holds the controller and draws frames.
type Game struct {
	ctrl     *ui.Controller
	sound    *beeper                // the beeper (sound.go)
	opened   atomic.Pointer[string] // a state file chosen with Ctrl+O, to restart on
	beeps    uint64                 // the frames' beep count already sounded
	opt      Options
	regular  *text.GoTextFaceSource
	bold     *text.GoTextFaceSource
	mono     *text.GoTextFaceSource // the print-out's and the why view's
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
	clicked    bool
	ringing    bool // an alarm's message is in the title bar
	// shiftTap is set while a Control key is down with no other key
	// pressed since: released so, it presses the gold shift key.
	shiftTap bool
	// held is the repeating PC key held down and when it next repeats.
	held     ebiten.Key
	holding  bool
	repeatAt time.Time
}

// New makes the game for a calculator.
func New(m *emulator.Machine, opt Options) (*Game, error) {
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	g := &Game{opt: opt, keys: opt.KeyMap}
	if g.keys == nil {
		g.keys = ui.DefaultKeyMap()
	}
	var err error
	if g.regular, err = text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF)); err != nil {
		return nil, err
	}
	if g.bold, err = text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF)); err != nil {
		return nil, err
	}
	if g.mono, err = text.NewGoTextFaceSource(bytes.NewReader(gomono.TTF)); err != nil {
		return nil, err
	}
	g.ctrl = ui.NewController(m, func() {
		ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the minimum-FPS loop (see Run)
	})
	g.ctrl.SetPaperFile(opt.PaperFile)
	g.sound, g.beeps = newBeeper(), m.Frame().Beeps
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
	l := ui.NewLayout(true)
	ebiten.SetWindowTitle(Title(m.Model()))
	ebiten.SetWindowSize(int(l.Width), int(l.Height))
	minW, minH := int(l.Width/2), int(l.Height/2)
	ebiten.SetWindowSizeLimits(minW, minH, -1, -1)
	if p, ok := m.WindowPlace(); ok && opt.Screenshot == "" {
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
		// the loop (about 8 % of a core idle, per the project's build notes;
		// 0 % with this mode, measured by scripts/window-figures.sh), so it
		// stays while the API exists.
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //lint:ignore SA1019 idle CPU, see above
	}
	ebiten.SetRunnableOnUnfocused(true)
	err = runGame(g)
	g.ctrl.Close()
	if g.placeTimer != nil {
		g.placeTimer.Stop()
	}
	if g.place != nil {
		m.SetWindowPlace(*g.place)
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
	m := g.ctrl.Machine()
	g.placeTimer = time.AfterFunc(500*time.Millisecond, func() { m.SetWindowPlace(p) })
}

// layout is the same whether or not the heaps panel shows, so the
// calculator never moves when it comes or goes.
func (g *Game) layout() ui.Layout { return ui.NewLayout(true) }

// LayoutF renders at the device's pixel density, for crisp HiDPI output.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	return w * s, h * s
}

// Layout is required by ebiten.Game; LayoutF is used instead.
func (g *Game) Layout(w, h int) (int, int) { return w, h }

func (g *Game) toLayout(x, y int) (float64, float64) {
	w, h := g.lastSize[0], g.lastSize[1]
	l := g.layout()
	v := ui.ViewFor(l, float64(w), float64(h)) // portrait: the panel below
	if v.Body.Scale == 0 {
		return -1, -1
	}
	return v.Point(l, float64(x), float64(y))
}

// Update turns input into calculator actions.
func (g *Game) Update() error {
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
	if !g.clicked {
		// The synthetic clicks, once, before any input: in screenshot
		// mode and in the live window (the browser's ?click=X,Y) alike.
		g.clicked = true
		l := g.layout()
		for _, c := range g.opt.Clicks {
			g.ctrl.Click(l, c[0], c[1])
			g.ctrl.Wait()
			l = g.layout()
		}
	}
	if g.opt.Screenshot != "" {
		return nil
	}
	if g.drawn && !g.reported.Load() {
		g.reported.Store(true)
		if g.opt.ReportStartup {
			fmt.Fprintf(g.opt.Stderr, "hp17b: first frame %d ms after start\n", time.Since(g.opt.Start).Milliseconds())
		}
	}
	if g.opt.Screenshot == "" {
		x, y := ebiten.WindowPosition()
		w, h := ebiten.WindowSize()
		p := emulator.WindowPlace{X: x, Y: y, Width: w, Height: h}
		if ebiten.IsWindowBeingClosed() || (g.ctrl.Snapshot().Frame.Off && runtime.GOOS != "js") {
			// Closed, or turned OFF as the real one is (a page in the
			// browser stays): continuous memory is kept.
			return g.close()
		}
		g.keepPlace(p)
	}
	editing := g.ctrl.Machine().Editing()
	// A frame's typed characters go before its named keys: Ebitengine
	// tells neither their order nor a named key pressed twice in one frame,
	// and a number typed then a menu key (4500 F1) is what arrives
	// together when keys come faster than frames.
	for _, r := range ebiten.AppendInputChars(nil) {
		if a, ok := g.keys.Char(r, editing); ok {
			g.ctrl.Do(a)
		}
	}
	modifier := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	for _, k := range inpututil.AppendJustPressedKeys(nil) {
		switch name := k.String(); {
		case name == "ControlLeft" || name == "ControlRight":
			// The gold shift key when tapped alone, decided on release:
			// Control held for Ctrl+C or Ctrl+V arms nothing.
			g.shiftTap = true
			continue
		case name == "MetaLeft" || name == "MetaRight":
			continue
		case modifier && (name == "C" || name == "V"):
			g.shiftTap = false
			g.clipboard(name == "V")
			continue
		case modifier && name == "Q":
			return g.close()
		case modifier && name == "O" && g.opt.StateDir != "" && g.opt.Switch != nil:
			// Open: a state file chosen in the platform's file chooser; the
			// window restarts on it (Update, once it is chosen).
			g.shiftTap = false
			go g.chooseState()
			continue
		case modifier && name == "N" && g.opt.StateDir != "" && g.opt.Switch != nil:
			// A new calculator: a fresh state file, the window restarted
			// on it (this one's state is saved as it closes).
			g.opt.Switch(g.newStatePath())
			return g.close()
		case modifier && name == "S" && ebiten.IsKeyPressed(ebiten.KeyShift) && g.opt.StateDir != "" && g.opt.Switch != nil:
			// Save as: this state in a new file, the window restarted on it.
			path := g.newStatePath()
			if err := g.ctrl.Machine().SaveStateAs(path); err != nil {
				fmt.Fprintf(g.opt.Stderr, "hp17b: save as: %v\n", err)
				g.ctrl.Machine().Message("STATE NOT SAVED")
				continue
			}
			g.opt.Switch(path)
			return g.close()
		case modifier && (name == "O" || name == "N"):
			// No state files to open or make (--fresh, the browser): say
			// so rather than arm the shift key.
			g.shiftTap = false
			g.ctrl.Message("NO STATE FILES HERE")
			continue
		case modifier && name == "S":
			g.shiftTap = false
			go func() {
				if err := g.ctrl.SaveEquations(g.opt.EquationsFile); err != nil {
					fmt.Fprintf(g.opt.Stderr, "hp17b: saving the SOLVE list: %v\n", err)
				}
			}()
			continue
		case modifier && g.shiftTap:
			// Another key with Control held: Control was the shift key.
			g.shiftTap = false
			g.controlTapped()
		}
		if a, ok := g.keys.Named(k.String(), editing); ok {
			if !editing && a.Key != emulator.KeyCLR && k != ebiten.KeyDelete && ebiten.IsKeyPressed(ebiten.KeyDelete) {
				a.WithCLR = true // Delete (CLR) held: the self-test's chords
			}
			g.ctrl.Do(a)
			if ui.Repeats(k.String()) {
				g.held, g.holding, g.repeatAt = k, true, time.Now().Add(400*time.Millisecond)
			}
		}
	}
	if g.shiftTap && !ebiten.IsKeyPressed(ebiten.KeyControl) {
		g.shiftTap = false
		g.controlTapped()
	}
	if g.holding {
		// Auto-repeat: frames keep coming while the key is held.
		switch {
		case !ebiten.IsKeyPressed(g.held):
			g.holding = false
		case time.Now().After(g.repeatAt):
			if a, ok := g.keys.Named(g.held.String(), editing); ok {
				g.ctrl.Do(a)
			}
			g.repeatAt = time.Now().Add(50 * time.Millisecond)
		}
		if g.holding {
			ebiten.ScheduleFrame() //lint:ignore SA1019 keeps the minimum-FPS loop ticking while a key repeats
		}
	}
	if _, dy := ebiten.Wheel(); dy != 0 && g.ctrl.Snapshot().Paper.Shown {
		g.ctrl.ScrollPaper(int(dy * 3))
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		x, y := ebiten.CursorPosition()
		lx, ly := g.toLayout(x, y)
		g.ctrl.Click(g.layout(), lx, ly)
	}
	g.tap() // touch.go
	if files := ebiten.DroppedFiles(); files != nil {
		g.ctrl.Load(files, g.opt.Stderr)
	}
	if f := g.ctrl.Frame(); f.Ringing != g.ringing {
		// An appointment's alarm draws attention in the title bar too.
		g.ringing = f.Ringing
		title := "HP-17BII"
		if f.Ringing {
			title = "((•)) " + f.Top + " - HP-17BII"
		}
		ebiten.SetWindowTitle(title)
	}
	if g.ctrl.Working() || g.ctrl.Snapshot().Version != g.version {
		// A job runs or its snapshot is not drawn yet: come back for it
		// (a redraw asked for while this frame runs may be merged into it).
		ebiten.ScheduleFrame() //lint:ignore SA1019 keeps the minimum-FPS loop ticking until the result is drawn
	}
	return nil
}

var (
	colBackground = color.RGBA{0x30, 0x30, 0x34, 0xff}
	colBody       = color.RGBA{0x26, 0x22, 0x1f, 0xff}
	colBezel      = color.RGBA{0x14, 0x14, 0x14, 0xff}
	colLCD        = color.RGBA{0xb4, 0xc0, 0x9e, 0xff}
	colDotOn      = color.RGBA{0x1c, 0x22, 0x18, 0xff}
	colDotOff     = color.RGBA{0xac, 0xb8, 0x96, 0xff}
	colKey        = color.RGBA{0x3c, 0x3a, 0x38, 0xff}
	colMenuKey    = color.RGBA{0x5a, 0x58, 0x55, 0xff}
	colPressed    = color.RGBA{0x8a, 0x86, 0x80, 0xff}
	colGold       = color.RGBA{0xd4, 0xa3, 0x3b, 0xff}
	colLabel      = color.RGBA{0xf2, 0xf0, 0xea, 0xff}
	colPanel      = color.RGBA{0x1f, 0x3d, 0x2c, 0xff}
	colMatch      = color.RGBA{0xe8, 0xd2, 0xa0, 0xff}
	colDim        = color.RGBA{0x6b, 0x7d, 0x72, 0xff} // a panel button with nothing to do
	colMatchHead  = color.RGBA{0xb8, 0x2a, 0x22, 0xff}
	colOverlay    = color.RGBA{0x00, 0x00, 0x00, 0xd8}
	colPaper      = color.RGBA{0xf4, 0xf1, 0xe6, 0xff}
	colInk        = color.RGBA{0x20, 0x20, 0x28, 0xff}
)

// screenLabels replaces the characters the Go fonts lack.
var screenLabels = map[string]string{"yˣ": "y^x", "x≷y": "x<>y"}

// aboutLines is the About overlay's text.
func aboutLines(v string) []string {
	return []string{
		"hp17b " + v,
		"A virtual HP-17BII business calculator:",
		"its Solver, its applications, and the forum's NIM.",
		"MIT licence · " + version.Project,
		"Not affiliated with or endorsed by HP.",
		"F12 or Escape closes this",
	}
}

// idleLines is the empty heaps panel's text, wrapped once: the titles of
// the library's game programs (programs.All), which the panel plays.
var idleLines = sync.OnceValue(func() []string {
	var titles []string
	for _, p := range programs.All() {
		if t := strings.Fields(p.Title)[0]; p.Game != nil && !slices.Contains(titles, t) {
			titles = append(titles, t)
		}
	}
	return wrap("The heaps panel plays along while a game program ("+strings.Join(titles, ", ")+
		") is the current equation of SOLVE. New Game starts NIM.", 34)
})

// newStatePath names a state file in StateDir that does not exist yet:
// state-YYYYMMDD-HHMMSS.json, with -2, -3, … when that is taken.
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

// close ends the window where it is now (its place kept with the state);
// the program then saves continuous memory.
func (g *Game) close() error {
	x, y := ebiten.WindowPosition()
	w, h := ebiten.WindowSize()
	g.place = &emulator.WindowPlace{X: x, Y: y, Width: w, Height: h}
	return ebiten.Termination
}

// controlTapped does what the key map gives Control (the gold shift key
// by default), once Control was tapped alone or held for a key that is no
// clipboard chord.
func (g *Game) controlTapped() {
	if a, ok := g.keys.Named("ControlLeft", false); ok {
		g.ctrl.Do(a)
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
	go func() {
		text, err := clipboard.Read()
		if err != nil {
			fmt.Fprintf(g.opt.Stderr, "hp17b: paste: %v\n", err)
			return
		}
		g.ctrl.Paste(text)
		ebiten.ScheduleFrame() //lint:ignore SA1019 draws the pasted text without waiting for input
	}()
}

// Draw draws the calculator when something changed since the last frame.
func (g *Game) Draw(screen *ebiten.Image) {
	b := screen.Bounds()
	size := [2]int{b.Dx(), b.Dy()}
	if g.opt.Screenshot != "" {
		g.ctrl.Wait()
	}
	snap := g.ctrl.Snapshot()
	if size == g.lastSize && snap.Version == g.version && g.drawn && g.opt.Screenshot == "" {
		return // nothing new: the screen keeps the last frame
	}
	g.lastSize, g.version = size, snap.Version
	l := g.layout()
	view := ui.ViewFor(l, float64(size[0]), float64(size[1])) // portrait: the panel below
	scale, ox, oy := view.Body.Scale, view.Body.X, view.Body.Y
	rect := func(r ui.Rect, c color.Color) {
		vector.FillRect(screen, float32(ox+r.X*scale), float32(oy+r.Y*scale), float32(r.W*scale), float32(r.H*scale), c, false)
	}
	label := func(s string, src *text.GoTextFaceSource, sizePt float64, cx, cy float64, c color.Color) {
		face := &text.GoTextFace{Source: src, Size: sizePt * scale}
		op := &text.DrawOptions{}
		op.GeoM.Translate(ox+cx*scale, oy+cy*scale)
		op.ColorScale.ScaleWithColor(c)
		op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
		text.Draw(screen, s, face, op)
	}
	screen.Fill(colBackground)
	rect(l.Body, colBody)
	rect(l.Bezel, colBezel)
	rect(l.LCDGlass(), colLCD)

	f := snap.Frame
	dots := ui.RenderLCD(f)
	grid := l.Pixels(scale, ox, oy)
	for r := 0; r < ui.LCDHeight; r++ {
		for c := 0; c < ui.LCDWidth; c++ {
			col := colDotOff
			if dots[r][c] {
				col = colDotOn
			}
			x, y, w, h := grid.Dot(r, c)
			vector.FillRect(screen, float32(x), float32(y), float32(w), float32(h), col, false)
		}
	}
	if f.Shift {
		// The shift annunciator: the calculator's bent arrow (up, then
		// right), drawn with lines rather than a font's glyph.
		ax, ay := ox+(l.Annunciators.X+14)*scale, oy+(l.Annunciators.Y+12)*scale
		s := float32(scale)
		line := func(x1, y1, x2, y2 float64) {
			vector.StrokeLine(screen, float32(ax+x1*scale), float32(ay+y1*scale), float32(ax+x2*scale), float32(ay+y2*scale), 1.6*s, colDotOn, true)
		}
		line(0, 0, 0, -8)
		line(0, -8, 10, -8)
		line(10, -8, 7, -11)
		line(10, -8, 7, -5)
	}
	if f.Busy {
		label("BUSY", g.bold, 9, l.Annunciators.X+l.Annunciators.W-30, l.Annunciators.Y+8, colDotOn)
	}
	if f.Alarm {
		// The alarm annunciator, ((•)): a dot between two pairs of arcs.
		label("((•))", g.bold, 9, l.Annunciators.X+l.Annunciators.W/2, l.Annunciators.Y+8, colDotOn)
	}
	pressedKey, pressed := snap.Pressed, snap.Pressed >= 0
	for k := emulator.Key(0); k < emulator.NumKeys; k++ {
		r := l.Keys[k]
		c := colKey
		switch {
		case pressed && k == pressedKey:
			c = colPressed
		case k == emulator.KeyShift:
			c = colGold
		case k <= emulator.KeyF6:
			c = colMenuKey
		}
		rect(r, c)
		main, gold := ui.KeyLabels(k, f.RPN)
		if s, ok := screenLabels[main]; ok {
			main = s
		}
		if s, ok := screenLabels[gold]; ok {
			gold = s
		}
		// A label wider than its key (RPN's ENTER on a narrow key) is set
		// smaller until it fits with a margin; the others keep 13 points.
		size := 13.0
		if w, _ := text.Measure(main, &text.GoTextFace{Source: g.bold, Size: size}, 0); w > r.W-6 {
			size *= (r.W - 6) / w
		}
		label(main, g.bold, size, r.X+r.W/2, r.Y+r.H/2, colLabel)
		if gold != "" {
			label(gold, g.regular, 9, r.X+r.W/2, r.Y-7, colGold)
		}
	}
	scale, ox, oy = view.Panel.Scale, view.Panel.X, view.Panel.Y // the panel's own placement
	if snap.Paper.Shown {
		g.drawPaper(screen, l, snap.Paper, rect, label, scale, ox, oy)
	} else if p := snap.Panel; p.Active {
		g.drawPanel(screen, l, p, rect, label)
	} else {
		rect(l.Panel, colPanel)
		for i, line := range idleLines() {
			label(line, g.regular, 12, l.Panel.X+l.Panel.W/2, 200+float64(i)*18, colLabel)
		}
		rect(l.NewGame, colGold)
		label("New Game", g.bold, 13, l.NewGame.X+l.NewGame.W/2, l.NewGame.Y+l.NewGame.H/2, colBody)
	}
	scale, ox, oy = view.Body.Scale, view.Body.X, view.Body.Y
	if snap.About {
		rect(ui.Rect{W: l.Width, H: l.Height}, colOverlay)
		for i, line := range aboutLines(g.opt.Version) {
			label(line, g.regular, 13, l.Width/2, 150+float64(i)*28, colLabel)
		}
	}
	if snap.Help {
		rect(l.Body, colOverlay)
		for i, line := range strings.Split(g.keys.Help(f.RPN), "\n") {
			label(line, g.regular, 12, l.Body.W/2, 120+float64(i)*26, colLabel)
		}
	}
	if !g.drawn {
		// The frame is shown once Ebitengine has presented it, after this
		// Draw returns: the next Update reports it. An empty event posted
		// now may be taken by the presentation itself, so ask until the
		// next tick comes.
		go func() {
			for !g.reported.Load() {
				ebiten.ScheduleFrame() //lint:ignore SA1019 one more tick to see the first frame presented
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}
	g.drawn = true
	if g.opt.Screenshot != "" && !g.done {
		g.shotErr = writePNG(screen, g.opt.Screenshot)
		g.done = true
	}
}

func (g *Game) drawPanel(screen *ebiten.Image, l ui.Layout, p ui.Panel, rect func(ui.Rect, color.Color),
	label func(string, *text.GoTextFaceSource, float64, float64, float64, color.Color)) {
	rect(l.Panel, colPanel)
	title := wrap(p.Title, 30)
	for i, line := range title {
		label(line, g.bold, 13, l.Panel.X+l.Panel.W/2, 28+float64(i)*18, colLabel)
	}
	for i, line := range wrap(p.Rule, 44) {
		label(line, g.regular, 10, l.Panel.X+l.Panel.W/2, 28+float64(len(title))*18+float64(i)*13, colLabel)
	}
	if p.Why != nil {
		g.drawWhy(l, p, label)
	} else {
		g.drawHeaps(l, p, rect, label)
	}
	g.drawGameButtons(l, p, rect, label)
	for i, line := range wrap(p.Status, 40) {
		if i == 3 {
			break
		}
		label(line, g.regular, 11, l.Panel.X+l.Panel.W/2, 470+float64(i)*14, colLabel)
	}
	from := max(0, len(p.Moves)-2)
	for i, line := range p.Moves[from:] {
		label(line, g.regular, 10, l.Panel.X+l.Panel.W/2, 514+float64(i)*13, colMatch)
	}
}

// drawHeaps draws the heaps as rows of matches with their names.
func (g *Game) drawHeaps(l ui.Layout, p ui.Panel, rect func(ui.Rect, color.Color),
	label func(string, *text.GoTextFaceSource, float64, float64, float64, color.Color)) {
	size := 16.0
	if p.Grid.Rows > 6 {
		size = 12
	}
	for h, n := range p.Rows {
		m0 := l.MatchIn(p.Grid, h, 0)
		label(p.Labels[h], g.bold, size, l.Panel.X+25, m0.Y+m0.H/2, colGold)
		for j := 0; j < n && j < p.Grid.Cols; j++ {
			m := l.MatchIn(p.Grid, h, j)
			rect(m, colMatch)
			rect(ui.Rect{X: m.X - 1, Y: m.Y - 4, W: m.W + 2, H: min(12, m.H/3)}, colMatchHead)
		}
	}
}

// drawWhy draws the why view in place of the heaps: the position's
// Grundy values and nim-sum in binary beside the equation's L() values,
// then the moves so far, in a fixed-width face, lines padded to one width
// so that their columns line up when centred.
func (g *Game) drawWhy(l ui.Layout, p ui.Panel,
	label func(string, *text.GoTextFaceSource, float64, float64, float64, color.Color)) {
	lines := append([]string{}, p.Why...)
	if len(p.Moves) > 0 {
		lines = append(lines, "", "Moves so far:")
		from := max(0, len(p.Moves)-(22-len(lines)))
		lines = append(lines, p.Moves[from:]...)
	}
	width := 0
	for _, line := range lines {
		width = max(width, len([]rune(line)))
	}
	longest := strings.Repeat("0", max(width, 1))
	w, _ := text.Measure(longest, &text.GoTextFace{Source: g.mono, Size: 10}, 0)
	size := min(10, 10*(l.Panel.W-16)/w)
	for i, line := range lines {
		line += strings.Repeat(" ", width-len([]rune(line)))
		label(line, g.mono, size, l.Panel.X+l.Panel.W/2, 82+float64(i)*size*1.45, colLabel)
	}
}

// drawGameButtons draws New Game, Undo, Redo, Hint and Why; a button that
// has nothing to do is drawn dim.
func (g *Game) drawGameButtons(l ui.Layout, p ui.Panel, rect func(ui.Rect, color.Color),
	label func(string, *text.GoTextFaceSource, float64, float64, float64, color.Color)) {
	rect(l.NewGame, colGold)
	label("New Game", g.bold, 13, l.NewGame.X+l.NewGame.W/2, l.NewGame.Y+l.NewGame.H/2, colBody)
	for _, b := range []struct {
		r    ui.Rect
		name string
		on   bool
	}{{l.Undo, "Undo", p.CanUndo}, {l.Redo, "Redo", p.CanRedo}, {l.Hint, "Hint", !p.Over}, {l.Why, "Why", true}} {
		c := colMatch
		if !b.on {
			c = colDim
		}
		if b.name == "Why" && p.Why != nil {
			c = colGold
		}
		rect(b.r, c)
		label(b.name, g.bold, 11, b.r.X+b.r.W/2, b.r.Y+b.r.H/2, colBody)
	}
}

// drawPaper draws the print-out panel: the printer's paper with the lines
// in view in a monospaced face, 24 columns as printed, and its Clear and
// Save buttons.
func (g *Game) drawPaper(screen *ebiten.Image, l ui.Layout, p ui.Paper, rect func(ui.Rect, color.Color),
	label func(string, *text.GoTextFaceSource, float64, float64, float64, color.Color), scale, ox, oy float64) {
	rect(l.Panel, colPanel)
	paper := ui.Rect{X: l.Panel.X + 20, Y: 36, W: l.Panel.W - 40, H: float64(ui.PaperLines)*17 + 16}
	rect(paper, colPaper)
	where := fmt.Sprintf("Paper: %d lines", p.Total)
	if p.Scroll > 0 {
		where += fmt.Sprintf(", %d back", p.Scroll)
	}
	label(where, g.bold, 12, l.Panel.X+l.Panel.W/2, 18, colLabel)
	face := &text.GoTextFace{Source: g.mono, Size: 12.5 * scale}
	for i, line := range p.Lines {
		op := &text.DrawOptions{}
		op.GeoM.Translate(ox+(paper.X+8)*scale, oy+(paper.Y+8+float64(i)*17)*scale)
		op.ColorScale.ScaleWithColor(colInk)
		text.Draw(screen, line, face, op)
	}
	rect(l.PaperClear, colGold)
	label("Clear", g.bold, 13, l.PaperClear.X+l.PaperClear.W/2, l.PaperClear.Y+l.PaperClear.H/2, colBody)
	rect(l.PaperSave, colGold)
	label("Save", g.bold, 13, l.PaperSave.X+l.PaperSave.W/2, l.PaperSave.Y+l.PaperSave.H/2, colBody)
	for i, line := range wrap(p.Status, 36) {
		label(line, g.regular, 11, l.Panel.X+l.Panel.W/2, l.PaperClear.Y-24+float64(i)*14, colLabel)
	}
}

// wrap breaks text into lines of at most n characters at spaces.
func wrap(s string, n int) []string {
	var lines []string
	var cur string
	for _, w := range strings.Fields(s) {
		if cur != "" && len([]rune(cur))+1+len([]rune(w)) > n {
			lines = append(lines, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func writePNG(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
