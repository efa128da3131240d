// Package cli holds what hp17b, hp17b-window and hp17b-serve share on
// their command lines, read by kong: the calculator window's flags, the
// server's, the --model and --click values, and the parse that turns help, the version and a usage
// error into an exit status (parse.go; not in the browser build, which
// reads its flags from the page's address).
package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/solver"
)

// The exit statuses hp17b and hp17b-window share (docs/command-line.md
// has the table): ExitUsage for bad arguments or bad input (64, sysexits'
// EX_USAGE, so that it differs from the 2 of a Go panic), ExitNoWindow
// when hp17b-window could not open its window (the display cannot be
// reached; hp17b then plays in the terminal).
const (
	ExitUsage    = 64
	ExitNoWindow = 3
)

// Window is the calculator window's flags: hp17b's main job takes them and
// hands them to hp17b-window, which reads them again. The file flags name
// paths; an empty one is the default the help gives.
type Window struct {
	Memory `embed:""`
	// Load is an equation file whose equations join the SOLVE list.
	Load string `placeholder:"FILE" help:"Add the equations of this file to the SOLVE list."`
	// Keys is a key script (emulator.Run's syntax) pressed before the
	// window shows.
	Keys string `placeholder:"SCRIPT" help:"Press these keys first (the syntax of hp17b keys)."`
	// Click is the points clicked after the keys, in order.
	Click []Click `placeholder:"X,Y" sep:"none" help:"Click at X,Y (layout units) after the keys; may repeat."`
	// Screenshot is a PNG file the window is written to before it exits.
	Screenshot string `placeholder:"FILE.png" help:"Write the window to this PNG file after the keys and clicks, then exit."`
	// ReportStartup prints the milliseconds from start to the first frame.
	ReportStartup bool `help:"Print the time from start to the first frame."`
	// Paper, Keymap and Equations are the print-out's save file, the key
	// map read and the SOLVE list's save file ("" for the defaults named).
	Paper     string `placeholder:"FILE" help:"Where the print-out panel's Save writes (default: hp17b-printout.txt here)."`
	Keymap    string `placeholder:"FILE" help:"Read the PC keyboard's map from this file (default: keymap.txt in the config folder's hp17b folder, when there)."`
	Equations string `placeholder:"FILE" help:"Where Ctrl+S saves the SOLVE list (default: hp17b-equations.txt here)."`
	// Skin is the face: "dark" or "light" (the built-in skins) or a skin
	// file's path ("" for the built-in dark face; ui.LoadSkin).
	Skin string `placeholder:"dark|light|FILE" help:"The calculator's face: the built-in dark (default) or light skin, or a skin file (colours, key geometry, the labels' size; ui/skins/dark.skin shows every setting)."`
	// WriteKeymap is where the built-in key map is written ("-" standard
	// output) instead of opening the window.
	WriteKeymap string `placeholder:"FILE" help:"Write the default key map to this file (- for standard output) and exit."`
	// Program is a library program's ID (programs.ByID) to start a game of.
	Program string `placeholder:"ID" help:"Start a game of this program (hp17b programs lists them), adding it to the SOLVE list; terminal play plays it too."`
	// Model is the calculator modelled, when given.
	Model Model `placeholder:"17bii|17bii+" help:"${model_help}"`
}

// Serve is the browser build's server's flags and argument: hp17b serve
// takes them and hands them to hp17b-serve, which reads them again.
type Serve struct {
	// Addr is the address listened on, HOST:PORT.
	Addr string `default:"127.0.0.1:8000" placeholder:"HOST:PORT" help:"Listen here (0.0.0.0:8000 for other machines)."`
	// Dir is the folder make web wrote (scripts/web.sh).
	Dir string `arg:"" optional:"" default:"dist/web" placeholder:"DIR" help:"The folder make web wrote (default dist/web)."`
}

// ServeHelp says what hp17b serve and hp17b-serve do.
const ServeHelp = "Serve the browser build (make web) on this machine, compressed as a real host would."

// Memory is the flags that say where continuous memory is kept: the state
// file (emulator.Open), or none at all.
type Memory struct {
	// State is the state file's path ("" for the default one).
	State string `placeholder:"FILE" help:"The state file (default: the user's config folder)."`
	// Fresh starts from a fresh calculator and keeps nothing.
	Fresh bool `help:"Start from a fresh calculator; read and write no state file."`
}

// NeedsWindow reports whether the flags ask for what only the window does:
// keys pressed in it, clicks, or a screenshot.
func (w *Window) NeedsWindow() bool {
	return w.Screenshot != "" || w.Keys != "" || len(w.Click) > 0
}

// Click is one --click: a point in layout units (ui.Layout), X then Y.
type Click [2]float64

// UnmarshalText reads "X,Y" (encoding.TextUnmarshaler, which kong uses).
func (c *Click) UnmarshalText(b []byte) error {
	xs, ys, ok := strings.Cut(string(b), ",")
	x, err1 := strconv.ParseFloat(xs, 64)
	y, err2 := strconv.ParseFloat(ys, 64)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("want X,Y in layout units, got %q", b)
	}
	*c = Click{x, y}
	return nil
}

// Model is the --model flag: the calculator modelled (solver.ParseModel),
// and whether the flag was given (the window keeps the state's model
// otherwise).
type Model struct {
	solver.Model
	// Given is true when the flag was on the command line.
	Given bool
}

// UnmarshalText reads 17bii or 17bii+ (encoding.TextUnmarshaler).
func (m *Model) UnmarshalText(b []byte) error {
	v, err := solver.ParseModel(string(b))
	if err != nil {
		return err
	}
	m.Model, m.Given = v, true
	return nil
}

// ModelHelp is the help of every --model flag (docs/solver-models.md).
const ModelHelp = "The calculator modelled: 17bii (the HP-17BII, the default) or 17bii+ (the HP-17bII+, whose Solver runs every equation at least twice)."

// LayoutWidth and LayoutHeight are the window's size in layout units with
// the heaps panel (ui's NewLayout(true): the body 380 wide and
// 540 high, the panel 280 wide), kept here so that hp17b checks --click
// without linking the window's packages; a test in ui holds them
// to the layout.
const LayoutWidth, LayoutHeight = 660.0, 540.0

// CheckClick says why a click at (x, y), layout units, misses the window,
// or returns nil.
func CheckClick(x, y float64) error {
	if x < 0 || y < 0 || x >= LayoutWidth || y >= LayoutHeight {
		return fmt.Errorf("%g,%g is outside the window: X is 0 to %g, Y 0 to %g (layout units)", x, y, LayoutWidth, LayoutHeight)
	}
	return nil
}
