// Command webfiles finishes the browser build's folder after the wasm is
// built (scripts/web.sh runs it): the icons drawn from the window's own
// (ui.Icon: icon-192.png, icon-512.png, apple-touch-icon.png and
// favicon.ico), the web app manifest (hp17b.webmanifest), the wasm renamed
// after its content (hp17b-HASH.wasm, cached for good by hp17b serve), the
// page (web/index.html) and its script with the wasm's name and size
// written in (web/hp17b.js: the progress bar's total), the service worker
// with its cache named after the build (web/sw.js: hp17b- and the first 12
// hex digits of the SHA-256 of every file it keeps), and gzipped copies of
// the wasm and the text files beside them (NAME.gz; scripts/web.sh adds
// the brotli ones).
//
//	go run ./scripts/webfiles DIR
//
// DIR already holds hp17b.wasm and wasm_exec.js; the page and the service
// worker are read from web/ in the working folder. It prints the wasm's
// size, plain and gzipped.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/ui"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/webfiles DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintf(os.Stderr, "webfiles: %v\n", err)
		os.Exit(1)
	}
}

// kept are the files the service worker keeps, besides the page ("./")
// and the wasm (its versioned name, added by run).
var kept = []string{"index.html", "hp17b.js", "wasm_exec.js", "hp17b.webmanifest",
	"favicon.ico", "icon-192.png", "icon-512.png", "apple-touch-icon.png"}

// compressed are the files given a gzipped copy (NAME.gz) and, by
// scripts/web.sh, a brotli one (NAME.br), besides the wasm: the text ones
// (the icons are PNG, compressed already).
var compressed = []string{"index.html", "hp17b.js", "wasm_exec.js", "sw.js", "hp17b.webmanifest"}

// wasmName is the wasm's versioned name: hp17b- and the first 12 hex
// digits of its content's SHA-256 (internal/webserve caches such a name
// for good).
func wasmName(wasm []byte) string {
	sum := sha256.Sum256(wasm)
	return fmt.Sprintf("hp17b-%x.wasm", sum[:6])
}

func run(dir string) error {
	wasm, err := os.ReadFile(filepath.Join(dir, "hp17b.wasm"))
	if err != nil {
		return err
	}
	write := func(name string, b []byte) error { return os.WriteFile(filepath.Join(dir, name), b, 0o644) }
	// The wasm under its versioned name, a previous build's removed.
	name := wasmName(wasm)
	old, err := filepath.Glob(filepath.Join(dir, "hp17b-*.wasm*"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	if err := os.Rename(filepath.Join(dir, "hp17b.wasm"), filepath.Join(dir, name)); err != nil {
		return err
	}
	for name, size := range map[string]int{"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180} {
		b, err := pngOf(size)
		if err != nil {
			return err
		}
		if err := write(name, b); err != nil {
			return err
		}
	}
	ico, err := favicon(16, 32, 48)
	if err != nil {
		return err
	}
	if err := write("favicon.ico", ico); err != nil {
		return err
	}
	if err := write("hp17b.webmanifest", manifest()); err != nil {
		return err
	}
	page, err := os.ReadFile(filepath.Join("web", "index.html"))
	if err != nil {
		return err
	}
	if err := write("index.html", page); err != nil {
		return err
	}
	script, err := os.ReadFile(filepath.Join("web", "hp17b.js"))
	if err != nil {
		return err
	}
	for mark, value := range map[string]string{
		`const WASM_URL = "hp17b.wasm"; // @@WASM_URL@@`: `const WASM_URL = "` + name + `";`,
		"const WASM_SIZE = 0; // @@WASM_SIZE@@":          "const WASM_SIZE = " + strconv.Itoa(len(wasm)) + ";",
	} {
		if !bytes.Contains(script, []byte(mark)) {
			return fmt.Errorf("web/hp17b.js: no %q to write into", mark)
		}
		script = bytes.Replace(script, []byte(mark), []byte(value), 1)
	}
	if err := write("hp17b.js", script); err != nil {
		return err
	}
	files := append([]string{name}, kept...)
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	sw, err := os.ReadFile(filepath.Join("web", "sw.js"))
	if err != nil {
		return err
	}
	quoted := make([]string, len(files))
	for i, f := range files {
		quoted[i] = strconv.Quote(f)
	}
	cache := fmt.Sprintf("hp17b-%x", h.Sum(nil)[:6])
	s := strings.Replace(string(sw), "@@CACHE@@", cache, 1)
	s = strings.Replace(s, "@@FILES@@", strings.Join(quoted, ", "), 1)
	if strings.Contains(s, "@@") {
		return fmt.Errorf("web/sw.js: a mark left unfilled")
	}
	if err := write("sw.js", []byte(s)); err != nil {
		return err
	}
	gzipped := 0
	for _, f := range append([]string{name}, compressed...) {
		n, err := gzipFile(filepath.Join(dir, f))
		if err != nil {
			return err
		}
		if f == name {
			gzipped = n
		}
	}
	fmt.Printf("web: %s (%s %d bytes, %d gzipped; cache %s)\n", dir, name, len(wasm), gzipped, cache)
	return nil
}

// gzipFile writes path's gzipped copy beside it (path.gz, best
// compression) and returns its size.
func gzipFile(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(b); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return gz.Len(), os.WriteFile(path+".gz", gz.Bytes(), 0o644)
}

// pngOf is ui.Icon at size×size as a PNG file.
func pngOf(size int) ([]byte, error) {
	var b bytes.Buffer
	err := png.Encode(&b, ui.Icon(size))
	return b.Bytes(), err
}

// favicon is an ICO file holding ui.Icon at the sizes given, each entry a
// PNG (the ICO format's directory of 16-byte entries, then the images).
func favicon(sizes ...int) ([]byte, error) {
	var dirb, data bytes.Buffer
	le := binary.LittleEndian
	head := []byte{0, 0, 1, 0, 0, 0}
	le.PutUint16(head[4:], uint16(len(sizes)))
	offset := 6 + 16*len(sizes)
	for _, n := range sizes {
		img, err := pngOf(n)
		if err != nil {
			return nil, err
		}
		e := make([]byte, 16)
		e[0], e[1] = byte(n), byte(n) // width, height (256 would be 0)
		le.PutUint16(e[4:], 1)        // colour planes
		le.PutUint16(e[6:], 32)       // bits a pixel
		le.PutUint32(e[8:], uint32(len(img)))
		le.PutUint32(e[12:], uint32(offset+data.Len()))
		dirb.Write(e)
		data.Write(img)
	}
	return append(append(head, dirb.Bytes()...), data.Bytes()...), nil
}

// manifest is the web app manifest: the calculator installed to a home
// screen opens on its own, in either orientation, with the window's icon.
func manifest() []byte {
	icon := func(src string, size int) map[string]string {
		return map[string]string{"src": src, "sizes": fmt.Sprintf("%dx%d", size, size), "type": "image/png", "purpose": "any"}
	}
	m := map[string]any{
		"name":             "hp17b: the virtual HP-17BII",
		"short_name":       "HP-17BII",
		"description":      "A virtual HP-17BII business calculator with its Solver, and NIM ready.",
		"start_url":        "./",
		"scope":            "./",
		"display":          "standalone",
		"orientation":      "any",
		"background_color": "#303034",
		"theme_color":      "#303034",
		"icons":            []any{icon("icon-192.png", 192), icon("icon-512.png", 512)},
		// Text shared to the installed page from another app (a forum
		// post's equation) opens it as ./?text=…, which the page pastes
		// (web/hp17b.js).
		"share_target": map[string]any{"action": "./", "method": "GET",
			"params": map[string]string{"title": "title", "text": "text", "url": "url"}},
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	return append(b, '\n')
}
