package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/launch"
	"github.com/hp17b/hp17b/programs"
)

// windowProgram is the window's executable. Ebitengine opens the window
// system as soon as a program that imports it starts (and cannot start
// without a display), so the window is a program of its own that hp17b
// runs; hp17b itself works everywhere.
const windowProgram = "hp17b-window"

// hp17b-window's exit statuses: no window could open (3, or 2 for a Go
// panic before the window showed), and a usage error (64).
const (
	exitNoWindow    = cli.ExitNoWindow
	exitWindowPanic = 2
	exitWindowUsage = cli.ExitUsage
)

var (
	getenv = os.Getenv
	goos   = runtime.GOOS
	// findWindow looks for the window program (launch.Find).
	findWindow = func() (string, error) { return launch.Find(windowProgram) }
)

// needsDisplayVariable reports whether a window on goos needs DISPLAY or
// WAYLAND_DISPLAY (launch.NeedsDisplay).
func needsDisplayVariable() bool { return launch.NeedsDisplay(goos) }

// calculatorCmd is the main job: the window when there is a display,
// terminal play otherwise (or when the window cannot open).
type calculatorCmd struct {
	cli.Window `embed:""`
}

func (c *calculatorCmd) run(e *env) int {
	stdout, stderr, args := e.stdout, e.stderr, e.args
	if len(args) > 0 && args[0] == "calculator" {
		args = args[1:] // the window program takes the flags alone
	}
	for _, p := range c.Click {
		if err := cli.CheckClick(p[0], p[1]); err != nil {
			fmt.Fprintf(stderr, "hp17b: --click: %v\n", err)
			return exitUsage
		}
	}
	play := &playCmd{Memory: c.Memory, Program: "nim", Model: c.Model}
	playing := "NIM"
	if c.Program != "" {
		prog, err := programs.ByID(c.Program)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: --program: %v\n", err)
			return exitUsage
		}
		play.Program, playing = c.Program, prog.Title
	}
	if c.WriteKeymap != "" {
		return writeKeymap(c.WriteKeymap, stdout, stderr)
	}
	runPlay := func() int { return play.run(e) }
	needsWindow := c.NeedsWindow()
	if needsDisplayVariable() && getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		if needsWindow {
			fmt.Fprintln(stderr, "hp17b: --keys, --click and --screenshot need a display (try xvfb-run)")
			return exitUsage
		}
		fmt.Fprintf(stderr, "hp17b: no display (DISPLAY and WAYLAND_DISPLAY are unset): playing %s in the terminal\n", playing)
		return runPlay()
	}
	bin, err := findWindow()
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: the window program %s was not found (make build puts it beside hp17b): playing %s in the terminal\n", windowProgram, playing)
		return runPlay()
	}
	cmd := exec.Command(bin, args...)
	held := &launch.NoWindowLine{W: stderr}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, held
	start := time.Now()
	err = launch.Forward(cmd)
	var exit *exec.ExitError
	noWindow := errors.As(err, &exit) && (exit.ExitCode() == exitNoWindow || exit.ExitCode() == exitWindowPanic)
	if !noWindow || needsWindow {
		held.Flush()
	}
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() == exitWindowUsage:
		return exitUsage
	case noWindow && !needsWindow:
		fmt.Fprintf(stderr, "hp17b: no window could open (%s): playing %s in the terminal\n", held.Reason(), playing)
		return runPlay()
	case !needsWindow && time.Since(start) < 5*time.Second:
		fmt.Fprintf(stderr, "hp17b: the window could not open (%v): playing %s in the terminal\n", err, playing)
		return runPlay()
	}
	fmt.Fprintf(stderr, "hp17b: %s: %v\n", windowProgram, err)
	return exitFailed
}

// writeKeymap has the window program write its built-in key map to path
// (- for standard output): the PC key map is the window's, and hp17b does
// not link the window's packages (ui and its fonts), which every
// command would otherwise initialise at start-up.
func writeKeymap(path string, stdout, stderr io.Writer) int {
	bin, err := findWindow()
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: --write-keymap: the key map is the window's, and the window program %s was not found (make build puts it beside hp17b)\n", windowProgram)
		return exitFailed
	}
	cmd := exec.Command(bin, "--write-keymap", path)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	return launch.Status(windowProgram, cmd.Run(), stderr)
}
