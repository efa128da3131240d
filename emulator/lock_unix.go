//go:build unix

package emulator

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on the file at path (created if
// missing), waiting for another process that holds it; unlock releases it.
// The lock belongs to this open of the file: another open of it, in this
// process or another, waits.
func lockFile(path string) (unlock func(), err error) {
	unlock, _, err = takeLock(path, true)
	return unlock, err
}

// tryLockFile is lockFile without waiting: ok is false (and unlock nil)
// when another open of the file holds the lock.
func tryLockFile(path string) (unlock func(), ok bool, err error) {
	return takeLock(path, false)
}

func takeLock(path string, wait bool) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, err
	}
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, true, nil
}
