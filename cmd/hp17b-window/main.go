// Command hp17b-window is the virtual HP-17BII's window. The hp17b command
// starts it when a display is available; run it directly for the same:
//
//	hp17b-window [--state FILE | --fresh] [--load FILE] [--keys SCRIPT]
//	             [--click X,Y]... [--screenshot FILE.png] [--report-startup] ...
//	hp17b-window --help | --version
//
// The flags are cmd/internal/cli.Window's, the same as hp17b's main job.
// It needs an X or Wayland display (Ebitengine opens it as the program
// starts); without one it cannot start at all, which is why it is a program
// of its own. Exit status: 0, 1 for a failure while running, 64 for a usage
// error (a --load file that could not be read, or not whole: given when
// the window ends, as hp17b keys gives it at once), 3 when no window could
// open (2 when the window system panics while the program starts).
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/internal/text"
	ver "github.com/hp17b/hp17b/internal/version"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/window"
)

// Exit statuses: exitUsage for a bad argument (64, so that it differs from
// the 2 of a Go panic), exitNoWindow when the window could not open (the
// display cannot be reached).
const (
	exitUsage    = cli.ExitUsage
	exitNoWindow = cli.ExitNoWindow
)

// saveInterval is how often at most the window writes the state file.
const saveInterval = 250 * time.Millisecond

// stderr is where the window's messages go: through text.EscapingWriter,
// so that none carries a control character to the terminal.
var stderr = text.EscapingWriter(os.Stderr)

func main() {
	start := time.Now()
	f, status, done := windowFlags()
	if done {
		os.Exit(status)
	}
	if f.WriteKeymap != "" {
		if err := ui.WriteDefaultKeyMap(f.WriteKeymap, os.Stdout); err != nil {
			fmt.Fprintf(stderr, "hp17b: %v\n", err)
			os.Exit(1)
		}
		return
	}
	for _, c := range f.Click {
		if err := cli.CheckClick(c[0], c[1]); err != nil {
			fmt.Fprintf(stderr, "hp17b: --click: %v\n", err)
			os.Exit(exitUsage)
		}
	}
	if f.Program != "" {
		if _, err := programs.ByID(f.Program); err != nil {
			fmt.Fprintf(stderr, "hp17b: --program: %v\n", err)
			os.Exit(exitUsage)
		}
	}
	pcKeys, err := keyMap(f.Keymap)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: key map: %v\n", err)
		os.Exit(exitUsage)
	}
	skin, err := ui.LoadSkin(f.Skin)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: --skin: %v\n", err)
		os.Exit(exitUsage)
	}
	m, notice, err := openMachine(f.State, f.Fresh)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		os.Exit(exitUsage)
	}
	if notice != "" {
		fmt.Fprintf(stderr, "hp17b: %s\n", notice)
	}
	// A few writes a second at most, and the last one when the window
	// closes (Flush below): a key no longer costs a file write.
	m.SaveEvery(saveInterval)
	m.OnStateConflict(func(s string) { fmt.Fprintf(stderr, "hp17b: %s\n", s) })
	if f.Model.Given {
		_ = m.SetModel(f.Model.Model) // nothing runs yet
	}
	badLoad := false
	var loadNotice *ui.Notice
	if f.Load != "" {
		// A bad file still opens the window: its good equations are added,
		// the display shows BAD FILE line:col, and the reason is printed
		// and shown over the window; the exit status is then 64, as hp17b
		// keys --load gives.
		title := "BAD FILE " + f.Load
		b, err := files.ReadRegular(f.Load, solver.MaxFileSize)
		var rep emulator.LoadReport
		if err == nil {
			rep, err = m.LoadEquations(f.Load, string(b), emulator.LoadLenient)
		}
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "hp17b: --load %s: %v\n", f.Load, err)
			m.Message("BAD FILE")
			badLoad = true
			loadNotice = ui.TextNotice(title, f.Load, "", 0, fmt.Errorf("--load %s: %v", f.Load, err), nil)
		case rep.Err != nil:
			fmt.Fprintln(stderr, solver.Explain(rep.Err))
			badLoad = true
			loadNotice = ui.TextNotice(title, f.Load, string(b), rep.Added, nil, rep.Err)
		}
	}
	if f.Keys == "" && len(f.Click) == 0 {
		// The calculator turns on where it was turned off: its menu, the
		// number being keyed, a pending STO or RCL. Scripts start in MAIN.
		m.Resume()
	}
	if f.Keys != "" {
		if err := emulator.Run(m, f.Keys, nil); err != nil {
			fmt.Fprintf(stderr, "hp17b: %v\n", err)
			_ = m.Flush()
			os.Exit(exitUsage)
		}
	}
	yieldToPage()
	firstFrame := exposeFrame(m)
	var next string // the state file Ctrl+N or Ctrl+Shift+S asked for
	err = window.Run(m, window.Options{StateDir: stateDir(f.State, f.Fresh), Switch: func(p string) { next = p }, Screenshot: f.Screenshot, Clicks: clickPoints(f.Click), Stderr: stderr, ReportStartup: f.ReportStartup, Start: start, PaperFile: f.Paper, KeyMap: pcKeys,
		EquationsFile: f.Equations, Version: ver.String(releaseVersion), Program: f.Program, Skin: skin, Notice: loadNotice, FirstFrame: firstFrame})
	if ferr := m.Flush(); ferr != nil {
		fmt.Fprintf(stderr, "hp17b: the state was not saved: %v\n", ferr)
	}
	if err == nil && next != "" {
		os.Exit(restartOn(next, f.Keymap, f.Paper, f.Equations, f.Skin))
	}
	switch {
	case errors.Is(err, window.ErrNoWindow):
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		os.Exit(exitNoWindow)
	case err != nil:
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		os.Exit(1)
	case badLoad:
		os.Exit(exitUsage)
	}
}

// description is the help's account of the program.
const description = "The virtual HP-17BII's window. hp17b starts it when a display is available; it takes the same flags."

// clickPoints turns the --click flags into the window's points.
func clickPoints(cs []cli.Click) [][2]float64 {
	ps := make([][2]float64, len(cs))
	for i, c := range cs {
		ps[i] = c
	}
	return ps
}

// releaseVersion is set by make dist (-ldflags -X main.releaseVersion=...).
var releaseVersion string

// restartOn starts the window anew on the state file path (Ebitengine
// runs one window a process), passing on the key map, paper and equations
// files and the skin, and returns this process's exit status.
func restartOn(path, keymap, paper, equations, skin string) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: restarting on %s: %v\n", path, err)
		return 1
	}
	args := []string{"--state", path}
	for _, f := range [][2]string{{"--keymap", keymap}, {"--paper", paper}, {"--equations", equations}, {"--skin", skin}} {
		if f[1] != "" {
			args = append(args, f[0], f[1])
		}
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "hp17b: restarting on %s: %v\n", path, err)
		return 1
	}
	fmt.Fprintf(stderr, "hp17b: the calculator continues on %s\n", path)
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
		fmt.Fprintf(stderr, "hp17b: key map: %v (the built-in map is used)\n", err)
		return nil, nil
	}
	return k, nil
}
