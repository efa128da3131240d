// Package dialog asks the person for a file through the platform's own
// file chooser, so that the build needs no cgo: zenity or kdialog (Linux
// and the BSDs), osascript (macOS), PowerShell's OpenFileDialog (Windows).
package dialog

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
)

// ErrNoChooser says that no file chooser program was found, and which to
// install.
var ErrNoChooser = errors.New("no file chooser found: install zenity or kdialog (or start with --state FILE)")

// chooser is a chooser program and the arguments that make it show the
// files ending in one of exts (".json") in dir under a title, the filter
// named kind ("State files").
type chooser struct {
	program string
	args    func(title, dir, kind string, exts []string) []string
}

// patterns is exts as glob patterns ("*.eq"), joined by sep.
func patterns(exts []string, sep string) string {
	p := make([]string, len(exts))
	for i, e := range exts {
		p[i] = "*" + e
	}
	return strings.Join(p, sep)
}

func choosers() []chooser {
	switch runtime.GOOS {
	case "darwin":
		return []chooser{{"osascript", func(title, dir, _ string, _ []string) []string {
			return []string{"-e", fmt.Sprintf("POSIX path of (choose file with prompt %q default location POSIX file %q)", title, dir)}
		}}}
	case "windows":
		return []chooser{{"powershell", func(title, dir, kind string, exts []string) []string {
			globs := patterns(exts, ";")
			script := "Add-Type -AssemblyName System.Windows.Forms; $f = New-Object System.Windows.Forms.OpenFileDialog; " +
				fmt.Sprintf("$f.Title = '%s'; $f.InitialDirectory = '%s'; $f.Filter = '%s (%s)|%s|All files|*.*'; ",
					psQuote(title), psQuote(dir), psQuote(kind), globs, globs) +
				"if ($f.ShowDialog() -eq 'OK') { $f.FileName }"
			return []string{"-NoProfile", "-NonInteractive", "-Command", script}
		}}}
	}
	return []chooser{
		{"zenity", func(title, dir, kind string, exts []string) []string {
			return []string{"--file-selection", "--title=" + title, "--filename=" + strings.TrimSuffix(dir, "/") + "/",
				"--file-filter=" + kind + " | " + patterns(exts, " "), "--file-filter=All files | *"}
		}},
		{"kdialog", func(title, dir, kind string, exts []string) []string {
			return []string{"--title", title, "--getopenfilename", dir, patterns(exts, " ") + "|" + kind}
		}},
	}
}

func psQuote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// OpenFile shows the first chooser found on PATH, titled title, in folder
// dir, offering the state files (those ending in ext), and returns the
// chosen file's path, as OpenFileOf does.
func OpenFile(title, dir, ext string) (string, error) {
	return OpenFileOf(title, dir, "State files", ext)
}

// OpenFileOf shows the first chooser found on PATH, titled title, in
// folder dir, offering the files ending in one of exts (".eq", ".txt")
// under the filter's name kind, and any file; it returns the chosen
// file's path: "" when the person cancels; ErrNoChooser when the platform
// has none; the chooser's own error otherwise.
func OpenFileOf(title, dir, kind string, exts ...string) (string, error) {
	for _, c := range choosers() {
		path, err := exec.LookPath(c.program)
		if err != nil {
			continue
		}
		cmd := exec.Command(path, c.args(title, dir, kind, exts)...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err = cmd.Run()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 1 && strings.TrimSpace(out.String()) == "":
			return "", nil // cancelled
		case err != nil:
			return "", fmt.Errorf("%s: %v %s", c.program, err, strings.TrimSpace(errOut.String()))
		}
		return strings.TrimRight(out.String(), "\r\n"), nil
	}
	return "", ErrNoChooser
}
