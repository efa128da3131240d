package emulator

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
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
	drive(t, m, []step{
		{"MAIN", "0.00", "FIN BUS SUM TIME SOLVE GEO"}, // MAIN shows the registered labels
		{"F6", "0.00", "RECT - - - - -"},
		{"[RECT] 3 [W] 4 [H]", "H=4.00", "W H AREA - - -"},
		{"[AREA]", "AREA=12.00", "W H AREA - - -"},
		{"30 [AREA] [W]", "W=7.50", "W H AREA - - -"},
		{"EXIT EXIT", "7.50", "FIN BUS SUM TIME SOLVE GEO"},
	})
	assert.Contains(t, appLabels(), "GEO")
	_, ok := m.Vars().Get("AREA")
	assert.False(t, ok, "the application's variables are its own")
}

// tally is an application added in this file alone, with memory of its
// own: a list (the numbers ADD took) and a setting (what SHOW shows: the
// total, or with MODE the count). Its section of the state file is
// "tally"; Machine has no field for it (appMemory).
type tally struct {
	items []hp17b.Number
	count bool
}

// tallySection is tally's section of the state file.
type tallySection struct {
	Items []hp17b.Number `json:"items"`
	Count bool           `json:"count,omitempty"`
}

var tallyApp = application{label: "TALLY", slot: 5,
	menu: func(*Machine) menu {
		return &table{
			{label: "ADD", do: func(m *Machine) {
				m.finishEntry()
				t := appMemory[tally](m, "TALLY")
				t.items = append(t.items, m.x)
				m.setMsg(m.varLine("ITEMS", hp17b.FromInt(int64(len(t.items)))), "", nil)
			}},
			{label: "SHOW", do: func(m *Machine) {
				t := appMemory[tally](m, "TALLY")
				if t.count {
					m.setMsg(m.varLine("COUNT", hp17b.FromInt(int64(len(t.items)))), "", nil)
					return
				}
				total := hp17b.Zero
				for _, x := range t.items {
					total, _ = hp17b.Add(total, x)
				}
				m.setMsg(m.varLine("TOTAL", total), "", nil)
			}},
			{label: "MODE", do: func(m *Machine) {
				t := appMemory[tally](m, "TALLY")
				t.count = !t.count
				m.setMsg(map[bool]string{true: "SHOWS COUNT", false: "SHOWS TOTAL"}[t.count], "", nil)
			}},
		}
	},
	memory: sectionOf("tally",
		func(m *Machine) *tallySection {
			t := appMemory[tally](m, "TALLY")
			if len(t.items) == 0 && !t.count {
				return nil
			}
			return &tallySection{Items: append([]hp17b.Number{}, t.items...), Count: t.count}
		},
		func(m *Machine, s *tallySection) []string {
			t := appMemory[tally](m, "TALLY")
			*t = tally{}
			if s != nil {
				t.items, t.count = append([]hp17b.Number(nil), s.Items...), s.Count
			}
			return nil
		}),
}

// TestAddAnApplicationWithMemory adds, in this file alone, an application
// with a list and a setting kept in a section of its own (tally, on MAIN's
// last key, lent by CURRX for the test), drives it by keys, and finds its
// list and setting back in a calculator reopened from the state file; an
// hp17b without it keeps its section as it was.
func TestAddAnApplicationWithMemory(t *testing.T) {
	currx := applications[5]
	delete(applications, 5)
	register(tallyApp)
	t.Cleanup(func() { applications[5] = currx })

	path := filepath.Join(t.TempDir(), "state.json")
	m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.Empty(t, notice)
	drive(t, m, []step{
		{"MAIN", "0.00", "FIN BUS SUM TIME SOLVE TALLY"},
		{"F6", "0.00", "ADD SHOW MODE - - -"},
		{"5 [ADD]", "ITEMS=1.00", "ADD SHOW MODE - - -"},
		{"7.5 [ADD] [SHOW]", "TOTAL=12.50", "ADD SHOW MODE - - -"},
		{"[MODE]", "SHOWS COUNT", "ADD SHOW MODE - - -"},
		{"[SHOW]", "COUNT=2.00", "ADD SHOW MODE - - -"},
	})
	require.NoError(t, m.Close())

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &top))
	assert.JSONEq(t, `{"items":["5","7.5"],"count":true}`, string(top["tally"]), "its own section")

	again, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.Empty(t, notice)
	require.NoError(t, Run(again, "MAIN F6 [SHOW]", nil))
	assert.Equal(t, "COUNT=2.00", again.Frame().Top, "the setting came back")
	require.NoError(t, Run(again, "[MODE] [SHOW]", nil))
	assert.Equal(t, "TOTAL=12.50", again.Frame().Top, "the list came back")
	require.NoError(t, Run(again, "3 [ADD]", nil))
	require.NoError(t, again.Close())

	applications[5] = currx // an hp17b without TALLY
	without, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.Empty(t, notice)
	require.NoError(t, Run(without, "MAIN 1 STO 0", nil))
	assert.Equal(t, "FIN BUS SUM TIME SOLVE CURRX", without.Frame().MenuLine())
	require.NoError(t, without.Close())
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &top))
	assert.JSONEq(t, `{"items":["5","7.5","3"]}`, string(top["tally"]), "kept as it was")
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

// step is keys and the display's top line and menu line after them.
type step struct{ keys, top, menu string }

// drive presses each step's keys on m and checks the display after them.
func drive(t *testing.T, m *Machine, steps []step) {
	t.Helper()
	for _, s := range steps {
		require.NoError(t, Run(m, s.keys, nil), s.keys)
		f := m.Frame()
		assert.Equal(t, s.top, f.Top, s.keys)
		assert.Equal(t, s.menu, f.MenuLine(), s.keys)
	}
}
