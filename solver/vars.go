package solver

import (
	"sort"

	"github.com/hp17b/hp17b/hp17b"
)

// Vars is the calculator's store of Solver variables. Variables are named
// globally and shared by every equation that uses the name (docs/facts.md,
// Variables).
// A name exists once it is stored into (by a menu key, L() or a solve) or
// created by CALC; G() of a name that does not exist reads 0. Vars is not
// safe for concurrent use: one calculator owns it.
type Vars struct {
	cells map[string]*cell
}

type cell struct {
	name   string
	value  hp17b.Number
	exists bool
	// prev is the value before the last store from the menu: the Solver's
	// second guess (HP-17BII manual: "two guesses").
	prev    hp17b.Number
	hasPrev bool
}

// NewVars returns an empty store.
func NewVars() *Vars { return &Vars{cells: map[string]*cell{}} }

func (v *Vars) cell(name string) *cell {
	c, ok := v.cells[name]
	if !ok {
		c = &cell{name: name}
		v.cells[name] = c
	}
	return c
}

// Get returns a variable's value and whether it exists.
func (v *Vars) Get(name string) (hp17b.Number, bool) {
	if c, ok := v.cells[name]; ok && c.exists {
		return c.value, true
	}
	return hp17b.Zero, false
}

// Value returns a variable's value, 0 if it does not exist.
func (v *Vars) Value(name string) hp17b.Number {
	x, _ := v.Get(name)
	return x
}

// Set stores a value, as STO or L() does: the variable exists afterwards.
func (v *Vars) Set(name string, x hp17b.Number) {
	c := v.cell(name)
	c.value, c.exists = x, true
}

// Store stores a value keyed from the menu: as Set, and the value it
// replaces becomes the second guess of the next iterative search.
func (v *Vars) Store(name string, x hp17b.Number) {
	c := v.cell(name)
	c.prev, c.hasPrev = c.value, true
	c.value, c.exists = x, true
}

// Create makes each name exist (with value 0 when new), as CALC does for an
// equation's menu variables.
func (v *Vars) Create(names ...string) {
	for _, n := range names {
		c := v.cell(n)
		if !c.exists {
			c.value, c.exists = hp17b.Zero, true
		}
	}
}

// Clear sets each existing name to 0, as CLEAR DATA does in a Solver menu.
func (v *Vars) Clear(names ...string) {
	for _, n := range names {
		if c, ok := v.cells[n]; ok && c.exists {
			c.value, c.hasPrev = hp17b.Zero, false
		}
	}
}

// Delete removes names, as DELET does for an equation's variables.
func (v *Vars) Delete(names ...string) {
	for _, n := range names {
		if c, ok := v.cells[n]; ok {
			c.value, c.exists, c.hasPrev = hp17b.Zero, false, false
		}
	}
}

// Names returns the names that exist, sorted.
func (v *Vars) Names() []string {
	var out []string
	for n, c := range v.cells {
		if c.exists {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Snapshot returns every existing variable and its value.
func (v *Vars) Snapshot() map[string]hp17b.Number {
	out := map[string]hp17b.Number{}
	for n, c := range v.cells {
		if c.exists {
			out[n] = c.value
		}
	}
	return out
}
