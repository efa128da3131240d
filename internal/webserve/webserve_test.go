package webserve

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
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
		{"wasm gzipped", "GET", "/hp17b.wasm", "gzip, deflate, br", 200, "application/wasm", "gzip", "\x00asm plain"},
		{"wasm plain without gzip", "GET", "/hp17b.wasm", "identity", 200, "application/wasm", "", "\x00asm plain"},
		{"gzip refused by q=0", "GET", "/hp17b.wasm", "gzip;q=0, br", 200, "application/wasm", "", "\x00asm plain"},
		{"any coding", "GET", "/hp17b.wasm", "*", 200, "application/wasm", "gzip", "\x00asm plain"},
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
			if c.status != 200 {
				return
			}
			assert.Equal(t, c.typ, rec.Header().Get("Content-Type"))
			assert.Equal(t, c.encoding, rec.Header().Get("Content-Encoding"))
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
}

func TestCheck(t *testing.T) {
	assert.ErrorIs(t, Check(fstest.MapFS{}), ErrNoIndex)
	assert.ErrorContains(t, Check(fstest.MapFS{"index.html": {}}), "hp17b.wasm")
	assert.NoError(t, Check(fstest.MapFS{"index.html": {}, "hp17b.wasm": {}}))
}
