//go:build !js

package main

import (
	"os"
	"path/filepath"

	"github.com/alecthomas/kong"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/emulator"
	ver "github.com/hp17b/hp17b/internal/version"
	"github.com/hp17b/hp17b/programs"
)

// windowFlags reads the command line (cli.Parse, by kong). done is true
// when the program must stop at once with status: after --help or
// --version (0), or a usage error (exitUsage).
func windowFlags() (f cli.Window, status int, done bool) {
	var flags struct {
		Version    kong.VersionFlag `help:"Print the version and exit."`
		cli.Window `embed:""`
	}
	vars := kong.Vars{"version": "hp17b-window " + ver.String(releaseVersion)}
	_, status, done = cli.Parse("hp17b-window", description, &flags, os.Args[1:], os.Stdout, stderr, exitUsage, vars)
	return flags.Window, status, done
}

// openMachine opens the calculator kept in the state file, or a fresh one
// (see emulator.Open), a fresh calculator holding the default programs.
func openMachine(statePath string, fresh bool) (*emulator.Machine, string, error) {
	return emulator.Open(emulator.OpenOptions{Path: statePath, Fresh: fresh, Equations: programs.DefaultEquations()})
}

// yieldToPage does nothing outside the browser.
func yieldToPage() {}

// exposeFrame does nothing outside the browser.
func exposeFrame(*emulator.Machine) func() { return nil }

// stateDir is the folder of the state file in use, where new state files
// go; "" with --fresh (no state file) or when there is no config folder.
func stateDir(statePath string, fresh bool) string {
	if fresh {
		return ""
	}
	if statePath == "" {
		p, err := emulator.DefaultStatePath()
		if err != nil {
			return ""
		}
		statePath = p
	}
	return filepath.Dir(statePath)
}
