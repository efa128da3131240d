package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
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
	// findWindow looks for the window program (findProgram).
	findWindow = func() (string, error) { return findProgram(windowProgram) }
)

// findProgram looks for one of the project's programs beside hp17b, then
// on PATH (NAME.exe on Windows), and returns its path.
func findProgram(name string) (string, error) {
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return exec.LookPath(name)
}

// needsDisplayVariable reports whether a window needs DISPLAY or
// WAYLAND_DISPLAY: on Linux and the BSDs; Windows and macOS always have a
// window system.
func needsDisplayVariable() bool {
	switch goos {
	case "windows", "darwin", "ios", "android", "js":
		return false
	}
	return true
}

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
	held := &noWindowLine{w: stderr}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, held
	start := time.Now()
	err = runForwarding(cmd)
	var exit *exec.ExitError
	noWindow := errors.As(err, &exit) && (exit.ExitCode() == exitNoWindow || exit.ExitCode() == exitWindowPanic)
	if !noWindow || needsWindow {
		held.flush()
	}
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() == exitWindowUsage:
		return exitUsage
	case noWindow && !needsWindow:
		fmt.Fprintf(stderr, "hp17b: no window could open (%s): playing %s in the terminal\n", held.reason(), playing)
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
	return programStatus(windowProgram, cmd.Run(), stderr)
}

// programStatus is hp17b's exit status after one of its programs ran and
// ended with err: 0 when it succeeded, a usage error when it exited with
// one (64), else a failure, said on stderr when the program could not
// run at all (what it said itself has gone to stderr already).
func programStatus(name string, err error, stderr io.Writer) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() == exitUsage:
		return exitUsage
	case !errors.As(err, &exit):
		fmt.Fprintf(stderr, "hp17b: %s: %v\n", name, err)
	}
	return exitFailed
}

// noWindowPrefix starts the line hp17b-window prints when no window could
// open (its exit status 3).
const noWindowPrefix = "hp17b: the window could not open: "

// noWindowLine passes the window program's stderr through, holding back
// the line that says why no window could open, so that the fallback says
// it once, in its own line.
type noWindowLine struct {
	w    io.Writer
	buf  []byte // an unfinished line
	held []string
}

// Write forwards whole lines, keeping the no-window line (io.Writer).
func (n *noWindowLine) Write(p []byte) (int, error) {
	n.buf = append(n.buf, p...)
	for {
		i := bytes.IndexByte(n.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(n.buf[:i+1])
		n.buf = n.buf[i+1:]
		if strings.HasPrefix(line, noWindowPrefix) {
			n.held = append(n.held, line)
			continue
		}
		if _, err := io.WriteString(n.w, line); err != nil {
			return len(p), err
		}
	}
}

// flush writes what was held back.
func (n *noWindowLine) flush() {
	for _, l := range n.held {
		_, _ = io.WriteString(n.w, l)
	}
	_, _ = n.w.Write(n.buf)
	n.held, n.buf = nil, nil
}

// reason is why no window could open, as the window program said it.
func (n *noWindowLine) reason() string {
	if len(n.held) == 0 {
		return "the window program gave no reason"
	}
	return strings.TrimSpace(strings.TrimPrefix(n.held[len(n.held)-1], noWindowPrefix))
}
