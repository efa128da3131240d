//go:build !js

package main

import (
	"os"

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
