package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
)

// workContext is the context of a command's long work: cancelled by
// Ctrl-C, and after timeout when it is positive. Ctrl-C is caught only once
// the work has run 20 ms (installing the handler costs a short command
// about 0.7 ms, 14 %; before that Ctrl-C ends the process at once, which
// stops the work as well).
func workContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	if timeout > 0 {
		var cancelTimeout context.CancelFunc
		ctx, cancelTimeout = context.WithTimeout(ctx, timeout)
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
func stopped(ctx context.Context, timeout time.Duration, stderr io.Writer) bool {
	switch ctx.Err() {
	case context.DeadlineExceeded:
		fmt.Fprintf(stderr, "hp17b: stopped after --timeout %v\n", timeout)
		return true
	case context.Canceled:
		fmt.Fprintln(stderr, "hp17b: interrupted")
		return true
	}
	return false
}
