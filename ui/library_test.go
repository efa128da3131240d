package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/library"
	"github.com/hp17b/hp17b/programs"
)

// rowNames is the rows as text: a heading "# topic", an equation its
// name, "*" after a known one.
func rowNames(rows []LibraryRow) []string {
	var s []string
	for _, r := range rows {
		switch {
		case r.Head:
			s = append(s, "# "+r.Topic)
		case r.Known:
			s = append(s, r.Entry.Name+"*")
		default:
			s = append(s, r.Entry.Name)
		}
	}
	return s
}

// TestLibraryRows: the list is the library's equations under their
// topics' headings, in the library's order, narrowed by the search (a
// topic whose equations are all left out has no heading), the SOLVE
// list's names marked.
func TestLibraryRows(t *testing.T) {
	all := library.All()
	require.NotEmpty(t, all)
	rows := LibraryRows("", nil)
	assert.Len(t, rows, len(all)+len(library.Topics()), "every equation and every topic's heading")
	require.True(t, rows[0].Head)
	assert.Equal(t, library.Topics()[0], rows[0].Topic)
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"canad", []string{"# Loans and mortgages", "CANM"}},
		{"  CANAD  ", []string{"# Loans and mortgages", "CANM"}},
		{"canadian mortgage", []string{"# Loans and mortgages", "CANM"}},
		{"no such thing", nil},
	} {
		assert.Equal(t, c.want, rowNames(LibraryRows(c.query, nil)), "%q", c.query)
	}
	assert.Equal(t, []string{"# Loans and mortgages", "CANM*"}, rowNames(LibraryRows("canad", KnownNames([]string{"CANM:A=B", "X=1"}))))
}

// TestLibraryViewKeys: typing narrows the list and chooses its first
// equation, ▲ ▼ skip the headings and stop at the ends, Enter shows the
// equation whole then asks to add it, Escape goes back then closes,
// Backspace widens the search again.
func TestLibraryViewKeys(t *testing.T) {
	v := NewLibraryView(nil)
	r, ok := v.Chosen()
	require.True(t, ok)
	assert.Equal(t, library.All()[0].Name, r.Entry.Name, "the first equation chosen, not its heading")
	assert.Equal(t, 1, v.Sel)
	v.Move(-1)
	assert.Equal(t, 1, v.Sel, "▲ stops at the first equation")
	v.Move(100)
	assert.Equal(t, len(v.Rows())-1, v.Sel, "▼ stops at the last")
	for i := v.Sel; i > 0; i-- {
		if v.Rows()[i].Head {
			s := v.Sel
			v.Sel = i + 1
			v.Move(-1)
			assert.False(t, v.Rows()[v.Sel].Head, "▲ skips a heading")
			v.Sel = s
			break
		}
	}

	v.Type("can")
	v.Type("\x01ad")
	assert.Equal(t, "canad", v.Query, "control characters are not typed")
	assert.Equal(t, []string{"# Loans and mortgages", "CANM"}, rowNames(v.Rows()))
	r, _ = v.Chosen()
	assert.Equal(t, "CANM", r.Entry.Name)
	assert.Equal(t, LibraryStay, v.Enter())
	assert.True(t, v.Detail)
	assert.Equal(t, LibraryAdd, v.Enter(), "Enter over the equation shown whole adds it")
	assert.Equal(t, LibraryStay, v.Escape())
	assert.False(t, v.Detail)
	v.Type("x")
	_, ok = v.Chosen()
	assert.False(t, ok, "nothing left to choose")
	assert.Equal(t, LibraryStay, v.Enter(), "Enter with nothing chosen does nothing")
	v.Backspace()
	_, ok = v.Chosen()
	assert.True(t, ok)
	assert.Equal(t, LibraryClose, v.Escape())
}

// TestLibraryPlacesClick: the list's rows are hit where they are drawn,
// a heading takes no click, an equation's row shows it whole; Add, Back
// and Close answer; the list scrolls to keep the chosen row in view.
func TestLibraryPlacesClick(t *testing.T) {
	p := PlaceLibrary(Rect{W: 660, H: 540})
	assert.Equal(t, Rect{X: 16, Y: 16, W: 558, H: LibraryTitleH}, p.Title)
	assert.Greater(t, p.Shown, 10, "a 540-unit window shows more than ten rows")
	v := NewLibraryView(nil)
	head, ok := p.Row(v, 0)
	require.True(t, ok)
	assert.Equal(t, LibraryStay, v.Click(p, head.X+5, head.Y+5))
	assert.False(t, v.Detail, "a heading takes no click")
	last := min(len(v.Rows()), p.Shown) - 1 // the last equation in view
	for v.Rows()[last].Head {
		last--
	}
	r, ok := p.Row(v, last)
	require.True(t, ok)
	assert.Equal(t, LibraryStay, v.Click(p, r.X+5, r.Y+r.H/2))
	assert.True(t, v.Detail)
	assert.Equal(t, last, v.Sel)
	assert.Equal(t, LibraryAdd, v.Click(p, p.Add.X+1, p.Add.Y+1))
	assert.Equal(t, LibraryStay, v.Click(p, p.Back.X+1, p.Back.Y+1))
	assert.False(t, v.Detail)
	assert.Equal(t, LibraryClose, v.Click(p, p.Close.X+1, p.Close.Y+1))

	small := PlaceLibrary(Rect{W: 300, H: 120})
	assert.Equal(t, 1, small.Shown)
	v.Sel = 1
	v.Scroll(small.Shown)
	assert.Equal(t, 1, v.Top)
	v.Move(1)
	v.Scroll(small.Shown)
	assert.Equal(t, v.Sel, v.Top, "scrolled to the chosen row")
	_, ok = small.Row(v, 0)
	assert.False(t, ok, "a row out of view is not placed")
	v.Wheel(small, -100)
	assert.Equal(t, 0, v.Top)
}

// TestLibraryDetail: an equation shown whole has its name and purpose,
// its text as typed, each variable with its meaning and unit, the worked
// example and the source, and says when it will not be replaced.
func TestLibraryDetail(t *testing.T) {
	e, ok := library.Find("CANM")
	require.True(t, ok)
	lines := LibraryDetail(LibraryRow{Entry: e})
	var text []string
	for _, l := range lines {
		text = append(text, l.Text)
	}
	all := strings.Join(text, "\n")
	assert.Contains(t, all, e.Name+": "+e.Purpose)
	assert.Contains(t, text, e.Text)
	for _, v := range e.Vars {
		assert.Contains(t, all, v.Name+": "+v.Meaning+" ("+v.Unit+")")
	}
	assert.Contains(t, all, e.Example)
	assert.Contains(t, all, e.Source)
	assert.NotContains(t, all, "not replaced")
	assert.Contains(t, LibraryDetail(LibraryRow{Entry: e, Known: true})[len(lines)+1].Text, "not replaced")
}

// TestAddFromLibrary adds CANM from the library: it joins the SOLVE
// list and its menu opens, the worked example solves to its display;
// added again it is not doubled; an equation of its name with another
// text is never replaced, and the notice says so.
func TestAddFromLibrary(t *testing.T) {
	e, _ := library.Find("CANM")
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	m := c.Machine()
	before, _ := m.Equations()
	c.AddFromLibrary("CANM")
	c.Wait()
	after, cur := m.Equations()
	require.Len(t, after, len(before)+1)
	assert.Equal(t, e.Text, after[len(before)])
	assert.Equal(t, len(before), cur, "the equation added is the current one")
	assert.Equal(t, "CANM ADDED", strings.TrimSpace(m.Frame().Top))
	assert.Equal(t, [6]string{"PV", "I%YR", "N", "PMT", "FV", ""}, m.Frame().Labels, "its menu is open")
	assert.Nil(t, c.Snapshot().Notice)
	// The worked example (library.Entry.Example).
	press(c, "3 0 0 0 0 PV 1 2 I%YR 3 6 0 N 0 FV PMT")
	assert.Equal(t, "PMT=-301.92", strings.TrimSpace(m.Frame().Top))

	c.AddFromLibrary("CANM")
	c.Wait()
	again, _ := m.Equations()
	assert.Equal(t, after, again, "not added twice")
	assert.Equal(t, "ALREADY IN SOLVE LIST", strings.TrimSpace(m.Frame().Top))
	require.NotNil(t, c.Snapshot().Notice)
	assert.Contains(t, c.Snapshot().Notice.String(), "not replaced")

	c2 := NewController(emulator.New([]string{"CANM:PMT=PV÷N"}), nil)
	defer c2.Close()
	c2.AddFromLibrary("CANM")
	c2.Wait()
	eqs, _ := c2.Machine().Equations()
	assert.Equal(t, []string{"CANM:PMT=PV÷N"}, eqs, "the SOLVE list's CANM is kept")
	n := c2.Snapshot().Notice
	require.NotNil(t, n)
	assert.Equal(t, "CANM IS ALREADY IN THE SOLVE LIST", n.Title)
	assert.Contains(t, n.String(), "CANM:PMT=PV÷N")
	assert.Equal(t, "ALREADY IN SOLVE LIST", strings.TrimSpace(c2.Machine().Frame().Top))

	c2.AddFromLibrary("NOSUCH")
	c2.Wait()
	assert.Equal(t, "NO SUCH EQUATION", c2.Snapshot().Notice.Title)

	lib := c2.Library()
	require.Len(t, lib, len(library.All()))
	for _, le := range lib {
		assert.Equal(t, le.Name == "CANM", le.Known, le.Name)
		if e, _ := library.Find(le.Name); len(e.Notes) > 0 {
			assert.Equal(t, e.Notes, le.Notes, "the page shows %s's notes", le.Name)
		}
	}
}

// TestLibraryDetailScrolls: while an equation shows whole, ▲ ▼ and the
// wheel scroll its lines (never above the first), the list's choice
// stays; shown again, it opens at its first line.
func TestLibraryDetailScrolls(t *testing.T) {
	v := NewLibraryView(nil)
	v.Type("canad")
	require.Equal(t, LibraryStay, v.Enter())
	sel := v.Sel
	v.Move(3)
	assert.Equal(t, 3, v.Line)
	assert.Equal(t, sel, v.Sel, "the choice stays")
	v.Wheel(PlaceLibrary(Rect{W: 660, H: 540}), -10)
	assert.Equal(t, 0, v.Line, "never above the first line")
	v.Move(2)
	v.Escape()
	v.Enter()
	assert.Equal(t, 0, v.Line, "shown again from its first line")
	notes := LibraryDetail(v.Rows()[v.Sel])
	var text []string
	for _, l := range notes {
		text = append(text, l.Text)
	}
	e, _ := library.Find("CANM")
	for _, n := range e.Notes {
		assert.Contains(t, text, n, "its notes shown")
	}
}
