package emulator

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
	for i, junk := range []string{"{first", "{second"} {
		require.NoError(t, os.WriteFile(path, []byte(junk), 0o644))
		_, notice, err := Open(path)
		require.NoError(t, err, i)
		require.Contains(t, notice, "moved to")
		asides = append(asides, notice[strings.Index(notice, "moved to ")+len("moved to "):strings.Index(notice, " and a fresh")])
	}
	require.NotEqual(t, asides[0], asides[1])
	for i, want := range []string{"{first", "{second"} {
		b, err := os.ReadFile(asides[i])
		require.NoError(t, err)
		assert.Equal(t, want, string(b), "kept byte for byte")
	}
}

// TestConcurrentWriters: 20 calculators on one state file, each storing
// in its own register or adding its own equation at the same time: every
// write is kept.
func TestConcurrentWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(path)
	require.NoError(t, err)
	_ = m
	const n = 20
	machines := make([]*Machine, n)
	for i := range machines {
		machines[i], _, err = Open(path)
		require.NoError(t, err)
	}
	var wg sync.WaitGroup
	for i, mi := range machines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i < 10 {
				assert.NoError(t, Run(mi, fmt.Sprintf("%d STO %d", 100+i, i), nil))
				return
			}
			_, err := mi.LoadText("eq", fmt.Sprintf("W%d=%d", i, i))
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	final, notice, err := Open(path)
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

// TestReadOnlyStateRespected: a read-only file is read, left as it is
// (content and mode), and the first change says STATE NOT SAVED.
func TestReadOnlyStateRespected(t *testing.T) {
	if os.Geteuid() == 0 {
		// root writes through any mode: make the folder's file immutable
		// another way is not portable, so check the decision itself.
		dir := t.TempDir()
		path := filepath.Join(dir, "state.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"schema":2}`), 0o444))
		m, _, err := Open(path)
		require.NoError(t, err)
		m.store.readOnly = true
		require.NoError(t, Run(m, "5", nil)) // the number keyed is kept (where.go)
		assert.Equal(t, "STATE NOT SAVED", m.Frame().Top)
		assert.ErrorIs(t, m.SaveError(), errReadOnly)
		return
	}
	path := filepath.Join(t.TempDir(), "state.json")
	m0, _, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, Run(m0, "7 STO 2", nil))
	require.NoError(t, os.Chmod(path, 0o444))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	m, notice, err := Open(path)
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
	m0, _, err := Open(target)
	require.NoError(t, err)
	_ = m0
	require.NoError(t, os.Symlink(target, link))
	m, _, err := Open(link)
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
	m, notice, err := Open(path)
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

// TestCrashOnLoadSetAside: a loading marker left by a process that is
// gone means the state crashed the program: it is set aside, not loaded
// again.
func TestCrashOnLoadSetAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m0, _, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, Run(m0, "3 STO 3", nil))
	require.NoError(t, os.WriteFile(path+".loading", []byte("999999999"), 0o644)) // no such process
	m, notice, err := Open(path)
	require.NoError(t, err)
	assert.Contains(t, notice, "stopped while loading")
	assert.Equal(t, "STATE DAMAGED: MOVED", m.Frame().Top)
	_, err = os.Stat(path + ".loading")
	assert.True(t, os.IsNotExist(err), "the marker is gone")
	matches, _ := filepath.Glob(path + ".damaged-*")
	require.Len(t, matches, 1)
	var st map[string]any
	b, _ := os.ReadFile(matches[0])
	require.NoError(t, json.Unmarshal(b, &st), "the state set aside is kept as it was")
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
	_, _, err := Open(path)
	require.NoError(t, err)
	_, err = os.Stat(old)
	assert.True(t, os.IsNotExist(err))
	_, err = os.Stat(fresh)
	assert.NoError(t, err)
}

// TestStateNotRegularOrTooLarge: a state "file" that is a device or too
// large is set aside or refused, never read without bound.
func TestStateNotRegularOrTooLarge(t *testing.T) {
	_, _, err := Open("/dev/zero")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")

	path := filepath.Join(t.TempDir(), "state.json")
	big := make([]byte, MaxStateSize+1)
	require.NoError(t, os.WriteFile(path, big, 0o644))
	_, notice, err := Open(path)
	require.NoError(t, err)
	assert.Contains(t, notice, "larger than")
}

// TestMergeJSON: the three-way merge keeps each side's changes.
func TestMergeJSON(t *testing.T) {
	base := `{"a":"1","b":"2","list":["x","y"],"regs":["0","0"]}`
	ours := `{"a":"5","b":"2","list":["x","y","o"],"regs":["7","0"]}`
	theirs := `{"a":"1","b":"3","list":["y","t"],"regs":["0","8"],"new":"n"}`
	got, ok := mergeJSON([]byte(base), []byte(ours), []byte(theirs))
	require.True(t, ok)
	assert.JSONEq(t, `{"a":"5","b":"3","list":["y","t","o"],"regs":["7","8"],"new":"n"}`, string(got))
}

// TestWindowPlaceDuringSolve: the window's place arrives while a long Σ
// solve runs: nothing reads the variables the Solver writes (go test -race
// checks it), and the place is saved with the solve's result.
func TestWindowPlaceDuringSolve(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(path)
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
	require.NotNil(t, st.Window)
	assert.Equal(t, 660, st.Window.Width)
	assert.Equal(t, "45000150000", st.Solve.Vars["T"].String())
}

// TestSaveEvery: batched saves write nothing until Flush (a script) or
// until the interval has passed (the window), and lose nothing.
func TestSaveEvery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(path)
	require.NoError(t, err)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	m.SaveEvery(-1)
	require.NoError(t, Run(m, "42 STO 3 7 STO 4", nil))
	now, _ := os.ReadFile(path)
	assert.Equal(t, before, now, "nothing written before Flush")
	require.NoError(t, m.Flush())
	m2, _, err := Open(path)
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
				m, _, err := Open(path)
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
	m, notice, err := OpenStore(s)
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(m, "SOLVE CALC INIT 6 D EVAL", nil))
	assert.Equal(t, "EVAL=1,346.00", m.Frame().Top)
	require.NotNil(t, s.b, "saved")

	again, notice, err := OpenStore(s)
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(again, "MAIN SOLVE CALC RCL D", nil))
	assert.Equal(t, "D=6.00", again.Frame().Top, "the game where it was")

	s.b = []byte("{not json")
	damaged, notice, err := OpenStore(s)
	require.NoError(t, err)
	assert.Contains(t, notice, "damaged")
	assert.Equal(t, "STATE DAMAGED", damaged.Frame().Top)

	s.b = []byte(`{"schema": 999}`)
	newer, notice, err := OpenStore(s)
	require.NoError(t, err)
	assert.Contains(t, notice, "left untouched")
	require.NoError(t, Run(newer, "5", nil))
	assert.Equal(t, `{"schema": 999}`, string(s.b), "a newer state is not overwritten")
}

// TestSaveStateAs: a state saved as a new file opens as the calculator it
// was, and an existing file is never overwritten.
func TestSaveStateAs(t *testing.T) {
	m := New()
	require.NoError(t, Run(m, "42 STO 3 SOLVE", nil))
	path := filepath.Join(t.TempDir(), "copy.json")
	require.NoError(t, m.SaveStateAs(path))
	assert.ErrorIs(t, m.SaveStateAs(path), os.ErrExist)
	back, notice, err := Open(path)
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(back, "MAIN RCL 3", nil))
	assert.Equal(t, "42.00", back.Frame().Top)
}
