//go:build !unix

package emulator

// tryLockFile is a no-op where there is no flock (Windows, the browser):
// one calculator at a time uses a state file there.
func tryLockFile(string) (unlock func(), ok bool, err error) { return func() {}, true, nil }

// lockDenied is false: no lock file is made here.
func lockDenied(error) bool { return false }
