package emulator

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hp17b/hp17b/solver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSizeRule: what would make the state larger than MaxStateWrite is
// refused where it comes in (the editor, a load, a paste), an equation
// longer than solver.MaxLength cannot be typed, a paste larger than an
// equation file is refused before it is parsed, and every state written
// is read back (MaxStateSize is larger).
func TestSizeRule(t *testing.T) {
	require.Greater(t, MaxStateSize, MaxStateWrite)
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)

	require.NoError(t, Run(m, "MAIN SOLVE NEW", nil))
	assert.ErrorContains(t, m.TypeText(strings.Repeat("A", solver.MaxLength+1)), "limit is 16384")

	_, err = m.LoadEquations("clipboard", strings.Repeat("Q=1\n", 6<<20), LoadLenient)
	assert.ErrorContains(t, err, "larger than")

	// Fill the state to near its limit, then load, paste and type more.
	long := strings.Repeat("1+", 7000) + "1"
	for i, size := 0, m.stateSize(nil, nil); size < MaxStateWrite-20_000; i++ {
		eq := "Q" + strconv.Itoa(i) + "=" + long
		m.solve.eqs = append(m.solve.eqs, eq)
		size += len(eq) + 10
	}
	n := len(m.solve.eqs)
	_, err = m.LoadEquations("f.eq", "F1="+long+"\n\nF2="+long, LoadStrict)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "holds at most 4194304")
	assert.Equal(t, fullMessage, m.Frame().Top)
	_, err = m.LoadEquations("clipboard", "P1="+long+"\n\nP2="+long, LoadLenient)
	require.Error(t, err)
	assert.Len(t, m.solve.eqs, n, "nothing added")

	// The editor refuses the equation that would not fit, and keeps it.
	require.NoError(t, Run(m, "MAIN SOLVE NEW", nil))
	require.NoError(t, m.TypeText("E1="+long))
	require.NoError(t, Run(m, "INPUT", nil))
	require.NoError(t, Run(m, "MAIN SOLVE NEW", nil))
	require.NoError(t, m.TypeText("E2="+long))
	require.NoError(t, Run(m, "INPUT", nil))
	assert.Equal(t, fullMessage, m.Frame().Top)
	assert.True(t, m.Editing(), "the equation stays in the editor")
	require.NoError(t, Run(m, "MAIN", nil))
	require.NoError(t, m.SaveError())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(b), MaxStateWrite)
	again, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice, "a state this version wrote is read back")
	eqs, _ := again.Equations()
	have, _ := m.Equations()
	assert.Equal(t, len(have), len(eqs))
}

// TestControlCharacters: control characters are refused in typed text and
// equation files, and a state file's shows as "?".
func TestControlCharacters(t *testing.T) {
	m := New(defaults)
	err := Run(m, "MAIN SOLVE NEW \"A=\x1b[2J1\" INPUT", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "U+001B")
	_, err = m.LoadEquations("f.eq", "R\u202eT=5", LoadStrict)
	require.ErrorContains(t, err, "U+202E")
	_, err = m.LoadEquations("clipboard", "A=1\nB=\a2", LoadLenient)
	var se *solver.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 2, se.Pos.Line)
	assert.Equal(t, 3, se.Pos.Col)

	path := filepath.Join(t.TempDir(), "state.json")
	st := stateFile{Schema: SchemaVersion, sections: map[string]any{"solve": &solveSection{Equations: []string{"A=\x1b[2J1"}}}}
	b, _ := json.Marshal(st)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	m, _, err = Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	eqs, _ := m.Equations()
	assert.Equal(t, []string{"A=?[2J1"}, eqs)
}

// TestNotOurFile: a file that is not an hp17b state, or a link to one,
// is refused and left as it was; a byte-order mark before a state is
// allowed; a newer schema's state is not saved and Flush says so.
func TestNotOurFile(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(notes, []byte("my notes\n"), 0o600))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(notes, link))
	other := filepath.Join(dir, "other.json")
	require.NoError(t, os.WriteFile(other, []byte(`{"name":"not ours"}`), 0o644))
	for _, p := range []string{notes, link, other} {
		before, _ := os.ReadFile(p)
		_, _, err := Open(OpenOptions{Path: p, Equations: defaults})
		require.Error(t, err, p)
		assert.Contains(t, err.Error(), "not an hp17b state file")
		after, _ := os.ReadFile(p)
		assert.Equal(t, before, after, p)
		matches, _ := filepath.Glob(p + "*.damaged-*")
		assert.Empty(t, matches)
	}
	info, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeSymlink, "the link is still a link")

	bom := filepath.Join(dir, "bom.json")
	require.NoError(t, os.WriteFile(bom, []byte("\ufeff"+`{"schema":2,"calculator":{"x":"5"}}`), 0o644))
	m, notice, err := Open(OpenOptions{Path: bom, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice)
	assert.Contains(t, m.Frame().Top, "5")

	newer := filepath.Join(dir, "newer.json")
	require.NoError(t, os.WriteFile(newer, []byte(`{"schema":99}`), 0o644))
	m, _, err = Open(OpenOptions{Path: newer, Locked: true, Equations: defaults})
	require.NoError(t, err)
	require.NoError(t, Run(m, "5 STO 1", nil))
	assert.ErrorContains(t, m.Close(), "newer hp17b")
}

// TestOutOfRangeSaid: a value out of range in the state file is taken as
// the calculator can hold it, and the notice says so (the clock offset of
// 9E18 seconds once became −7037857225 silently).
func TestOutOfRangeSaid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"schema":2,"calculator":{"fix":40},"time":{"offset":9000000000000000000},
		"cflo":{"lists":[{"flows":[["5","1"],["7","5000"]]}]}}`), 0o644))
	m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Contains(t, notice, "offset of 9000000000000000000 seconds")
	assert.Contains(t, notice, "#TIMES 5000 taken as 1")
	assert.Contains(t, notice, "FIX 40 taken as FIX 11")
	assert.Equal(t, time.Duration(0), m.clk.offset)
	_, notice, err = Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Empty(t, notice, "written as taken")
}
