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

// SchemaVersion is the version of the state file's layout.
const SchemaVersion = 1

// stateFile is continuous memory as stored on disk (JSON).
type stateFile struct {
	Schema    int                     `json:"schema"`
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

type stateStore struct {
	path string
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
	return stateFile{Schema: SchemaVersion, Equations: append([]string{}, m.eqs...), Current: m.cur,
		Vars: m.vars.Snapshot(), Registers: m.regs, Fix: m.mode.Fix, All: m.mode.All,
		Comma: m.mode.Comma, Beep: m.beep, X: m.x, Window: m.window}
}

// saveLocked writes the state when it changed since the last write:
// a temporary file in the same folder, fsync, then rename, so a crash
// leaves either the old state or the new one.
func (m *Machine) saveLocked() {
	if m.store == nil {
		return
	}
	b, err := json.MarshalIndent(m.snapshot(), "", " ")
	if err != nil || bytes.Equal(b, m.store.last) {
		return
	}
	if err := writeAtomic(m.store.path, b); err != nil {
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
	m.store = &stateStore{path: path}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		m.saveLocked()
		return m, "", nil
	case err != nil:
		return nil, "", fmt.Errorf("reading the state file: %w", err)
	}
	var st stateFile
	derr := json.Unmarshal(b, &st)
	if derr == nil && st.Schema != SchemaVersion {
		derr = fmt.Errorf("schema version %d, expected %d", st.Schema, SchemaVersion)
	}
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
	m.eqs = st.Equations
	m.cur = max(0, min(st.Current, len(m.eqs)-1))
	for n, v := range st.Vars {
		m.vars.Set(n, v)
	}
	m.regs = st.Registers
	m.mode = hp17b.Mode{Fix: max(0, min(st.Fix, 11)), All: st.All, Comma: st.Comma}
	m.beep = st.Beep
	m.x = st.X
	m.window = st.Window
}
