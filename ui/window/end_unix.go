//go:build unix

package window

import (
	"os"
	"syscall"
)

// endSignals close the window as a close by hand does.
var endSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP}
