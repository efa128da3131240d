package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun finishes a folder holding a stand-in wasm: the icons at their
// sizes, a manifest naming them, the wasm's gzipped copy, the page with
// the wasm's size and the service worker with its cache named after the
// files; another wasm is another cache.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm stand-in "), 1000)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hp17b.wasm"), wasm, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "wasm_exec.js"), []byte("// js"), 0o644))
	t.Chdir("../..") // web/ is read from the repository's root
	require.NoError(t, run(dir))
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return b
	}
	for name, size := range map[string]int{"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180} {
		img, err := png.Decode(bytes.NewReader(read(name)))
		require.NoError(t, err, name)
		assert.Equal(t, size, img.Bounds().Dx(), name)
	}
	var m struct {
		Name, Display string
		StartURL      string `json:"start_url"`
		Icons         []struct{ Src, Sizes string }
	}
	require.NoError(t, json.Unmarshal(read("hp17b.webmanifest"), &m))
	assert.Equal(t, "standalone", m.Display)
	assert.Equal(t, "./", m.StartURL)
	require.Len(t, m.Icons, 2)
	assert.Equal(t, "icon-512.png", m.Icons[1].Src)
	name := wasmName(wasm)
	assert.Regexp(t, `^hp17b-[0-9a-f]{12}\.wasm$`, name)
	assert.Equal(t, wasm, read(name), "the wasm under its versioned name")
	assert.NoFileExists(t, filepath.Join(dir, "hp17b.wasm"))
	zr, err := gzip.NewReader(bytes.NewReader(read(name + ".gz")))
	require.NoError(t, err)
	unzipped, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, wasm, unzipped)
	assert.Contains(t, string(read("hp17b.js")), "const WASM_SIZE = 14000;")
	assert.Contains(t, string(read("hp17b.js")), `const WASM_URL = "`+name+`";`)
	assert.Contains(t, string(read("index.html")), `<script src="hp17b.js">`)
	for _, f := range compressed {
		assert.FileExists(t, filepath.Join(dir, f+".gz"))
	}
	ico := read("favicon.ico")
	assert.Equal(t, []byte{0, 0, 1, 0, 3, 0}, ico[:6], "an icon file of three images")
	first := binary.LittleEndian.Uint32(ico[6+12:])
	_, err = png.Decode(bytes.NewReader(ico[first:]))
	assert.NoError(t, err, "the first image a PNG")
	sw := string(read("sw.js"))
	assert.NotContains(t, sw, "@@")
	cache := regexp.MustCompile(`const CACHE = "(hp17b-[0-9a-f]{12})";`).FindStringSubmatch(sw)
	require.NotNil(t, cache, sw)
	assert.Contains(t, sw, `"`+name+`", "index.html", "hp17b.js", "wasm_exec.js"`)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "hp17b.wasm"), append(wasm, 1), 0o644))
	require.NoError(t, run(dir))
	assert.NotContains(t, string(read("sw.js")), cache[1], "a new build, a new cache")
	assert.NoFileExists(t, filepath.Join(dir, name), "the last build's wasm removed")
	assert.NoFileExists(t, filepath.Join(dir, name+".gz"))
	assert.FileExists(t, filepath.Join(dir, wasmName(append(wasm, 1))))
}
