package ui

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// TestPhoneTouchTargets measures every touch target of the phone's face
// from the layout, in CSS pixels, held upright (390 × 844) and on its side
// (844 × 390), with the heaps panel shown and hidden (issue 44): every key
// on the page, MENU and PANEL at least TouchMin tall (and MENU, PANEL and
// the keys held upright as wide), nothing off the page or overlapping;
// with the panel shown the panel drawn large enough for PhoneText, its
// matches and buttons at least TouchMin each way (at the 390 × 844
// and 844 × 390 and a larger phone's 414 × 896): held upright nearly the
// page's width, on its side the keys' place (more than half the width),
// the other rows of keys below the page either way. On its side before
// the panel was laid out for it, its matches' targets were 24 × 38, its
// buttons 24 tall, its text 7 to 9 pixels (0.70 ×).
func TestPhoneTouchTargets(t *testing.T) {
	type target struct {
		name string
		r    Rect // CSS pixels
	}
	for _, c := range []struct {
		w, h  float64
		panel bool
		small bool // a phone smaller than the issue's: its panel's targets under TouchMin
	}{
		{390, 844, true, false}, {390, 844, false, false}, {844, 390, true, false}, {844, 390, false, false},
		{414, 896, true, false}, {360, 740, true, true}, {360, 740, false, false}, {740, 360, true, true}, {740, 360, false, false},
	} {
		t.Run(fmt.Sprintf("%vx%v panel %v", c.w, c.h, c.panel), func(t *testing.T) {
			upright := c.h >= c.w
			l := PageLayout(c.panel, nil, c.w, c.h)
			require.True(t, l.Phone)
			v := ViewFor(l, c.w, c.h)
			px := func(p Placement, r Rect) Rect {
				x, y := p.Pixel(r.X, r.Y)
				return Rect{x, y, r.W * p.Scale, r.H * p.Scale}
			}
			page := Rect{0, 0, c.w, c.h}
			inside := func(r Rect) bool {
				return r.X >= page.X-1e-9 && r.Y >= page.Y-1e-9 && r.X+r.W <= c.w+1e-9 && r.Y+r.H <= c.h+1e-9
			}
			var body []target
			for k := emulator.Key(0); k < emulator.NumKeys; k++ {
				r := px(v.Body, l.Keys[k])
				if c.panel && k > emulator.KeyF6 {
					assert.GreaterOrEqual(t, r.Y, c.h, "%v below the page while the panel takes the keys' place", k)
					continue
				}
				body = append(body, target{k.String(), r})
			}
			body = append(body, target{"MENU", px(v.Body, l.MenuButton)}, target{"PANEL", px(v.Body, l.PanelButton)})
			for i, a := range body {
				assert.True(t, inside(a.r), "%s %+v on the page", a.name, a.r)
				assert.GreaterOrEqual(t, a.r.H, TouchMin, "%s tall enough to tap", a.name)
				if upright || a.name == "MENU" || a.name == "PANEL" {
					assert.GreaterOrEqual(t, a.r.W, TouchMin, "%s wide enough to tap", a.name)
				}
				for _, b := range body[i+1:] {
					assert.False(t, overlap(a.r, b.r), "%s and %s overlap", a.name, b.name)
				}
			}
			lcd := px(v.Body, l.Bezel)
			assert.True(t, inside(lcd))
			for _, a := range body {
				assert.False(t, overlap(a.r, lcd), "%s on the LCD", a.name)
			}
			if !c.panel {
				assert.Zero(t, l.Panel.W)
				return
			}
			panel := px(v.Panel, l.Panel)
			assert.True(t, inside(panel), "the panel %+v on the page", panel)
			for _, a := range body {
				assert.False(t, overlap(a.r, panel), "%s under the panel", a.name)
			}
			var targets []target
			for h := range NimGrid.Rows {
				for j := range NimGrid.Cols {
					targets = append(targets, target{fmt.Sprintf("match %d of heap %c", j+1, 'A'+h), px(v.Panel, l.MatchTarget(NimGrid, h, j))})
				}
			}
			for _, b := range []struct {
				name string
				r    Rect
			}{{"New Game", l.NewGame}, {"Undo", l.Undo}, {"Redo", l.Redo}, {"Hint", l.Hint}, {"Why", l.Why}, {"Clear", l.PaperClear}, {"Save", l.PaperSave}} {
				targets = append(targets, target{b.name, px(v.Panel, b.r)})
			}
			least := map[bool]Rect{} // the smallest match's and button's target
			for i, a := range targets {
				assert.True(t, inside(a.r) && a.r.X >= panel.X-1e-9 && a.r.X+a.r.W <= panel.X+panel.W+1e-9, "%s in the panel", a.name)
				if m, ok := least[i < len(targets)-7]; !ok || a.r.H < m.H || a.r.H == m.H && a.r.W < m.W {
					least[i < len(targets)-7] = a.r
				}
			}
			t.Logf("panel %.0f×%.0f at %.2f×: a match's target %.1f×%.1f, a button %.1f×%.1f, text at %.1f units is %.0f pixels",
				panel.W, panel.H, v.Panel.Scale, least[true].W, least[true].H, least[false].W, least[false].H, 10.0, 10*v.Panel.Scale)
			if !upright {
				// On its side the panel is as tall as the page and no taller.
				assert.InDelta(t, c.h-2*phoneMargin, panel.H, 1e-9)
			}
			if c.small {
				// 360 × 740: the panel as large as the height below the
				// menu keys allows (1.13 ×), its targets 38 pixels tall;
				// 740 × 360: as large as the page's height allows (1.29 ×),
				// its targets 41 × 43.
				return
			}
			if upright {
				assert.GreaterOrEqual(t, panel.W, 0.9*c.w, "the panel nearly the page's width")
			} else {
				assert.GreaterOrEqual(t, panel.W, 0.55*c.w, "the panel in the keys' place")
			}
			assert.LessOrEqual(t, 14/v.Panel.Scale, 11.0, "drawn large enough for PhoneText (the window's floor) to fit")
			for _, a := range targets {
				assert.GreaterOrEqual(t, a.r.H, TouchMin, "%s tall enough to tap", a.name)
				assert.GreaterOrEqual(t, a.r.W, TouchMin, "%s wide enough to tap", a.name)
			}
		})
	}
}

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// TestPhoneHitTesting: a pixel at the centre of every key and match drawn
// on a phone is that key or match (View.Point, KeyAt, MatchAt), and the
// desktop's layout is what PageLayout gives a page larger than a phone.
func TestPhoneHitTesting(t *testing.T) {
	for _, size := range [][2]float64{{390, 844}, {844, 390}} {
		for _, scale := range []float64{1, 3} {
			l := PageLayout(true, nil, size[0], size[1])
			v := ViewFor(l, size[0]*scale, size[1]*scale)
			for k := emulator.Key(0); k < emulator.NumKeys; k++ {
				r := l.Keys[k]
				x, y := v.Body.Pixel(r.X+r.W/2, r.Y+r.H/2)
				if y > size[1]*scale {
					continue // below the page
				}
				got, ok := l.KeyAt(v.Point(l, x, y))
				if assert.True(t, ok, "%v at %v", k, size) {
					assert.Equal(t, k, got)
				}
			}
			for h := range 4 {
				for j := range 7 {
					m := l.Match(h, j)
					x, y := v.Panel.Pixel(m.X+m.W/2, m.Y+m.H/2)
					gh, gj, ok := l.MatchAt(v.Point(l, x, y))
					require.True(t, ok)
					assert.Equal(t, [2]int{h, j}, [2]int{gh, gj})
				}
			}
		}
	}
	assert.Equal(t, NewLayout(true), PageLayout(true, nil, 1280, 800), "a laptop's page: the desktop's face")
	assert.False(t, PageLayout(true, nil, 0, 0).Phone, "no size yet: the desktop's face")
}

// TestPhoneFacePaints: the phone's face paints at 3 device pixels a CSS
// pixel, upright and on its side, with the panel and without, each key
// drawn pressed, though upright with the panel most keys lie off the
// image (a corner drawn off the image once panicked in the rasterizer).
func TestPhoneFacePaints(t *testing.T) {
	for _, s := range [][2]int{{1170, 2532}, {2532, 1170}} {
		for _, panel := range []bool{true, false} {
			l := PageLayout(panel, nil, float64(s[0])/3, float64(s[1])/3)
			f := NewLayoutFace(nil, "HP-17BII", l)
			img := image.NewRGBA(image.Rect(0, 0, s[0], s[1]))
			var all []emulator.Key
			for k := emulator.Key(0); k < emulator.NumKeys; k++ {
				all = append(all, k)
			}
			assert.NotPanics(t, func() { f.Paint(img, emulator.Frame{}, all) }, "%v panel %v", s, panel)
		}
	}
}

// TestTouchWords: the heaps panel's words for the pointer are a mouse's
// by default and a finger's once SetTouchWords(true) (the page on a touch
// screen), in every status that names it.
func TestTouchWords(t *testing.T) {
	nim := programs.All()[0]
	for _, p := range programs.All() {
		if p.Game != nil && strings.HasPrefix(p.Title, "NIM") {
			nim = p
		}
	}
	require.NotNil(t, nim.Game)
	for _, c := range []struct {
		touch      bool
		word, Word string
	}{{false, "click", "Click"}, {true, "tap", "Tap"}} {
		SetTouchWords(c.touch)
		assert.Contains(t, yourMove(nim), "Your move: "+c.word+" a match")
		assert.Contains(t, startHint(nim), "Then "+c.word+" a match")
		assert.Equal(t, c.Word, pointerWord(true))
	}
	SetTouchWords(false)
}
