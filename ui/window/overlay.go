package window

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/version"
	"github.com/hp17b/hp17b/ui"
)

// aboutLines is the About overlay's text.
func aboutLines(v string) []string {
	return []string{
		"hp17b " + v,
		"A virtual HP-17BII business calculator:",
		"its Solver, its applications, and the forum's NIM.",
		"MIT licence · " + version.Project,
		"Not affiliated with or endorsed by HP.",
		"F12 or Escape closes this",
	}
}

// helpLine is one line of the key map overlay: PC keys and what they do,
// or a heading.
type helpLine struct {
	keys, what string
	head       bool
}

// helpNotes are the overlay's lines that no key map changes; a key they
// name is named as key scripts name it (emulator.Keys).
var helpNotes = []helpLine{
	{what: "TYPING AN EQUATION OR A NAME", head: true},
	{keys: "letters", what: "type into it (NEW, EDIT)"},
	{keys: "Left Right Home End", what: "move the cursor"},
	{keys: "Up Down", what: "a line of the whole equation"},
	{keys: "Delete", what: "deletes at the cursor"},
	{keys: "Enter", what: emulator.KeyINPUT.String()},
	{what: "THE MOUSE", head: true},
	{keys: "click a key", what: "press it (held: drawn pressed)"},
	{keys: "click a match", what: "take it and those right of it"},
	{keys: "right click", what: "the window's menu"},
	{keys: "Escape", what: "closes this map"},
}

// helpLines is the key map overlay's text: the key map's items
// (ui.KeyMap.Help), the window's shortcuts (commands), then helpNotes.
func (g *Game) helpLines(rpn bool) []helpLine {
	lines := []helpLine{{what: "PC KEYBOARD (KEY MAP FILE)", head: true}}
	for _, it := range g.keys.Help(rpn) {
		lines = append(lines, helpLine{keys: it.Keys, what: it.What})
	}
	lines = append(lines, helpLine{what: "THE WINDOW", head: true})
	for _, c := range commands {
		if c.action == nil {
			lines = append(lines, helpLine{keys: c.keys(g.keys), what: c.what})
		}
	}
	return append(lines, helpNotes...)
}

// Sizes of the overlay, layout units.
const (
	helpSize   = 10.0 // points
	helpLineH  = 12.5
	helpGap    = 8.0  // between a line's keys and what they do
	helpColGap = 16.0 // between columns
	helpMargin = 16.0
)

// helpCell is a line of the overlay placed at (x, y), its keys' column
// keysW wide.
type helpCell struct {
	x, y, keysW float64
	line        helpLine
}

// helpArea is where the overlay's lines go: the window less a margin, and
// a line at the bottom for the page and how to close.
func helpArea(l ui.Layout) ui.Rect {
	return ui.Rect{X: helpMargin, Y: helpMargin, W: l.Width - 2*helpMargin, H: l.Height - 2*helpMargin - helpLineH}
}

// layoutHelp places lines in columns as wide as their widest line, as many
// as fit the area side by side, and in pages when they do not all fit.
func layoutHelp(lines []helpLine, area ui.Rect, f fonts) [][]helpCell {
	keysW, whatW, headW := 0.0, 0.0, 0.0
	for _, ln := range lines {
		if ln.head {
			headW = max(headW, measure(ln.what, f.bold, helpSize))
			continue
		}
		keysW = max(keysW, measure(ln.keys, f.bold, helpSize))
		whatW = max(whatW, measure(ln.what, f.regular, helpSize))
	}
	colW := min(area.W, max(headW, keysW+helpGap+whatW))
	cols := max(1, int((area.W+helpColGap)/(colW+helpColGap)))
	rows := max(1, int(area.H/helpLineH))
	var pages [][]helpCell
	for i, ln := range lines {
		n := i % (rows * cols)
		if n == 0 {
			pages = append(pages, nil)
		}
		c, r := n/rows, n%rows
		x := area.X + float64(c)*(colW+helpColGap)
		pages[len(pages)-1] = append(pages[len(pages)-1], helpCell{x: x, y: area.Y + float64(r)*helpLineH, keysW: keysW, line: ln})
	}
	return pages
}

// helpPages is how many pages the overlay has in the window now.
func (g *Game) helpPages() int {
	return len(layoutHelp(g.helpLines(g.ctrl.Snapshot().Frame.RPN), helpArea(g.overlayLayout(g.layout())), g.fonts))
}

// overlayLayout is the layout About and the key map are drawn over: l
// itself side by side; held upright, where the calculator's body takes
// the width and the panel lies below it, the whole window in the body's
// units from its top left corner (overlayPainter), so that they cover the
// panel too.
func (g *Game) overlayLayout(l ui.Layout) ui.Layout {
	w, h := float64(g.lastSize[0]), float64(g.lastSize[1])
	if view := ui.ViewFor(l, w, h); view.Portrait && view.Body.Scale > 0 {
		l.Width, l.Height = w/view.Body.Scale, h/view.Body.Scale
	}
	return l
}

// overlayPainter is p for overlayLayout: from the window's top left
// corner when held upright.
func (g *Game) overlayPainter(p painter, l ui.Layout) painter {
	if ui.ViewFor(l, float64(g.lastSize[0]), float64(g.lastSize[1])).Portrait {
		p.ox, p.oy = 0, 0
	}
	return p
}

// drawHelp draws the key map overlay's page over the whole window.
func (g *Game) drawHelp(p painter, l ui.Layout, rpn bool) {
	p.rect(ui.Rect{W: l.Width, H: l.Height}, colOverlay)
	area := helpArea(l)
	pages := layoutHelp(g.helpLines(rpn), area, g.fonts)
	page := min(g.in.helpPage, len(pages)-1)
	for _, c := range pages[page] {
		if c.line.head {
			p.text(c.line.what, g.fonts.bold, helpSize, c.x, c.y, colGold)
			continue
		}
		p.text(c.line.keys, g.fonts.bold, helpSize, c.x, c.y, colLabel)
		p.text(c.line.what, g.fonts.regular, helpSize, c.x+c.keysW+helpGap, c.y, colLabel)
	}
	foot := "Escape closes this"
	if len(pages) > 1 {
		foot = fmt.Sprintf("Page %d of %d: %s shows the next, Escape closes", page+1, len(pages), g.keys.KeysFor(ui.Action{Help: true}))
	}
	p.text(foot, g.fonts.regular, helpSize, area.X, area.Y+area.H, colGold)
}

// Sizes of the window's menu, layout units.
const (
	menuRowH = 18.0
	menuSize = 11.0
)

// menuRect is the window's menu: a list under the menu button; on a
// phone (ui.PhoneLayout) from the page's top left corner, its rows as
// tall as the page allows up to ui.TouchMin.
func menuRect(l ui.Layout) ui.Rect {
	if l.Phone {
		return ui.Rect{X: 6, Y: 6, W: min(360, l.Width-12), H: float64(pageCommands())*menuRowHeight(l) + 8}
	}
	return ui.Rect{X: l.MenuButton.X, Y: l.MenuButton.Y + l.MenuButton.H + 2, W: 320, H: float64(len(commands))*menuRowHeight(l) + 8}
}

// menuRowHeight is the height of a row of the menu in l.
func menuRowHeight(l ui.Layout) float64 {
	if l.Phone {
		return min(ui.TouchMin, (l.Height-20)/float64(pageCommands()))
	}
	// As many rows as fit the window under the MENU button, at most
	// menuRowH each.
	top := l.MenuButton.Y + l.MenuButton.H + 2 + 8
	return min(menuRowH, (l.Height-top-4)/float64(len(commands)))
}

// menuRow is the rectangle of the menu's row i.
func menuRow(l ui.Layout, i int) ui.Rect {
	m, h := menuRect(l), menuRowHeight(l)
	return ui.Rect{X: m.X + 4, Y: m.Y + 4 + float64(i)*h, W: m.W - 8, H: h}
}

// drawMenu draws the window's menu: each command and its keys.
func (g *Game) drawMenu(p painter, l ui.Layout) {
	m := menuRect(l)
	p.rect(m, colBezel)
	for i, c := range commands {
		r := menuRow(l, i)
		what, keysCol := colLabel, colGold
		switch {
		case i == g.in.menuSel: // the keyboard's choice (menu.go)
			p.rect(r, colGold)
			what, keysCol = colBezel, colBezel
		case i%2 == 1:
			p.rect(r, colBody)
		}
		size, top := menuSize, 3.0
		if l.Phone { // a finger's row: larger words, no keys (a phone has none)
			size, top = 14, (r.H-14)/2
			p.text(c.what, g.fonts.regular, size, r.X+6, r.Y+top, what)
			continue
		}
		p.text(c.what, g.fonts.regular, size, r.X+6, r.Y+top, what)
		keys := c.keys(g.keys)
		p.text(keys, g.fonts.bold, size, r.X+r.W-6-measure(keys, g.fonts.bold, size), r.Y+top, keysCol)
	}
}

// menuClick handles a click while the menu shows: a row runs its command,
// anywhere else closes the menu.
func (g *Game) menuClick(l ui.Layout, x, y float64) {
	g.ctrl.SetMenu(false)
	for i, c := range commands {
		if menuRow(l, i).Contains(x, y) {
			if err := c.do(g); err != nil {
				g.ending.Store(true) // Quit: the next tick closes
			}
			return
		}
	}
}

// MenuRow is the window's menu's row that starts with what (layout units,
// while the menu shows), false when no row does: for tests and scripts
// that click it.
func MenuRow(l ui.Layout, what string) (ui.Rect, bool) {
	for i, c := range commands {
		if strings.HasPrefix(c.what, what) {
			return menuRow(l, i), true
		}
	}
	return ui.Rect{}, false
}

// colNotice is the notice's ground: nearly opaque, so that the keys'
// labels do not show through its words.
var colNotice = color.RGBA{0x10, 0x10, 0x10, 0xf4}

// Sizes of the notice overlay, layout units.
const (
	noticeSize   = 11.0 // the words, points
	noticeLineH  = 14.0
	noticeMargin = 20.0
	noticeMono   = 11.0 // the equation's line and caret, at most
)

// noticeRows lays out a notice's lines for a width of w layout units:
// words wrapped, an equation's line and its caret each one row of the
// monospaced face at monoSize (smaller than noticeMono when the longest
// of them would not fit).
func noticeRows(n *ui.Notice, f fonts, w float64) (rows []ui.NoticeLine, monoSize float64) {
	monoSize = noticeMono
	for _, l := range n.Lines {
		// The face's advances are rounded at each size: shrink until the
		// line fits, down to 4 points.
		for l.Mono && monoSize > 4 && measure(l.Text, f.mono, monoSize) > w {
			monoSize = max(4, min(monoSize*0.97, monoSize*w/measure(l.Text, f.mono, monoSize)))
		}
	}
	for _, l := range n.Lines {
		switch {
		case l.Mono:
			rows = append(rows, l)
		case strings.TrimSpace(l.Text) == "":
			rows = append(rows, ui.NoticeLine{})
		default:
			for _, line := range wrapWidth(l.Text, f.regular, noticeSize, w) {
				rows = append(rows, ui.NoticeLine{Text: line})
			}
		}
	}
	return rows, monoSize
}

// NoticeInk is what a row of a notice is drawn in: the title's gold, the
// words' label colour, an equation's line and caret in the matches'
// colour.
type NoticeInk int

// The inks of a notice's rows.
const (
	InkTitle NoticeInk = iota
	InkWords
	InkEquation
)

// NoticeRow is a row of text of the notice as drawn: its text, its ink,
// and its place (X, Y its top left corner; W the text's width, H the
// row's height; Lead the width of its leading spaces, where its ink
// starts), in layout units for noticePlaced, in window pixels for
// NoticePlaces.
type NoticeRow struct {
	Text             string
	Ink              NoticeInk
	X, Y, W, H, Lead float64
	src              *typeface
	size             float64
}

// noticePlaced places the notice's rows over l: the title, the reasons
// (noticeRows), a row that says how many more there are when they do not
// all fit, and how to close it.
func noticePlaced(n *ui.Notice, f fonts, l ui.Layout) []NoticeRow {
	w := l.Width - 2*noticeMargin
	y := noticeMargin
	var out []NoticeRow
	put := func(text string, ink NoticeInk, src *typeface, size, h float64) {
		lead := measure(text[:len(text)-len(strings.TrimLeft(text, " "))], src, size)
		out = append(out, NoticeRow{Text: text, Ink: ink, X: noticeMargin, Y: y, W: measure(text, src, size), H: h, Lead: lead, src: src, size: size})
		y += h
	}
	for _, line := range wrapWidth(n.Title, f.bold, 13, w) {
		put(line, InkTitle, f.bold, 13, 18)
	}
	y += 6
	rows, monoSize := noticeRows(n, f, w)
	last := int((l.Height - noticeMargin - 2*noticeLineH - y) / noticeLineH)
	for i, r := range rows {
		if i >= last && i < len(rows)-1 {
			put(fmt.Sprintf("… and %d more lines (the terminal has them all)", len(rows)-i), InkTitle, f.regular, noticeSize, noticeLineH)
			break
		}
		if r.Mono {
			put(r.Text, InkEquation, f.mono, monoSize, noticeLineH)
		} else {
			put(r.Text, InkWords, f.regular, noticeSize, noticeLineH)
		}
	}
	y += noticeLineH / 2
	put("Any key or click closes this", InkTitle, f.regular, noticeSize, noticeLineH)
	return out
}

// drawNotice draws the notice over the whole window: its title in gold,
// the reasons in words and each equation's line with the caret under the
// character at fault (ui.Notice), and how to close it (noticePlaced).
func (g *Game) drawNotice(p painter, l ui.Layout, n *ui.Notice) {
	p.rect(ui.Rect{W: l.Width, H: l.Height}, colNotice)
	inks := map[NoticeInk]color.Color{InkTitle: colGold, InkWords: colLabel, InkEquation: colMatch}
	for _, r := range noticePlaced(n, g.fonts, l) {
		if r.Text != "" {
			p.text(r.Text, r.src, r.size, r.X, r.Y, inks[r.Ink])
		}
	}
}

// NoticePlaces is where the window draws notice n's rows on a window of
// w×h pixels laid out as l (the desktop's side-by-side view), in window
// pixels, for tests that read a live window's notice back.
func NoticePlaces(n *ui.Notice, l ui.Layout, w, h float64) ([]NoticeRow, error) {
	f, err := loadFonts()
	if err != nil {
		return nil, err
	}
	view := ui.ViewFor(l, w, h)
	if view.Portrait {
		return nil, fmt.Errorf("NoticePlaces: a window held upright is not placed here")
	}
	s, ox, oy := view.Body.Scale, view.Body.X, view.Body.Y
	rows := noticePlaced(n, f, l)
	for i := range rows {
		r := &rows[i]
		r.X, r.Y, r.W, r.H, r.Lead = ox+r.X*s, oy+r.Y*s, r.W*s, r.H*s, r.Lead*s
	}
	return rows, nil
}
