package ui

import (
	"image"
	"image/color"
)

// The window's icon, drawn here rather than taken from any picture: the
// calculator's dark body, its green LCD showing the heaps 1, 3, 5 and 7 of
// Marienbad Nim as rows of dots, a grid of keys and the gold shift key.

var (
	iconBody  = color.RGBA{0x2a, 0x26, 0x22, 0xff}
	iconLCD   = color.RGBA{0xb8, 0xc4, 0xa0, 0xff}
	iconDot   = color.RGBA{0x1c, 0x24, 0x18, 0xff}
	iconKey   = color.RGBA{0x55, 0x52, 0x4e, 0xff}
	iconGold  = color.RGBA{0xd4, 0xa4, 0x3c, 0xff}
	iconClear = color.RGBA{}
)

// Icon returns the icon at size×size pixels (size 16 or more; smaller
// sizes are drawn at 16): transparent corners, the body, the LCD with four
// rows of 1, 3, 5 and 7 dots, three rows of four keys, the first key of the
// last row gold.
func Icon(size int) *image.RGBA {
	size = max(size, 16)
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float64(size)
	// fill fills a rectangle given in fractions of the side.
	fill := func(x0, y0, x1, y1 float64, c color.RGBA) {
		fillPx(img, int(x0*s), int(y0*s), int(x1*s), int(y1*s), c)
	}
	fill(0.08, 0, 0.92, 1, iconBody)
	// Rounded corners: a quarter of a body's width cut at each corner.
	r := max(1, size/10)
	lo, hi := int(0.08*s), int(0.92*s)
	for y := 0; y < r; y++ {
		for x := 0; x < r; x++ {
			dx, dy := r-x, r-y
			if dx*dx+dy*dy > r*r {
				img.SetRGBA(lo+x, y, iconClear)
				img.SetRGBA(hi-1-x, y, iconClear)
				img.SetRGBA(lo+x, size-1-y, iconClear)
				img.SetRGBA(hi-1-x, size-1-y, iconClear)
			}
		}
	}
	fill(0.16, 0.07, 0.84, 0.40, iconLCD)
	// The heaps: row h has 2h+1 dots, each a square on a 1/16 pitch.
	for h := 0; h < 4; h++ {
		for j := 0; j < 2*h+1; j++ {
			x := 0.22 + float64(j)*0.08
			y := 0.11 + float64(h)*0.07
			fill(x, y, x+0.05, y+0.045, iconDot)
		}
	}
	for row := 0; row < 3; row++ {
		for col := 0; col < 4; col++ {
			c := iconKey
			if row == 2 && col == 0 {
				c = iconGold
			}
			x := 0.16 + float64(col)*0.175
			y := 0.48 + float64(row)*0.17
			fill(x, y, x+0.13, y+0.11, c)
		}
	}
	return img
}

// IconSizes are the icon sizes, in pixels a side, the window offers the
// window system.
var IconSizes = []int{16, 32, 48, 64, 128, 256}
