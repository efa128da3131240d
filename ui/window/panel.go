package window

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
)

// side draws the panel beside the calculator: the paper while it shows,
// else the heaps panel of the current game, else the idle panel.
func (pt painter) side(l ui.Layout, snap ui.Snapshot) {
	switch {
	case snap.Paper.Shown:
		pt.paper(l, snap.Paper)
	case snap.Panel.Active:
		pt.gamePanel(l, snap.Panel)
	default:
		pt.idlePanel(l)
	}
}

// idlePanel is the heaps panel with no game program current: what it
// plays, and New Game.
func (pt painter) idlePanel(l ui.Layout) {
	pt.rect(l.Panel, colPanel)
	for i, line := range idleLines() {
		pt.label(line, pt.fonts.regular, 12, l.Panel.X+l.Panel.W/2, 200+float64(i)*18, colLabel)
	}
	pt.button(l.NewGame, "New Game", 13, colGold, colBody)
}

// idleLines is the empty heaps panel's text, wrapped once: the titles of
// the library's game programs (programs.All), which the panel plays.
var idleLines = sync.OnceValue(func() []string {
	var titles []string
	for _, p := range programs.All() {
		if t := strings.Fields(p.Title)[0]; p.Game != nil && !slices.Contains(titles, t) {
			titles = append(titles, t)
		}
	}
	return wrap("The heaps panel plays along while a game program ("+strings.Join(titles, ", ")+
		") is the current equation of SOLVE. New Game starts NIM.", 34)
})

func (pt painter) gamePanel(l ui.Layout, p ui.Panel) {
	rect, label := pt.rect, pt.label
	rect(l.Panel, colPanel)
	title := wrap(p.Title, 30)
	for i, line := range title {
		label(line, pt.fonts.bold, 13, l.Panel.X+l.Panel.W/2, 28+float64(i)*18, colLabel)
	}
	for i, line := range wrap(p.Rule, 44) {
		label(line, pt.fonts.regular, 10, l.Panel.X+l.Panel.W/2, 28+float64(len(title))*18+float64(i)*13, colLabel)
	}
	if p.Why != nil {
		pt.why(l, p)
	} else {
		pt.heaps(l, p)
	}
	pt.gameButtons(l, p)
	// Three lines over the last two moves; before any move, the moves'
	// place too (the start's hint takes four).
	most := 3
	if len(p.Moves) == 0 {
		most = 5
	}
	for i, line := range wrap(p.Status, 40) {
		if i == most {
			break
		}
		label(line, pt.fonts.regular, 11, l.Panel.X+l.Panel.W/2, 470+float64(i)*14, colLabel)
	}
	from := max(0, len(p.Moves)-2)
	for i, line := range p.Moves[from:] {
		label(line, pt.fonts.regular, 10, l.Panel.X+l.Panel.W/2, 514+float64(i)*13, colMatch)
	}
}

// heaps draws the heaps as rows of matches with their names.
func (pt painter) heaps(l ui.Layout, p ui.Panel) {
	size := 16.0
	if p.Grid.Rows > 6 {
		size = 12
	}
	for h, n := range p.Rows {
		m0 := l.MatchIn(p.Grid, h, 0)
		pt.label(p.Labels[h], pt.fonts.bold, size, l.Panel.X+25, m0.Y+m0.H/2, colGold)
		for j := 0; j < n && j < p.Grid.Cols; j++ {
			m := l.MatchIn(p.Grid, h, j)
			pt.rect(m, colMatch)
			pt.rect(ui.Rect{X: m.X - 1, Y: m.Y - 4, W: m.W + 2, H: min(12, m.H/3)}, colMatchHead)
		}
	}
}

// why draws the why view in place of the heaps: the position's Grundy
// values and nim-sum in binary beside the equation's L() values, then the
// moves so far, in a fixed-width face, the lines padded to one width so
// that their columns line up when centred.
func (pt painter) why(l ui.Layout, p ui.Panel) {
	lines := append([]string{}, p.Why...)
	if len(p.Moves) > 0 {
		lines = append(lines, "", "Moves so far:")
		from := max(0, len(p.Moves)-(22-len(lines)))
		lines = append(lines, p.Moves[from:]...)
	}
	width := 0
	for _, line := range lines {
		width = max(width, len([]rune(line)))
	}
	size := min(10, 10*(l.Panel.W-16)/measure(strings.Repeat("0", max(width, 1)), pt.fonts.mono, 10))
	for i, line := range lines {
		line += strings.Repeat(" ", width-len([]rune(line)))
		pt.label(line, pt.fonts.mono, size, l.Panel.X+l.Panel.W/2, 82+float64(i)*size*1.45, colLabel)
	}
}

// gameButtons draws New Game, Undo, Redo, Hint and Why; a button that has
// nothing to do is drawn dim.
func (pt painter) gameButtons(l ui.Layout, p ui.Panel) {
	pt.button(l.NewGame, "New Game", 13, colGold, colBody)
	for _, b := range []struct {
		r    ui.Rect
		name string
		on   bool
	}{{l.Undo, "Undo", p.CanUndo}, {l.Redo, "Redo", p.CanRedo}, {l.Hint, "Hint", !p.Over}, {l.Why, "Why", true}} {
		c := colMatch
		if !b.on {
			c = colDim
		}
		if b.name == "Why" && p.Why != nil {
			c = colGold
		}
		pt.button(b.r, b.name, 11, c, colBody)
	}
}

// paper draws the print-out panel: the printer's paper with the lines
// in view in a monospaced face, 24 columns as printed, and its Clear and
// Save buttons.
func (pt painter) paper(l ui.Layout, p ui.Paper) {
	rect, label := pt.rect, pt.label
	rect(l.Panel, colPanel)
	paper := ui.Rect{X: l.Panel.X + 20, Y: 36, W: l.Panel.W - 40, H: float64(ui.PaperLines)*17 + 16}
	rect(paper, colPaper)
	where := fmt.Sprintf("Paper: %d lines", p.Total)
	if p.Scroll > 0 {
		where += fmt.Sprintf(", %d back", p.Scroll)
	}
	label(where, pt.fonts.bold, 12, l.Panel.X+l.Panel.W/2, 18, colLabel)
	for i, line := range p.Lines {
		pt.text(line, pt.fonts.mono, 12.5, paper.X+8, paper.Y+8+float64(i)*17, colInk)
	}
	pt.button(l.PaperClear, "Clear", 13, colGold, colBody)
	pt.button(l.PaperSave, "Save", 13, colGold, colBody)
	for i, line := range wrap(p.Status, 36) {
		label(line, pt.fonts.regular, 11, l.Panel.X+l.Panel.W/2, l.PaperClear.Y-24+float64(i)*14, colLabel)
	}
}

// wrap breaks text into lines of at most n characters at spaces.
func wrap(s string, n int) []string {
	var lines []string
	var cur string
	for _, w := range strings.Fields(s) {
		if cur != "" && len([]rune(cur))+1+len([]rune(w)) > n {
			lines = append(lines, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
