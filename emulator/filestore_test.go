package emulator

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTwoDamagedFilesInOneSecond: each damaged file gets its own name;
// neither is overwritten.
func TestTwoDamagedFilesInOneSecond(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	var asides []string
	damaged := []string{`{"schema": 2, first`, `{"schema": 2, second`}
	for i, junk := range damaged {
		require.NoError(t, os.WriteFile(path, []byte(junk), 0o644))
		_, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err, i)
		require.Contains(t, notice, "moved to")
		asides = append(asides, notice[strings.Index(notice, "moved to ")+len("moved to "):strings.Index(notice, " and a fresh")])
	}
	require.NotEqual(t, asides[0], asides[1])
	for i, want := range damaged {
		b, err := os.ReadFile(asides[i])
		require.NoError(t, err)
		assert.Equal(t, want, string(b), "kept byte for byte")
	}
}

// TestConcurrentWriters: 20 short commands on one state file at once
// (Open, Locked: each holds the lock from its read to its write), each
// storing in its own register or adding its own equation to the same
// list: every write is kept.
func TestConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mi, _, err := Open(OpenOptions{Path: path, Locked: true, Equations: defaults})
			if !assert.NoError(t, err) {
				return
			}
			mi.SaveEvery(-1)
			if i < 10 {
				assert.NoError(t, Run(mi, fmt.Sprintf("%d STO %d", 100+i, i), nil))
			} else {
				_, err := mi.LoadEquations("eq", fmt.Sprintf("W%d=%d", i, i), LoadLenient)
				assert.NoError(t, err)
			}
			assert.NoError(t, mi.Close())
		}()
	}
	wg.Wait()
	final, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	for i := 0; i < 10; i++ {
		require.NoError(t, Run(final, fmt.Sprintf("RCL %d", i), nil))
		assert.Equal(t, fmt.Sprintf("%d.00", 100+i), final.Frame().Top, "register %d", i)
	}
	eqs, _ := final.Equations()
	for i := 10; i < n; i++ {
		assert.Contains(t, eqs, fmt.Sprintf("W%d=%d", i, i))
	}
}

// TestWindowMergesWholeSections: two long-lived calculators (windows) on
// one file. Each takes on what the other wrote before its next key acts; a
// section changed by one only is taken whole from it; a section both
// changed (one's change not yet written: batched writes) is the later
// writer's, which says so on its display and through OnStateConflict; an
// unknown section another version wrote is kept.
func TestWindowMergesWholeSections(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	a, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	b, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	var reports []string
	b.OnStateConflict(func(s string) { reports = append(reports, s) })

	b.SaveEvery(-1)
	require.NoError(t, Run(b, "MAIN 8 STO 1", nil)) // not written yet
	require.NoError(t, Run(a, "MAIN 7 STO 2", nil)) // the calculator section too
	require.NoError(t, b.Flush())
	assert.Equal(t, "REPLACED OTHER CHANGE", b.Frame().Top, "both changed the calculator section")
	assert.Equal(t, "CALCULATOR", b.Frame().Bottom)
	require.Len(t, reports, 1)
	assert.Contains(t, reports[0], "calculator")

	require.NoError(t, Run(b, "MAIN SUM 5 INPUT 5 INPUT", nil)) // sum only
	require.NoError(t, b.Flush())
	require.NoError(t, Run(a, `MAIN SOLVE NEW "Q=1" INPUT`, nil)) // solve only, after taking b's on
	require.NoError(t, Run(a, "MAIN RCL 1", nil))
	assert.Equal(t, "8.00", a.Frame().Top, "a took b's calculator section on")
	require.NoError(t, Run(a, "MAIN RCL 2", nil))
	assert.Equal(t, "0.00", a.Frame().Top, "b's later change replaced a's")
	assert.Len(t, reports, 1, "no more conflicts")

	final, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(final, "MAIN SUM", nil))
	assert.Equal(t, "ITEM(3)=?", final.Frame().Top, "b's list kept whole, duplicates and all")

	// A section of a later version survives both kinds of write.
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &top))
	top["game"] = json.RawMessage(`{"heaps":[1,2,3]}`)
	raw, _ = json.Marshal(top)
	require.NoError(t, os.WriteFile(path, raw, 0o644))
	c, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(c, "MAIN 3 STO 2", nil))
	d, _, err := Open(OpenOptions{Path: path, Locked: true, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(d, "MAIN 4 STO 3", nil))
	require.NoError(t, d.Close())
	raw, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"heaps"`)
}

// TestReadOnlyStateRespected: a read-only file is read, left as it is
// (content and mode), and the first change says STATE NOT SAVED.
func TestReadOnlyStateRespected(t *testing.T) {
	if os.Geteuid() == 0 {
		// root writes through any mode: make the folder's file immutable
		// another way is not portable, so check the decision itself.
		dir := t.TempDir()
		path := filepath.Join(dir, "state.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"schema":2}`), 0o444))
		m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		m.store.readOnly = true
		require.NoError(t, Run(m, "5", nil)) // the number keyed is kept (where.go)
		assert.Equal(t, "STATE NOT SAVED", m.Frame().Top)
		assert.ErrorIs(t, m.SaveError(), errReadOnly)
		return
	}
	path := filepath.Join(t.TempDir(), "state.json")
	m0, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m0, "7 STO 2", nil))
	require.NoError(t, os.Chmod(path, 0o444))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(m, "RCL", nil)) // a pending RCL is kept (where.go)
	assert.Equal(t, "STATE NOT SAVED", m.Frame().Top)
	require.NoError(t, Run(m, "2", nil))
	assert.Equal(t, "7.00", m.Frame().Top, "read")
	require.NoError(t, Run(m, "5 STO", nil)) // x changes
	require.NoError(t, Run(m, "1", nil))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o444), info.Mode().Perm())
}

// TestSymlinkedStateWrittenThrough: the link stays a link and its target
// holds the new state.
func TestSymlinkedStateWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "state.json")
	m0, _, err := Open(OpenOptions{Path: target, Equations: defaults})
	require.NoError(t, err)
	_ = m0
	require.NoError(t, os.Symlink(target, link))
	m, _, err := Open(OpenOptions{Path: link, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m, "9 STO 4", nil))
	info, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeSymlink, "still a link")
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"9"`)
}

// TestNewerSchemaUntouched: a state file from a newer hp17b is neither
// moved nor rewritten, and this session is not saved.
func TestNewerSchemaUntouched(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	newer := []byte(`{"schema":99,"future":true}`)
	require.NoError(t, os.WriteFile(path, newer, 0o644))
	m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, notice, "newer hp17b")
	assert.Equal(t, "STATE TOO NEW", m.Frame().Top)
	require.NoError(t, Run(m, "CLR 5 STO 1", nil))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, newer, b)
	matches, _ := filepath.Glob(path + ".damaged-*")
	assert.Empty(t, matches)
}

// TestStaleLoadingMarkerIgnored: a loading marker left by an older
// version (a process gone, or a live one such as this test) says nothing
// about the file: an intact state loads and the marker is removed.
func TestStaleLoadingMarkerIgnored(t *testing.T) {
	for _, pid := range []string{"999999999", strconv.Itoa(os.Getpid()), "1"} {
		path := filepath.Join(t.TempDir(), "state.json")
		m0, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		require.NoError(t, Run(m0, "3 STO 3", nil))
		require.NoError(t, os.WriteFile(path+".loading", []byte(pid), 0o644))
		m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		assert.Empty(t, notice, pid)
		require.NoError(t, Run(m, "RCL 3", nil))
		assert.Equal(t, "3.00", m.Frame().Top, pid)
		_, err = os.Stat(path + ".loading")
		assert.True(t, os.IsNotExist(err), "the marker is gone")
		matches, _ := filepath.Glob(path + ".damaged-*")
		assert.Empty(t, matches, pid)
	}
}

// TestOrphanTempFilesRemoved: temporary files of writes killed midway are
// removed at start; a fresh one (another process writing now) is not.
func TestOrphanTempFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	old := filepath.Join(dir, ".state-1.tmp")
	fresh := filepath.Join(dir, ".state-2.tmp")
	require.NoError(t, os.WriteFile(old, []byte("x"), 0o600))
	require.NoError(t, os.WriteFile(fresh, []byte("x"), 0o600))
	past := time.Now().Add(-time.Minute)
	require.NoError(t, os.Chtimes(old, past, past))
	_, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	_, err = os.Stat(old)
	assert.True(t, os.IsNotExist(err))
	_, err = os.Stat(fresh)
	assert.NoError(t, err)
}

// TestStateNotRegularOrTooLarge: a state "file" that is a device or too
// large is set aside or refused, never read without bound.
func TestStateNotRegularOrTooLarge(t *testing.T) {
	_, _, err := Open(OpenOptions{Path: "/dev/zero", Equations: defaults})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")

	path := filepath.Join(t.TempDir(), "state.json")
	big := make([]byte, MaxStateSize+1)
	require.NoError(t, os.WriteFile(path, big, 0o644))
	_, _, err = Open(OpenOptions{Path: path, Equations: defaults})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than")
	assert.Contains(t, err.Error(), "left untouched")
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, int64(MaxStateSize+1), info.Size(), "left where it was")
	matches, _ := filepath.Glob(path + ".damaged-*")
	assert.Empty(t, matches)
}

// TestMergeSections: each side's changed sections are kept whole, an
// unknown section is kept, and a section both changed is ours (the later
// write) and named.
func TestMergeSections(t *testing.T) {
	base := `{"schema":2,"a":"1","b":"2","list":["x","y"],"regs":["0","0"]}`
	ours := `{"schema":2,"a":"5","b":"2","list":["x","y","o"],"regs":["0","0"]}`
	theirs := `{"schema":2,"a":"1","b":"3","list":["y","t"],"regs":["0","8"],"new":"n"}`
	got, conflicts, ok := mergeSections([]byte(base), []byte(ours), []byte(theirs))
	require.True(t, ok)
	assert.JSONEq(t, `{"schema":2,"a":"5","b":"3","list":["x","y","o"],"regs":["0","8"],"new":"n"}`, string(got))
	assert.Equal(t, []string{"list"}, conflicts)
}

// TestWindowPlaceDuringSolve: the window's place arrives while a long Σ
// solve runs: nothing reads the variables the Solver writes (go test -race
// checks it), and the place is saved with the solve's result.
func TestWindowPlaceDuringSolve(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	// The square roots make the solve last (whole-number Σ steps alone
	// take a few milliseconds); the sum is the same.
	require.NoError(t, Run(m, `SOLVE NEW "T=Σ(I:1:300000:1:I+0×SQRT(I))" INPUT CALC`, nil))
	done := make(chan struct{})
	go func() { defer close(done); m.Press(KeyF1) }()
	for !m.Busy() {
		select {
		case <-done:
			t.Fatal("the solve ended before it was seen running")
		default:
			time.Sleep(time.Millisecond)
		}
	}
	m.SetWindowPlace(WindowPlace{X: 1, Y: 2, Width: 660, Height: 540})
	<-done
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var st stateFile
	require.NoError(t, json.Unmarshal(b, &st))
	window, _ := st.sections["window"].(*WindowPlace)
	require.NotNil(t, window)
	assert.Equal(t, 660, window.Width)
	assert.Equal(t, "45000150000", st.sections["solve"].(*solveSection).Vars["T"].String())
}

// TestSaveEvery: batched saves write nothing until Flush (a script) or
// until the interval has passed (the window), and lose nothing.
func TestSaveEvery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	m.SaveEvery(-1)
	require.NoError(t, Run(m, "42 STO 3 7 STO 4", nil))
	now, _ := os.ReadFile(path)
	assert.Equal(t, before, now, "nothing written before Flush")
	require.NoError(t, m.Flush())
	m2, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m2, "RCL 3", nil))
	assert.Equal(t, "42.00", m2.Frame().Top)

	m2.SaveEvery(20 * time.Millisecond)
	require.NoError(t, Run(m2, "5 STO 5", nil))
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if b, _ := os.ReadFile(path); strings.Contains(string(b), `"5"`) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	b, _ := os.ReadFile(path)
	assert.Contains(t, string(b), `"5"`, "written after the interval, without Flush")
}

// BenchmarkKeysWithState: 1,000 keys on a calculator with a state file,
// written after every key (the default) or once at the end (SaveEvery(-1)
// then Flush, as hp17b keys does).
func BenchmarkKeysWithState(b *testing.B) {
	keys := make([]Key, 0, 1000)
	for len(keys) < 1000 {
		keys = append(keys, Key1, KeyAdd)
	}
	for _, batched := range []bool{false, true} {
		b.Run(fmt.Sprintf("batched=%v", batched), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "state.json")
			for b.Loop() {
				m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
				if err != nil {
					b.Fatal(err)
				}
				if batched {
					m.SaveEvery(-1)
				}
				for _, k := range keys {
					m.Press(k)
				}
				if err := m.Flush(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// memStore is a Store in memory, as the browser's storage is one.
type memStore struct{ b []byte }

func (s *memStore) Load() ([]byte, error) {
	if s.b == nil {
		return nil, os.ErrNotExist
	}
	return s.b, nil
}

func (s *memStore) Save(_, b []byte) ([]byte, error) {
	s.b = append([]byte(nil), b...)
	return s.b, nil
}

// TestOpenStore: a calculator kept in a Store other than a file (the web
// build's) starts fresh, keeps every change, comes back as it was, and
// says so when what is kept cannot be used.
func TestOpenStore(t *testing.T) {
	s := &memStore{}
	m, notice, err := Open(OpenOptions{Store: s, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(m, "SOLVE CALC INIT 6 D EVAL", nil))
	assert.Equal(t, "EVAL=1,346.00", m.Frame().Top)
	require.NotNil(t, s.b, "saved")

	again, notice, err := Open(OpenOptions{Store: s, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(again, "MAIN SOLVE CALC RCL D", nil))
	assert.Equal(t, "D=6.00", again.Frame().Top, "the game where it was")

	// A section this hp17b does not know (a later one's, same schema) is
	// kept through a save, as the state file keeps it.
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(s.b, &top))
	top["later"] = json.RawMessage(`{"kept":true}`)
	s.b, err = json.Marshal(top)
	require.NoError(t, err)
	later, notice, err := Open(OpenOptions{Store: s, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(later, "7 STO 2", nil))
	require.NoError(t, json.Unmarshal(s.b, &top))
	assert.JSONEq(t, `{"kept":true}`, string(top["later"]), "the unknown section survives the save")

	s.b = []byte("{not json")
	damaged, notice, err := Open(OpenOptions{Store: s, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, notice, "damaged")
	assert.Equal(t, "STATE DAMAGED", damaged.Frame().Top)

	s.b = []byte(`{"schema": 999}`)
	newer, notice, err := Open(OpenOptions{Store: s, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, notice, "left untouched")
	require.NoError(t, Run(newer, "5", nil))
	assert.Equal(t, `{"schema": 999}`, string(s.b), "a newer state is not overwritten")
}

// TestOpenOptions: a fresh calculator reads and writes nothing and holds
// the equations it was given; a fresh state file starts with them too; a
// Store with a path or a lock is refused.
func TestOpenOptions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	fresh, notice, err := Open(OpenOptions{Path: path, Fresh: true, Equations: []string{"A=B+C"}})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(fresh, "5 STO 1", nil))
	require.NoError(t, fresh.Close())
	assert.NoFileExists(t, path)
	eqs, _ := fresh.Equations()
	assert.Equal(t, []string{"A=B+C"}, eqs)

	m, _, err := Open(OpenOptions{Path: path, Equations: []string{"A=B+C", "D=E"}})
	require.NoError(t, err)
	eqs, _ = m.Equations()
	assert.Equal(t, []string{"A=B+C", "D=E"}, eqs)
	require.NoError(t, m.Close())

	_, _, err = Open(OpenOptions{Store: &memStore{}, Locked: true})
	assert.Error(t, err)
	_, _, err = Open(OpenOptions{Store: &memStore{}, Path: path})
	assert.Error(t, err)
}

// TestSaveStateAs: a state saved as a new file opens as the calculator it
// was, and an existing file is never overwritten.
func TestSaveStateAs(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "42 STO 3 SOLVE", nil))
	path := filepath.Join(t.TempDir(), "copy.json")
	require.NoError(t, m.SaveStateAs(path))
	assert.ErrorIs(t, m.SaveStateAs(path), os.ErrExist)
	back, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(back, "MAIN RCL 3", nil))
	assert.Equal(t, "42.00", back.Frame().Top)
}

// TestOpenEmptyStateFile: an empty state file (touch, a failed copy) starts
// a fresh calculator in it, with a notice, instead of being refused
// (issue 48); the fresh state is written to it.
func TestOpenEmptyStateFile(t *testing.T) {
	for name, content := range map[string]string{"empty": "", "blank": " \n\t\n", "BOM": "\ufeff"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.json")
			require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
			m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
			require.NoError(t, err)
			assert.Contains(t, notice, "was empty: a fresh calculator starts in it")
			assert.Equal(t, defaults, func() []string { eqs, _ := m.Equations(); return eqs }())
			require.NoError(t, m.Flush())
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, ours(b), string(b))
		})
	}
}
