package window

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
)

// side draws the panel beside the calculator: the equation being typed,
// whole, while one is; else the paper while it shows, else the heaps panel
// of the current game, else the idle panel.
func (pt painter) side(l ui.Layout, snap ui.Snapshot) {
	switch {
	case snap.Edit != nil:
		pt.equationView(l.Panel, *snap.Edit, editNote(snap))
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
	b := l.PanelPlaces().Idle
	for i, line := range idleLines() {
		pt.label(line, pt.fonts.regular, b.Size, b.X, b.Y+float64(i)*b.Step, colLabel)
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
	pt.rect(l.Panel, colPanel)
	if p.Why != nil {
		pt.why(l, p)
	} else {
		pt.heaps(l, p)
	}
	pt.gameButtons(l, p)
	for _, it := range layoutPanelText(l, p, pt.fonts, pt.minSize) {
		pt.label(it.s, it.src, it.size, it.x, it.y, it.c)
	}
}

// boxLines wraps s as box b says (at its characters, or at its width
// measured in src at the size drawn: b.Size, minSize and up), all of its
// lines (the caller keeps b.Max).
func boxLines(s string, b ui.TextBox, src *typeface, minSize float64) []string {
	if b.Chars > 0 {
		return wrap(s, b.Chars)
	}
	return wrapWidth(s, src, max(b.Size, minSize), b.W)
}

// layoutPanelText lays out the game panel's text where l.PanelPlaces puts
// it, each piece centred on (x, y) and drawn at size (minSize and up, the
// painter's floor): the title, the rule (not while the why view shows on
// a phone on its side, where the view takes its place), what the panel
// says and the last moves (on the desktop three lines of it over the last
// two moves, before any move five; on a phone on its side the moves
// follow what is said, four lines between them).
func layoutPanelText(l ui.Layout, p ui.Panel, f fonts, minSize float64) []placedText {
	pp := l.PanelPlaces()
	var out []placedText
	put := func(s string, src *typeface, b ui.TextBox, y float64, c color.Color) {
		size := max(b.Size, minSize)
		out = append(out, placedText{s: s, src: src, size: size, x: b.X, y: y, w: measure(s, src, size), c: c})
	}
	upTo := func(lines []string, n int) []string {
		if n > 0 && len(lines) > n {
			return lines[:n]
		}
		return lines
	}
	title := boxLines(p.Title, pp.Title, f.bold, minSize)
	for i, line := range upTo(title, pp.Title.Max) {
		put(line, f.bold, pp.Title, pp.Title.Y+float64(i)*pp.Title.Step, colLabel)
	}
	if !pp.Wide || p.Why == nil {
		y := pp.RuleY(len(upTo(title, pp.Title.Max)))
		for i, line := range upTo(boxLines(p.Rule, pp.Rule, f.regular, minSize), pp.Rule.Max) {
			put(line, f.regular, pp.Rule, y+float64(i)*pp.Rule.Step, colLabel)
		}
	}
	most := pp.Status.Max
	if len(p.Moves) == 0 {
		most = pp.StatusStart
	} else if pp.Wide {
		most = pp.StatusStart - min(len(p.Moves), pp.Moves.Max)
	}
	status := upTo(boxLines(p.Status, pp.Status, f.regular, minSize), most)
	for i, line := range status {
		put(line, f.regular, pp.Status, pp.Status.Y+float64(i)*pp.Status.Step, colLabel)
	}
	y := pp.Moves.Y
	if pp.Wide {
		y = pp.Status.Y + float64(len(status))*pp.Status.Step
	}
	from := max(0, len(p.Moves)-pp.Moves.Max)
	for i, line := range p.Moves[from:] {
		put(line, f.regular, pp.Moves, y+float64(i)*pp.Moves.Step, colMatch)
	}
	return out
}

// heaps draws the heaps as rows of matches with their names.
func (pt painter) heaps(l ui.Layout, p ui.Panel) {
	pp := l.PanelPlaces()
	size := pp.LabelSize
	if p.Grid.Rows > 6 {
		size = pp.LabelSmall
	}
	for h, n := range p.Rows {
		m0 := l.MatchIn(p.Grid, h, 0)
		pt.label(p.Labels[h], pt.fonts.bold, size, l.Panel.X+pp.LabelX, m0.Y+m0.H/2, colGold)
		for j := 0; j < n && j < p.Grid.Cols; j++ {
			m := l.MatchIn(p.Grid, h, j)
			pt.rect(m, colMatch)
			pt.rect(ui.Rect{X: m.X - 1, Y: m.Y - 4, W: m.W + 2, H: min(12, m.H/3)}, colMatchHead)
		}
	}
}

// Sizes of the why view, layout units. Its text is never smaller than
// the panel's other text (the rule's 10 points): the table is drawn at 11
// points, or 10 when that is too wide, and a column that still does not
// fit goes under its row; the sentences wrap at the panel's width less
// the margins.
const (
	whyMargin    = 14.0
	whyTableSize = 11.0
	whyMinSize   = 10.0
	whyNoteSize  = 11.0
	whyColGap    = 10.0
)

// why draws the why view in place of the heaps: the position's table
// (each heap's size or Grundy value, in binary, and beside them the NIM
// equation's L() values) in a fixed-width face with its columns measured,
// the sentences under it wrapped, then the moves so far that fit above
// the buttons.
func (pt painter) why(l ui.Layout, p ui.Panel) {
	for _, it := range layoutWhy(l, p, pt.fonts, pt.minSize) {
		pt.text(it.s, it.src, it.size, it.x, it.y, it.c)
	}
}

// placedText is a piece of text laid out: at (x, y), its top left
// corner, in layout units.
type placedText struct {
	s       string
	src     *typeface
	size    float64
	x, y, w float64
	c       color.Color
}

// layoutWhy lays the why view out (why draws it) where l.PanelPlaces
// puts it, its text drawn at minSize and up (the painter's floor).
func layoutWhy(l ui.Layout, p ui.Panel, f fonts, minSize float64) []placedText {
	var out []placedText
	put := func(s string, src *typeface, size, x, y float64, c color.Color) {
		size = max(size, minSize)
		out = append(out, placedText{s: s, src: src, size: size, x: x, y: y, w: measure(s, src, size), c: c})
	}
	pt := struct{ fonts fonts }{f}
	pp := l.PanelPlaces()
	x0, w := l.Panel.X+whyMargin, l.Panel.W-2*whyMargin
	titleLines := boxLines(p.Title, pp.Title, f.bold, minSize)
	if pp.Title.Max > 0 {
		titleLines = titleLines[:min(len(titleLines), pp.Title.Max)]
	}
	y := pp.WhyTop(len(titleLines), len(boxLines(p.Rule, pp.Rule, f.regular, minSize)))
	bottom := l.NewGame.Y - pp.WhyGap
	line := func(s string, src *typeface, size float64, c color.Color) {
		for _, ln := range wrapWidth(s, src, max(size, minSize), w) {
			if y+size*1.4 > bottom {
				return
			}
			put(ln, src, size, x0, y, c)
			y += size * 1.4
		}
	}
	v := p.WhyView
	if v == nil { // the view could not be made: its lines say why
		for _, ln := range p.Why {
			line(ln, pt.fonts.regular, whyNoteSize, colLabel)
		}
		return out
	}
	line(v.Title, pt.fonts.bold, whyNoteSize, colLabel)
	y += 4
	size, cols, under := whyTableSize, []float64(nil), false
	for _, sz := range []float64{whyTableSize, whyMinSize} {
		size, cols = max(sz, minSize), whyColumns(v, pt.fonts.mono, max(sz, minSize))
		if sumWidths(cols) <= w {
			break
		}
	}
	if sumWidths(cols) > w && len(cols) > 3 {
		under, cols = true, cols[:3] // the L() values under each row
	}
	row := func(cells []string, c color.Color) {
		if y+size*1.4 > bottom {
			return
		}
		x := x0
		for i, cell := range cells {
			if under && i == 3 {
				y += size * 1.4
				put("  "+cell, pt.fonts.mono, size, x0, y, c)
				break
			}
			put(cell, pt.fonts.mono, size, x, y, c)
			if i < len(cols) {
				x += cols[i] + whyColGap
			}
		}
		y += size * 1.4
	}
	row(v.Head, colGold)
	for _, r := range v.Rows {
		row(r, colLabel)
	}
	y += 6
	for _, n := range v.Notes {
		line(n, pt.fonts.regular, whyNoteSize, colLabel)
	}
	if len(p.Moves) == 0 {
		return out
	}
	y += 6
	fit := int((bottom-y)/(max(10, minSize)*1.4)) - 1
	if fit < 1 {
		return out
	}
	line("Moves so far:", pt.fonts.bold, 10, colLabel)
	for _, m := range p.Moves[max(0, len(p.Moves)-fit):] {
		line(m, pt.fonts.regular, 10, colMatch)
	}
	return out
}

// whyColumns are the widths of the why table's columns at size points.
func whyColumns(v *programs.WhyView, src *typeface, size float64) []float64 {
	cols := make([]float64, len(v.Head))
	for _, r := range append([][]string{v.Head}, v.Rows...) {
		for i, cell := range r {
			if i < len(cols) {
				cols[i] = max(cols[i], measure(cell, src, size))
			}
		}
	}
	return cols
}

// sumWidths is the width of columns side by side, whyColGap apart.
func sumWidths(cols []float64) float64 {
	w := 0.0
	for _, c := range cols {
		w += c
	}
	return w + whyColGap*float64(max(0, len(cols)-1))
}

// wrapWidth breaks s into lines no wider than w (layout units) at size
// points, at spaces; a word wider than w alone is a line of its own.
func wrapWidth(s string, src *typeface, size, w float64) []string {
	var lines []string
	var cur string
	for _, word := range strings.Fields(s) {
		if cur != "" && measure(cur+" "+word, src, size) > w {
			lines = append(lines, cur)
			cur = word
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += word
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
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
	pp := l.PanelPlaces()
	paper := pp.Paper
	rect(paper, colPaper)
	where := fmt.Sprintf("Paper: %d lines", p.Total)
	if p.Scroll > 0 {
		where += fmt.Sprintf(", %d back", p.Scroll)
	}
	label(where, pt.fonts.bold, pp.PaperHead.Size, pp.PaperHead.X, pp.PaperHead.Y, colLabel)
	// The newest of the lines in view where the sheet holds fewer (a
	// phone on its side).
	for i, line := range p.Lines[max(0, len(p.Lines)-pp.PaperRows):] {
		pt.text(line, pt.fonts.mono, 12.5, paper.X+8, paper.Y+8+float64(i)*pp.PaperStep, colInk)
	}
	pt.button(l.PaperClear, "Clear", 13, colGold, colBody)
	pt.button(l.PaperSave, "Save", 13, colGold, colBody)
	b := pp.PaperStatus
	for i, line := range boxLines(p.Status, b, pt.fonts.regular, pt.minSize) {
		if b.Max > 0 && i == b.Max {
			break
		}
		label(line, pt.fonts.regular, b.Size, b.X, b.Y+float64(i)*b.Step, colLabel)
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

// Sizes of the whole-equation view, layout units: the monospaced text
// and its line height, the paper's margins in its area, and the room the
// header and the notes under the paper take.
const (
	eqSize, eqLineH = 12.5, 17.0
	eqMargin        = 20.0
	eqTop           = 36.0
	eqNotes         = 64.0
)

// colMark is the INVALID EQUATION mark's underline and its character's
// ground on the paper.
var (
	colMark     = color.RGBA{0xc0, 0x20, 0x18, 0xff}
	colMarkFill = color.RGBA{0xf4, 0xc0, 0xb8, 0xff}
)

// equationGrid is the whole-equation view's grid in area (layout units):
// as many characters a line as the paper holds in the monospaced face,
// and at most ui.PaperLines lines, fewer when the area is short (the
// strip under the calculator on a phone held upright).
func equationGrid(area ui.Rect, f fonts) (ui.EditGrid, ui.Rect) {
	rows := max(1, min(ui.PaperLines, int((area.H-eqTop-eqNotes-16)/eqLineH)))
	paper := ui.Rect{X: area.X + eqMargin, Y: area.Y + eqTop, W: area.W - 2*eqMargin, H: float64(rows)*eqLineH + 16}
	charW := measure("0", f.mono, eqSize)
	return ui.EditGrid{Cols: max(1, int((paper.W-16)/charW)), Rows: rows}, paper
}

// editNote is what the whole-equation view says under its paper in place
// of its keys: New Game's warning while the equation is typed (the game's
// panel, which would say it, is not drawn then), or nothing.
func editNote(snap ui.Snapshot) string {
	if snap.Panel.Status == ui.NewGameWhileEditing {
		return snap.Panel.Status
	}
	return ""
}

// equationView draws the equation being entered or edited whole in area,
// wrapped over the paper's lines in the monospaced face (ui.EditGrid), with
// the cursor where the calculator's is (a bar before the character the
// 22-character display's cursor stands on) and, after CALC said INVALID
// EQUATION, the place the Solver stopped at underlined in red until the
// text changes; the lines around the cursor show when the equation is
// longer than the paper; note, when set, is said under the paper (in
// place of the keys that edit it). It returns the grid drawn, for the
// line moves.
func (pt painter) equationView(area ui.Rect, v emulator.EditView, note string) ui.EditGrid {
	pt.rect(area, colPanel)
	g, paper := equationGrid(area, pt.fonts)
	pt.rect(paper, colPaper)
	text := []rune(v.Text)
	pt.label(fmt.Sprintf("Equation: %d characters", len(text)), pt.fonts.bold, 12, area.X+area.W/2, area.Y+18, colLabel)
	lines := ui.EditLines(text, g.Cols)
	start := g.First(v.Cursor)
	// x is where column col of line row is drawn: the face's × and ÷
	// need not be one column wide, and its advances are rounded at the
	// size drawn (7.5 units at 12.5 points are 8 pixels at 1×, 15 at 2×),
	// so the line is measured at that size.
	x := func(row, col int) float64 {
		if row >= len(lines) {
			return 0
		}
		r := []rune(lines[row])
		return pt.measure(string(r[:min(col, len(r))]), pt.fonts.mono, eqSize)
	}
	y := func(row int) float64 { return paper.Y + 8 + float64(row-start)*eqLineH }
	inView := func(row int) bool { return row >= start && row < start+g.Rows }
	if mr, mc := g.Place(v.Mark); v.Marked && inView(mr) {
		x0 := x(mr, mc)
		w := pt.measure("0", pt.fonts.mono, eqSize)
		if mr < len(lines) && mc < len([]rune(lines[mr])) {
			w = x(mr, mc+1) - x0
		}
		pt.rect(ui.Rect{X: paper.X + 8 + x0, Y: y(mr), W: w, H: eqLineH - 1}, colMarkFill)
		pt.rect(ui.Rect{X: paper.X + 8 + x0, Y: y(mr) + eqLineH - 3, W: w, H: 2.5}, colMark)
	}
	for i := start; i < len(lines) && inView(i); i++ {
		pt.text(lines[i], pt.fonts.mono, eqSize, paper.X+8, y(i), colInk)
	}
	row, col := g.Place(v.Cursor)
	pt.rect(ui.Rect{X: paper.X + 8 + x(row, col) - 1, Y: y(row), W: 2, H: eqLineH - 1}, colGold)
	notes := "Type, paste, ← → ↑ ↓ Home End, Ctrl+← → by names, Backspace, Delete; INPUT stores it"
	c := color.Color(colLabel)
	switch {
	case note != "":
		notes, c = note, colGold
	case v.Marked:
		notes = fmt.Sprintf("INVALID EQUATION at character %d: the Solver could not read on from the red mark", v.Mark+1)
		c = colMatch
	}
	for i, line := range wrapWidth(notes, pt.fonts.regular, 11, area.W-2*eqMargin) {
		pt.label(line, pt.fonts.regular, 11, area.X+area.W/2, paper.Y+paper.H+16+float64(i)*14, c)
	}
	return g
}

// EquationGrid is the whole-equation view's grid as the window draws it
// on a window of w×h pixels with the panel (layout l): in the panel
// (beside the calculator, or in a phone's heaps view), or in the strip
// under the calculator when a window is upright (equationStrip). It holds
// the characters a line and the lines in view that ↑ and ↓ move by, and
// the sheet's place (paper, in pixels), for tests.
func EquationGrid(l ui.Layout, w, h float64) (g ui.EditGrid, paper ui.Rect, err error) {
	f, err := loadFonts()
	if err != nil {
		return g, paper, err
	}
	view := ui.ViewFor(l, w, h)
	if !view.Portrait {
		g, p := equationGrid(l.Panel, f)
		x, y := view.Panel.Pixel(p.X, p.Y)
		s := view.Panel.Scale
		return g, ui.Rect{X: x, Y: y, W: p.W * s, H: p.H * s}, nil
	}
	area, ox, oy := equationStrip(l, view, w, h)
	g, p := equationGrid(area, f)
	s := view.Body.Scale
	return g, ui.Rect{X: ox + p.X*s, Y: oy + p.Y*s, W: p.W * s, H: p.H * s}, nil
}
