//go:build !js

package main

import (
	"os"
	"path/filepath"

	"github.com/hp17b/hp17b/emulator"
)

// programArgs are the command line's arguments.
func programArgs() []string { return os.Args[1:] }

// openMachine opens the calculator kept in the state file (see
// emulator.OpenState).
func openMachine(statePath string, fresh bool) (*emulator.Machine, string, error) {
	return emulator.OpenState(statePath, fresh)
}

// exposeFrame does nothing outside the browser.
func exposeFrame(*emulator.Machine) {}

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
