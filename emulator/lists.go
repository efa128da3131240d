package emulator

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hp17b/hp17b/fin"
	"github.com/hp17b/hp17b/hp17b"
)

// The named lists of CFLO and SUM (17bII+ owner's manual, chapters 7 and
// 10): each application keeps lists of its own, one of them current;
// NAME names the current list and GET makes another current (*NEW an
// empty one). An unnamed list is dropped when another is got while it is
// empty.

// namedList is one list: its name ("" while unnamed) and its items
// (flows for CFLO, numbers for SUM).
type namedList[T any] struct {
	Name  string
	Items []T
}

// listSet is an application's lists and the current one.
type listSet[T any] struct {
	lists []*namedList[T]
	cur   int
}

// current returns the current list, making an empty one the first time.
func (s *listSet[T]) current() *namedList[T] {
	if len(s.lists) == 0 {
		s.lists = []*namedList[T]{{}}
		s.cur = 0
	}
	s.cur = max(0, min(s.cur, len(s.lists)-1))
	return s.lists[s.cur]
}

// find returns the list named name (case-insensitive), or nil.
func (s *listSet[T]) find(name string) *namedList[T] {
	for _, l := range s.lists {
		if l.Name != "" && strings.EqualFold(l.Name, name) {
			return l
		}
	}
	return nil
}

// names are the names of the named lists, in the order they were made.
func (s *listSet[T]) names() []string {
	var out []string
	for _, l := range s.lists {
		if l.Name != "" {
			out = append(out, l.Name)
		}
	}
	return out
}

// get makes the list named name current, or a new empty list when name
// is "".
func (s *listSet[T]) get(name string) {
	if cur := s.current(); cur.Name == "" && len(cur.Items) == 0 {
		s.lists = append(s.lists[:s.cur], s.lists[s.cur+1:]...)
	}
	if name == "" {
		s.lists = append(s.lists, &namedList[T]{})
		s.cur = len(s.lists) - 1
		return
	}
	for k, l := range s.lists {
		if l.Name == name {
			s.cur = k
		}
	}
}

// rename names the current list (text as typed): "" unnames it; the
// message says why a name is refused.
func (s *listSet[T]) rename(text string) (msg string) {
	name := strings.ToUpper(text)
	l := s.current()
	switch {
	case name == "":
		l.Name = ""
	case !validListName(name):
		return "INVALID NAME"
	case s.find(name) != nil && s.find(name) != l:
		return "DUPLICATE NAME"
	default:
		l.Name = name
	}
	return ""
}

// validListName: a letter first, then letters and digits, at most 10
// characters (the Solver reads the name as a variable's).
func validListName(s string) bool {
	if s == "" || len([]rune(s)) > 10 {
		return false
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// nameCurrent is NAME: the ALPHA editor over the current list's name.
func nameCurrent[T any](m *Machine, s *listSet[T]) {
	m.startName(s.current().Name, "NAME THE LIST; [INPUT]", func(m *Machine, text string) {
		if msg := s.rename(text); msg != "" {
			m.setMsg(msg, "", nil)
		}
	})
}

// listBook is what GET needs of a list set.
type listBook interface {
	names() []string
	get(name string)
}

// listGetter is a list menu told when GET has made another list current
// (CFLO turns #TIMES prompting back on, p.97).
type listGetter interface {
	gotList(m *Machine)
}

// listEditor is a menu editing the current list: GET moves it to the end
// of the list it makes current.
type listEditor interface {
	toEnd(m *Machine)
}

// getMenu is GET: *NEW and the named lists (five a page with MORE).
type getMenu struct {
	pager
	book listBook
}

func (g *getMenu) entries() []string { return append([]string{"*NEW"}, g.book.names()...) }

func (g *getMenu) labels(*Machine) [6]string { return g.pager.labels(g.entries()) }

func (g *getMenu) press(m *Machine, i int) {
	names := g.entries()
	idx := g.index(len(names), i)
	if idx < 0 {
		return
	}
	name := names[idx]
	if idx == 0 {
		name = ""
	}
	g.book.get(name)
	m.popMenu()
	if g, ok := m.menu().(listGetter); ok {
		g.gotList(m)
	}
	if e, ok := m.menu().(listEditor); ok {
		e.toEnd(m)
	}
}

// solverLists gives the Solver the lists by name: FLOW, #T and SIZEC
// read CFLO's, ITEM and SIZES read SUM's (17bII+ owner's manual, chapter
// 12, "Accessing CFLO and SUM Lists from the Solver", p.177). A list that
// does not exist, or a flow or item number it does not hold, is INVALID
// INPUT.
type solverLists struct {
	cflo *cfloApp
	sum  *sumApp
}

// listIndex checks j as an index of a list of n items starting at from.
func listIndex(j hp17b.Number, from, n int) (int, error) {
	k, ok := j.Int64()
	if !ok || !j.IsInteger() || k < int64(from) || k >= int64(from+n) {
		return 0, hp17b.ErrInvalidInput
	}
	return int(k) - from, nil
}

func (l solverLists) flow(name string, j hp17b.Number) (fin.Flow, error) {
	list := l.cflo.find(name)
	if list == nil {
		return fin.Flow{}, hp17b.ErrInvalidInput
	}
	k, err := listIndex(j, 0, len(list.Items))
	if err != nil {
		return fin.Flow{}, err
	}
	return list.Items[k], nil
}

// Flow is FLOW(name:j).
func (l solverLists) Flow(name string, j hp17b.Number) (hp17b.Number, error) {
	f, err := l.flow(name, j)
	return f.Amount, err
}

// Times is #T(name:j).
func (l solverLists) Times(name string, j hp17b.Number) (hp17b.Number, error) {
	f, err := l.flow(name, j)
	return f.Times, err
}

// SizeC is SIZEC(name): the number of the last flow.
func (l solverLists) SizeC(name string) (hp17b.Number, error) {
	list := l.cflo.find(name)
	if list == nil {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	return hp17b.FromInt(int64(len(list.Items) - 1)), nil
}

// Item is ITEM(name:i), i from 1.
func (l solverLists) Item(name string, i hp17b.Number) (hp17b.Number, error) {
	list := l.sum.find(name)
	if list == nil {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	k, err := listIndex(i, 1, len(list.Items))
	if err != nil {
		return hp17b.Zero, err
	}
	return list.Items[k], nil
}

// SizeS is SIZES(name): the number of items.
func (l solverLists) SizeS(name string) (hp17b.Number, error) {
	list := l.sum.find(name)
	if list == nil {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	return hp17b.FromInt(int64(len(list.Items))), nil
}

// load replaces the lists by n lists read from the state file, the one at
// cur current (taken into range), for CFLO's and SUM's sections. list
// gives list i's name and items as stored, the items already taken as
// the list can hold them with notes saying how; a name that is not a
// list's (validListName) is taken as none, noted with kind ("CFLO",
// "SUM") as the list's owner.
func (s *listSet[T]) load(kind string, n, cur int, list func(i int) (name string, items []T, notes []string)) (notes []string) {
	s.lists = nil
	for i := range n {
		name, items, more := list(i)
		if name != "" && !validListName(name) {
			notes = append(notes, fmt.Sprintf("%s list %d's name %q taken as none", kind, i+1, visible(name)))
			name = ""
		}
		notes = append(notes, more...)
		s.lists = append(s.lists, &namedList[T]{Name: name, Items: items})
	}
	s.cur = max(0, min(cur, len(s.lists)-1))
	return notes
}
