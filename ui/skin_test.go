package ui

import (
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
)

// The built-in dark face sets every setting itself; the light variant
// changes colours only and keeps the dark face's geometry.
func TestSkins(t *testing.T) {
	dark := DefaultSkin()
	v := reflect.ValueOf(*dark)
	for i := range v.NumField() {
		if v.Type().Field(i).Name == "NoDotOff" {
			continue
		}
		assert.False(t, v.Field(i).IsZero(), "dark.skin sets %s", v.Type().Field(i).Name)
	}
	light := LightSkin()
	assert.Equal(t, "light", light.Name)
	assert.NotEqual(t, dark.Case, light.Case)
	assert.Equal(t, dark.KeyHeight, light.KeyHeight)
	assert.Equal(t, NewLayout(true), NewSkinLayout(true, light))
	dark.Case = color.RGBA{1, 2, 3, 255}
	assert.NotEqual(t, dark.Case, DefaultSkin().Case, "DefaultSkin gives a copy")
}

func TestParseSkin(t *testing.T) {
	s, err := ParseSkin("mine.skin", "# mine\nname = mine\n\ncase = #102030\ndot-off = none\nkey-height = 30\nrow-pitch = 55\n", nil)
	require.NoError(t, err)
	assert.Equal(t, color.RGBA{0x10, 0x20, 0x30, 0xff}, s.Case)
	assert.True(t, s.NoDotOff)
	assert.Equal(t, DefaultSkin().Key, s.Key, "what the file does not set comes from the built-in face")
	l := NewSkinLayout(false, s)
	assert.Equal(t, 30.0, l.Keys[emulator.Key7].H)
	assert.Equal(t, 55.0, l.Keys[emulator.Key4].Y-l.Keys[emulator.Key7].Y)
	for _, c := range []struct{ src, want string }{
		{"case #102030", "bad.skin:1: want name = value"},
		{"\ncase = red", `bad.skin:2: case: want a colour #rrggbb, not "red"`},
		{"case = #10203g", `bad.skin:1: case: want a colour #rrggbb, not "#10203g"`},
		{"key-height = 99", `bad.skin:1: key-height: want a number from 16 to 40, not "99"`},
		{"bevel = NaN", `bad.skin:1: bevel: want a number from 0 to 8, not "NaN"`},
		{"bevel = deep", `bad.skin:1: bevel: want a number from 0 to 8, not "deep"`},
		{"colour = #102030", `bad.skin:1: unknown setting "colour" (see the built-in skins in ui/skins)`},
		{"row-pitch = 44\nkey-height = 30", "bad.skin: keys taller than row-pitch less 20 leave no room for the gold labels"},
	} {
		_, err := ParseSkin("bad.skin", c.src, nil)
		var se *SkinError
		require.ErrorAs(t, err, &se, c.src)
		assert.Equal(t, c.want, err.Error())
	}
}

// FuzzParseSkin: any text gives a skin or a *SkinError, never a panic, and
// a skin it gives lays out keys that do not overlap.
func FuzzParseSkin(f *testing.F) {
	f.Add(darkSkin)
	f.Add(lightSkin)
	f.Add("key-gap = 2\nkey-height = 40\nrow-pitch = 60\nmenu-key-height = 40")
	f.Fuzz(func(t *testing.T, src string) {
		s, err := ParseSkin("fuzz.skin", src, nil)
		if err != nil {
			var se *SkinError
			require.ErrorAs(t, err, &se)
			return
		}
		l := NewSkinLayout(true, s)
		for a := emulator.Key(0); a < emulator.NumKeys; a++ {
			for b := a + 1; b < emulator.NumKeys; b++ {
				r, o := l.Keys[a], l.Keys[b]
				require.False(t, r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H, "%v and %v overlap", a, b)
			}
			require.LessOrEqual(t, l.Keys[a].Y+l.Keys[a].H, BodyHeight, "%v inside the body", a)
		}
	})
}

// TestSkinsFigure renders docs/window.md's figure of both built-in skins
// side by side (docs/skins.png), the calculator at 1× showing a menu.
func TestSkinsFigure(t *testing.T) {
	g := goldenFrames(t)["menu"]
	var imgs []*image.RGBA
	for _, s := range []*Skin{DefaultSkin(), LightSkin()} {
		imgs = append(imgs, renderAt(NewFace(s, "HP-17BII", false), 1, g.frame, nil))
	}
	w, h := imgs[0].Bounds().Dx(), imgs[0].Bounds().Dy()
	fig := image.NewRGBA(image.Rect(0, 0, 2*w+20, h))
	draw.Draw(fig, fig.Bounds(), image.NewUniform(color.RGBA{0xff, 0xff, 0xff, 0xff}), image.Point{}, draw.Src)
	for i, img := range imgs {
		draw.Draw(fig, image.Rect(i*(w+20), 0, i*(w+20)+w, h), img, image.Point{}, draw.Src)
	}
	checkGolden(t, filepath.Join("..", "docs", "skins.png"), fig)
}

func TestLoadSkin(t *testing.T) {
	for name, want := range map[string]string{"": "dark", "dark": "dark", "light": "light"} {
		s, err := LoadSkin(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, s.Name)
	}
	path := filepath.Join(t.TempDir(), "mine.skin")
	require.NoError(t, os.WriteFile(path, []byte("name = mine\nkey = #000000\n"), 0o644))
	s, err := LoadSkin(path)
	require.NoError(t, err)
	assert.Equal(t, "mine", s.Name)
	assert.Equal(t, color.RGBA{0, 0, 0, 0xff}, s.Key)
	_, err = LoadSkin(filepath.Join(t.TempDir(), "none.skin"))
	assert.Error(t, err)
}
