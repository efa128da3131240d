package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeRunsItsProgram: hp17b serve runs hp17b-serve with the address
// and the folder it was given (the folder after --, so that one named
// like a flag stays a folder), passes its output through and keeps its
// exit status; without the program it says where the program comes from.
// What hp17b-serve does is cmd/hp17b-serve's tests'.
func TestServeRunsItsProgram(t *testing.T) {
	old := findServe
	defer func() { findServe = old }()
	fake := filepath.Join(t.TempDir(), serveProgram)
	script := "#!/bin/sh\necho \"args: $*\"\necho 'hp17b: serve: said' >&2\nexit ${FAKE_EXIT:-0}\n"
	require.NoError(t, os.WriteFile(fake, []byte(script), 0o755))
	findServe = func() (string, error) { return fake, nil }

	out, errOut, code := runCLI("serve")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "args: --addr 127.0.0.1:8000 -- dist/web\n", out)
	assert.Equal(t, "hp17b: serve: said\n", errOut)
	out, _, _ = runCLI("serve", "--addr", "0.0.0.0:9000", "--", "-web")
	assert.Equal(t, "args: --addr 0.0.0.0:9000 -- -web\n", out)

	for exit, want := range map[string]int{"64": exitUsage, "1": exitFailed, "7": exitFailed} {
		t.Setenv("FAKE_EXIT", exit)
		_, _, code = runCLI("serve", "somewhere")
		assert.Equal(t, want, code, "hp17b-serve exits %s", exit)
	}

	findServe = func() (string, error) { return "", os.ErrNotExist }
	_, errOut, code = runCLI("serve", "web")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "hp17b: serve: the server program hp17b-serve was not found (make build puts it beside hp17b; or run go run ./cmd/hp17b-serve web)\n", errOut)
}
