// Command hp17b-window is the virtual HP-17BII's window. The hp17b command
// starts it when a display is available; run it directly for the same:
//
//	hp17b-window [--state FILE | --fresh] [--load FILE] [--keys SCRIPT]
//	             [--click X,Y]... [--screenshot FILE.png] [--report-startup]
//
// It needs an X or Wayland display (Ebitengine opens it as the program
// starts); without one it cannot start at all, which is why it is a program
// of its own. Exit status: 0, 1 for a failure while running, 64 for a usage
// error, 3 when no window could open (2 when the window system panics
// while the program starts).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/ui"
	"github.com/hp17b/hp17b/internal/ui/window"
	ver "github.com/hp17b/hp17b/internal/version"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

type clicks [][2]float64

// String shows the clicks given (flag.Value).
func (c *clicks) String() string { return fmt.Sprint(*c) }

// Set adds one click "X,Y" in layout units (flag.Value).
func (c *clicks) Set(s string) error {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.ParseFloat(xs, 64)
	y, err2 := strconv.ParseFloat(ys, 64)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("want X,Y in layout units, got %q", s)
	}
	*c = append(*c, [2]float64{x, y})
	return nil
}

// Exit statuses: exitUsage for a bad argument (64, so that it differs from
// the 2 of a Go panic), exitNoWindow when the window could not open (the
// display cannot be reached).
const (
	exitUsage    = 64
	exitNoWindow = 3
)

// saveInterval is how often at most the window writes the state file.
const saveInterval = 250 * time.Millisecond

func main() {
	start := time.Now()
	fs := flag.NewFlagSet("hp17b-window", flag.ContinueOnError)
	statePath := fs.String("state", "", "the state file (default: the user's config folder)")
	fresh := fs.Bool("fresh", false, "start from a fresh calculator; read and write no state file")
	load := fs.String("load", "", "add the equations of this file to the SOLVE list")
	keys := fs.String("keys", "", "press these keys first (the syntax of hp17b keys)")
	shot := fs.String("screenshot", "", "write the window to this PNG file after the keys and clicks, then exit")
	report := fs.Bool("report-startup", false, "print the time from start to the first frame")
	paper := fs.String("paper", "", "where the print-out panel's Save writes (default: hp17b-printout.txt here)")
	equations := fs.String("equations", "", "where Ctrl+S saves the SOLVE list (default: hp17b-equations.txt here)")
	keymap := fs.String("keymap", "", "read the PC keyboard's map from this file (default: keymap.txt in the config folder's hp17b folder, when there)")
	writeKeymap := fs.String("write-keymap", "", "write the default key map to this file (- for standard output) and exit")
	program := fs.String("program", "", "start a game of this program (hp17b programs lists them), adding it to the SOLVE list")
	modelName := fs.String("model", "", "the calculator modelled: 17bii or 17bii+ (kept in the state)")
	var cl clicks
	fs.Var(&cl, "click", "click at X,Y (layout units) after the keys; may repeat")
	if err := fs.Parse(programArgs()); err != nil {
		os.Exit(exitUsage)
	}
	if *writeKeymap != "" {
		if err := ui.WriteDefaultKeyMap(*writeKeymap, os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "hp17b: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if *program != "" {
		if _, err := programs.ByID(*program); err != nil {
			fmt.Fprintf(os.Stderr, "hp17b: --program: %v\n", err)
			os.Exit(exitUsage)
		}
	}
	pcKeys, err := keyMap(*keymap)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hp17b: key map: %v\n", err)
		os.Exit(exitUsage)
	}
	m, notice, err := openMachine(*statePath, *fresh)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hp17b: %v\n", err)
		os.Exit(exitUsage)
	}
	if notice != "" {
		fmt.Fprintf(os.Stderr, "hp17b: %s\n", notice)
	}
	// A few writes a second at most, and the last one when the window
	// closes (Flush below): a key no longer costs a file write.
	m.SaveEvery(saveInterval)
	if *modelName != "" {
		model, err := solver.ParseModel(*modelName)
		if err != nil {
			fmt.Fprintf(os.Stderr, "hp17b: --model: %v\n", err)
			os.Exit(exitUsage)
		}
		_ = m.SetModel(model) // nothing runs yet
	}
	if *load != "" {
		// A bad file still opens the window: its good equations are added,
		// the display shows BAD FILE line:col, and the reason is printed.
		rep, err := m.LoadFileLenient(*load)
		switch {
		case err != nil:
			fmt.Fprintf(os.Stderr, "hp17b: --load %s: %v\n", *load, err)
			m.Message("BAD FILE")
		case rep.Err != nil:
			fmt.Fprintln(os.Stderr, solver.Explain(rep.Err))
		}
	}
	if *keys != "" {
		if err := emulator.Run(m, *keys, nil); err != nil {
			fmt.Fprintf(os.Stderr, "hp17b: %v\n", err)
			_ = m.Flush()
			os.Exit(exitUsage)
		}
	}
	exposeFrame(m)
	var next string // the state file Ctrl+N or Ctrl+Shift+S asked for
	err = window.Run(m, window.Options{StateDir: stateDir(*statePath, *fresh), Switch: func(p string) { next = p }, Screenshot: *shot, Clicks: cl, Stderr: os.Stderr, ReportStartup: *report, Start: start, PaperFile: *paper, KeyMap: pcKeys,
		EquationsFile: *equations, Version: ver.String(releaseVersion), Program: *program})
	if ferr := m.Flush(); ferr != nil {
		fmt.Fprintf(os.Stderr, "hp17b: the state was not saved: %v\n", ferr)
	}
	if err == nil && next != "" {
		os.Exit(restartOn(next, *keymap, *paper, *equations))
	}
	switch {
	case errors.Is(err, window.ErrNoWindow):
		fmt.Fprintf(os.Stderr, "hp17b: %v\n", err)
		os.Exit(exitNoWindow)
	case err != nil:
		fmt.Fprintf(os.Stderr, "hp17b: %v\n", err)
		os.Exit(1)
	}
}

// releaseVersion is set by make dist (-ldflags -X main.releaseVersion=...).
var releaseVersion string

// restartOn starts the window anew on the state file path (Ebitengine
// runs one window a process), passing on the key map, paper and equations
// files, and returns this process's exit status.
func restartOn(path, keymap, paper, equations string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "hp17b: restarting on %s: %v\n", path, err)
		return 1
	}
	args := []string{"--state", path}
	for _, f := range [][2]string{{"--keymap", keymap}, {"--paper", paper}, {"--equations", equations}} {
		if f[1] != "" {
			args = append(args, f[0], f[1])
		}
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "hp17b: restarting on %s: %v\n", path, err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "hp17b: the calculator continues on %s\n", path)
	return 0
}

// keyMap reads the key map file given by --keymap. Without one it reads
// the default file (window.DefaultKeyMapPath) when there is one; a bad
// default file is reported and the built-in map used, so the calculator
// still opens. An error is the given file's (a *ui.KeyMapError names the
// line).
func keyMap(path string) (*ui.KeyMap, error) {
	if path != "" {
		return window.LoadKeyMap(path)
	}
	def := window.DefaultKeyMapPath()
	if def == "" {
		return nil, nil
	}
	if _, err := os.Stat(def); err != nil {
		return nil, nil
	}
	k, err := window.LoadKeyMap(def)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hp17b: key map: %v (the built-in map is used)\n", err)
		return nil, nil
	}
	return k, nil
}
