package ui

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hp17b/hp17b/library"
	"github.com/hp17b/hp17b/solver"
)

// The equation library's view (the menu's "Equation library…"): a list
// of the library's equations by topic, narrowed by a search box the keys
// type into, and one equation shown whole with its notes, to add to the
// SOLVE list (Controller.AddFromLibrary). The window draws it and routes
// its keys and clicks here (ui/window/library.go); the page shows the
// same in an HTML dialog (LibraryJSON).

// LibraryRow is a row of the library's list: a topic's heading (Head) or
// an equation.
type LibraryRow struct {
	Head  bool
	Topic string
	Entry library.Entry
	// Known is set when the SOLVE list holds an equation of this name.
	Known bool
}

// LibraryStep is what a key or a click in the library's view asks the
// window to do.
type LibraryStep int

// The library view's steps.
const (
	LibraryStay  LibraryStep = iota // the view stays open
	LibraryClose                    // close the view
	LibraryAdd                      // add the chosen equation, then close
)

// LibraryView is the library's view: the search typed, the rows it
// leaves, the row chosen, and whether the chosen equation shows whole.
type LibraryView struct {
	// Query is the search box's text.
	Query string
	// Sel is the chosen row of Rows (an equation's), -1 when no row is
	// left.
	Sel int
	// Detail is set while the chosen equation shows whole.
	Detail bool
	// Top is the first row of the list shown (the list scrolls to keep
	// Sel in view, Shown rows at a time).
	Top int
	// Line is the first line shown of the equation shown whole, when its
	// notes run past the view (the window keeps it at most the line that
	// shows the last one).
	Line  int
	rows  []LibraryRow
	known map[string]bool
}

// NewLibraryView opens the library's view with an empty search, its first
// equation chosen; known are the SOLVE list's equations (their names are
// marked in the list).
func NewLibraryView(known []string) *LibraryView {
	v := &LibraryView{known: KnownNames(known)}
	v.filter()
	return v
}

// KnownNames are the names of the equations texts (those that have one).
func KnownNames(texts []string) map[string]bool {
	names := map[string]bool{}
	for _, t := range texts {
		if n := equationName(t); n != "" {
			names[n] = true
		}
	}
	return names
}

// equationName is the name of the equation text ("" for none, or text
// that does not read).
func equationName(text string) string {
	eq, err := solver.Parse(solver.Flatten(text))
	if err != nil {
		return ""
	}
	return eq.Name
}

// LibraryRows are the library's equations that library.Search finds for
// query, under their topics' headings in library.Topics' order; known
// names are marked Known.
func LibraryRows(query string, known map[string]bool) []LibraryRow {
	found := library.Search(strings.TrimSpace(query))
	var rows []LibraryRow
	for _, t := range library.Topics() {
		head := false
		for _, e := range found {
			if e.Topic != t {
				continue
			}
			if !head {
				rows = append(rows, LibraryRow{Head: true, Topic: t})
				head = true
			}
			rows = append(rows, LibraryRow{Topic: t, Entry: e, Known: known[e.Name]})
		}
	}
	return rows
}

// Rows are the list's rows for the search typed.
func (v *LibraryView) Rows() []LibraryRow { return v.rows }

// Chosen is the chosen equation's row, false when no row is left.
func (v *LibraryView) Chosen() (LibraryRow, bool) {
	if v.Sel < 0 || v.Sel >= len(v.rows) {
		return LibraryRow{}, false
	}
	return v.rows[v.Sel], true
}

// filter finds the rows for Query again and chooses the first equation.
func (v *LibraryView) filter() {
	v.rows = LibraryRows(v.Query, v.known)
	v.Sel, v.Top = -1, 0
	v.Move(1)
}

// Type adds the characters typed to the search (the list shows again);
// control characters are left out.
func (v *LibraryView) Type(s string) {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	if s == "" || len(v.Query) >= 40 {
		return
	}
	v.Query += s
	v.Detail = false
	v.filter()
}

// Backspace takes the search's last character away (the list shows
// again).
func (v *LibraryView) Backspace() {
	if v.Query == "" {
		return
	}
	r := []rune(v.Query)
	v.Query = string(r[:len(r)-1])
	v.Detail = false
	v.filter()
}

// Move chooses the next equation down (d > 0) or up (d < 0), d of them,
// skipping the headings and stopping at either end; while an equation
// shows whole, it scrolls its lines instead.
func (v *LibraryView) Move(d int) {
	if v.Detail {
		v.Line = max(0, v.Line+d)
		return
	}
	step := 1
	if d < 0 {
		step, d = -1, -d
	}
	for ; d > 0; d-- {
		i := v.Sel + step
		for i >= 0 && i < len(v.rows) && v.rows[i].Head {
			i += step
		}
		if i < 0 || i >= len(v.rows) {
			break
		}
		v.Sel = i
	}
}

// Enter opens the chosen equation whole, or, while it shows, asks to add
// it.
func (v *LibraryView) Enter() LibraryStep {
	if _, ok := v.Chosen(); !ok {
		return LibraryStay
	}
	if v.Detail {
		return LibraryAdd
	}
	v.Detail, v.Line = true, 0
	return LibraryStay
}

// Escape goes back from an equation shown whole to the list, and closes
// the list.
func (v *LibraryView) Escape() LibraryStep {
	if v.Detail {
		v.Detail = false
		return LibraryStay
	}
	return LibraryClose
}

// Scroll keeps the chosen row in view with shown rows of the list shown:
// Top moves as little as it can.
func (v *LibraryView) Scroll(shown int) {
	shown = max(1, shown)
	if v.Sel >= 0 {
		if v.Sel < v.Top+1 { // its heading too, when it is just above
			v.Top = max(0, v.Sel-1)
		}
		if v.Sel >= v.Top+shown {
			v.Top = v.Sel - shown + 1
		}
	}
	v.Top = max(0, min(v.Top, len(v.rows)-shown))
}

// Sizes of the library's view, layout units.
const (
	LibraryMargin = 16.0
	LibraryRowH   = 18.0
	LibraryTitleH = 22.0
	LibraryBoxH   = 24.0
	LibraryFootH  = 30.0
)

// LibraryPlaces are where the library's view puts its parts in an area
// (layout units): the title, the search box, the list's rows (Shown of
// them), the whole equation's text area, the buttons (Add to the SOLVE
// list and Back, while an equation shows whole; Close always) and the
// line that says which keys do what.
type LibraryPlaces struct {
	Title, Search, List, Text, Add, Back, Close, Foot Rect
	Shown                                             int
}

// PlaceLibrary lays the library's view out over area.
func PlaceLibrary(area Rect) LibraryPlaces {
	m := LibraryMargin
	in := Rect{X: area.X + m, Y: area.Y + m, W: area.W - 2*m, H: area.H - 2*m}
	var p LibraryPlaces
	p.Title = Rect{X: in.X, Y: in.Y, W: in.W - 70, H: LibraryTitleH}
	p.Close = Rect{X: in.X + in.W - 64, Y: in.Y, W: 64, H: LibraryTitleH}
	p.Search = Rect{X: in.X, Y: in.Y + LibraryTitleH + 4, W: in.W, H: LibraryBoxH}
	top := p.Search.Y + p.Search.H + 6
	bottom := in.Y + in.H - LibraryFootH
	p.List = Rect{X: in.X, Y: top, W: in.W, H: max(0, bottom-top)}
	p.Shown = max(1, int(p.List.H/LibraryRowH))
	p.Text = p.List
	p.Foot = Rect{X: in.X, Y: bottom + 4, W: in.W, H: LibraryFootH - 4}
	p.Add = Rect{X: in.X, Y: bottom + 2, W: 180, H: LibraryFootH - 4}
	p.Back = Rect{X: in.X + 190, Y: bottom + 2, W: 90, H: LibraryFootH - 4}
	return p
}

// Row is the rectangle of the list's row i (of Rows) as shown from Top,
// false when it is not in view.
func (p LibraryPlaces) Row(v *LibraryView, i int) (Rect, bool) {
	n := i - v.Top
	if n < 0 || n >= p.Shown || i >= len(v.rows) {
		return Rect{}, false
	}
	return Rect{X: p.List.X, Y: p.List.Y + float64(n)*LibraryRowH, W: p.List.W, H: LibraryRowH}, true
}

// Click handles a click at (x, y): Close closes; over the list, an
// equation's row shows it whole; over an equation shown whole, Add asks
// to add it and Back goes back to the list. A click elsewhere does
// nothing.
func (v *LibraryView) Click(p LibraryPlaces, x, y float64) LibraryStep {
	switch {
	case p.Close.Contains(x, y):
		return LibraryClose
	case v.Detail && p.Add.Contains(x, y):
		return LibraryAdd
	case v.Detail && p.Back.Contains(x, y):
		v.Detail = false
		return LibraryStay
	case v.Detail:
		return LibraryStay
	}
	for i := v.Top; i < len(v.rows); i++ {
		if r, ok := p.Row(v, i); ok && r.Contains(x, y) && !v.rows[i].Head {
			v.Sel, v.Detail, v.Line = i, true, 0
			return LibraryStay
		}
	}
	return LibraryStay
}

// Wheel scrolls the list by n rows (down for n > 0), the chosen row
// staying where it is; while an equation shows whole, its lines.
func (v *LibraryView) Wheel(p LibraryPlaces, n int) {
	if v.Detail {
		v.Line = max(0, v.Line+n)
		return
	}
	v.Top = max(0, min(v.Top+n, len(v.rows)-p.Shown))
}

// LibraryLine is a line of an equation shown whole: words, a heading, or
// (Mono) the equation's text.
type LibraryLine struct {
	Text       string
	Head, Mono bool
}

// LibraryDetail is an equation shown whole: its name and purpose, its
// text as typed, each variable's meaning and unit, the worked example,
// the source and, when the SOLVE list holds an equation of its name, that
// it will not be replaced.
func LibraryDetail(r LibraryRow) []LibraryLine {
	e := r.Entry
	lines := []LibraryLine{
		{Text: e.Name + ": " + e.Purpose, Head: true},
		{Text: e.Topic},
		{},
		{Text: e.Text, Mono: true},
		{},
		{Text: "Variables", Head: true},
	}
	for _, va := range e.Vars {
		s := va.Name + ": " + va.Meaning
		if va.Unit != "" {
			s += " (" + va.Unit + ")"
		}
		lines = append(lines, LibraryLine{Text: s})
	}
	lines = append(lines, LibraryLine{}, LibraryLine{Text: "Worked example", Head: true}, LibraryLine{Text: e.Example})
	if len(e.Notes) > 0 {
		lines = append(lines, LibraryLine{}, LibraryLine{Text: "Notes", Head: true})
		for _, n := range e.Notes {
			lines = append(lines, LibraryLine{Text: n})
		}
	}
	lines = append(lines, LibraryLine{}, LibraryLine{Text: "Source: " + e.Source})
	if r.Known {
		lines = append(lines, LibraryLine{}, LibraryLine{Text: fmt.Sprintf("The SOLVE list already holds an equation named %s: it is not replaced.", e.Name), Head: true})
	}
	return lines
}

// AddFromLibrary adds the library's equation named name to the SOLVE list
// as a job after whatever runs now, by the path a pasted equation takes
// (loadEquations), and opens its menu of variables as MAIN, SOLVE, the
// equation chosen and CALC would: ready for the worked example. An
// equation of that name already in the SOLVE list is never replaced: the
// same text is opened as it is, another text is left alone; either way
// the display says ALREADY IN SOLVE LIST and a notice says why. While an
// equation is typed, or for a name the library does not hold, nothing is
// added and a notice says what to do.
func (c *Controller) AddFromLibrary(name string) {
	c.enqueue(func() {
		e, ok := library.Find(name)
		switch {
		case !ok:
			c.holdNotice(&Notice{Title: "NO SUCH EQUATION", Lines: []NoticeLine{{Text: fmt.Sprintf("The library holds no equation named %q: hp17b library lists them.", name)}}})
			c.after("")
			return
		case c.m.Busy():
			c.m.Interrupt()
			return
		case c.m.Editing():
			c.holdNotice(&Notice{Title: "AN EQUATION IS BEING TYPED", Lines: []NoticeLine{{Text: "Press INPUT to keep it or EXIT to leave it, then add " + e.Name + " from the library."}}})
			c.after("")
			return
		}
		before, cur := c.m.Equations()
		for _, t := range before {
			if equationName(t) != e.Name {
				continue
			}
			n := &Notice{Title: e.Name + " IS ALREADY IN THE SOLVE LIST"}
			n.Say("The SOLVE list already holds an equation named %s: it was not replaced.", e.Name)
			if solver.Flatten(t) == solver.Flatten(e.Text) {
				n.Say("It is the library's, as it was typed: its menu is open.")
				_ = c.m.OpenEquation(t)
			} else {
				n.Say("It differs from the library's:")
				n.Lines = append(n.Lines, NoticeLine{Text: solver.Flatten(t), Mono: true})
				n.Say("To add the library's, rename that one (SOLVE, EDIT) or delete it (SOLVE, DELET) first.")
			}
			c.m.Message("ALREADY IN SOLVE LIST")
			c.holdNotice(n)
			c.after("")
			return
		}
		if err := c.loadEquations("the library", e.Text, "BAD EQUATION "+e.Name, before, cur); err != nil {
			c.after(err.Error())
			return
		}
		if eqs, _ := c.m.Equations(); len(eqs) > len(before) {
			_ = c.m.OpenEquation(eqs[len(before)])
			c.m.Message(e.Name + " ADDED")
		}
		c.after("")
	})
}

// LibraryEntry is an equation of the library as the page shows it
// (LibraryJSON): library.Entry with its variables, and whether the SOLVE
// list holds an equation of its name.
type LibraryEntry struct {
	Name    string        `json:"name"`
	Topic   string        `json:"topic"`
	Purpose string        `json:"purpose"`
	Vars    []library.Var `json:"vars"`
	Example string        `json:"example"`
	Notes   []string      `json:"notes"`
	Source  string        `json:"source"`
	Text    string        `json:"text"`
	Known   bool          `json:"known"`
}

// Library is the library's equations for the page, by topic
// (LibraryRows' order), each marked Known when the SOLVE list holds an
// equation of its name.
func (c *Controller) Library() []LibraryEntry {
	eqs, _ := c.m.Equations()
	out := []LibraryEntry{}
	for _, r := range LibraryRows("", KnownNames(eqs)) {
		if r.Head {
			continue
		}
		e := r.Entry
		out = append(out, LibraryEntry{Name: e.Name, Topic: e.Topic, Purpose: e.Purpose, Vars: e.Vars, Example: e.Example, Notes: e.Notes, Source: e.Source, Text: e.Text, Known: r.Known})
	}
	return out
}

// OpenLibrary is a new library view, the SOLVE list's names marked.
func (c *Controller) OpenLibrary() *LibraryView {
	eqs, _ := c.m.Equations()
	return NewLibraryView(eqs)
}
