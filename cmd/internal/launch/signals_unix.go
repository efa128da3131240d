//go:build unix

package launch

import (
	"os"
	"syscall"
)

// endSignals end hp17b; each is passed on to the program it runs
// (Forward): the window saves continuous memory and closes (ui/window's
// watchEnd).
var endSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}
