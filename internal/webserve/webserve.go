// Package webserve serves the browser build's folder (scripts/web.sh, make
// web) as a real host would: a file's pre-compressed copy beside it
// (NAME.gz) is sent with Content-Encoding: gzip to a browser that accepts
// it, every answer carries a validator and says how it may be cached, and
// nothing outside the folder is reachable. Standard library only.
package webserve

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// types are the content types the standard library may not know, by
// extension; the others come from mime.TypeByExtension.
var types = map[string]string{
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".js":          "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".json":        "application/json",
	".png":         "image/png",
	".ico":         "image/x-icon",
}

// Handler serves the files of dir: "/" is index.html; a folder other than
// the root, a name with a dot-dot, or a missing file is 404 Not Found; a
// method other than GET or HEAD is 405. A file NAME with a NAME.gz beside
// it is sent as NAME.gz with Content-Encoding: gzip when the request's
// Accept-Encoding allows gzip (and Vary: Accept-Encoding always).
//
// Caching: every answer has Last-Modified and an ETag (the file's size and
// time), so a browser revalidates with a 304. The names are not content
// hashes, so every file is Cache-Control: no-cache (use, but ask first);
// the page's service worker keeps the copies for offline use under the
// build's version.
func Handler(dir fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if !fs.ValidPath(name) || strings.HasSuffix(name, "/") {
			http.NotFound(w, r)
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		sent := name
		if acceptsGzip(r.Header.Get("Accept-Encoding")) && !strings.HasSuffix(name, ".gz") {
			if st, err := fs.Stat(dir, name+".gz"); err == nil && st.Mode().IsRegular() {
				sent = name + ".gz"
				w.Header().Set("Content-Encoding", "gzip")
			}
		}
		f, err := dir.Open(sent)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || !st.Mode().IsRegular() {
			w.Header().Del("Content-Encoding")
			http.NotFound(w, r)
			return
		}
		ext := path.Ext(name)
		ct := types[ext]
		if ct == "" {
			ct = mime.TypeByExtension(ext)
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, st.Size(), st.ModTime().UnixNano()))
		rs, ok := f.(interface {
			Read([]byte) (int, error)
			Seek(int64, int) (int64, error)
		})
		if !ok {
			http.Error(w, "the file cannot be served", http.StatusInternalServerError)
			return
		}
		http.ServeContent(w, r, name, st.ModTime(), rs)
	})
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip: it is
// listed (or *) without q=0 (RFC 9110 §12.5.3).
func acceptsGzip(h string) bool {
	for part := range strings.SplitSeq(h, ",") {
		fields := strings.Split(part, ";")
		coding := strings.ToLower(strings.TrimSpace(fields[0]))
		if coding != "gzip" && coding != "*" {
			continue
		}
		for _, p := range fields[1:] {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(k, "q") {
				if q, err := strconv.ParseFloat(v, 64); err != nil || q <= 0 {
					return false
				}
			}
		}
		return true
	}
	return false
}

// ErrNoIndex is returned by Check when the folder has no index.html.
var ErrNoIndex = errors.New("no index.html (build it with make web)")

// Check reports whether dir looks like the browser build's folder: it has
// index.html and the wasm. The errors name what is missing.
func Check(dir fs.FS) error {
	if _, err := fs.Stat(dir, "index.html"); err != nil {
		return ErrNoIndex
	}
	if _, err := fs.Stat(dir, "hp17b.wasm"); err != nil {
		return errors.New("no hp17b.wasm (build it with make web)")
	}
	return nil
}

// Server is an http.Server for Handler at addr with timeouts fit for a
// static folder on a local or public address.
func Server(addr string, dir fs.FS) *http.Server {
	return &http.Server{Addr: addr, Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
}
