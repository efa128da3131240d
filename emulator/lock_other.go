//go:build !unix

package emulator

// lockFile is a no-op where there is no flock (Windows, the browser): one
// calculator at a time uses a state file there.
func lockFile(string) (unlock func(), err error) { return func() {}, nil }

// tryLockFile is lockFile: it always succeeds.
func tryLockFile(string) (unlock func(), ok bool, err error) { return func() {}, true, nil }
