//go:build unix

package main

import (
	"os"
	"syscall"
)

// endSignals end hp17b; each is passed on to the window, which saves
// continuous memory and closes (ui/window's watchEnd).
var endSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}
