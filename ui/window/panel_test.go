package window

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
)

// playedPanels plays a few moves of every game program through a
// controller as the panel would (New Game, a match taken and the
// calculator's answer, a move the rule refuses, Hint, Undo, Redo) and
// returns the panel after each: the titles, rules and statuses the panel
// draws.
func playedPanels(t *testing.T) []ui.Panel {
	var out []ui.Panel
	for _, prog := range programs.All() {
		if prog.Game == nil {
			continue
		}
		c := ui.NewController(emulator.New(programs.DefaultEquations()), nil)
		snap := func() {
			c.Wait()
			if p := c.Snapshot().Panel; p.Active {
				out = append(out, p)
			}
		}
		c.Play(prog)
		snap()
		for _, m := range [][2]int{{0, 0}, {1, 1}, {0, 2}} {
			c.TakeMatch(m[0], m[1])
			snap()
		}
		for _, do := range []func(){c.Hint, c.Undo, c.Redo, c.Undo, c.Undo, c.Undo} {
			do()
			snap()
		}
		c.Close()
	}
	require.NotEmpty(t, out)
	return out
}

// TestPanelLinesFit lays out the heaps panel's text (layoutPanelText) for
// every game program in the states a game goes through, on the desktop
// and on phones held upright and on their side: every line inside the
// panel and clear of its matches, its buttons and the other lines, at the
// size drawn; on a phone (but a small one held upright, whose panel is
// drawn at 1.12 ×) no text under PhoneText CSS pixels; every button's word
// inside the button; on a phone on its side no line under the page's own
// menu button (⋯). On its side the panel was once the upright one at
// 0.70 ×: its text 7 to 9 pixels.
func TestPanelLinesFit(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	panels := playedPanels(t)
	type box struct {
		what string
		r    ui.Rect
	}
	for _, lay := range whyLayouts() {
		t.Run(lay.name, func(t *testing.T) {
			l := lay.l
			var w, h float64
			fmt.Sscanf(lay.name, "%v×%v", &w, &h)
			px := 1.0 // CSS pixels a unit of the panel
			view := ui.ViewFor(l, w, h)
			if l.Phone {
				px = view.Panel.Scale
			}
			// The page's own menu button (web/index.html, #menu: 26 CSS
			// pixels, 6 from the bottom right corner), over the canvas.
			pageMenu := ui.Rect{X: w - 32, Y: h - 32, W: 26, H: 26}
			var fixed []box
			for hp := range ui.NimGrid.Rows {
				for j := range ui.NimGrid.Cols {
					fixed = append(fixed, box{fmt.Sprintf("match %d of heap %d", j+1, hp+1), l.MatchIn(ui.NimGrid, hp, j)})
				}
			}
			pp := l.PanelPlaces()
			for _, b := range []struct {
				name string
				r    ui.Rect
				size float64
			}{{"New Game", l.NewGame, 13}, {"Undo", l.Undo, 11}, {"Redo", l.Redo, 11}, {"Hint", l.Hint, 11}, {"Why", l.Why, 11}} {
				fixed = append(fixed, box{b.name, b.r})
				size := max(b.size, lay.minSize)
				assert.LessOrEqual(t, measure(b.name, f.bold, size)+4, b.r.W, "%s's word in the button", b.name)
				assert.LessOrEqual(t, size*1.2, b.r.H, "%s's word in the button", b.name)
			}
			smallest, lines := 1e9, 0
			for _, p := range panels {
				items := layoutPanelText(l, p, f, lay.minSize)
				var drawn []box
				for _, it := range items {
					where := fmt.Sprintf("%s: %q", p.Title, it.s)
					// A line's box 1.2 times its size tall (less a rounding's
					// width: lines 1.2 times their size apart touch).
					r := ui.Rect{X: it.x - it.w/2, Y: it.y - it.size*0.6 + 1e-9, W: it.w, H: it.size*1.2 - 2e-9}
					assert.True(t, r.X >= l.Panel.X+4 && r.X+r.W <= l.Panel.X+l.Panel.W-4, "%s: %.1f wide in the panel's %.0f", where, r.W, l.Panel.W)
					assert.True(t, r.Y >= l.Panel.Y && r.Y+r.H <= l.Panel.Y+l.Panel.H, "%s: at %.1f…%.1f in the panel", where, r.Y, r.Y+r.H)
					for _, b := range append(fixed, drawn...) {
						assert.False(t, overlap(r, b.r), "%s over %s", where, b.what)
					}
					if pp.Wide {
						x, y := view.Panel.Pixel(r.X, r.Y)
						assert.False(t, overlap(ui.Rect{X: x, Y: y, W: r.W * px, H: r.H * px}, pageMenu), "%s under the page's menu button", where)
					}
					drawn = append(drawn, box{it.s, r})
					smallest = min(smallest, it.size*px)
					lines++
				}
			}
			if l.Phone && !(h > w && px < 1.2) {
				assert.GreaterOrEqual(t, smallest, PhoneText-1e-9, "the smallest text, CSS pixels")
			}
			t.Logf("%d lines of %d panels: the smallest text %.1f pixels (%.2f×), the status %d lines (%d before a move), the moves %d",
				lines, len(panels), smallest, px, pp.Status.Max, pp.StatusStart, pp.Moves.Max)
		})
	}
}

// overlap reports whether a and b share a point.
func overlap(a, b ui.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}
