package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hp17b/hp17b/internal/files"
)

// Keeping the state file: opening it, writing it after changes, merging
// another process's writes, and the Store it is kept in (the state file,
// filestore.go, or the browser's storage).

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

// snapshot is the calculator's continuous memory as the state file holds
// it: each section's part now.
func (m *Machine) snapshot() stateFile {
	st := stateFile{Schema: SchemaVersion, sections: map[string]any{}}
	for _, s := range stateSections() {
		st.sections[s.name] = s.save(m)
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
	// LockWait bounds the wait for another process's lock when Locked
	// is set (a command's --timeout; 0: DefaultLockWait), and Context,
	// when not nil, ends it early (Ctrl-C): Open's error is then a
	// *LockBusyError naming the process that holds the lock.
	LockWait time.Duration
	Context  context.Context
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
// (see fileStore): a missing file gives a fresh calculator, and so does an
// empty one (blank, or a byte-order mark alone: notice says so). A file that is
// not an hp17b state (not JSON, JSON without the marker that is not an
// older hp17b's state (ours), a fifo, a device or a folder, or larger than
// MaxStateSize, which this hp17b never writes) is an error and is left
// untouched: it is judged before the lock is taken, so nothing (no lock
// file, no temporary file) is made beside it. With o.Locked the lock is
// waited for at most o.LockWait (the error is then a *LockBusyError), and
// where it cannot be made (a folder the user cannot write) the state is
// read and left alone, as a read-only one is. A state of ours that is damaged (its JSON cut short or of the
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
	return open(o)
}

func open(o OpenOptions) (m *Machine, notice string, err error) {
	m = New(o.Equations)
	fs := newFileStore(o.Path)
	fs.ctx, fs.wait = o.Context, o.LockWait
	// The file is judged before anything is made beside it: no lock file,
	// temporary file or rename beside a file that is not ours.
	fs.look() // before the read: a write after it is seen as a change
	b, err := fs.Load()
	if err := judge(fs.path, b, err); err != nil {
		return nil, "", err
	}
	denied := false
	if o.Locked {
		if denied, err = fs.hold(); err != nil {
			return nil, "", err
		}
		if !denied { // read again under the lock: another process may have written it
			fs.look()
			b, err = fs.Load()
			if jerr := judge(fs.path, b, err); jerr != nil {
				fs.release()
				return nil, "", jerr
			}
		}
	}
	m.store = &stateStore{Store: fs, readOnly: denied}
	if !denied {
		removeOrphans(fs.path)
		os.Remove(fs.path + ".loading") // older versions' loading marker: the file itself is judged now
	}
	if errors.Is(err, os.ErrNotExist) {
		m.startFresh()
		return m, "", nil
	}
	b = bytes.TrimPrefix(b, utf8BOM)
	if len(bytes.TrimSpace(b)) == 0 {
		// An empty file (made by touch, or a failed copy) holds nothing to
		// lose: a fresh calculator starts in it, and says so.
		m.startFresh()
		return m, "the state file " + fs.path + " was empty: a fresh calculator starts in it", nil
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
	m.store.readOnly = denied || !writable(fs.path)
	if now, err := m.encode(); !m.store.readOnly && (err != nil || !bytes.Equal(now, b)) {
		m.sync(true) // in today's layout, merged with any write since b was read
	}
	return m, notice, nil
}

// judge returns nil when the state file at path may be opened as ours:
// it is missing (err is os.ErrNotExist) or b, read from it, is an hp17b
// state (ours), damaged or not. Otherwise the error says why it is left
// untouched.
func judge(path string, b []byte, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case errors.Is(err, files.ErrTooLarge):
		return fmt.Errorf("the state file %s is larger than %d bytes, which this hp17b never writes: it is not an hp17b state and is left untouched (use --state with another file, or --fresh)", path, MaxStateSize)
	case err != nil:
		return fmt.Errorf("reading the state file: %w", err)
	case len(bytes.TrimSpace(bytes.TrimPrefix(b, utf8BOM))) == 0:
		return nil // empty: a fresh calculator starts in it (open)
	case !ours(bytes.TrimPrefix(b, utf8BOM)):
		return fmt.Errorf("%s is not an hp17b state file (no \"%s\": \"%s\" marker, nor a state of an older hp17b): it is left untouched (use --state with another file, or --fresh)", path, markerKey, markerValue)
	}
	return nil
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
	b, err := m.snapshot().encode()
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
		aside, err = files.MoveAside(path)
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
// A section taken on replaces its owner's whole part (its lists,
// variables and appointments), and one absent from st empties it; the
// others, with the menus and list positions that go with them, are left
// as they are. The applications' sections are taken on first, then the
// calculator's own, and notes follows that order.
func (m *Machine) restoreSections(st stateFile, only map[string]bool) (notes []string) {
	secs := stateSections()
	for _, calc := range []bool{false, true} {
		for _, s := range secs {
			if (s.owner == "") == calc && (only == nil || only[s.name]) {
				notes = append(notes, s.restore(m, st.sections[s.name])...)
			}
		}
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
	return files.WriteReplacing(path, b)
}
