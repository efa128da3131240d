package window

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// faceView shows the calculator's face as ui.Face paints it: painted into
// an RGBA image of the screen's size, uploaded to a texture and drawn.
type faceView struct {
	face   *ui.Face
	model  string
	layout ui.Layout
	img    *image.RGBA
	tex    *ebiten.Image
}

// skin is the face's skin (Options.Skin, or the built-in face).
func (g *Game) skin() *ui.Skin {
	if g.opt.Skin == nil {
		g.opt.Skin = ui.DefaultSkin()
	}
	return g.opt.Skin
}

// draw paints the face in skin laid out as l for frame f with the keys in
// pressed held and draws it over the whole screen; model is the name
// printed on the face. Beside the desktop's face the heaps panel's place
// is left when l has the panel.
func (v *faceView) draw(screen *ebiten.Image, skin *ui.Skin, f emulator.Frame, pressed ui.KeySet, model string, l ui.Layout) {
	size := screen.Bounds().Size()
	if v.face == nil || v.model != model || v.layout != l {
		v.face, v.model, v.layout = ui.NewLayoutFace(skin, model, l), model, l
	}
	if v.img == nil || v.img.Bounds().Size() != size {
		v.img = image.NewRGBA(image.Rectangle{Max: size})
		if v.tex != nil {
			v.tex.Deallocate()
		}
		v.tex = ebiten.NewImage(size.X, size.Y)
	}
	var keys []emulator.Key
	for k := emulator.Key(0); k < emulator.NumKeys; k++ {
		if pressed.Has(k) {
			keys = append(keys, k)
		}
	}
	v.face.Paint(v.img, f, keys)
	v.tex.WritePixels(v.img.Pix)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(screen.Bounds().Min.X), float64(screen.Bounds().Min.Y))
	screen.DrawImage(v.tex, op)
}

// buttons draws the window's own buttons on the bezel: the menu and the
// panel's hide and show.
func (p painter) buttons(l ui.Layout) {
	size := 8.0
	if l.Phone {
		size = 11 // CSS pixels
	}
	p.button(l.MenuButton, "MENU", size, colButton, colLabel)
	panel := "PANEL ‹"
	if l.Panel.W > 0 {
		panel = "PANEL ›"
	}
	if l.Phone { // the panel takes the keys' place
		panel = "HEAPS"
		if l.Panel.W > 0 {
			panel = "KEYS"
		}
	}
	p.button(l.PanelButton, panel, size, colButton, colLabel)
}
