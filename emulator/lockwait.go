package emulator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hp17b/hp17b/internal/files"
)

// DefaultLockWait is how long a short command waits for the state file's
// lock when it is given no other bound (OpenOptions.LockWait), and how
// long the window's last write waits for it.
const DefaultLockWait = 5 * time.Second

// takeLock is tryLockFile (a test makes it fail as a folder the user
// cannot write does).
var takeLock = tryLockFile

// lockPoll is how often a wait for the lock tries it again.
const lockPoll = 20 * time.Millisecond

// LockBusyError is the error of a wait for the state file's lock that
// ended (its bound passed, or its context was cancelled: Ctrl-C) while
// another process held it. PID is that process's ID as the lock file
// says it (0 when it does not).
type LockBusyError struct {
	Path   string        // the state file
	PID    int           // the holder's process ID, 0 when unknown
	Waited time.Duration // how long this process waited
	Err    error         // context.Canceled or context.DeadlineExceeded
}

func (e *LockBusyError) Error() string {
	who := "another hp17b"
	if e.PID > 0 {
		who = "another hp17b (process " + strconv.Itoa(e.PID) + ")"
	}
	why := fmt.Sprintf("gave up after %v", e.Waited.Round(time.Millisecond))
	if errors.Is(e.Err, context.Canceled) {
		why = "stopped"
	}
	return fmt.Sprintf("the state file %s is in use by %s; %s waiting for it: try again when that process ends, or use --state with another file or --fresh",
		e.Path, who, why)
}

// Unwrap gives the wait's context error.
func (e *LockBusyError) Unwrap() error { return e.Err }

// lockHolder is the process ID written in the lock file at path, 0 when
// it holds none.
func lockHolder(path string) int {
	b, err := files.ReadRegular(path, 32)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(b)))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

// waitLock takes the lock on the lock file at path (tryLockFile), trying
// again every lockPoll while another process holds it, for at most wait
// (0: DefaultLockWait) and until ctx is done; then the error is a
// *LockBusyError for state, naming the holder.
func waitLock(ctx context.Context, path, state string, wait time.Duration) (unlock func(), err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if wait <= 0 {
		wait = DefaultLockWait
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	tick := time.NewTicker(lockPoll)
	defer tick.Stop()
	for {
		unlock, ok, err := takeLock(path)
		if err != nil || ok {
			return unlock, err
		}
		select {
		case <-ctx.Done():
			return nil, &LockBusyError{Path: state, PID: lockHolder(path), Waited: time.Since(start), Err: ctx.Err()}
		case <-tick.C:
		}
	}
}
