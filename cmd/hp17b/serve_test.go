package main

import (
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeRefuses: a folder that is not the browser build, and an
// address already taken, are said and stop hp17b serve at once (the
// serving itself: internal/webserve and e2e.TestBrowser).
func TestServeRefuses(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := runCLI("serve", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no index.html (build it with make web)")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("page"), 0o644))
	_, errOut, code = runCLI("serve", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no hp17b.wasm")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hp17b.wasm"), []byte("\x00asm"), 0o644))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	_, errOut, code = runCLI("serve", "--addr", ln.Addr().String(), dir)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "hp17b: serve: listen tcp")
}
