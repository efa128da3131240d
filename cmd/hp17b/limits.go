package main

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

	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/nim/acronim"
)

// timeout is a --timeout: how long a command's work may run, 0 for no
// limit.
type timeout time.Duration

// UnmarshalText reads a Go duration (5s, 2m, 1h30m), refusing a negative
// one (encoding.TextUnmarshaler, which kong uses).
func (t *timeout) UnmarshalText(b []byte) error {
	d, err := time.ParseDuration(string(b))
	switch {
	case err != nil:
		return fmt.Errorf("want a duration such as 5s or 2m, got %q", b)
	case d < 0:
		return fmt.Errorf("want 0 (no limit) or more, got %s", b)
	}
	*t = timeout(d)
	return nil
}

// String is the duration as Go writes it (5s, 2m0s).
func (t timeout) String() string { return time.Duration(t).String() }

// workContext is the context of a command's long work: cancelled by
// Ctrl-C, and after timeout when it is positive. Ctrl-C is caught only once
// the work has run 20 ms (installing the handler costs a short command a
// noticeable share of its run; before that Ctrl-C ends the process at
// once, which stops the work as well).
func workContext(limit timeout) (context.Context, context.CancelFunc) {
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

// stopped says why a command's work ended early, and reports whether it did.
func stopped(ctx context.Context, limit timeout, stderr io.Writer) bool {
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

// runBounded runs work, which writes its report to the writer it is given,
// until it ends or ctx is done. A finished report is copied to stdout;
// when ctx ends first nothing is printed (stopped says why) and done is
// false: the work goes on in the background until the command returns and
// the process ends, which is at once. This stops work that checks no
// context (nim analyze's sums) within a moment of the deadline or Ctrl-C.
func runBounded(ctx context.Context, stdout io.Writer, work func(io.Writer) int) (code int, done bool) {
	var out bytes.Buffer
	finished := make(chan int, 1)
	go func() { finished <- work(&out) }()
	select {
	case code = <-finished:
		_, _ = stdout.Write(out.Bytes())
		return code, true
	case <-ctx.Done():
		return exitFailed, false
	}
}

// defaultAcroStates is acronim solve's state budget when --max-states is
// not given: a quarter of the machine's memory (machineMemory), at
// acronim.BytesPerState a state.
func defaultAcroStates() int {
	return int(machineMemory() / 4 / acronim.BytesPerState)
}

// machineMemory is the machine's memory in bytes (MemTotal in
// /proc/meminfo), or 4 GiB where it cannot be read.
func machineMemory() int64 {
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
