package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hp17b/hp17b/fin"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/stat"
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
	CFLO       *cfloSection                       `json:"cflo,omitempty"`
	SUM        *sumSection                        `json:"sum,omitempty"`
	Time       *timeSection                       `json:"time,omitempty"`
	CURRX      *currxSection                      `json:"currx,omitempty"`
	Window     *WindowPlace                       `json:"window,omitempty"`
	Where      *whereSection                      `json:"where,omitempty"`
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
}

// solveSection is SOLVE's: the equation list, the current equation and the
// Solver's variables.
type solveSection struct {
	Equations []string                `json:"equations"`
	Current   int                     `json:"current"`
	Vars      map[string]hp17b.Number `json:"vars"`
}

// cfloSection is CFLO's lists: each flow is [amount, #TIMES].
type cfloSection struct {
	Lists    []cfloListJSON `json:"lists"`
	Current  int            `json:"current"`
	NoPrompt bool           `json:"noPrompt,omitempty"`
}

type cfloListJSON struct {
	Name  string            `json:"name,omitempty"`
	Flows [][2]hp17b.Number `json:"flows"`
}

// cfloSnapshot is CFLO's part of the state; nil when it holds nothing.
func (c *cfloApp) snapshot() *cfloSection {
	if len(c.lists) == 0 {
		return nil
	}
	s := &cfloSection{Current: c.cur, NoPrompt: c.noPrompt}
	for _, l := range c.lists {
		j := cfloListJSON{Name: l.Name, Flows: [][2]hp17b.Number{}}
		for _, f := range l.Items {
			j.Flows = append(j.Flows, [2]hp17b.Number{f.Amount, f.Times})
		}
		s.Lists = append(s.Lists, j)
	}
	return s
}

// restore takes CFLO's lists from the state, dropping a #TIMES out of
// 1…999 to 1 and a list past maxFlows to its first maxFlows flows.
func (c *cfloApp) restore(s *cfloSection) {
	if s == nil {
		return
	}
	c.lists, c.noPrompt = nil, s.NoPrompt
	for _, j := range s.Lists {
		l := &cashList{Name: j.Name}
		if !validListName(l.Name) {
			l.Name = ""
		}
		for k, f := range j.Flows {
			if k >= maxFlows {
				break
			}
			t := f[1]
			if n, ok := t.Int64(); !ok || !t.IsInteger() || n < 1 || n > fin.MaxTimes {
				t = hp17b.One
			}
			l.Items = append(l.Items, fin.Flow{Amount: f[0], Times: t})
		}
		c.lists = append(c.lists, l)
	}
	c.cur = max(0, min(s.Current, len(c.lists)-1))
}

// sumSection is SUM's lists and the model FRCST used last.
type sumSection struct {
	Lists   []sumListJSON `json:"lists"`
	Current int           `json:"current"`
	Model   int           `json:"model,omitempty"`
}

type sumListJSON struct {
	Name  string         `json:"name,omitempty"`
	Items []hp17b.Number `json:"items"`
}

// snapshot is SUM's part of the state; nil when it holds nothing.
func (s *sumApp) snapshot() *sumSection {
	if len(s.lists) == 0 {
		return nil
	}
	out := &sumSection{Current: s.cur, Model: int(s.model)}
	for _, l := range s.lists {
		out.Lists = append(out.Lists, sumListJSON{Name: l.Name, Items: append([]hp17b.Number{}, l.Items...)})
	}
	return out
}

// restore takes SUM's lists from the state, a list past maxItems cut to
// its first maxItems items and an unknown model taken as LIN.
func (s *sumApp) restore(st *sumSection) {
	if st == nil {
		return
	}
	s.lists, s.model = nil, stat.Linear
	if st.Model >= int(stat.Linear) && st.Model <= int(stat.Power) {
		s.model = stat.Model(st.Model)
	}
	for _, j := range st.Lists {
		l := &namedList[hp17b.Number]{Name: j.Name}
		if !validListName(l.Name) {
			l.Name = ""
		}
		l.Items = append(l.Items, j.Items[:min(len(j.Items), maxItems)]...)
		s.lists = append(s.lists, l)
	}
	s.cur = max(0, min(st.Current, len(s.lists)-1))
}

// timeSection is the clock's settings and the appointments: the clock's
// offset from the host's in seconds, and each appointment's wall time as
// "2006-01-02T15:04:05".
type timeSection struct {
	Offset   int64      `json:"offset,omitempty"`
	DayFirst bool       `json:"dayFirst,omitempty"`
	H24      bool       `json:"h24,omitempty"`
	Appts    []apptJSON `json:"appointments,omitempty"`
}

type apptJSON struct {
	N     int    `json:"n"`
	When  string `json:"when"`
	Msg   string `json:"msg,omitempty"`
	Every int    `json:"every,omitempty"`
	Unit  string `json:"unit,omitempty"`
	Due   bool   `json:"due,omitempty"`
}

const wallLayout = "2006-01-02T15:04:05"

// snapshot is the clock's part of the state; nil when it holds nothing.
func (c *clockState) snapshot() *timeSection {
	s := &timeSection{Offset: int64(c.offset / time.Second), DayFirst: c.dayFirst, H24: c.h24}
	for i, a := range c.appts {
		if a.Set {
			j := apptJSON{N: i + 1, When: a.When.Format(wallLayout), Msg: a.Msg, Due: a.Due}
			if a.Unit != repeatNone {
				j.Every, j.Unit = a.Every, repeatNames[a.Unit]
			}
			s.Appts = append(s.Appts, j)
		}
	}
	if s.Offset == 0 && !s.DayFirst && !s.H24 && len(s.Appts) == 0 {
		return nil
	}
	return s
}

// restore takes the clock's part of the state; an appointment with a bad
// number, time or repeat unit is dropped.
func (c *clockState) restore(s *timeSection) {
	if s == nil {
		return
	}
	c.offset, c.dayFirst, c.h24 = time.Duration(s.Offset)*time.Second, s.DayFirst, s.H24
	for _, j := range s.Appts {
		when, err := time.Parse(wallLayout, j.When)
		if err != nil || j.N < 1 || j.N > numAppts {
			continue
		}
		a := appointment{Set: true, When: when, Msg: fit(j.Msg), Due: j.Due}
		for u, name := range repeatNames {
			if name == j.Unit && u != int(repeatNone) && j.Every >= 1 && j.Every <= 999 {
				a.Unit, a.Every = repeatUnit(u), j.Every
			}
		}
		c.appts[j.N-1] = a
	}
}

// currxSection is CURRX's current pair and its six stored pairs (a pair
// as the indexes of its two currencies).
type currxSection struct {
	Pair   *pairJSON    `json:"pair,omitempty"`
	Stored [6]*pairJSON `json:"stored"`
}

type pairJSON struct {
	Cur1 int          `json:"cur1"`
	Cur2 int          `json:"cur2"`
	Rate hp17b.Number `json:"rate"`
}

func pairToJSON(p currencyPair) *pairJSON {
	if !p.Set {
		return nil
	}
	return &pairJSON{Cur1: p.Cur1, Cur2: p.Cur2, Rate: p.Rate}
}

func pairFromJSON(j *pairJSON) currencyPair {
	if j == nil || j.Cur1 < 0 || j.Cur2 < 0 || j.Cur1 >= len(currencies) || j.Cur2 >= len(currencies) {
		return currencyPair{}
	}
	return currencyPair{Cur1: j.Cur1, Cur2: j.Cur2, Rate: j.Rate, Set: true}
}

// snapshot is CURRX's part of the state; nil when no pair was ever chosen.
func (c *currxApp) snapshot() *currxSection {
	s := &currxSection{Pair: pairToJSON(c.pair)}
	empty := s.Pair == nil
	for i, p := range c.stored {
		s.Stored[i] = pairToJSON(p)
		empty = empty && s.Stored[i] == nil
	}
	if empty {
		return nil
	}
	return s
}

// restore takes CURRX's part of the state; a pair naming no currency is
// dropped.
func (c *currxApp) restore(s *currxSection) {
	if s == nil {
		return
	}
	c.pair = pairFromJSON(s.Pair)
	for i, j := range s.Stored {
		c.stored[i] = pairFromJSON(j)
	}
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
	if head.Schema > SchemaVersion {
		return stateFile{}, tooNew{head.Schema}
	}
	return stateFile{}, fmt.Errorf("schema version %d, expected %d", head.Schema, SchemaVersion)
}

// Store keeps continuous memory between runs: the state file today
// (fileStore), browser storage for a web build.
type Store interface {
	// Load returns the stored bytes; a store with nothing kept returns
	// an error that is os.ErrNotExist.
	Load() ([]byte, error)
	// Save stores b, which was made from base (what this calculator last
	// loaded or saved; nil at first). When another writer changed the
	// store since base, the three are merged (this calculator's changes
	// over base, applied to what is stored) and what was stored is
	// returned, for the calculator to take on.
	Save(base, b []byte) ([]byte, error)
}

type stateStore struct {
	Store
	last     []byte
	err      error
	readOnly bool // the file may not be written: changes are not saved

	// every, when not 0, batches the writes (see SaveEvery); dirty says
	// a change waits, pending that a write is scheduled.
	every          time.Duration
	dirty, pending bool
}

// SaveEvery batches the state file's writes: at most one every d (the
// window: a few a second), or, with d < 0, none until Flush (a key
// script: one write at its end). 0, the default, writes after every
// change. Call Flush before the program ends.
func (m *Machine) SaveEvery(d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.store != nil {
		m.store.every = d
	}
}

// Flush writes a change that SaveEvery held back (not while the Solver
// works: the write then follows the solve). It returns SaveError's error.
func (m *Machine) Flush() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.store == nil {
		return nil
	}
	if m.store.dirty && !m.busy {
		m.store.dirty = false
		m.sync(false)
	}
	return m.store.err
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
		Calculator: calcSection{X: m.x, Registers: m.regs, Fix: m.mode.Fix, All: m.mode.All, Comma: m.mode.Comma, Beep: m.beep,
			RPN: m.rpn.on, Stack: m.rpn.inUse(), NoLift: m.rpn.on && m.rpn.noLift, Adapter: m.adapter, Double: m.dbl, Model: modelName(m.model)},
		Solve:  solveSection{Equations: append([]string{}, m.solve.eqs...), Current: m.solve.cur, Vars: m.vars.Snapshot()},
		Window: m.window, CFLO: m.cflo.snapshot(), SUM: m.sum.snapshot(),
		Time: m.clk.snapshot(), CURRX: m.currx.snapshot(), Where: m.whereNow()}
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

// saveLocked writes the state when it changed since the last write; when
// another process wrote the file meanwhile, both changes are kept (see
// Store.Save) and the calculator takes the merged state on.
//
// Nothing is read while the Solver works (it writes the variables then):
// the change is kept for the next save, after the solve.
func (m *Machine) saveLocked() {
	st := m.store
	switch {
	case st == nil:
		return
	case m.busy:
		st.dirty = true
		return
	case st.every == 0:
		m.sync(false)
		return
	}
	st.dirty = true
	if st.every < 0 || st.pending {
		return
	}
	st.pending = true
	var write func()
	write = func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.busy { // not while the Solver writes the variables
			time.AfterFunc(st.every, write)
			return
		}
		st.pending, st.dirty = false, false
		m.sync(false)
	}
	time.AfterFunc(st.every, write)
}

// sync writes the state if it changed since the last write, or always
// when force is set (at start: the file in today's layout, merged with
// what other processes wrote since it was read).
func (m *Machine) sync(force bool) {
	if m.store == nil {
		return
	}
	b, err := m.encode()
	if err != nil || (!force && bytes.Equal(b, m.store.last)) {
		return
	}
	if m.store.readOnly {
		if m.store.err == nil {
			m.store.err = errReadOnly
			m.setMsg("STATE NOT SAVED", "", nil)
		}
		return
	}
	written, err := m.store.Save(m.store.last, b)
	if err != nil {
		m.store.err = err
		m.setMsg("STATE NOT SAVED", "", nil)
		return
	}
	if !bytes.Equal(written, b) {
		if st, err := decodeState(written); err == nil {
			m.restore(st)
		}
	}
	m.store.last, m.store.err = written, nil
}

// errReadOnly is why a read-only state file is not written.
var errReadOnly = errors.New("the state file is read-only: changes are not saved")

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
// change back to it (to a symbolic link's target when path is one; see
// fileStore). A missing file gives a fresh calculator. A damaged one, or
// one whose last load crashed the program, is moved aside to
// path.damaged-TIMESTAMP (a name never reused), whose name is returned in
// notice (also shown on the display), and a fresh calculator starts:
// nothing is lost silently. A file from a newer hp17b is left untouched
// and this session is not saved (STATE TOO NEW); a read-only file is read
// and left alone (STATE NOT SAVED at the first change). Temporary files
// that crashed writes left are removed.
func Open(path string) (m *Machine, notice string, err error) {
	m = New()
	fs := newFileStore(path)
	m.store = &stateStore{Store: fs}
	removeOrphans(fs.path)
	b, err := m.store.Load()
	switch {
	case errors.Is(err, os.ErrNotExist):
		m.startFresh()
		return m, "", nil
	case errors.Is(err, files.ErrTooLarge):
		return m.setAside(fs.path, nil, err)
	case err != nil:
		return nil, "", fmt.Errorf("reading the state file: %w", err)
	}
	if crashedLoading(fs.path) {
		return m.setAside(fs.path, b, errors.New("the program stopped while loading it last time"))
	}
	st, derr := decodeState(b)
	var tn tooNew
	switch {
	case errors.As(derr, &tn):
		return m, m.refuseNewer(tn), nil
	case derr != nil:
		return m.setAside(fs.path, b, derr)
	}
	done := markLoading(fs.path)
	m.restore(st)
	done()
	m.store.last = b
	m.store.readOnly = !writable(fs.path)
	if !m.store.readOnly {
		m.sync(true) // in today's layout, merged with any write since b was read
	}
	return m, "", nil
}

// OpenStore returns the calculator kept in s (the browser's storage in the
// web build), saving every change back to it. An empty store gives a fresh
// calculator; a damaged state or one from a newer hp17b gives a fresh one
// and says so in notice (and on the display): a damaged state is replaced
// at the first save, one too new is left alone and this session is not
// saved. The error is the store's own.
func OpenStore(s Store) (m *Machine, notice string, err error) {
	m = New()
	m.store = &stateStore{Store: s}
	b, err := s.Load()
	switch {
	case errors.Is(err, os.ErrNotExist):
		m.startFresh()
		return m, "", nil
	case err != nil:
		return nil, "", fmt.Errorf("reading the kept state: %w", err)
	}
	st, derr := decodeState(b)
	var tn tooNew
	switch {
	case errors.As(derr, &tn):
		return m, m.refuseNewer(tn), nil
	case derr != nil:
		m.store.last = b
		m.setMsg("STATE DAMAGED", "", nil)
		return m, fmt.Sprintf("the kept state was damaged (%v): a fresh calculator starts", derr), nil
	}
	m.restore(st)
	m.store.last = b
	return m, "", nil
}

// refuseNewer leaves a state from a newer hp17b alone: this session is not
// saved, the display says STATE TOO NEW, and the notice says why.
func (m *Machine) refuseNewer(tn tooNew) string {
	m.store = nil
	m.setMsg("STATE TOO NEW", "", nil)
	return tn.Error() + "; it is left untouched and this session is not saved"
}

// encode is the state file's text for the calculator now.
func (m *Machine) encode() ([]byte, error) { return json.MarshalIndent(m.snapshot(), "", " ") }

// startFresh writes a fresh calculator's state: what it starts from is a
// fresh one, so another process that wrote the file meanwhile is merged
// with.
func (m *Machine) startFresh() {
	m.store.last, _ = m.encode()
	m.sync(true)
}

// setAside moves a state file that cannot be used aside and starts fresh.
// It works under the state file's lock and only on the bytes it judged
// (damaged, read before): when another process has already set them
// aside, nothing more is moved.
func (m *Machine) setAside(path string, damaged []byte, why error) (*Machine, string, error) {
	unlock, err := lockFile(path + ".lock")
	if err != nil {
		return nil, "", err
	}
	aside := "another hp17b's copy"
	cur, rerr := files.ReadRegular(path, MaxStateSize)
	_, serr := os.Stat(path)
	if (damaged == nil && serr == nil) || (rerr == nil && bytes.Equal(cur, damaged)) {
		aside, err = moveAside(path)
	}
	unlock()
	if err != nil {
		return nil, "", fmt.Errorf("the state file %s is damaged (%v) and could not be moved aside: %w", path, why, err)
	}
	m.setMsg("STATE DAMAGED: MOVED", "", nil)
	m.startFresh()
	return m, fmt.Sprintf("the state file was damaged (%v); it was moved to %s and a fresh state started", why, aside), nil
}

// markLoading leaves path+".loading" (holding this process's id) while a
// state is being loaded; the returned function removes it. A marker left
// by a process that is gone means that loading crashed it.
func markLoading(path string) func() {
	marker := path + ".loading"
	_ = os.WriteFile(marker, []byte(strconv.Itoa(os.Getpid())), 0o644)
	return func() { os.Remove(marker) }
}

// crashedLoading reports whether a process died while loading the state
// file (its marker is there and it no longer runs).
func crashedLoading(path string) bool {
	b, err := os.ReadFile(path + ".loading")
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid == os.Getpid() || !processAlive(pid) {
		os.Remove(path + ".loading")
		return err == nil && pid != os.Getpid()
	}
	return false
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
	m.cflo.restore(st.CFLO)
	m.sum.restore(st.SUM)
	m.clk.restore(st.Time)
	m.currx.restore(st.CURRX)
	c := st.Calculator
	m.regs = c.Registers
	m.mode = hp17b.Mode{Fix: max(0, min(c.Fix, 11)), All: c.All, Comma: c.Comma}
	m.beep = c.Beep
	m.x = c.X
	m.rpn.on = c.RPN
	m.rpn.restore(c.Stack)
	m.rpn.noLift = c.RPN && c.NoLift
	m.adapter, m.dbl = c.Adapter, c.Double
	m.model, _ = solver.ParseModel(c.Model) // an unknown name reads as the 17BII
	m.window = st.Window
	if m.where.resume == nil {
		m.where.resume = st.Where // for Resume, once: not on a merge
	}
}

// SaveStateAs writes the calculator's state now to a new state file at
// path (through a temporary file, fsynced, then renamed, as the state file
// itself is written), for "save as": Open(path) then gives this calculator
// back. The calculator keeps saving to its own store. The error is the
// file's; path must not exist yet (os.ErrExist), so that no state is
// overwritten by accident.
func (m *Machine) SaveStateAs(path string) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s: %w", path, os.ErrExist)
	}
	m.mu.Lock()
	b, err := m.encode()
	m.mu.Unlock()
	if err != nil {
		return err
	}
	return writeAtomic(path, b)
}

// modelName is a model's name in the state file: empty for the HP-17BII.
func modelName(m solver.Model) string {
	if m == solver.Model17BII {
		return ""
	}
	return m.String()
}
