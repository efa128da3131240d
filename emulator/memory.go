package emulator

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// The calculator's own sections of the state file, beside the sections
// the applications register with themselves (application.memory): the
// calculator's memory (x, the registers, the modes), each application's
// variables, the window's place, the owners' sections outside the
// calculator, and where the calculator was.

// calculatorSections are the calculator's own sections.
var calculatorSections = []*section{
	sectionOf("calculator", saveCalculator, restoreCalculator),
	sectionOf("apps", saveAppVars, restoreAppVars),
	sectionOf("window", func(m *Machine) *WindowPlace { return m.window },
		func(m *Machine, p *WindowPlace) []string { m.window = p; return nil }),
	sectionOf("sections", func(m *Machine) map[string]json.RawMessage { return m.sectionsCopy() },
		func(m *Machine, s map[string]json.RawMessage) []string { m.sections = s; return nil }),
	sectionOf("where", (*Machine).whereNow, restoreWhere),
}

// calcSection is the calculator's own memory: x, the registers, the modes.
type calcSection struct {
	X         hp17b.Number     `json:"x"`
	Registers [10]hp17b.Number `json:"registers"`
	Fix       int              `json:"fix"`
	All       bool             `json:"all"`
	Comma     bool             `json:"comma"`
	Beep      bool             `json:"beep"`
	// RPN mode and its stack above X (Y, Z, T: as many as are in use), and
	// whether the next number writes over X; the printer's modes.
	RPN     bool           `json:"rpn,omitempty"`
	Stack   []hp17b.Number `json:"stack,omitempty"`
	NoLift  bool           `json:"noLift,omitempty"`
	Adapter bool           `json:"printerAdapter,omitempty"`
	Double  bool           `json:"doubleSpace,omitempty"`
	// Model is the calculator modelled: "17bii+" for the HP-17bII+, empty
	// for the HP-17BII (solver.Model's names).
	Model string `json:"model,omitempty"`
	// ExactTVM: TVM gives the correctly rounded answer (SetExactTVM).
	ExactTVM bool `json:"exactTVM,omitempty"`
}

// saveCalculator is the calculator's section now.
func saveCalculator(m *Machine) *calcSection {
	return &calcSection{X: m.x, Registers: m.regs, Fix: m.mode.Fix, All: m.mode.All, Comma: m.mode.Comma, Beep: m.beep,
		RPN: m.rpn.on, Stack: m.rpn.inUse(), NoLift: m.rpn.on && m.rpn.noLift, Adapter: m.adapter, Double: m.dbl, Model: modelName(m.model),
		ExactTVM: m.exactTVM}
}

// restoreCalculator takes the calculator's section on (none, nil, is all
// zero: FIX 0, BEEP off); a FIX out of 0…11 is taken as the nearest, and
// notes says so.
func restoreCalculator(m *Machine, c *calcSection) (notes []string) {
	if c == nil {
		c = &calcSection{}
	}
	if c.Fix < 0 || c.Fix > 11 {
		notes = append(notes, fmt.Sprintf("FIX %d taken as FIX %d", c.Fix, max(0, min(c.Fix, 11))))
	}
	m.regs = c.Registers
	m.mode = hp17b.Mode{Fix: max(0, min(c.Fix, 11)), All: c.All, Comma: c.Comma}
	m.beep = c.Beep
	m.x = c.X
	m.rpn.on = c.RPN
	m.rpn.restore(c.Stack)
	m.rpn.noLift = c.RPN && c.NoLift
	m.adapter, m.dbl = c.Adapter, c.Double
	m.model, _ = solver.ParseModel(c.Model) // an unknown name reads as the 17BII
	m.exactTVM = c.ExactTVM
	return notes
}

// modelName is a model's name in the state file: empty for the HP-17BII.
func modelName(m solver.Model) string {
	if m == solver.Model17BII {
		return ""
	}
	return m.String()
}

// saveAppVars is the "apps" section: each application's variable store
// (Machine.appStore) by its label, those holding no variable left out
// (nil when none holds one).
func saveAppVars(m *Machine) map[string]map[string]hp17b.Number {
	var apps map[string]map[string]hp17b.Number
	for label, v := range m.appVars {
		if snap := v.Snapshot(); len(snap) > 0 {
			if apps == nil {
				apps = map[string]map[string]hp17b.Number{}
			}
			apps[label] = snap
		}
	}
	return apps
}

// restoreAppVars takes the "apps" section on: every application's
// variables are replaced by the section's.
func restoreAppVars(m *Machine, apps map[string]map[string]hp17b.Number) []string {
	for _, v := range m.appVars {
		v.Delete(v.Names()...)
	}
	for label, vars := range apps {
		store := m.appStore(label)
		for n, v := range vars {
			store.Set(n, v)
		}
	}
	return nil
}

// restoreWhere keeps the "where" section for Resume, when it has not one
// to take already.
func restoreWhere(m *Machine, s *whereSection) []string {
	if m.where.resume == nil {
		m.where.resume = s
	}
	return nil
}

// WindowPlace is where the window was and how big, in the window
// system's device-independent pixels, kept with the state so that the
// window opens there again. It is not the calculator's memory and never
// shows on its display.
type WindowPlace struct {
	X, Y          int
	Width, Height int
	// PanelHidden is set while the window's heaps panel is hidden.
	PanelHidden bool `json:",omitempty"`
}

// WindowPlace returns the window's place kept in the state, and false when
// none is kept.
func (m *Machine) WindowPlace() (WindowPlace, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.window == nil {
		return WindowPlace{}, false
	}
	return *m.window, true
}

// SetWindowPlace keeps the window's place in the state (saved as any
// change is: see saveLocked).
func (m *Machine) SetWindowPlace(p WindowPlace) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.window = &p
	m.saveLocked()
}

// appMemory returns the memory of the application labelled label when
// Machine has no field for it (an application added in a file of its own
// alone): a *T, zero at first use and the same after, that the
// application's menu works on and its section (application.memory) saves
// and restores. Asking for one label with two types is a programming
// error (a panic).
func appMemory[T any](m *Machine, label string) *T {
	if v, ok := m.own[label]; ok {
		return v.(*T)
	}
	v := new(T)
	if m.own == nil {
		m.own = map[string]any{}
	}
	m.own[label] = v
	return v
}

// Section returns the JSON kept in continuous memory under name for an
// owner outside the calculator (the heaps panel's game: "game"), nil when
// there is none. It is saved and restored with the state file (and the
// browser's storage), as a whole.
func (m *Machine) Section(name string) json.RawMessage {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sections[name]
}

// SetSection keeps b (valid JSON) under name in continuous memory and
// saves it with the state; nil removes the section.
func (m *Machine) SetSection(name string, b json.RawMessage) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b == nil {
		delete(m.sections, name)
	} else {
		if m.sections == nil {
			m.sections = map[string]json.RawMessage{}
		}
		m.sections[name] = append(json.RawMessage(nil), b...)
	}
	m.saveLocked()
}

// sectionsCopy is the sections for the state file.
func (m *Machine) sectionsCopy() map[string]json.RawMessage {
	if len(m.sections) == 0 {
		return nil
	}
	return maps.Clone(m.sections)
}
