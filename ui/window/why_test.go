package window

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
)

// whyLayouts are the layouts the why view and the panel's text are laid
// out for: the desktop's (at 1×) and a phone's held upright and on its
// side, at the size and a smaller phone's, each with the window's
// floor for its text (panelMinSize) as drawn there.
func whyLayouts() []struct {
	name    string
	l       ui.Layout
	minSize float64
} {
	out := []struct {
		name    string
		l       ui.Layout
		minSize float64
	}{{"desktop", ui.NewLayout(true), 0}}
	for _, s := range [][2]float64{{390, 844}, {844, 390}, {360, 740}, {740, 360}} {
		l := ui.PageLayout(true, nil, s[0], s[1])
		out = append(out, struct {
			name    string
			l       ui.Layout
			minSize float64
		}{fmt.Sprintf("%v×%v", s[0], s[1]), l, panelMinSize(l, ui.ViewFor(l, s[0]*3, s[1]*3))})
	}
	return out
}

// TestWhyLaidOut: the why view of every game program, NIM's with the
// equation's L() values and a long list of moves, lies inside the heaps
// panel's margins and above its buttons, its text never smaller than the
// panel's other text (10 points, and the floor of a phone's text), the
// table's cells of a row side by side without overlapping (issue 48: one
// long line once shrank it all to about 7 points, and at 2× it ran to the
// window's edge), on the desktop and on phones held upright and on their
// side. Its table is drawn whole everywhere; the moves so far where there
// is room (not on a phone on its side, whose panel shows the last two
// under its buttons).
func TestWhyLaidOut(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	bits := map[string]hp17b.Number{}
	for i, n := range programs.BitNames() {
		bits[n] = hp17b.FromInt(int64(i % 5))
	}
	var moves []string
	for i := range 30 {
		moves = append(moves, fmt.Sprintf("You: took %d from D, leaving 1,3%02d", i%7+1, i))
	}
	for _, lay := range whyLayouts() {
		l := lay.l
		for _, prog := range programs.All() {
			if prog.Game == nil {
				continue
			}
			mt, err := programs.NewMatch(prog, prog.Game.ParamDefault)
			require.NoError(t, err)
			if prog.ID == "kaylesx" {
				mt.Position = programs.Position{9, 9, 9, 9, 9, 9}
			}
			v, err := mt.WhyViewFrom(bits)
			require.NoError(t, err, prog.ID)
			p := ui.Panel{Active: true, Title: prog.Title + " · " + prog.Game.Name, Rule: prog.Game.Move, WhyView: &v, Moves: moves}
			items := layoutWhy(l, p, f, lay.minSize)
			require.NotEmpty(t, items)
			right := l.Panel.X + l.Panel.W - whyMargin
			lastY, lastRight := -1.0, 0.0
			for _, it := range items {
				where := fmt.Sprintf("%s %s: %q", lay.name, prog.ID, it.s)
				assert.GreaterOrEqual(t, it.size, max(10.0, lay.minSize), where)
				assert.GreaterOrEqual(t, it.x, l.Panel.X+whyMargin-0.01, where)
				assert.LessOrEqual(t, it.x+it.w, right+0.01, where)
				assert.LessOrEqual(t, it.y+it.size*1.4, l.NewGame.Y, where+": above the buttons")
				if it.y == lastY {
					assert.Greater(t, it.x, lastRight, where+": beside the cell before it")
				}
				lastY, lastRight = it.y, it.x+it.w
			}
			texts := map[string]bool{}
			for _, it := range items {
				texts[it.s] = true
			}
			assert.True(t, texts[v.Rows[len(v.Rows)-1][0]], "%s %s: the nim-sum's row is drawn", lay.name, prog.ID)
			if !l.PanelPlaces().Wide {
				assert.True(t, texts[moves[len(moves)-1]], "%s %s: the last move is drawn", lay.name, prog.ID)
			}
		}
	}
}
