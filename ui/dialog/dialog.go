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
// files ending in ext (".json") in dir under a title.
type chooser struct {
	program string
	args    func(title, dir, ext string) []string
}

func choosers() []chooser {
	switch runtime.GOOS {
	case "darwin":
		return []chooser{{"osascript", func(title, dir, _ string) []string {
			return []string{"-e", fmt.Sprintf("POSIX path of (choose file with prompt %q default location POSIX file %q)", title, dir)}
		}}}
	case "windows":
		return []chooser{{"powershell", func(title, dir, ext string) []string {
			script := "Add-Type -AssemblyName System.Windows.Forms; $f = New-Object System.Windows.Forms.OpenFileDialog; " +
				fmt.Sprintf("$f.Title = '%s'; $f.InitialDirectory = '%s'; $f.Filter = 'State files (*%s)|*%s|All files|*.*'; ",
					psQuote(title), psQuote(dir), ext, ext) +
				"if ($f.ShowDialog() -eq 'OK') { $f.FileName }"
			return []string{"-NoProfile", "-NonInteractive", "-Command", script}
		}}}
	}
	return []chooser{
		{"zenity", func(title, dir, ext string) []string {
			return []string{"--file-selection", "--title=" + title, "--filename=" + strings.TrimSuffix(dir, "/") + "/",
				"--file-filter=State files | *" + ext, "--file-filter=All files | *"}
		}},
		{"kdialog", func(title, dir, ext string) []string {
			return []string{"--title", title, "--getopenfilename", dir, "*" + ext + "|State files"}
		}},
	}
}

func psQuote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// OpenFile shows the first chooser found on PATH, titled title, in folder
// dir, offering the files ending in ext, and returns the chosen file's
// path: "" when the person cancels; ErrNoChooser when the platform has
// none; the chooser's own error otherwise.
func OpenFile(title, dir, ext string) (string, error) {
	for _, c := range choosers() {
		path, err := exec.LookPath(c.program)
		if err != nil {
			continue
		}
		cmd := exec.Command(path, c.args(title, dir, ext)...)
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
