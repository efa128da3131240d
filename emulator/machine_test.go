package emulator

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

func TestKeys(t *testing.T) {
	assert.EqualValues(t, 37, NumKeys)
	seen := map[string]bool{}
	n := 0
	for _, row := range Rows {
		for _, k := range row {
			n++
			name := k.String()
			assert.False(t, seen[name], "duplicate key name %s", name)
			seen[name] = true
			got, ok := KeyByName(name)
			assert.True(t, ok, name)
			assert.Equal(t, k, got, name)
		}
	}
	assert.Equal(t, 37, n, "every key is on the keyboard once")
	for alias, want := range map[string]Key{"*": KeyMul, "/": KeyDiv, "←": KeyBack, "exit": KeyEXIT} {
		got, ok := KeyByName(alias)
		assert.True(t, ok, alias)
		assert.Equal(t, want, got, alias)
	}
	_, ok := KeyByName("NOPE")
	assert.False(t, ok)
	assert.Equal(t, "MAIN", Keys[KeyEXIT].Shifted)
}

func TestScriptErrors(t *testing.T) {
	m := New(defaults)
	err := Run(m, "1 + BOGUS", nil)
	var se *ScriptError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 3, se.Index)
	assert.Equal(t, "BOGUS", se.Token)
	err = Run(m, `"A=B"`, nil)
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.Msg, "only be typed while entering or editing")
	err = Run(m, `[CALC]`, nil)
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.Msg, "no menu key is labelled CALC")
	_, err = SplitScript(`SOLVE NEW "A=B`)
	assert.ErrorAs(t, err, &se)
	toks, err := SplitScript(`SOLVE NEW "A = B" [CALC] 12`)
	require.NoError(t, err)
	assert.Equal(t, []string{"SOLVE", "NEW", `"A = B"`, "[CALC]", "12"}, toks)
}

func TestLoadEquations(t *testing.T) {
	m := New(defaults)
	before, _ := m.Equations()
	_, err := m.LoadEquations("bad.eq", "A=B+\n  C×)\n", LoadStrict)
	require.Error(t, err)
	after, _ := m.Equations()
	assert.Equal(t, before, after, "a bad file changes nothing")
	_, err = m.LoadEquations("two.eq", "AREA:A=L×W\n\nP=2×(L+W)\n", LoadStrict)
	require.NoError(t, err)
	after, _ = m.Equations()
	assert.Equal(t, append(before, "AREA:A=L×W", "P=2×(L+W)"), after)
	assert.Equal(t, "2 EQUATIONS ADDED", m.Frame().Top)
}

func TestShiftAnnunciator(t *testing.T) {
	m := New(defaults)
	m.Press(KeyShift)
	assert.True(t, m.Frame().Shift)
	m.Press(KeyShift)
	assert.False(t, m.Frame().Shift)
	m.Press(KeyShift)
	m.Press(KeyEXIT) // MAIN
	assert.False(t, m.Frame().Shift)
}

func TestStateSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hp17b", "state.json")
	m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	require.NoError(t, Run(m, `SOLVE CALC INIT 6 D EVAL EXIT NEW "Q=R+1" INPUT MAIN 42 STO 3 DSP FIX 4 INPUT`, nil))

	m2, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	eqs, cur := m2.Equations()
	assert.Contains(t, eqs, "Q=R+1")
	assert.Equal(t, "Q=R+1", eqs[cur])
	assert.Equal(t, "4", m2.Vars().Value("C").String())
	assert.Equal(t, "1346", m2.Vars().Value("EVAL").String())
	assert.Equal(t, 4, m2.Mode().Fix)
	require.NoError(t, Run(m2, "RCL 3", nil))
	assert.Equal(t, "42.0000", m2.Frame().Top)
}

func TestDamagedStateMovedAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"schema":1,"equations":["A=B"`), 0o644)) // truncated
	m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, notice, "moved to "+path+".damaged-")
	assert.Equal(t, "STATE DAMAGED: MOVED", m.Frame().Top)
	matches, err := filepath.Glob(path + ".damaged-*")
	require.NoError(t, err)
	require.Len(t, matches, 1)
	b, err := os.ReadFile(matches[0])
	require.NoError(t, err)
	assert.Equal(t, `{"schema":1,"equations":["A=B"`, string(b), "the damaged file is kept as it was")
	eqs, _ := m.Equations()
	assert.Equal(t, New(defaults).solve.eqs, eqs, "a fresh state with the default programs")
	_, err = os.Stat(path)
	assert.NoError(t, err, "a fresh state file is written")

	require.NoError(t, os.WriteFile(path, []byte(`{"schema":0}`), 0o644))
	_, notice, err = Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, notice, "schema version 0")
}

func TestInterruptFromAnotherGoroutine(t *testing.T) {
	m := New(defaults)
	// A Σ loop long enough to be interrupted, solved iteratively (T twice).
	require.NoError(t, Run(m, `SOLVE NEW "T×T=Σ(I:1:200000:1:I+0×SQRT(I))" INPUT CALC 1 T`, nil))
	done := make(chan Frame)
	go func() {
		require.NoError(t, Run(m, "T", nil))
		done <- m.Frame()
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !m.Busy() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	require.True(t, m.Busy(), "the solve is running")
	f := m.Frame()
	assert.True(t, f.Busy)
	m.Press(KeyCLR) // any key interrupts
	got := <-done
	assert.Equal(t, "INTERRUPTED", got.Top)
	assert.False(t, got.Busy)
}

func BenchmarkKeystroke(b *testing.B) {
	m := New(defaults)
	keys := []Key{Key1, Key2, KeyDot, Key5, KeyAdd, Key7, KeyMul, Key3, KeyEquals, KeySTO, Key1, KeyCLR}
	for b.Loop() {
		for _, k := range keys {
			m.Press(k)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(keys)), "ns/key")
}

func TestMenuLine(t *testing.T) {
	f := Frame{Labels: [6]string{"A", "", "C"}}
	assert.Equal(t, "A - C - - -", f.MenuLine())
	f.Bottom = "PRESS CLR TO VIEW"
	assert.Equal(t, "PRESS CLR TO VIEW", f.MenuLine())
	assert.Equal(t, strings.Repeat("x", Width), fit(strings.Repeat("x", 30)))
}

// TestSearchDisplay: while the Solver searches, each display line shows the
// variable, one estimate with its 12 digits, and the sign of LEFT−RIGHT
// there (17bII+ owner's manual p.159).
func TestSearchDisplay(t *testing.T) {
	tests := []struct {
		p    solver.Progress
		want [2]string
	}{
		{solver.Progress{X1: hp17b.MustParse("1.5"), S1: -1, X2: hp17b.MustParse("1.13476129834"), S2: 1},
			[2]string{"A 1.50000000000 -", "A 1.13476129834 +"}},
		{solver.Progress{X1: hp17b.MustParse("1234.5"), S1: 1, X2: hp17b.Zero, S2: 0},
			[2]string{"A 1,234.50000000 +", "A 0.00000000000 0"}},
		{solver.Progress{X1: hp17b.MustParse("-2.5E20"), S1: 1, X2: hp17b.MustParse("0.0125"), S2: -1},
			[2]string{"A -2.50000000000E20 +", "A 0.01250000000 -"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, progressLines("A", tt.p, hp17b.DefaultMode))
	}
	m := New(defaults)
	m.busy, m.progress = true, progressLines("A", tests[0].p, hp17b.DefaultMode)
	f := m.Frame()
	assert.Equal(t, "A 1.50000000000 -", f.Top)
	assert.Equal(t, "A 1.13476129834 +", f.MenuLine())
}

// TestStateSections: the state file keeps a section per owner (the
// calculator, SOLVE, each application), BUS's variables come back in BUS
// and not among the Solver's, and a file of schema version 1 still loads.
func TestStateSections(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m, "BUS [MU%C] 9.6 [COST] 15 [M%C] MAIN 7", nil))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var st map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &st))
	assert.ElementsMatch(t, []string{"hp17b", "schema", "calculator", "solve", "apps", "where"}, keys(st))
	assert.JSONEq(t, `{"BUS":{"COST":"9.6","M%C":"15","PRICE":"0"}}`, string(st["apps"]))
	assert.JSONEq(t, `{"entry":"7"}`, string(st["where"]), "the number being keyed")

	m2, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m2, "BUS [MU%P] RCL [COST]", nil))
	assert.Equal(t, "COST=9.60", m2.Frame().Top, "MU%P shares COST with MU%C, across runs")
	_, ok := m2.Vars().Get("COST")
	assert.False(t, ok, "BUS's variables are not the Solver's")

	v1 := filepath.Join(t.TempDir(), "v1.json")
	require.NoError(t, os.WriteFile(v1, []byte(`{"schema":1,"equations":["Q=R+1"],"current":0,
		"vars":{"R":"2"},"registers":["0","0","0","42","0","0","0","0","0","0"],"fix":4,"x":"7"}`), 0o644))
	m3, notice, err := Open(OpenOptions{Path: v1, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	eqs, _ := m3.Equations()
	assert.Equal(t, []string{"Q=R+1"}, eqs)
	assert.Equal(t, "7.0000", m3.Frame().Top)
	require.NoError(t, Run(m3, "RCL 3", nil))
	assert.Equal(t, "42.0000", m3.Frame().Top)
	b, err = os.ReadFile(v1)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"schema": 2`, "written back in the new layout")
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestEquationReadOncePerText: CALC reads a text of the SOLVE list once;
// an edited text is read again, and texts gone from the list are dropped
// once the cache outgrows the list.
func TestEquationReadOncePerText(t *testing.T) {
	var s solveApp
	s.eqs = []string{"A=B+1"}
	first, err := s.parse(s.eqs[0])
	require.NoError(t, err)
	again, err := s.parse(s.eqs[0])
	require.NoError(t, err)
	assert.Same(t, first, again)
	_, err = s.parse("A=B+")
	assert.Error(t, err, "a bad text is not kept")
	for i := range 20 {
		s.eqs[0] = "A=B+" + strings.Repeat("1", i+1)
		_, err := s.parse(s.eqs[0])
		require.NoError(t, err)
	}
	assert.LessOrEqual(t, len(s.parsed), 2*len(s.eqs)+9)
	assert.Contains(t, s.parsed, s.eqs[0])
	assert.NotContains(t, s.parsed, "A=B+1")
}

// TestOff: OFF (shifted CLR) returns to MAIN and marks the frame Off,
// which the window takes as its cue to close; the next key turns the
// calculator on again.
func TestOff(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "FIN TVM 5 SHIFT CLR", nil))
	f := m.Frame()
	assert.True(t, f.Off)
	assert.Equal(t, "FIN BUS SUM TIME SOLVE CURRX", f.MenuLine())
	require.NoError(t, Run(m, "7", nil))
	assert.False(t, m.Frame().Off)
}

// BenchmarkCalcNIM opens NIM's variable menu and leaves it (CALC EXIT in
// the SOLVE list): the equation is read once per text, so each CALC costs
// the menu and the compiled equation, not a parse (docs/speed.md).
func BenchmarkCalcNIM(b *testing.B) {
	m := New(defaults)
	require.NoError(b, Run(m, "SOLVE", nil))
	for b.Loop() {
		if err := Run(m, "CALC EXIT", nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPrintOutTail(t *testing.T) {
	m := New(defaults)
	for _, k := range []string{"1 PRT", "2 PRT", "3 PRT", "4 PRT", "5 PRT"} {
		require.NoError(t, Run(m, k, nil))
	}
	for _, c := range []struct {
		n, skip int
		first   string
		count   int
	}{{2, 0, "4.00", 2}, {2, 1, "3.00", 2}, {2, 9, "1.00", 2}, {9, 0, "1.00", 5}, {0, 0, "", 0}, {3, -4, "3.00", 3}} {
		lines, total := m.PrintOutTail(c.n, c.skip)
		assert.Equal(t, 5, total)
		require.Len(t, lines, c.count, "%+v", c)
		if c.count > 0 {
			assert.Equal(t, c.first, strings.TrimSpace(lines[0]), "%+v", c)
		}
	}
}

// defaults is the SOLVE list the program's calculator starts with.
var defaults = programs.DefaultEquations()
