// Package launch runs hp17b's companion programs (hp17b-window,
// hp17b-serve): it finds one beside hp17b or on PATH (Find), runs it
// passing on the signals that end hp17b (Forward), turns its exit into
// hp17b's status (Status), tells whether a window needs a display variable
// (NeedsDisplay) and holds back the window's no-window line (NoWindowLine)
// so that hp17b's fallback to the terminal says it once.
package launch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hp17b/hp17b/cmd/internal/cli"
)

// Find looks for one of the project's programs beside hp17b, then on PATH
// (NAME.exe on Windows), and returns its path.
func Find(name string) (string, error) {
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

// NeedsDisplay reports whether a window on the system goos (runtime.GOOS's
// names) needs DISPLAY or WAYLAND_DISPLAY: on Linux and the BSDs; Windows
// and macOS always have a window system.
func NeedsDisplay(goos string) bool {
	switch goos {
	case "windows", "darwin", "ios", "android", "js":
		return false
	}
	return true
}

// Forward runs cmd and waits for it, passing on the signals that end
// hp17b, so that ending hp17b ends the program it runs (the window, its
// state saved, exits; hp17b then returns its status). Should hp17b die
// anyway, the window sees its parent gone and closes itself.
func Forward(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, endSignals...)
	defer signal.Stop(sigs)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case err := <-done:
			return err
		case s := <-sigs:
			_ = cmd.Process.Signal(s)
		}
	}
}

// Status is hp17b's exit status after its program name ran and ended with
// err: 0 when it succeeded, a usage error when it exited with one
// (cli.ExitUsage), else a failure (1), said on stderr when the program
// could not run at all (what it said itself has gone to stderr already).
func Status(name string, err error, stderr io.Writer) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() == cli.ExitUsage:
		return cli.ExitUsage
	case !errors.As(err, &exit):
		fmt.Fprintf(stderr, "hp17b: %s: %v\n", name, err)
	}
	return 1
}

// NoWindowPrefix starts the line hp17b-window prints when no window could
// open (its exit status cli.ExitNoWindow).
const NoWindowPrefix = "hp17b: the window could not open: "

// NoWindowLine passes the window program's stderr through to W, holding
// back the line that says why no window could open, so that the fallback
// says it once, in its own line.
type NoWindowLine struct {
	W    io.Writer
	buf  []byte // an unfinished line
	held []string
}

// Write forwards whole lines, keeping the no-window line (io.Writer).
func (n *NoWindowLine) Write(p []byte) (int, error) {
	n.buf = append(n.buf, p...)
	for {
		i := bytes.IndexByte(n.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(n.buf[:i+1])
		n.buf = n.buf[i+1:]
		if strings.HasPrefix(line, NoWindowPrefix) {
			n.held = append(n.held, line)
			continue
		}
		if _, err := io.WriteString(n.W, line); err != nil {
			return len(p), err
		}
	}
}

// Flush writes what was held back.
func (n *NoWindowLine) Flush() {
	for _, l := range n.held {
		_, _ = io.WriteString(n.W, l)
	}
	_, _ = n.W.Write(n.buf)
	n.held, n.buf = nil, nil
}

// Reason is why no window could open, as the window program said it.
func (n *NoWindowLine) Reason() string {
	if len(n.held) == 0 {
		return "the window program gave no reason"
	}
	return strings.TrimSpace(strings.TrimPrefix(n.held[len(n.held)-1], NoWindowPrefix))
}
