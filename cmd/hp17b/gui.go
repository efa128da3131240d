package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// windowProgram is the window's executable. Ebitengine opens the window
// system as soon as a program that imports it starts (and cannot start
// without a display), so the window is a program of its own that hp17b
// runs; hp17b itself works everywhere.
const windowProgram = "hp17b-window"

// hp17b-window's exit statuses: no window could open (3, or 2 for the
// panic Ebitengine v2.8 raises at start-up when the display cannot be
// reached), and a usage error (64).
const (
	exitNoWindow    = 3
	exitWindowPanic = 2
	exitWindowUsage = 64
)

var (
	getenv     = os.Getenv
	findWindow = func() (string, error) {
		if exe, err := os.Executable(); err == nil {
			p := filepath.Join(filepath.Dir(exe), windowProgram)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
		return exec.LookPath(windowProgram)
	}
)

// runCalculator is the main job: the window when there is a display,
// terminal play otherwise (or when the window cannot open).
func runCalculator(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hp17b", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("state", "", "the state file (default: the user's config folder)")
	fs.Bool("fresh", false, "start from a fresh calculator; read and write no state file")
	fs.String("load", "", "add the equations of this file to the SOLVE list")
	keys := fs.String("keys", "", "press these keys first (the syntax of hp17b keys)")
	shot := fs.String("screenshot", "", "write the window to this PNG file after the keys, then exit")
	fs.Bool("report-startup", false, "print the time from start to the first frame")
	var clicks stringList
	fs.Var(&clicks, "click", "click at X,Y (layout units) after the keys; may repeat")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hp17b: unknown command %q\n", fs.Arg(0))
		usage(stderr)
		return exitUsage
	}
	needsWindow := *shot != "" || *keys != "" || len(clicks) > 0
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		if needsWindow {
			fmt.Fprintln(stderr, "hp17b: --keys, --click and --screenshot need a display (try xvfb-run)")
			return exitUsage
		}
		fmt.Fprintln(stderr, "hp17b: no display (DISPLAY and WAYLAND_DISPLAY are unset): playing NIM in the terminal")
		return runPlay(nil, stdout, stderr)
	}
	bin, err := findWindow()
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: the window program %s was not found (make build puts it beside hp17b): playing NIM in the terminal\n", windowProgram)
		return runPlay(nil, stdout, stderr)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	start := time.Now()
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() == exitWindowUsage:
		return exitUsage
	case errors.As(err, &exit) && (exit.ExitCode() == exitNoWindow || exit.ExitCode() == exitWindowPanic) && !needsWindow:
		fmt.Fprintln(stderr, "hp17b: the display cannot be reached, so no window could open: playing NIM in the terminal")
		return runPlay(nil, stdout, stderr)
	case !needsWindow && time.Since(start) < 5*time.Second:
		fmt.Fprintf(stderr, "hp17b: the window could not open (%v): playing NIM in the terminal\n", err)
		return runPlay(nil, stdout, stderr)
	}
	fmt.Fprintf(stderr, "hp17b: %s: %v\n", windowProgram, err)
	return exitFailed
}

type stringList []string

// String shows the values given (flag.Value).
func (s *stringList) String() string { return fmt.Sprint(*s) }

// Set adds one value (flag.Value).
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }
