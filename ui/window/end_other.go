//go:build !unix && !js

package window

import "os"

// endSignals close the window as a close by hand does.
var endSignals = []os.Signal{os.Interrupt}
