package window

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/ui"
)

// faceView shows the calculator's face as ui.Face paints it: painted into
// an RGBA image of the screen's size, uploaded to a texture and drawn.
type faceView struct {
	face  *ui.Face
	model string
	img   *image.RGBA
	tex   *ebiten.Image
}

// skin is the face's skin (Options.Skin, or the built-in face).
func (g *Game) skin() *ui.Skin {
	if g.opt.Skin == nil {
		g.opt.Skin = ui.DefaultSkin()
	}
	return g.opt.Skin
}

// draw paints the face in skin for frame f with pressed (or -1) held and
// draws it over the whole screen; model is the name printed on the face.
func (v *faceView) draw(screen *ebiten.Image, skin *ui.Skin, f emulator.Frame, pressed emulator.Key, model string) {
	size := screen.Bounds().Size()
	if v.face == nil || v.model != model {
		v.face, v.model = ui.NewFace(skin, model, true), model
	}
	if v.img == nil || v.img.Bounds().Size() != size {
		v.img = image.NewRGBA(image.Rectangle{Max: size})
		if v.tex != nil {
			v.tex.Deallocate()
		}
		v.tex = ebiten.NewImage(size.X, size.Y)
	}
	var keys []emulator.Key
	if pressed >= 0 {
		keys = append(keys, pressed)
	}
	v.face.Paint(v.img, f, keys)
	v.tex.WritePixels(v.img.Pix)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(screen.Bounds().Min.X), float64(screen.Bounds().Min.Y))
	screen.DrawImage(v.tex, op)
}
