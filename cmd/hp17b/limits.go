package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
)

// timeoutFlag adds --timeout to a command that may run long.
func timeoutFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("timeout", 0, "stop after this long (such as 5s or 2m); 0: no limit (Ctrl-C stops it)")
}

// workContext is the context of a command's long work: cancelled by
// Ctrl-C, and after timeout when it is positive.
func workContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	if timeout <= 0 {
		return ctx, stop
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	return ctx, func() { cancel(); stop() }
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
