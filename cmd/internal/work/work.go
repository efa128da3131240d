// Package work bounds a command's long work: the context that Ctrl-C and
// --timeout cancel (Context), the message that says why work stopped
// (Stopped), a run that drops an unfinished report (Bounded), the
// progress line of a long comparison (ProgressLine) and the machine's
// memory (MachineMemory), which sizes acronim solve's state budget.
package work

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/internal/files"
)

// Context is the context of a command's long work: cancelled by
// Ctrl-C, and after limit when it is positive. Ctrl-C is caught only once
// the work has run 20 ms (installing the handler costs a short command a
// noticeable share of its run; before that Ctrl-C ends the process at
// once, which stops the work as well).
func Context(limit cli.Timeout) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	if limit > 0 {
		var cancelTimeout context.CancelFunc
		ctx, cancelTimeout = context.WithTimeout(ctx, time.Duration(limit))
		outer := cancel
		cancel = func() { cancelTimeout(); outer() }
	}
	sigs := make(chan os.Signal, 1)
	catch := time.AfterFunc(20*time.Millisecond, func() {
		signal.Notify(sigs, os.Interrupt)
		go func() {
			select {
			case <-sigs:
				cancel()
			case <-ctx.Done():
			}
		}()
	})
	return ctx, func() {
		catch.Stop()
		signal.Stop(sigs)
		cancel()
	}
}

// Stopped says on stderr why a command's work ended early (after
// --timeout limit, or interrupted), and reports whether it did.
func Stopped(ctx context.Context, limit cli.Timeout, stderr io.Writer) bool {
	switch ctx.Err() {
	case context.DeadlineExceeded:
		fmt.Fprintf(stderr, "hp17b: stopped after --timeout %v\n", limit)
		return true
	case context.Canceled:
		fmt.Fprintln(stderr, "hp17b: interrupted")
		return true
	}
	return false
}

// Bounded runs work, which writes its report to the writer it is given
// and returns an exit status, until it ends or ctx is done. A finished
// report is copied to stdout; when ctx ends first nothing is printed
// (Stopped says why), code is 1 (a failure) and done is false: the work
// goes on in the background until the command returns and the process
// ends, which is at once. This stops work that checks no context (nim
// analyze's sums) within a moment of the deadline or Ctrl-C.
func Bounded(ctx context.Context, stdout io.Writer, work func(io.Writer) int) (code int, done bool) {
	var out bytes.Buffer
	finished := make(chan int, 1)
	go func() { finished <- work(&out) }()
	select {
	case code = <-finished:
		_, _ = stdout.Write(out.Bytes())
		return code, true
	case <-ctx.Done():
		return 1, false
	}
}

// MachineMemory is the machine's memory in bytes (MemTotal in
// /proc/meminfo), or 4 GiB where it cannot be read.
func MachineMemory() int64 {
	const fallback = 4 << 30
	b, err := files.ReadRegular("/proc/meminfo", 1<<16)
	if err != nil {
		return fallback
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb > 0 {
					return kb << 10
				}
			}
		}
	}
	return fallback
}
