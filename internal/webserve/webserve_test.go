package webserve

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func gz(t *testing.T, s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, err := w.Write([]byte(s))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

func TestHandler(t *testing.T) {
	dir := fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html>page")},
		"hp17b.wasm":      {Data: []byte("\x00asm plain")},
		"hp17b.wasm.gz":   {Data: gz(t, "\x00asm plain")},
		"hp17b.wasm.br":   {Data: []byte("brotli bytes")},
		".env":            {Data: []byte("SECRET=1")},
		".git/config":     {Data: []byte("[core]")},
		"sub/.hidden":     {Data: []byte("h")},
		"wasm_exec.js":    {Data: []byte("js")},
		"app.webmanifest": {Data: []byte("{}")},
		"sub/x.txt":       {Data: []byte("x")},
	}
	h := Handler(dir)
	for _, c := range []struct {
		name, method, path, accept string
		status                     int
		typ, encoding, body        string
	}{
		{"root is the page", "GET", "/", "", 200, "text/html; charset=utf-8", "", "<!doctype html>page"},
		{"wasm brotli first", "GET", "/hp17b.wasm", "gzip, deflate, br", 200, "application/wasm", "br", "brotli bytes"},
		{"wasm gzipped", "GET", "/hp17b.wasm", "gzip, deflate", 200, "application/wasm", "gzip", "\x00asm plain"},
		{"wasm brotli only", "GET", "/hp17b.wasm", "br", 200, "application/wasm", "br", "brotli bytes"},
		{"wasm plain without either", "GET", "/hp17b.wasm", "identity", 200, "application/wasm", "", "\x00asm plain"},
		{"gzip refused by q=0", "GET", "/hp17b.wasm", "gzip;q=0, deflate", 200, "application/wasm", "", "\x00asm plain"},
		{"br refused by q=0", "GET", "/hp17b.wasm", "br;q=0, gzip", 200, "application/wasm", "gzip", "\x00asm plain"},
		{"any coding", "GET", "/hp17b.wasm", "*", 200, "application/wasm", "br", "brotli bytes"},
		{"a dotfile", "GET", "/.env", "", 404, "", "", ""},
		{"a dot-folder", "GET", "/.git/config", "", 404, "", "", ""},
		{"a dotfile in a folder", "GET", "/sub/.hidden", "", 404, "", "", ""},
		{"no .gz: plain", "GET", "/wasm_exec.js", "gzip", 200, "text/javascript; charset=utf-8", "", "js"},
		{"manifest type", "GET", "/app.webmanifest", "", 200, "application/manifest+json", "", "{}"},
		{"missing", "GET", "/favicon.ico", "", 404, "", "", ""},
		{"a folder", "GET", "/sub/", "", 404, "", "", ""},
		{"dot-dot", "GET", "/../etc/passwd", "", 404, "", "", ""},
		{"POST", "POST", "/", "", 405, "", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(c.method, "http://x"+c.path, nil)
			req.URL.Path = c.path // keep a dot-dot as a client may send it
			if c.accept != "" {
				req.Header.Set("Accept-Encoding", c.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			require.Equal(t, c.status, rec.Code)
			securityHeadersSent(t, rec.Header())
			if c.status != 200 {
				assert.NotContains(t, rec.Body.String(), "SECRET")
				return
			}
			assert.Equal(t, c.typ, rec.Header().Get("Content-Type"))
			assert.Equal(t, c.encoding, rec.Header().Get("Content-Encoding"))
			assert.Equal(t, strconv.Itoa(rec.Body.Len()), rec.Header().Get("Content-Length"), "the length of the bytes sent")
			assert.Equal(t, "no-cache", rec.Header().Get("Cache-Control"))
			assert.Contains(t, rec.Header().Values("Vary"), "Accept-Encoding")
			assert.NotEmpty(t, rec.Header().Get("ETag"))
			body := rec.Body.Bytes()
			if c.encoding == "gzip" {
				r, err := gzip.NewReader(bytes.NewReader(body))
				require.NoError(t, err)
				body, err = io.ReadAll(r)
				require.NoError(t, err)
			}
			assert.Equal(t, c.body, string(body))
		})
	}
}

// TestRevalidate: a second request with the ETag it was given is a 304.
func TestRevalidate(t *testing.T) {
	h := Handler(fstest.MapFS{"index.html": {Data: []byte("page")}})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	etag := rec.Header().Get("ETag")
	require.NotEmpty(t, etag)
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusNotModified, rec.Code)

	// The wasm's brotli copy: its own validator, and no length on the 304.
	h = Handler(fstest.MapFS{"hp17b.wasm": {Data: []byte("\x00asm")}, "hp17b.wasm.br": {Data: []byte("br")}})
	req = httptest.NewRequest("GET", "/hp17b.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	etag = rec.Header().Get("ETag")
	require.NotEmpty(t, etag)
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusNotModified, rec.Code)
	assert.Empty(t, rec.Header().Get("Content-Length"))
	assert.Empty(t, rec.Body.Bytes())
}

func TestCheck(t *testing.T) {
	assert.ErrorIs(t, Check(fstest.MapFS{}), ErrNoIndex)
	assert.ErrorContains(t, Check(fstest.MapFS{"index.html": {}}), "no hp17b wasm")
	assert.NoError(t, Check(fstest.MapFS{"index.html": {}, "hp17b.wasm": {}}))
	assert.NoError(t, Check(fstest.MapFS{"index.html": {}, "hp17b-0123456789ab.wasm": {}}))
}

// securityHeadersSent checks the headers every answer carries: nosniff,
// no framing, and a Content-Security-Policy that lets the page's own
// scripts and its wasm run and nothing else.
func securityHeadersSent(t *testing.T, h http.Header) {
	t.Helper()
	assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
	assert.Equal(t, "DENY", h.Get("X-Frame-Options"))
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "frame-ancestors 'none'", "object-src 'none'"} {
		assert.Contains(t, csp, want)
	}
	assert.NotContains(t, csp, "'unsafe-eval'")
	assert.NotRegexp(t, `script-src[^;]*'unsafe-inline'`, csp)
}

// TestCaching: the versioned wasm (its content's hash in its name) is
// cached for a year without asking again, in each of its encodings; the
// page, the service worker and an unversioned file are revalidated.
func TestCaching(t *testing.T) {
	h := Handler(fstest.MapFS{
		"index.html":                 {Data: []byte("page")},
		"sw.js":                      {Data: []byte("sw")},
		"wasm_exec.js":               {Data: []byte("js")},
		"hp17b-0123456789ab.wasm":    {Data: []byte("\x00asm")},
		"hp17b-0123456789ab.wasm.br": {Data: []byte("br")},
		"hp17b-0123456789ab.wasm.gz": {Data: gz(t, "\x00asm")},
	})
	for _, c := range []struct{ path, accept, cache string }{
		{"/", "br", "no-cache"},
		{"/index.html", "gzip", "no-cache"},
		{"/sw.js", "", "no-cache"},
		{"/wasm_exec.js", "", "no-cache"},
		{"/hp17b-0123456789ab.wasm", "br", "public, max-age=31536000, immutable"},
		{"/hp17b-0123456789ab.wasm", "gzip", "public, max-age=31536000, immutable"},
		{"/hp17b-0123456789ab.wasm", "", "public, max-age=31536000, immutable"},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		req.Header.Set("Accept-Encoding", c.accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		require.Equal(t, 200, rec.Code, c.path)
		assert.Equal(t, c.cache, rec.Header().Get("Cache-Control"), "%s %s", c.path, c.accept)
	}
}

// TestLinks: in the folder opened by Root a link is followed while its
// target stays inside the folder; a link to a file or a folder outside
// (sub/etc → a folder holding "shadow", out.txt → a file beside the
// folder), and a name through such a link, are 404 Not Found.
func TestLinks(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "etc")
	require.NoError(t, os.MkdirAll(outside, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "shadow"), []byte("root:secret"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(base, "secret.txt"), []byte("secret"), 0o644))
	dir := filepath.Join(base, "web")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("page"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "in.txt"), []byte("inside"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "sub", "etc")))
	require.NoError(t, os.Symlink("../secret.txt", filepath.Join(dir, "out.txt")))
	require.NoError(t, os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "abs.txt")))
	require.NoError(t, os.Symlink("sub/in.txt", filepath.Join(dir, "in.txt")))
	require.NoError(t, os.Symlink("secret.txt", filepath.Join(dir, "index.html.gz"))) // a dangling copy: the page sent plain
	root, err := Root(dir)
	require.NoError(t, err)
	h := Handler(root)
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/sub/etc/shadow", 404, ""},
		{"/out.txt", 404, ""},
		{"/abs.txt", 404, ""},
		{"/sub/../../secret.txt", 404, ""},
		{"/in.txt", 200, "inside"},
		{"/sub/in.txt", 200, "inside"},
		{"/", 200, "page"},
	} {
		req := httptest.NewRequest("GET", "http://x/", nil)
		req.URL.Path = c.path
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Equal(t, c.status, rec.Code, c.path)
		assert.NotContains(t, rec.Body.String(), "secret", c.path)
		if c.status == 200 {
			assert.Equal(t, c.body, rec.Body.String(), c.path)
		}
	}
	_, err = Root(filepath.Join(base, "missing"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
}
