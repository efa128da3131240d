//go:build !js

// Package clipboard reads and writes the system clipboard through the
// platform's own tools, so that the build needs no cgo: wl-copy and
// wl-paste under Wayland, xclip or xsel under X11 (Linux and the BSDs),
// pbcopy and pbpaste on macOS, PowerShell's Set-Clipboard and
// Get-Clipboard on Windows; in the browser, the page's
// navigator.clipboard (clipboard_js.go).
package clipboard

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// tool is one way to reach the clipboard: the commands that copy (text on
// their standard input) and paste (text on their standard output).
type tool struct {
	copy, paste []string
}

// tools lists the ways to try on this system, in order: the first whose
// program is on PATH is used.
func tools() []tool {
	switch runtime.GOOS {
	case "darwin":
		return []tool{{[]string{"pbcopy"}, []string{"pbpaste"}}}
	case "windows":
		ps := []string{"powershell", "-NoProfile", "-NonInteractive", "-Command"}
		return []tool{{append(ps, "$input | Set-Clipboard"), append(ps, "Get-Clipboard -Raw")}}
	}
	var ts []tool
	if os.Getenv("WAYLAND_DISPLAY") != "" {
		ts = append(ts, tool{[]string{"wl-copy"}, []string{"wl-paste", "--no-newline"}})
	}
	return append(ts,
		tool{[]string{"xclip", "-selection", "clipboard", "-in"}, []string{"xclip", "-selection", "clipboard", "-out"}},
		tool{[]string{"xsel", "--clipboard", "--input"}, []string{"xsel", "--clipboard", "--output"}})
}

// ErrNoTool says that no clipboard program was found, and which to install.
var ErrNoTool = errors.New("no clipboard program found: install xclip or xsel (X11) or wl-clipboard (Wayland)")

// Timeout bounds one copy or paste, so that a clipboard owner that does
// not answer never holds the calculator.
const Timeout = 2 * time.Second

func find() (tool, error) {
	for _, t := range tools() {
		if _, err := exec.LookPath(t.copy[0]); err == nil {
			return t, nil
		}
	}
	return tool{}, ErrNoTool
}

// Write puts text on the clipboard. Errors: ErrNoTool, or the tool's own
// failure with what it printed.
func Write(text string) error {
	t, err := find()
	if err != nil {
		return err
	}
	cmd := exec.Command(t.copy[0], t.copy[1:]...)
	cmd.Stdin = strings.NewReader(text)
	// xclip and xsel stay behind to serve the selection: they must not
	// hold output pipes of ours, or Wait would wait for them; their output
	// goes nowhere.
	if err := run(cmd); err != nil {
		return fmt.Errorf("clipboard: %s: %v", t.copy[0], err)
	}
	return nil
}

// Read returns the clipboard's text ("" when it holds none). Errors:
// ErrNoTool, ErrTooLarge when the clipboard holds more than MaxRead bytes
// (at most MaxRead are ever read: the tool is stopped there), or the
// tool's own failure.
func Read() (string, error) {
	t, err := find()
	if err != nil {
		return "", err
	}
	cmd := exec.Command(t.paste[0], t.paste[1:]...)
	var stderr bytes.Buffer
	out := &capped{max: MaxRead, stop: func() { _ = cmd.Process.Kill() }}
	cmd.Stdout, cmd.Stderr = out, &stderr
	err = run(cmd)
	if out.over {
		return "", ErrTooLarge
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "target") || strings.Contains(msg, "No selection") || strings.Contains(msg, "Nothing is copied") {
			return "", nil // an empty clipboard
		}
		return "", fmt.Errorf("clipboard: %s: %v %s", t.paste[0], err, msg)
	}
	return strings.TrimSuffix(out.b.String(), "\r\n"), nil
}

// capped keeps at most max bytes written to it: the write that would pass
// max sets over, calls stop (which ends the tool) and fails.
type capped struct {
	b    bytes.Buffer
	max  int
	over bool
	stop func()
}

func (c *capped) Write(p []byte) (int, error) {
	if c.over || c.b.Len()+len(p) > c.max {
		if !c.over {
			c.over = true
			c.stop()
		}
		return 0, ErrTooLarge
	}
	return c.b.Write(p)
}

// run runs cmd to its end or Timeout.
func run(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(Timeout):
		_ = cmd.Process.Kill()
		<-done
		return errors.New("no answer within " + Timeout.String())
	}
}
