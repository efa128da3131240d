// Package webserve serves the browser build's folder (scripts/web.sh, make
// web) as a careful real host would: a file's pre-compressed copies beside
// it (NAME.br, NAME.gz, written at build time) sent with the matching
// Content-Encoding to a browser that accepts it, the versioned wasm cached
// for good and everything else revalidated, the standard security headers
// on every answer, and nothing outside the folder reachable (no dot-dot, no
// link that leads out, no dotfile). Standard library only.
package webserve

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
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

// encodings are the pre-compressed copies looked for, best first: a file
// NAME is sent as NAME+suffix with Content-Encoding coding.
var encodings = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// versioned matches a file name that carries its content's hash
// (hp17b-0123456789ab.wasm, scripts/webfiles): its content never changes
// under that name, so it is cached for a year without revalidation.
var versioned = regexp.MustCompile(`-[0-9a-f]{12}\.[a-z]+$`)

// ContentSecurityPolicy is the policy sent with every answer: the page's
// own files only ('self'), its wasm compiled ('wasm-unsafe-eval'), the
// audio worklet Ebitengine's sound makes from a blob: URL, no inline
// script, no plug-in, no framing by other sites (frame-ancestors), no
// form or base address elsewhere. Inline style is allowed (the page's
// own <style>; style cannot run code).
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' blob:; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' blob:; " +
	"worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; " +
	"frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries, refusals
// included.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY") // frame-ancestors for browsers before CSP 2
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// Handler serves the files of dir (give it Root's, so that a link leading
// out of the folder is refused): "/" is index.html; a folder, a name with
// a dot-dot, a name any part of which starts with a dot (.env, .git/…), a
// file that is not regular or a missing file is 404 Not Found; a method
// other than GET or HEAD is 405.
//
// A file NAME with NAME.br or NAME.gz beside it is sent as that copy with
// Content-Encoding br or gzip when the request's Accept-Encoding allows
// it (br first), with the copy's Content-Length, and Vary:
// Accept-Encoding always; the Content-Type is NAME's (application/wasm
// for the wasm, which lets a browser compile it while it downloads).
//
// Caching: every answer has Last-Modified and an ETag (the sent file's
// size and time), so a browser revalidates with a 304. A versioned name
// (NAME-HHHHHHHHHHHH.EXT, twelve hex digits of its content's hash) is
// Cache-Control: public, max-age=31536000, immutable; every other file
// (the page, the service worker, the scripts, the icons) is no-cache (use,
// but ask first). Every answer carries securityHeaders.
func Handler(dir fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		securityHeaders(w.Header())
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if !fs.ValidPath(name) || strings.HasSuffix(name, "/") || dotted(name) {
			http.NotFound(w, r)
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		sent, coding := name, ""
		for _, e := range encodings {
			if strings.HasSuffix(name, e.suffix) || !accepts(r.Header.Get("Accept-Encoding"), e.coding) {
				continue
			}
			if st, err := fs.Stat(dir, name+e.suffix); err == nil && st.Mode().IsRegular() {
				sent, coding = name+e.suffix, e.coding
				break
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
			http.NotFound(w, r)
			return
		}
		rs, ok := f.(interface {
			Read([]byte) (int, error)
			Seek(int64, int) (int64, error)
		})
		if !ok {
			http.Error(w, "the file cannot be served", http.StatusInternalServerError)
			return
		}
		if coding != "" {
			// http.ServeContent gives an encoded answer no length (it
			// would be sent chunked): the copy's own, whole (a range of
			// an encoded copy is not offered).
			w.Header().Set("Content-Encoding", coding)
			w.Header().Set("Content-Length", strconv.FormatInt(st.Size(), 10))
			r.Header.Del("Range")
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
		if versioned.MatchString(name) {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, st.Size(), st.ModTime().UnixNano()))
		http.ServeContent(w, r, name, st.ModTime(), rs)
	})
}

// dotted reports whether a part of the slash-separated name starts with a
// dot: a dotfile or a dot-folder (.env, .git/config), never served.
func dotted(name string) bool {
	for part := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return false
}

// accepts reports whether an Accept-Encoding header allows coding: it is
// listed (or *) without q=0 (RFC 9110 §12.5.3).
func accepts(h, coding string) bool {
	for part := range strings.SplitSeq(h, ",") {
		fields := strings.Split(part, ";")
		c := strings.ToLower(strings.TrimSpace(fields[0]))
		if c != coding && c != "*" {
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

// Root is the folder at path as an fs.FS for Handler in which no name
// reaches outside the folder: a link is followed only while its target
// stays inside it (os.Root), so a link sub/etc → /etc serves nothing. The
// error is the folder's (missing, not a folder, no permission).
func Root(path string) (fs.FS, error) {
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return root.FS(), nil
}

// ErrNoIndex is returned by Check when the folder has no index.html.
var ErrNoIndex = errors.New("no index.html (build it with make web)")

// Check reports whether dir looks like the browser build's folder: it has
// index.html and the wasm (hp17b-HASH.wasm, or hp17b.wasm of an older
// build). The errors name what is missing.
func Check(dir fs.FS) error {
	if _, err := fs.Stat(dir, "index.html"); err != nil {
		return ErrNoIndex
	}
	if m, _ := fs.Glob(dir, "hp17b*.wasm"); len(m) == 0 {
		return errors.New("no hp17b wasm (hp17b-HASH.wasm; build it with make web)")
	}
	return nil
}

// Server is an http.Server for Handler at addr with timeouts fit for a
// static folder on a local or public address.
func Server(addr string, dir fs.FS) *http.Server {
	return &http.Server{Addr: addr, Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
}
