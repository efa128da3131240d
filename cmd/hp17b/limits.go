package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
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
// the work has run 20 ms (installing the handler costs a short command
// about 0.7 ms, 14 %; before that Ctrl-C ends the process at once, which
// stops the work as well).
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
