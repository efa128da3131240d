package e2e

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"math/bits"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// captureWindow takes a real capture of a live window with xwd (not the
// program's own screenshot mode) and decodes it.
func captureWindow(win string) (image.Image, error) {
	out, err := exec.Command("xwd", "-id", win, "-silent").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("xwd: %w: %s", err, bytes.TrimSpace(ee.Stderr))
		}
		return nil, fmt.Errorf("xwd: %w", err)
	}
	return decodeXWD(out)
}

// decodeXWD reads an X Window Dump of a TrueColor window with 24 or 32
// bits per pixel (what Xvfb's 24-bit screen gives).
func decodeXWD(b []byte) (image.Image, error) {
	if len(b) < 100 {
		return nil, fmt.Errorf("xwd: short header")
	}
	h := make([]uint32, 25)
	if err := binary.Read(bytes.NewReader(b[:100]), binary.BigEndian, h); err != nil {
		return nil, err
	}
	headerSize, width, height := h[0], int(h[4]), int(h[5])
	byteOrder, bpp, bpl := h[7], int(h[11]), int(h[12])
	masks := [3]uint32{h[14], h[15], h[16]}
	ncolors := h[19]
	off := int(headerSize) + int(ncolors)*12
	if bpp != 32 && bpp != 24 || off+height*bpl > len(b) {
		return nil, fmt.Errorf("xwd: unsupported dump (%d bits per pixel, %d bytes)", bpp, len(b))
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	var shift [3]int
	for i, m := range masks {
		shift[i] = bits.TrailingZeros32(m)
	}
	// The pixels are written into img.Pix directly: a test polls the
	// window many times a second, and img.Set's conversion through
	// color.Color allocated for every pixel.
	step := bpp / 8
	for y := 0; y < height; y++ {
		row := b[off+y*bpl : off+y*bpl+width*step]
		pix := img.Pix[y*img.Stride : y*img.Stride+width*4]
		for x := 0; x < width; x++ {
			p := row[x*step : x*step+step]
			var v uint32
			if byteOrder == 0 { // LSBFirst
				v = uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16
				if bpp == 32 {
					v |= uint32(p[3]) << 24
				}
			} else {
				v = uint32(p[0])<<16 | uint32(p[1])<<8 | uint32(p[2])
				if bpp == 32 {
					v = v<<8 | uint32(p[3])
				}
			}
			q := pix[x*4 : x*4+4]
			q[0] = uint8((v & masks[0]) >> shift[0])
			q[1] = uint8((v & masks[1]) >> shift[1])
			q[2] = uint8((v & masks[2]) >> shift[2])
			q[3] = 0xff
		}
	}
	return img, nil
}

// TestDecodeXWD reads dumps of a 2×2 window in both byte orders, at 24 and
// 32 bits per pixel, with the masks in either order.
func TestDecodeXWD(t *testing.T) {
	px := [4][3]uint8{{1, 2, 3}, {250, 0, 7}, {9, 128, 255}, {0, 0, 0}}
	for _, tc := range []struct {
		name  string
		order uint32
		bpp   int
		masks [3]uint32
	}{
		{"LSB 32 BGRX", 0, 32, [3]uint32{0xff0000, 0xff00, 0xff}},
		{"MSB 32 XRGB", 1, 32, [3]uint32{0xff0000, 0xff00, 0xff}},
		{"LSB 24", 0, 24, [3]uint32{0xff0000, 0xff00, 0xff}},
		{"MSB 32 RGBX", 1, 32, [3]uint32{0xff000000, 0xff0000, 0xff00}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const w, h = 2, 2
			bpl := w*tc.bpp/8 + 2 // rows padded
			head := make([]uint32, 25)
			head[0], head[4], head[5], head[7], head[11], head[12] = 100, w, h, tc.order, uint32(tc.bpp), uint32(bpl)
			head[14], head[15], head[16] = tc.masks[0], tc.masks[1], tc.masks[2]
			var buf bytes.Buffer
			require.NoError(t, binary.Write(&buf, binary.BigEndian, head))
			for y := range h {
				row := make([]byte, bpl)
				for x := range w {
					c := px[y*w+x]
					var v uint32
					for i, m := range tc.masks {
						v |= uint32(c[i]) << bits.TrailingZeros32(m)
					}
					p := row[x*tc.bpp/8:]
					n := tc.bpp / 8
					for k := range n {
						if tc.order == 0 {
							p[k] = byte(v >> (8 * k))
						} else {
							p[k] = byte(v >> (8 * (n - 1 - k)))
						}
					}
				}
				buf.Write(row)
			}
			img, err := decodeXWD(buf.Bytes())
			require.NoError(t, err)
			for i, c := range px {
				r, g, b, a := img.At(i%w, i/w).RGBA()
				assert.Equal(t, [4]uint32{uint32(c[0]), uint32(c[1]), uint32(c[2]), 0xff}, [4]uint32{r >> 8, g >> 8, b >> 8, a >> 8}, "pixel %d", i)
			}
		})
	}
	_, err := decodeXWD(make([]byte, 50))
	assert.Error(t, err, "a short dump")
}
