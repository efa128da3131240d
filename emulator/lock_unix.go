//go:build unix

package emulator

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// tryLockFile takes an exclusive lock on the file at path without
// waiting: ok is false (and unlock nil) when another open of the file, in
// this process or another, holds it. The file is created (0644) if
// missing; it is opened without following a link and without blocking,
// and anything but a regular file is refused. Once the lock is held the
// file holds this process's ID (lockHolder reads it); unlock releases the
// lock.
func tryLockFile(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		return nil, false, err
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s is not a regular file", path)
		}
		return nil, false, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
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
	if f.Truncate(0) == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, true, nil
}

// lockDenied reports whether err says the lock file may not be created
// or written here (a folder the user cannot write, a read-only file
// system): the state is then read and left alone.
func lockDenied(err error) bool {
	return errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EROFS)
}
