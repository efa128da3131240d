//go:build !unix

package launch

import "os"

// endSignals end hp17b (Ctrl+C in a console); each is passed on to the
// window.
var endSignals = []os.Signal{os.Interrupt}
