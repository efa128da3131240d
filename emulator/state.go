package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// SchemaVersion is the version of the state file's layout: 2 holds a
// section per owner (the calculator, SOLVE, each application); files of
// version 1 (one flat object) still load.
const SchemaVersion = 2

// stateFile is continuous memory as stored (JSON), a section per owner.
type stateFile struct {
	Schema     int                                `json:"schema"`
	Calculator calcSection                        `json:"calculator"`
	Solve      solveSection                       `json:"solve"`
	Apps       map[string]map[string]hp17b.Number `json:"apps,omitempty"`
	Window     *WindowPlace                       `json:"window,omitempty"`
}

// calcSection is the calculator's own memory: x, the registers, the modes.
type calcSection struct {
	X         hp17b.Number     `json:"x"`
	Registers [10]hp17b.Number `json:"registers"`
	Fix       int              `json:"fix"`
	All       bool             `json:"all"`
	Comma     bool             `json:"comma"`
	Beep      bool             `json:"beep"`
}

// solveSection is SOLVE's: the equation list, the current equation and the
// Solver's variables.
type solveSection struct {
	Equations []string                `json:"equations"`
	Current   int                     `json:"current"`
	Vars      map[string]hp17b.Number `json:"vars"`
}

// stateFileV1 is the layout of schema version 1.
type stateFileV1 struct {
	Equations []string                `json:"equations"`
	Current   int                     `json:"current"`
	Vars      map[string]hp17b.Number `json:"vars"`
	Registers [10]hp17b.Number        `json:"registers"`
	Fix       int                     `json:"fix"`
	All       bool                    `json:"all"`
	Comma     bool                    `json:"comma"`
	Beep      bool                    `json:"beep"`
	X         hp17b.Number            `json:"x"`
	Window    *WindowPlace            `json:"window,omitempty"`
}

// decodeState reads a state file of any known schema version.
func decodeState(b []byte) (stateFile, error) {
	var head struct {
		Schema int `json:"schema"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return stateFile{}, err
	}
	switch head.Schema {
	case SchemaVersion:
		var st stateFile
		err := json.Unmarshal(b, &st)
		return st, err
	case 1:
		var v1 stateFileV1
		if err := json.Unmarshal(b, &v1); err != nil {
			return stateFile{}, err
		}
		return stateFile{Schema: SchemaVersion,
			Calculator: calcSection{X: v1.X, Registers: v1.Registers, Fix: v1.Fix, All: v1.All, Comma: v1.Comma, Beep: v1.Beep},
			Solve:      solveSection{Equations: v1.Equations, Current: v1.Current, Vars: v1.Vars},
			Window:     v1.Window}, nil
	}
	return stateFile{}, fmt.Errorf("schema version %d, expected %d", head.Schema, SchemaVersion)
}

// Store keeps continuous memory between runs: the state file today (a
// file written whole, atomically), browser storage for a web build.
type Store interface {
	// Load returns the stored bytes; a store with nothing kept returns
	// an error that is os.ErrNotExist.
	Load() ([]byte, error)
	// Save replaces what is stored by b.
	Save(b []byte) error
}

// fileStore is a Store in one file: written to a temporary file in the
// same folder, fsynced, then renamed, so a crash leaves either the old
// state or the new one.
type fileStore struct{ path string }

func (f fileStore) Load() ([]byte, error) { return os.ReadFile(f.path) }

func (f fileStore) Save(b []byte) error { return writeAtomic(f.path, b) }

type stateStore struct {
	Store
	last []byte
	err  error
}

// DefaultStatePath is os.UserConfigDir()/hp17b/state.json.
func DefaultStatePath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "hp17b", "state.json"), nil
}

func (m *Machine) snapshot() stateFile {
	st := stateFile{Schema: SchemaVersion,
		Calculator: calcSection{X: m.x, Registers: m.regs, Fix: m.mode.Fix, All: m.mode.All, Comma: m.mode.Comma, Beep: m.beep},
		Solve:      solveSection{Equations: append([]string{}, m.solve.eqs...), Current: m.solve.cur, Vars: m.vars.Snapshot()},
		Window:     m.window}
	for label, v := range m.appVars {
		if snap := v.Snapshot(); len(snap) > 0 {
			if st.Apps == nil {
				st.Apps = map[string]map[string]hp17b.Number{}
			}
			st.Apps[label] = snap
		}
	}
	return st
}

// saveLocked writes the state when it changed since the last write.
func (m *Machine) saveLocked() {
	if m.store == nil {
		return
	}
	b, err := json.MarshalIndent(m.snapshot(), "", " ")
	if err != nil || bytes.Equal(b, m.store.last) {
		return
	}
	if err := m.store.Save(b); err != nil {
		m.store.err = err
		m.setMsg("STATE NOT SAVED", "", nil)
		return
	}
	m.store.last, m.store.err = b, nil
}

func writeAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".state-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// SaveError returns the last error writing the state file, or nil.
func (m *Machine) SaveError() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.store == nil {
		return nil
	}
	return m.store.err
}

// WindowPlace is where the window was and how big, in the window
// system's device-independent pixels, kept with the state so that the
// window opens there again. It is not the calculator's memory and never
// shows on its display.
type WindowPlace struct {
	X, Y          int
	Width, Height int
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

// SetWindowPlace keeps the window's place in the state (written at once
// when the calculator has a state file).
func (m *Machine) SetWindowPlace(p WindowPlace) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.window = &p
	m.saveLocked()
}

// OpenState opens the calculator as the --state and --fresh options ask: a
// fresh one that reads and writes no file, or the one kept at path (the
// default state file when path is ""). notice reports a damaged file that
// was moved aside; err says why the calculator could not be opened.
func OpenState(path string, fresh bool) (m *Machine, notice string, err error) {
	if fresh {
		return New(), "", nil
	}
	if path == "" {
		if path, err = DefaultStatePath(); err != nil {
			return nil, "", fmt.Errorf("no place for the state file (%v); use --state FILE or --fresh", err)
		}
	}
	return Open(path)
}

// Open returns the calculator kept in the state file at path, saving every
// change back to it. A missing file gives a fresh calculator. A damaged or
// unreadable one is moved aside to path.damaged-TIMESTAMP, whose name is
// returned in notice (also shown on the display), and a fresh calculator
// starts: nothing is lost silently.
func Open(path string) (m *Machine, notice string, err error) {
	m = New()
	m.store = &stateStore{Store: fileStore{path}}
	b, err := m.store.Load()
	switch {
	case errors.Is(err, os.ErrNotExist):
		m.saveLocked()
		return m, "", nil
	case err != nil:
		return nil, "", fmt.Errorf("reading the state file: %w", err)
	}
	st, derr := decodeState(b)
	if derr != nil {
		aside := fmt.Sprintf("%s.damaged-%s", path, time.Now().UTC().Format("20060102T150405"))
		if err := os.Rename(path, aside); err != nil {
			return nil, "", fmt.Errorf("the state file %s is damaged (%v) and could not be moved aside: %w", path, derr, err)
		}
		m.setMsg("STATE DAMAGED: MOVED", "", nil)
		m.saveLocked()
		return m, fmt.Sprintf("the state file was damaged (%v); it was moved to %s and a fresh state started", derr, aside), nil
	}
	m.restore(st)
	m.store.last = nil
	m.saveLocked()
	return m, "", nil
}

func (m *Machine) restore(st stateFile) {
	m.solve.eqs = st.Solve.Equations
	m.solve.cur = max(0, min(st.Solve.Current, len(m.solve.eqs)-1))
	for n, v := range st.Solve.Vars {
		m.vars.Set(n, v)
	}
	for label, vars := range st.Apps {
		store := m.appStore(label)
		for n, v := range vars {
			store.Set(n, v)
		}
	}
	c := st.Calculator
	m.regs = c.Registers
	m.mode = hp17b.Mode{Fix: max(0, min(c.Fix, 11)), All: c.All, Comma: c.Comma}
	m.beep = c.Beep
	m.x = c.X
	m.window = st.Window
}
