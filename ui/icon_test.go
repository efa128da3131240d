package ui

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateIcon = flag.Bool("update-icon", false, "write packaging/linux/io.github.hp17b.hp17b.png from Icon(256)")

const iconFile = "../packaging/linux/io.github.hp17b.hp17b.png"

// TestIcon: every size is square, has transparent corners, the gold shift
// key and the LCD's dots.
func TestIcon(t *testing.T) {
	for _, n := range append(IconSizes, 8) {
		img := Icon(n)
		want := max(n, 16)
		require.Equal(t, image.Rect(0, 0, want, want), img.Bounds(), n)
		assert.Equal(t, iconClear, img.RGBAAt(0, 0), "corner of %d", n)
		assert.Equal(t, iconBody, img.RGBAAt(want/2, want-2), "body of %d", n)
		var gold, dots int
		for y := 0; y < want; y++ {
			for x := 0; x < want; x++ {
				switch img.RGBAAt(x, y) {
				case iconGold:
					gold++
				case iconDot:
					dots++
				}
			}
		}
		assert.Positive(t, gold, "the shift key of %d", n)
		if n >= 32 {
			assert.Positive(t, dots, "the heaps of %d", n)
		}
	}
}

// TestIconFile: the desktop entry's PNG is Icon(256) (go test
// ./ui -run TestIconFile -update-icon writes it again).
func TestIconFile(t *testing.T) {
	if *updateIcon {
		var b bytes.Buffer
		require.NoError(t, png.Encode(&b, Icon(256)))
		require.NoError(t, os.WriteFile(iconFile, b.Bytes(), 0o644))
	}
	f, err := os.Open(iconFile)
	require.NoError(t, err)
	defer f.Close()
	got, err := png.Decode(f)
	require.NoError(t, err)
	want := Icon(256)
	require.Equal(t, want.Bounds(), got.Bounds())
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			r, g, b, a := got.At(x, y).RGBA()
			w := want.RGBAAt(x, y)
			if uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(b>>8) != w.B || uint8(a>>8) != w.A {
				t.Fatalf("the PNG differs from Icon(256) at %d,%d: run with -update-icon", x, y)
			}
		}
	}
}
