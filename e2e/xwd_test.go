package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math/bits"
	"os/exec"
)

// captureWindow takes a real capture of a live window with xwd (not the
// program's own screenshot mode) and decodes it.
func captureWindow(win string) (image.Image, error) {
	out, err := exec.Command("xwd", "-id", win, "-silent").Output()
	if err != nil {
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
	for y := 0; y < height; y++ {
		row := b[off+y*bpl:]
		for x := 0; x < width; x++ {
			p := row[x*bpp/8:]
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
			var c [3]uint8
			for i, m := range masks {
				c[i] = uint8((v & m) >> bits.TrailingZeros32(m))
			}
			img.Set(x, y, color.RGBA{c[0], c[1], c[2], 0xff})
		}
	}
	return img, nil
}
