package emulator

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// The linearizability check of continuous memory: N writers (goroutines or
// processes, each opening the state file as a key script does: Open, Locked,
// its operations, Close) run at once on one state file; the final state
// must equal the state after the same runs one after another in some
// order. Each run first appends its number to register 9
// (R9 = 10×R9 + k), so the final R9 names the only order the file can
// have been written in (a lost run shows as a missing digit); the runs are
// then replayed in that order on a calculator kept in memory, and the two
// states must hold the same values.

// writerEnv names the state file a writer process works on; writerOps
// holds its operations (JSON: a list of key scripts).
const (
	writerEnv = "HP17B_TEST_WRITER_STATE"
	writerOps = "HP17B_TEST_WRITER_OPS"
)

// runWriter is one run: the state at path opened as a key script does,
// the operations (key scripts; one that fails stops there, the same way in
// the replay) and the write at the end.
func runWriter(path string, ops []string) error {
	m, _, err := Open(OpenOptions{Path: path, Locked: true, Equations: defaults})
	if err != nil {
		return err
	}
	m.SaveEvery(-1)
	for _, op := range ops {
		_ = Run(m, op, nil)
	}
	return m.Close()
}

// TestWriterProcess is a writer process for the tests below (the test
// binary started again with writerEnv set); it does nothing otherwise.
func TestWriterProcess(t *testing.T) {
	path := os.Getenv(writerEnv)
	if path == "" {
		t.Skip("a writer process for TestConcurrentProcesses")
	}
	var ops []string
	require.NoError(t, json.Unmarshal([]byte(os.Getenv(writerOps)), &ops))
	require.NoError(t, runWriter(path, ops))
}

// orderOp is run k's first operation: it appends k to register 9.
func orderOp(k int) string { return fmt.Sprintf("MAIN RCL 9 × 10 + %d = STO 9", k) }

// randomOps are 1 to 5 operations of the kinds the check is about:
// registers, equations added and deleted, SUM and CFLO items added,
// edited and deleted, with values drawn from a few so that duplicates are
// common.
func randomOps(r *rand.Rand) []string {
	values := []int{5, 5, 55, 60, 70, 100}
	v := func() int { return values[r.IntN(len(values))] }
	ups := func() string { return strings.Repeat("UP ", 1+r.IntN(3)) }
	var ops []string
	for range 1 + r.IntN(5) {
		var op string
		switch r.IntN(9) {
		case 0:
			op = fmt.Sprintf("MAIN %d STO %d", v(), r.IntN(9))
		case 1:
			op = fmt.Sprintf(`MAIN SOLVE NEW "E%d=%d" INPUT`, r.IntN(3), v())
		case 2:
			op = "MAIN SOLVE DELET YES"
		case 3:
			op = fmt.Sprintf("MAIN SUM %d INPUT", v())
		case 4:
			op = fmt.Sprintf("MAIN SUM %s%d INPUT", ups(), v())
		case 5:
			op = fmt.Sprintf("MAIN SUM %sDELET", ups())
		case 6:
			op = fmt.Sprintf("MAIN FIN CFLO %d INPUT INPUT", v())
		case 7:
			op = fmt.Sprintf("MAIN FIN CFLO %s%d INPUT", ups(), v())
		default:
			op = fmt.Sprintf("MAIN FIN CFLO %sDELET", ups())
		}
		ops = append(ops, op)
	}
	return ops
}

// mix is one concurrency case: the state to start from (a key script run
// on a fresh calculator) and each writer's operations, its order
// operation first.
type mix struct {
	setup []string
	runs  [][]string
}

// newMix is a mix of n writers with random operations, from seed.
func newMix(seed uint64, n int) mix {
	r := rand.New(rand.NewPCG(seed, 39))
	// The default programs' long equations deleted: the check is as
	// strong with short ones, and much faster.
	x := mix{setup: []string{"MAIN SOLVE DELET YES", "MAIN SOLVE DELET YES", `MAIN SOLVE NEW "E1=5" INPUT`,
		"MAIN SUM 5 INPUT 55 INPUT", "MAIN FIN CFLO 100 CHS INPUT 55 INPUT INPUT 60 INPUT INPUT"}}
	for k := 1; k <= n; k++ {
		x.runs = append(x.runs, append([]string{orderOp(k)}, randomOps(r)...))
	}
	return x
}

// serialState is the state after setup and then the runs in order (each
// a list index), one after another on a calculator kept in memory.
func serialState(t testing.TB, x mix, order []int) []byte {
	s := &memStore{b: setupState(t, x.setup)}
	for _, ops := range pick(x.runs, order) {
		m, _, err := Open(OpenOptions{Store: s, Equations: defaults})
		require.NoError(t, err)
		m.SaveEvery(-1)
		for _, op := range ops {
			_ = Run(m, op, nil)
		}
		require.NoError(t, m.Flush())
	}
	return s.b
}

func pick(runs [][]string, order []int) [][]string {
	var out [][]string
	for _, i := range order {
		out = append(out, runs[i])
	}
	return out
}

// writtenOrder reads the order of the runs from register 9 of the state
// b: its digits, each a run's number (1…), turned into list indexes. A
// digit missing or repeated fails the test: a run was lost or doubled.
func writtenOrder(t testing.TB, b []byte, n int) []int {
	var st stateFile
	require.NoError(t, json.Unmarshal(b, &st))
	digits := st.sections["calculator"].(*calcSection).Registers[9].String()
	seen := map[int]bool{}
	var order []int
	for _, c := range digits {
		k := int(c - '0')
		require.True(t, k >= 1 && k <= n && !seen[k], "register 9 is %s: a run's write was lost or doubled", digits)
		seen[k] = true
		order = append(order, k-1)
	}
	require.Len(t, order, n, "register 9 is %s: a run's write was lost", digits)
	return order
}

// fastDir is a new folder for a state file, in memory (/dev/shm) where
// there is one: the checks write thousands of state files, and fsync on a
// disk would make them slow without testing anything more.
func fastDir(t testing.TB) string {
	if info, err := os.Stat("/dev/shm"); err == nil && info.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "hp17b-test-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}

// setups caches the state after each setup (a key script run on a fresh
// calculator; deleting the default programs' equations parses them).
var setups sync.Map

// setupState is the state after setup on a fresh calculator.
func setupState(t testing.TB, setup []string) []byte {
	key := strings.Join(setup, "\n")
	if b, ok := setups.Load(key); ok {
		return b.([]byte)
	}
	s := &memStore{}
	m, _, err := Open(OpenOptions{Store: s, Equations: defaults})
	require.NoError(t, err)
	m.SaveEvery(-1)
	for _, op := range setup {
		_ = Run(m, op, nil)
	}
	require.NoError(t, m.Flush())
	setups.Store(key, s.b)
	return s.b
}

// checkMix runs x's writers at once, as goroutines or as processes, and
// checks the final state against the serial order it names.
func checkMix(t *testing.T, x mix, processes bool) {
	path := filepath.Join(fastDir(t), "state.json")
	require.NoError(t, os.WriteFile(path, setupState(t, x.setup), 0o644))

	var wg sync.WaitGroup
	errs := make([]error, len(x.runs))
	for i, ops := range x.runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !processes {
				errs[i] = runWriter(path, ops)
				return
			}
			b, _ := json.Marshal(ops)
			cmd := exec.Command(os.Args[0], "-test.run=^TestWriterProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), writerEnv+"="+path, writerOps+"="+string(b))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("%v: %s", err, out)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	final, err := os.ReadFile(path)
	require.NoError(t, err)
	order := writtenOrder(t, final, len(x.runs))
	want := serialState(t, x, order)
	require.JSONEq(t, string(want), string(final), "the state is not the serial order %v of the runs %q", order, x.runs)
}

// TestConcurrentProcesses: the three reproductions, each with two
// writer processes and six more doing random work, then random mixes of
// eight writer processes.
func TestConcurrentProcesses(t *testing.T) {
	if os.Getenv(writerEnv) != "" {
		t.Skip("inside a writer process")
	}
	named := map[string][2][]string{
		// Two processes add the same value to a SUM list: both are kept.
		"duplicate SUM item": {{"MAIN SUM 5 INPUT"}, {"MAIN SUM 5 INPUT"}},
		// One edits a CFLO flow while the other appends one: no reorder.
		"CFLO edit and append": {{"MAIN FIN CFLO UP UP UP UP 58 INPUT"}, {"MAIN FIN CFLO 70 INPUT INPUT"}},
		// Each deletes an equation and adds one: no loss, no resurrection.
		"equations deleted and added": {{"MAIN SOLVE DELET YES", `MAIN SOLVE NEW "P=1" INPUT`}, {"MAIN SOLVE DELET YES", `MAIN SOLVE NEW "Q=2" INPUT`}},
	}
	for name, two := range named {
		t.Run(name, func(t *testing.T) {
			x := newMix(uint64(len(name)), 8)
			x.runs[0] = append([]string{orderOp(1)}, two[0]...)
			x.runs[1] = append([]string{orderOp(2)}, two[1]...)
			checkMix(t, x, true)
		})
	}
	random := uint64(4)
	if raceBuild {
		random = 0 // make test runs them without the race detector
	}
	for seed := range random {
		t.Run(fmt.Sprintf("random %d", seed), func(t *testing.T) { checkMix(t, newMix(seed, 8), true) })
	}
}

// TestConcurrentMixes: many seeded random mixes of eight writers
// (goroutines, each with its own lock on the file: flock's locks belong to
// an open file, so they exclude each other in one process as across
// processes). HP17B_MIXES sets how many: make test runs 2,000 (and 25
// more under the race detector), make fuzz-long 20,000.
func TestConcurrentMixes(t *testing.T) {
	if os.Getenv(writerEnv) != "" {
		t.Skip("inside a writer process")
	}
	n := 1000
	if raceBuild {
		n = 25 // make test runs 2,000 more without the race detector
	}
	if s := os.Getenv("HP17B_MIXES"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	for seed := range uint64(n) {
		x := newMix(1000+seed, 8)
		ok := t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) { checkMix(t, x, false) })
		if !ok {
			break
		}
	}
}

// FuzzMerge: two windows (Open: each write merges whole sections) on one
// state file, each running its own operations, interleaved as data says.
// Each saves after every key and takes on what the other wrote. When no
// write reported a conflict (both changed one section), the final state
// must be the state after the same operations one after another in the
// interleaved order; with a conflict, the later writer's section must be
// whole (the file still opens cleanly).
func FuzzMerge(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint64(0x5555))
	f.Add(uint64(3), uint64(3), uint64(0))
	f.Add(uint64(7), uint64(11), uint64(0xf0f0))
	f.Fuzz(func(t *testing.T, seedA, seedB, turns uint64) {
		opsA := randomOps(rand.New(rand.NewPCG(seedA, 1)))
		opsB := randomOps(rand.New(rand.NewPCG(seedB, 2)))
		setup := newMix(0, 0).setup
		path := filepath.Join(fastDir(t), "state.json")
		require.NoError(t, os.WriteFile(path, setupState(t, setup), 0o644))
		a, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		b, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		conflicts := 0
		a.OnStateConflict(func(string) { conflicts++ })
		b.OnStateConflict(func(string) { conflicts++ })
		allA, allB := opsA, opsB
		var order []string
		for len(opsA)+len(opsB) > 0 {
			if len(opsB) == 0 || (len(opsA) > 0 && turns&1 == 0) {
				order, opsA = append(order, opsA[0]), opsA[1:]
				_ = Run(a, order[len(order)-1], nil)
			} else {
				order, opsB = append(order, opsB[0]), opsB[1:]
				_ = Run(b, order[len(order)-1], nil)
			}
			turns >>= 1
		}
		final, err := os.ReadFile(path)
		require.NoError(t, err)
		if _, notice, err := Open(OpenOptions{Path: path, Equations: defaults}); err != nil || notice != "" {
			t.Fatalf("the merged file does not open cleanly: %v %s", err, notice)
		}
		if conflicts > 0 {
			return
		}
		serial := func(order []string) []byte {
			s := &memStore{b: setupState(t, setup)}
			m, _, err := Open(OpenOptions{Store: s, Equations: defaults})
			require.NoError(t, err)
			m.SaveEvery(-1)
			for _, op := range order {
				_ = Run(m, op, nil)
			}
			require.NoError(t, m.Flush())
			return s.b
		}
		if jsonEqual(serial(order), final) {
			return
		}
		// Another serial order of the two windows' operations may be the
		// one written (a window's change that left a value as it was is
		// no change to merge): any order that keeps each window's own
		// order will do.
		for _, o := range interleavings(allA, allB) {
			if jsonEqual(serial(o), final) {
				return
			}
		}
		t.Fatalf("the state is no serial order of %q and %q (run as %q):\n%s", allA, allB, order, final)
	})
}

// interleavings are the orders of a's and b's elements that keep each
// one's own order.
func interleavings(a, b []string) [][]string {
	if len(a) == 0 || len(b) == 0 {
		return [][]string{append(append([]string{}, a...), b...)}
	}
	var out [][]string
	for _, rest := range interleavings(a[1:], b) {
		out = append(out, append([]string{a[0]}, rest...))
	}
	for _, rest := range interleavings(a, b[1:]) {
		out = append(out, append([]string{b[0]}, rest...))
	}
	return out
}

// jsonEqual reports whether two JSON texts hold the same values (members
// in any order).
func jsonEqual(a, b []byte) bool {
	var va, vb any
	return json.Unmarshal(a, &va) == nil && json.Unmarshal(b, &vb) == nil && reflect.DeepEqual(va, vb)
}
