package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serve runs the program in-process with args until ctx is done.
func serve(ctx context.Context, args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := run(ctx, args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// TestServeRefuses: a folder that is not the browser build, an address
// already taken and a bad flag are said and stop the program at once
// (what it serves: internal/webserve and e2e.TestBrowser).
func TestServeRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	_, errOut, code := serve(ctx, dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no index.html (build it with make web)")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("page"), 0o644))
	_, errOut, code = serve(ctx, dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no hp17b wasm")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hp17b.wasm"), []byte("\x00asm"), 0o644))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	_, errOut, code = serve(ctx, "--addr", ln.Addr().String(), "--", dir)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "hp17b: serve: listen tcp")

	_, errOut, code = serve(ctx, "--port", "8000")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "unknown flag --port")
	out, _, code := serve(ctx, "--version")
	assert.Equal(t, exitOK, code)
	assert.Regexp(t, `^hp17b-serve \S`, out)
}

// TestServeUntilStopped: the program serves the folder's page at the
// address it prints and stops with status 0 when told to (Ctrl-C).
func TestServeUntilStopped(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("the page"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hp17b.wasm"), []byte("\x00asm"), 0o644))
	ctx, stop := context.WithCancel(context.Background())
	out := &syncBuffer{}
	code := make(chan int, 1)
	go func() { code <- run(ctx, []string{"--addr", "127.0.0.1:0", dir}, out, io.Discard) }()
	var url string
	require.Eventually(t, func() bool {
		m := regexp.MustCompile(`at (http://\S+/) `).FindStringSubmatch(out.String())
		if m != nil {
			url = m[1]
		}
		return m != nil
	}, 10*time.Second, 10*time.Millisecond)
	resp, err := http.Get(url)
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, "the page", string(body))
	stop()
	assert.Equal(t, exitOK, <-code)
}

// syncBuffer is a bytes.Buffer that the server's goroutine writes while
// the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
