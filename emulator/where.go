package emulator

import "slices"

// whereSection is where the calculator was, kept in the state file so that
// it turns on where it was turned off (docs/facts.md, Menus and continuous
// memory; the owner's manual's "Continuous Memory"): the menus open above
// MAIN, each as the functions pressed to reach it (a menu key, then MORE
// for a later page), the number being keyed, and a pending STO or RCL.
type whereSection struct {
	Menus  [][]string `json:"menus,omitempty"`
	Entry  string     `json:"entry,omitempty"`
	Prompt string     `json:"prompt,omitempty"`
}

// where follows the menu stack after each key: trail holds, for each menu
// above MAIN that is known, the functions that opened it from the menu
// below (trail[i] for menus[i+1]). A menu replaced otherwise than by
// MORE ends the known part there.
type where struct {
	trail  [][]Function
	resume *whereSection // read from the state, for Resume
}

// followMenus updates the trail after function f was pressed with the
// menu stack depth deep and the labels before it.
func (m *Machine) followMenus(f Function, depth int, before [6]string) {
	n := len(m.menus)
	w := &m.where
	known := len(w.trail) == depth-1
	switch {
	case n == 1:
		w.trail = nil
	case n < depth:
		w.trail = w.trail[:min(len(w.trail), n-1)]
	case n == depth+1 && known:
		w.trail = append(w.trail, []Function{f})
	case n == depth && before == m.menu().labels(m):
	case n == depth && known && f.Key >= KeyF1 && f.Key <= KeyF6 && !f.Shifted && before[f.Key-KeyF1] == "MORE":
		w.trail[n-2] = append(slices.Clone(w.trail[n-2]), f)
	default:
		w.trail = w.trail[:min(len(w.trail), n-2)]
	}
}

// whereNow is the where section to save: nothing while an equation or a
// name is being typed (the editor is not kept) or a question is asked.
func (m *Machine) whereNow() *whereSection {
	if m.editor() != nil || len(m.where.trail) != len(m.menus)-1 {
		return nil
	}
	s := &whereSection{Entry: m.entry}
	if p, ok := m.modal.(*prefix); ok && p.op == 0 {
		s.Prompt = map[bool]string{true: "STO", false: "RCL"}[p.sto]
	} else if m.modal != nil {
		return nil
	}
	for _, fs := range m.where.trail {
		var names []string
		for _, f := range fs {
			names = append(names, f.String())
		}
		s.Menus = append(s.Menus, names)
	}
	if s.Menus == nil && s.Entry == "" && s.Prompt == "" {
		return nil
	}
	return s
}

// Resume takes the calculator back where the state file says it was when
// it was last used: its menus opened again by the keys that opened them,
// the number being keyed and a pending STO or RCL. A menu that no longer
// opens the same way (an equation deleted meanwhile) ends it in the menu
// below. The window calls it once after opening the state; scripts start
// from MAIN.
func (m *Machine) Resume() {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.where.resume
	m.where.resume = nil
	if s == nil || m.msg[0] != "" {
		return
	}
	for _, names := range s.Menus {
		depth := len(m.menus)
		for _, name := range names {
			f, ok := FunctionByName(name)
			if !ok {
				return
			}
			m.press(f)
		}
		if len(m.menus) != depth+1 || m.editor() != nil || m.modal != nil {
			return
		}
	}
	if isNumberEntry(s.Entry) {
		// A number keyed covers a menu's opening message, as it did.
		m.msg, m.onClear = [2]string{}, nil
		m.entry, m.fresh = s.Entry, true
	}
	switch s.Prompt {
	case "STO":
		m.press(Function{Key: KeySTO})
	case "RCL":
		m.press(Function{Key: KeyRCL})
	}
}

// press is one function pressed under the lock, without saving: as Press
// does it.
func (m *Machine) press(f Function) {
	depth, before := len(m.menus), m.menu().labels(m)
	m.dispatch(f.Key, f.Shifted)
	m.followMenus(f, depth, before)
}

// isNumberEntry reports whether s is a number as keyed: digits, one
// point, a sign, an exponent (what algLine.typeChar builds).
func isNumberEntry(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' && r != '-' && r != 'E' {
			return false
		}
	}
	return true
}
