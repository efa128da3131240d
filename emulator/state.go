package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
	// Sections are the owners' sections outside the calculator (the
	// heaps panel's game: "game"), each kept whole (Machine.Section).
	Sections map[string]json.RawMessage `json:"sections,omitempty"`
	Where    *whereSection              `json:"where,omitempty"`
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

// restore takes CFLO's lists from the state, taking a #TIMES out of
// 1…999 as 1, a list past maxFlows as its first maxFlows flows and a bad
// name as none; notes says what was changed so.
func (c *cfloApp) restore(s *cfloSection) (notes []string) {
	if s == nil {
		return nil
	}
	c.lists, c.noPrompt = nil, s.NoPrompt
	for i, j := range s.Lists {
		l := &cashList{Name: j.Name}
		if l.Name != "" && !validListName(l.Name) {
			notes = append(notes, fmt.Sprintf("CFLO list %d's name %q taken as none", i+1, visible(l.Name)))
			l.Name = ""
		}
		for k, f := range j.Flows {
			if k >= maxFlows {
				notes = append(notes, fmt.Sprintf("CFLO list %d cut to its first %d flows", i+1, maxFlows))
				break
			}
			t := f[1]
			if n, ok := t.Int64(); !ok || !t.IsInteger() || n < 1 || n > fin.MaxTimes {
				notes = append(notes, fmt.Sprintf("CFLO list %d flow %d: #TIMES %s taken as 1", i+1, k, t))
				t = hp17b.One
			}
			l.Items = append(l.Items, fin.Flow{Amount: f[0], Times: t})
		}
		c.lists = append(c.lists, l)
	}
	c.cur = max(0, min(s.Current, len(c.lists)-1))
	return notes
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
// its first maxItems items, a bad name taken as none and an unknown model
// as LIN; notes says what was changed so.
func (s *sumApp) restore(st *sumSection) (notes []string) {
	if st == nil {
		return nil
	}
	s.lists, s.model = nil, stat.Linear
	if st.Model >= int(stat.Linear) && st.Model <= int(stat.Power) {
		s.model = stat.Model(st.Model)
	} else if st.Model != 0 {
		notes = append(notes, fmt.Sprintf("SUM's model %d taken as LIN", st.Model))
	}
	for i, j := range st.Lists {
		l := &namedList[hp17b.Number]{Name: j.Name}
		if l.Name != "" && !validListName(l.Name) {
			notes = append(notes, fmt.Sprintf("SUM list %d's name %q taken as none", i+1, visible(l.Name)))
			l.Name = ""
		}
		if len(j.Items) > maxItems {
			notes = append(notes, fmt.Sprintf("SUM list %d cut to its first %d items", i+1, maxItems))
		}
		l.Items = append(l.Items, j.Items[:min(len(j.Items), maxItems)]...)
		s.lists = append(s.lists, l)
	}
	s.cur = max(0, min(st.Current, len(s.lists)-1))
	return notes
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

// maxOffset is the largest clock offset kept, in seconds (a hundred
// years; time.Duration holds 292).
const maxOffset = 100 * 366 * 24 * 3600

// restore takes the clock's part of the state; an offset of more than a
// hundred years is taken as 0, and an appointment with a bad number, time
// or repeat unit is dropped; notes says what was changed so.
func (c *clockState) restore(s *timeSection) (notes []string) {
	if s == nil {
		return nil
	}
	off := s.Offset
	if off > maxOffset || off < -maxOffset {
		notes = append(notes, fmt.Sprintf("the clock's offset of %d seconds (more than a hundred years) taken as 0", off))
		off = 0
	}
	c.offset, c.dayFirst, c.h24 = time.Duration(off)*time.Second, s.DayFirst, s.H24
	for _, j := range s.Appts {
		when, err := time.Parse(wallLayout, j.When)
		if err != nil || j.N < 1 || j.N > numAppts {
			notes = append(notes, fmt.Sprintf("appointment %d (%q) dropped", j.N, visible(j.When)))
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
	return notes
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

	// extra holds the top-level sections of the state that this hp17b
	// does not know (a later version's), written back as they were read.
	extra map[string]json.RawMessage
	// report, when set, is told of each section this calculator's write
	// took over another process's change of it (OnStateConflict).
	report func(string)
	// retry says the last batched write found the lock taken: it is
	// tried again later.
	retry bool

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
		Window: m.window, Sections: m.sectionsCopy(), CFLO: m.cflo.snapshot(), SUM: m.sum.snapshot(),
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
		m.syncNoWait()
		if st.retry { // another hp17b holds the lock: later
			st.pending, st.dirty = true, true
			time.AfterFunc(st.every, write)
		}
	}
	time.AfterFunc(st.every, write)
}

// syncNoWait is sync(false) that gives up, setting store.retry, when
// another process holds the state file's lock (a key script may hold it
// for its whole run; the window must not freeze meanwhile).
func (m *Machine) syncNoWait() {
	fs, ok := m.store.Store.(*fileStore)
	if ok {
		fs.noWait = true
		defer func() { fs.noWait = false }()
	}
	m.sync(false)
}

// sync writes the state if it changed since the last write, or always
// when force is set (at start: the file in today's layout, merged with
// what other processes wrote since it was read).
func (m *Machine) sync(force bool) {
	if m.store == nil {
		return
	}
	m.store.retry = false
	b, err := m.encode()
	if err != nil || (!force && bytes.Equal(b, m.store.last)) {
		return
	}
	if len(b) > MaxStateWrite {
		m.store.err = errFull(len(b))
		m.setMsg("STATE FULL: NOT SAVED", "", nil)
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
	if errors.Is(err, errLockBusy) {
		m.store.retry = true
		return
	}
	if err != nil {
		m.store.err = err
		m.setMsg("STATE NOT SAVED", "", nil)
		return
	}
	if !bytes.Equal(written, b) {
		if st, err := decodeState(written); err == nil {
			m.restoreSections(st, changedSections(b, written))
			m.store.extra = unknownSections(written)
		}
	}
	m.store.last, m.store.err = written, nil
	if fs, ok := m.store.Store.(*fileStore); ok {
		m.reportConflicts(fs.takeConflicts())
	}
}

// OnStateConflict has report called, with a sentence, whenever a write of
// the state file finds that another hp17b changed a section this
// calculator changed too (the window; a key script holds the file for its
// whole run and never meets one). This calculator's change, the later
// one, is kept; the display says REPLACED OTHER CHANGE and names the
// sections. report is called with the machine's lock held: it must not
// call the machine.
func (m *Machine) OnStateConflict(report func(string)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.store != nil {
		m.store.report = report
	}
}

// Close writes what SaveEvery held back (Flush) and gives up the state
// file's lock that Open took (OpenOptions.Locked); the machine is not to
// be used after. It returns Flush's error.
func (m *Machine) Close() error {
	err := m.Flush()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.store != nil {
		if fs, ok := m.store.Store.(*fileStore); ok {
			fs.release()
		}
	}
	return err
}

// refreshLocked takes on what another process wrote to the state file
// since this calculator last read or wrote it, before a key acts on stale
// lists (the window, which holds no lock between its writes): the
// sections only the other changed are taken on whole, and this
// calculator's unsaved changes are kept (a section both changed stays
// this calculator's, to be written at its next save, and is reported as
// sync reports it). A file that cannot be read or merged is left for the
// next save to handle. It costs a stat when nothing changed.
func (m *Machine) refreshLocked() {
	st := m.store
	if st == nil || st.readOnly || m.busy {
		return
	}
	fs, ok := st.Store.(*fileStore)
	if !ok || fs.held != nil || !fs.changed() {
		return
	}
	fs.look()
	cur, err := fs.Load()
	if err != nil || bytes.Equal(cur, st.last) || st.last == nil {
		return
	}
	ours, err := m.encode()
	if err != nil {
		return
	}
	merged, conflicts, ok := mergeSections(st.last, ours, cur)
	if !ok {
		return
	}
	next, err := decodeState(merged)
	if err != nil {
		return
	}
	m.restoreSections(next, changedSections(ours, merged))
	m.store.extra = unknownSections(merged)
	st.last = cur
	m.reportConflicts(conflicts)
}

// reportConflicts says, on the display and to OnStateConflict's report,
// which sections this calculator's change took over another process's.
func (m *Machine) reportConflicts(c []string) {
	if len(c) == 0 {
		return
	}
	m.setMsg("REPLACED OTHER CHANGE", strings.ToUpper(strings.Join(c, " ")), nil)
	if m.store.report != nil {
		m.store.report(fmt.Sprintf("another hp17b changed the state's %s meanwhile; this calculator's later change replaced it",
			strings.Join(c, ", ")))
	}
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

// OpenOptions says how Open opens the calculator.
type OpenOptions struct {
	// Path is the state file; "" is the default state file
	// (DefaultStatePath).
	Path string
	// Store, when not nil, keeps continuous memory in place of a state
	// file (the browser's storage in the web build); Path and Locked must
	// then be left zero.
	Store Store
	// Fresh opens a fresh calculator that reads and writes nothing (the
	// --fresh option); Path and Store are then not used.
	Fresh bool
	// Locked is for a short command (a key script): the state file's lock
	// is taken before the file is read and held until Close, so that the
	// command's run happens wholly before or after any other writer's and
	// nothing needs merging; another process that holds the lock is
	// waited for. Without it (a long-lived calculator: the window) the
	// file is locked for each write only, and a write that finds another
	// process's changes merges whole sections (mergeSections).
	Locked bool
	// Equations are the SOLVE list a fresh calculator starts with, as New
	// takes them (programs.DefaultEquations for the program's own): when
	// Fresh is set, the store holds nothing yet, or what it holds cannot be
	// used.
	Equations []string
}

// Open returns the calculator kept in the state file (o.Path) or the store
// (o.Store), saving every change back to it, or a fresh one (o.Fresh),
// that saves nothing. notice says what the calculator had to do to open
// (a damaged state moved aside or replaced, values taken as it can hold
// them; also shown on the display); err says why it could not be opened.
//
// The state file, written to a symbolic link's target when o.Path is one
// (see fileStore): a missing file gives a fresh calculator. A file that is
// not an hp17b state (not JSON, JSON that is not ours, or larger than
// MaxStateSize, which this hp17b never writes) is an error and is left
// untouched. A state of ours that is damaged (its JSON cut short or of the
// wrong shape) is moved aside to PATH.damaged-TIMESTAMP (a name never
// reused), whose name notice gives, and a fresh calculator starts: nothing
// is lost silently. A file from a newer hp17b is left untouched and this
// session is not saved (STATE TOO NEW; SaveError and Flush say so); a
// read-only file is read and left alone (STATE NOT SAVED at the first
// change). Temporary files that crashed writes left are removed. A UTF-8
// byte-order mark before the JSON is allowed. Values out of range (a clock
// offset past a hundred years, a #TIMES past 999, …) are taken as the
// calculator can hold them, and notice says which. With no o.Path and no
// place for the default state file, the error says to use --state or
// --fresh.
//
// A store (o.Store): an empty store gives a fresh calculator; a damaged
// state or one from a newer hp17b gives a fresh one and says so in notice
// (and on the display): a damaged state is replaced at the first save, one
// too new is left alone and this session is not saved. The error is the
// store's own.
func Open(o OpenOptions) (m *Machine, notice string, err error) {
	switch {
	case o.Fresh:
		return New(o.Equations), "", nil
	case o.Store != nil && (o.Path != "" || o.Locked):
		return nil, "", errors.New("emulator.Open: a Store takes no Path and no lock")
	case o.Store != nil:
		return openStore(o.Store, o.Equations)
	}
	if o.Path == "" {
		if o.Path, err = DefaultStatePath(); err != nil {
			return nil, "", fmt.Errorf("no place for the state file (%v); use --state FILE or --fresh", err)
		}
	}
	return open(o.Path, o.Locked, o.Equations)
}

func open(path string, hold bool, equations []string) (m *Machine, notice string, err error) {
	m = New(equations)
	fs := newFileStore(path)
	if hold {
		if err := fs.hold(); err != nil {
			return nil, "", err
		}
	}
	fail := func(err error) (*Machine, string, error) {
		fs.release()
		return nil, "", err
	}
	m.store = &stateStore{Store: fs}
	removeOrphans(fs.path)
	fs.look()                       // before the read: a write after it is seen as a change
	os.Remove(fs.path + ".loading") // older versions' loading marker: the file itself is judged now
	b, err := m.store.Load()
	switch {
	case errors.Is(err, os.ErrNotExist):
		m.startFresh()
		return m, "", nil
	case errors.Is(err, files.ErrTooLarge):
		return fail(fmt.Errorf("the state file %s is larger than %d bytes, which this hp17b never writes: it is not an hp17b state and is left untouched (use --state with another file, or --fresh)", fs.path, MaxStateSize))
	case err != nil:
		return fail(fmt.Errorf("reading the state file: %w", err))
	}
	b = bytes.TrimPrefix(b, utf8BOM)
	if !ours(b) {
		return fail(fmt.Errorf("%s is not an hp17b state file (not a JSON object with a schema): it is left untouched (use --state with another file, or --fresh)", fs.path))
	}
	st, derr := decodeState(b)
	var tn tooNew
	switch {
	case errors.As(derr, &tn):
		return m, m.refuseNewer(tn), nil
	case derr != nil:
		return m.setAside(fs.path, b, derr)
	}
	if notes := m.restore(st); len(notes) > 0 {
		notice = "the state file held values out of range, taken as follows (written so at the next save): " + strings.Join(notes, "; ")
	}
	m.store.extra = unknownSections(b)
	m.store.last = b
	m.store.readOnly = !writable(fs.path)
	if now, err := m.encode(); !m.store.readOnly && (err != nil || !bytes.Equal(now, b)) {
		m.sync(true) // in today's layout, merged with any write since b was read
	}
	return m, notice, nil
}

// utf8BOM is the byte-order mark some editors put before UTF-8 text.
var utf8BOM = []byte("\xef\xbb\xbf")

// ours reports whether b is, or was meant to be, an hp17b state: a JSON
// object with a "schema" member, or text that starts as one does (an
// object whose first member is "schema", cut short or damaged after it).
// Anything else (notes, another program's JSON) is not ours to move.
func ours(b []byte) bool {
	var head map[string]json.RawMessage
	if json.Unmarshal(b, &head) == nil {
		_, ok := head["schema"]
		return ok
	}
	t := bytes.TrimLeft(b, " \t\r\n")
	if !bytes.HasPrefix(t, []byte("{")) {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return bytes.HasPrefix(t, []byte(`"schema"`))
}

// knownSections are the state file's top-level members this hp17b reads
// (stateFile's JSON names).
var knownSections = func() map[string]bool {
	known := map[string]bool{}
	t := reflect.TypeFor[stateFile]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		known[name] = true
	}
	return known
}()

// changedSections names the top-level sections whose text differs
// between the states a and b (present in one only, or changed).
func changedSections(a, b []byte) map[string]bool {
	var ta, tb map[string]json.RawMessage
	_ = json.Unmarshal(a, &ta)
	_ = json.Unmarshal(b, &tb)
	changed := map[string]bool{}
	for k, v := range ta {
		if w, ok := tb[k]; !ok || !sameJSON(v, w) {
			changed[k] = true
		}
	}
	for k := range tb {
		if _, ok := ta[k]; !ok {
			changed[k] = true
		}
	}
	return changed
}

// unknownSections are the top-level members of the state b that this
// hp17b does not read (nil when there are none).
func unknownSections(b []byte) map[string]json.RawMessage {
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return nil
	}
	var extra map[string]json.RawMessage
	for k, v := range top {
		if !knownSections[k] {
			if extra == nil {
				extra = map[string]json.RawMessage{}
			}
			extra[k] = v
		}
	}
	return extra
}

// openStore is Open for a store.
func openStore(s Store, equations []string) (m *Machine, notice string, err error) {
	m = New(equations)
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
	m.store.readOnly, m.store.err = true, tn
	m.setMsg("STATE TOO NEW", "", nil)
	return tn.Error() + "; it is left untouched and this session is not saved"
}

// encode is the state file's text for the calculator now, with the
// sections of a later version that it does not know kept as they were.
func (m *Machine) encode() ([]byte, error) {
	b, err := json.MarshalIndent(m.snapshot(), "", " ")
	if err != nil || m.store == nil || len(m.store.extra) == 0 {
		return b, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, err
	}
	for k, v := range m.store.extra {
		top[k] = v
	}
	return json.MarshalIndent(top, "", " ")
}

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
	fs := m.store.Store.(*fileStore)
	unlock, err := fs.lock()
	if err != nil {
		fs.release()
		return nil, "", err
	}
	aside := "another hp17b's copy"
	cur, rerr := files.ReadRegular(path, MaxStateSize)
	if rerr == nil && bytes.Equal(bytes.TrimPrefix(cur, utf8BOM), damaged) {
		aside, err = moveAside(path)
	}
	unlock()
	if err != nil {
		fs.release()
		return nil, "", fmt.Errorf("the state file %s is damaged (%v) and could not be moved aside: %w", path, why, err)
	}
	m.setMsg("STATE DAMAGED: MOVED", "", nil)
	m.startFresh()
	return m, fmt.Sprintf("the state file was damaged (%v); it was moved to %s and a fresh state started", why, aside), nil
}

// restore takes the whole state on (at start); notes says which values
// were out of range and how they were taken.
func (m *Machine) restore(st stateFile) (notes []string) { return m.restoreSections(st, nil) }

// restoreSections takes on the sections of st named in only (by their
// JSON names; nil for all): after a merge, those another process wrote.
// A section taken on replaces this calculator's whole (its lists,
// variables and appointments), and one absent from st empties it; the
// others, with the menus and list positions that go with them, are left
// as they are.
func (m *Machine) restoreSections(st stateFile, only map[string]bool) (notes []string) {
	take := func(name string) bool { return only == nil || only[name] }
	if take("solve") {
		m.solve.eqs = make([]string, len(st.Solve.Equations))
		for i, t := range st.Solve.Equations {
			m.solve.eqs[i] = visible(t) // a control character typed into the file shows as "?"
			if m.solve.eqs[i] != t {
				notes = append(notes, fmt.Sprintf("equation %d's control characters shown as ?", i+1))
			}
		}
		m.solve.cur = max(0, min(st.Solve.Current, len(m.solve.eqs)-1))
		if only != nil {
			m.vars.Delete(m.vars.Names()...)
		}
		for n, v := range st.Solve.Vars {
			m.vars.Set(n, v)
		}
	}
	if take("apps") {
		if only != nil {
			for _, v := range m.appVars {
				v.Delete(v.Names()...)
			}
		}
		for label, vars := range st.Apps {
			store := m.appStore(label)
			for n, v := range vars {
				store.Set(n, v)
			}
		}
	}
	if take("cflo") {
		if st.CFLO == nil {
			m.cflo.lists, m.cflo.cur = nil, 0
		}
		notes = append(notes, m.cflo.restore(st.CFLO)...)
	}
	if take("sum") {
		if st.SUM == nil {
			m.sum.lists, m.sum.cur = nil, 0
		}
		notes = append(notes, m.sum.restore(st.SUM)...)
	}
	if take("time") {
		if st.Time == nil {
			st.Time = &timeSection{}
		}
		m.clk.offset, m.clk.dayFirst, m.clk.h24 = 0, false, false
		for i := range m.clk.appts {
			m.clk.appts[i] = appointment{}
		}
		notes = append(notes, m.clk.restore(st.Time)...)
	}
	if take("currx") {
		if st.CURRX == nil {
			st.CURRX = &currxSection{}
		}
		m.currx.restore(st.CURRX)
	}
	if take("calculator") {
		c := st.Calculator
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
	}
	if take("window") {
		m.window = st.Window
	}
	if take("sections") {
		m.sections = st.Sections
	}
	if m.where.resume == nil {
		m.where.resume = st.Where // for Resume, once: not on a merge
	}
	return notes
}

// SaveStateAs writes the calculator's state now to a new state file at
// path (through a temporary file, fsynced, then renamed, as the state file
// itself is written), for "save as": opening path (Open) then gives this
// calculator back. The calculator keeps saving to its own store. The error
// is the file's; path must not exist yet (os.ErrExist), so that no state
// is overwritten by accident.
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
