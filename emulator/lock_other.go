//go:build !unix

package emulator

// lockFile is a no-op where there is no flock (Windows, the browser): one
// calculator at a time uses a state file there.
func lockFile(string) (unlock func(), err error) { return func() {}, nil }

// processAlive cannot tell here: a loading marker is then never taken as
// a crash.
func processAlive(int) bool { return true }
