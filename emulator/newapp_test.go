package emulator

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAddAnApplication adds an application in this file alone (a menu
// table with one built-in equation, the area of a rectangle, on MAIN's
// last key, lent by CURRX for the test) and drives it by keys: no other
// file changes for it, and MAIN shows GEO where CURRX was.
func TestAddAnApplication(t *testing.T) {
	area := builtin{menu: []string{"W", "H", "AREA"}, forms: []string{
		"AREA=W×H",
		"W=AREA÷H",
		"H=AREA÷W",
	}}
	geo := &table{
		{label: "RECT", open: func(m *Machine) menu { return area.open(m.appStore("GEO")) }},
	}
	currx := applications[5]
	delete(applications, 5)
	register(application{label: "GEO", slot: 5, menu: func(*Machine) menu { return geo }})
	t.Cleanup(func() { applications[5] = currx })

	m := New(defaults)
	steps := []struct{ keys, top, menu string }{
		{"MAIN", "0.00", "FIN BUS SUM TIME SOLVE GEO"}, // MAIN shows the registered labels
		{"F6", "0.00", "RECT - - - - -"},
		{"[RECT] 3 [W] 4 [H]", "H=4.00", "W H AREA - - -"},
		{"[AREA]", "AREA=12.00", "W H AREA - - -"},
		{"30 [AREA] [W]", "W=7.50", "W H AREA - - -"},
		{"EXIT EXIT", "7.50", "FIN BUS SUM TIME SOLVE GEO"},
	}
	for _, s := range steps {
		require.NoError(t, Run(m, s.keys, nil), s.keys)
		f := m.Frame()
		assert.Equal(t, s.top, f.Top, s.keys)
		assert.Equal(t, s.menu, f.MenuLine(), s.keys)
	}
	assert.Contains(t, appLabels(), "GEO")
	_, ok := m.Vars().Get("AREA")
	assert.False(t, ok, "the application's variables are its own")
}

// TestBuiltinsOpen: every built-in's forms parse, each solves for the
// variable it names, and each menu variable has a form.
func TestBuiltinsOpen(t *testing.T) {
	for _, b := range []builtin{percentChange, percentTotal, markupCost, markupPrice} {
		v := b.open(New(defaults).appStore("T"))
		for _, n := range b.menu {
			assert.NotNil(t, v.forms[n], "a form for %s", n)
		}
		assert.Len(t, v.forms, len(b.menu))
	}
}

// appLabels lists the registered applications' labels in MAIN's order.
func appLabels() []string {
	slots := make([]int, 0, len(applications))
	for s := range applications {
		slots = append(slots, s)
	}
	sort.Ints(slots)
	l := make([]string, len(slots))
	for i, s := range slots {
		l[i] = applications[s].label
	}
	return l
}
