package work

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hp17b/hp17b/cmd/internal/cli"
)

// TestBounded: a report that finishes is copied with its status; one
// still running when the context ends is dropped, status 1.
func TestBounded(t *testing.T) {
	var out strings.Builder
	code, done := Bounded(t.Context(), &out, func(w io.Writer) int {
		_, _ = io.WriteString(w, "report\n")
		return 64
	})
	assert.True(t, done)
	assert.Equal(t, 64, code)
	assert.Equal(t, "report\n", out.String())

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	out.Reset()
	block := make(chan struct{})
	defer close(block)
	code, done = Bounded(ctx, &out, func(w io.Writer) int {
		_, _ = io.WriteString(w, "half")
		<-block
		return 0
	})
	assert.False(t, done)
	assert.Equal(t, 1, code)
	assert.Empty(t, out.String(), "nothing half-done is printed")
}

// TestStopped: why work stopped, after --timeout or Ctrl-C, or nothing
// while it may go on.
func TestStopped(t *testing.T) {
	var errOut strings.Builder
	ctx, cancel := Context(cli.Timeout(time.Nanosecond))
	defer cancel()
	<-ctx.Done()
	assert.True(t, Stopped(ctx, cli.Timeout(time.Nanosecond), &errOut))
	assert.Equal(t, "hp17b: stopped after --timeout 1ns\n", errOut.String())

	errOut.Reset()
	ctx, cancel = Context(0)
	assert.False(t, Stopped(ctx, 0, &errOut))
	cancel()
	assert.True(t, Stopped(ctx, 0, &errOut))
	assert.Equal(t, "hp17b: interrupted\n", errOut.String())
}

// TestMachineMemory: some memory, at least the fallback's order.
func TestMachineMemory(t *testing.T) {
	assert.Greater(t, MachineMemory(), int64(1<<20))
}
