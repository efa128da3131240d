package emulator

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// TestCalculateAfterKeyedNumber: INIT computed over a number being keyed
// discards the number and computes (the heaps panel's New Game after a
// keyed 5 once stored INIT=0: the key sequence CLR INIT stores 0, as the
// calculator does after CLR).
func TestCalculateAfterKeyedNumber(t *testing.T) {
	m := New(defaults)
	nim, _ := m.Equations()
	require.NoError(t, Run(m, "SOLVE CALC INIT 6 [D] [EVAL] 5", nil))
	require.NoError(t, m.Calculate(nim[0], "INIT"))
	f := m.Frame()
	assert.Equal(t, "INIT=1,357.00", f.Top)
	for n, want := range map[string]int64{"A": 1, "B": 3, "C": 5, "D": 7} {
		assert.True(t, m.Vars().Value(n).Equal(hp17b.FromInt(want)), n)
	}
	runs := m.SolvedSince(0)
	require.Len(t, runs, 3)
	assert.Equal(t, []string{"INIT", "EVAL", "INIT"}, []string{runs[0].Var, runs[1].Var, runs[2].Var})
	assert.True(t, runs[1].Found)
	assert.True(t, runs[1].Before["D"].Equal(hp17b.FromInt(6)), "EVAL answered D=6")
	assert.True(t, runs[1].After["C"].Equal(hp17b.FromInt(4)), "the post's answer, 1346")
	assert.Equal(t, nim[0], runs[1].Equation)
	assert.Empty(t, m.SolvedSince(m.LastSolved()))

	// From another application, a prompt, or the shift key: the same.
	for _, script := range []string{"SHIFT EXIT FIN TVM 12", "RCL", "SHIFT", "DSP", "SHIFT EXIT TIME CALC"} {
		require.NoError(t, Run(m, script, nil), script)
		require.NoError(t, m.Calculate(nim[0], "INIT"), script)
		assert.Equal(t, "INIT=1,357.00", m.Frame().Top, script)
		assert.True(t, m.InVarMenu(nim[0]), script)
	}
	// While an equation is edited: refused, nothing changes.
	require.NoError(t, Run(m, `SHIFT EXIT SOLVE NEW "X=1"`, nil))
	assert.ErrorIs(t, m.Calculate(nim[0], "INIT"), ErrEditing)
	assert.Error(t, m.Calculate(nim[0], "NOPE"))
}

// TestSectionsKept: an owner's section survives closing and reopening
// the state file, whole.
func TestSectionsKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Nil(t, m.Section("game"))
	m.SetSection("game", json.RawMessage(`{"program":"nim","position":[1,3,4,6],"turn":0}`))
	require.NoError(t, m.Flush())
	again, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.JSONEq(t, `{"program":"nim","position":[1,3,4,6],"turn":0}`, string(again.Section("game")))
	again.SetSection("game", nil)
	require.NoError(t, again.Flush())
	third, _, err := Open(OpenOptions{Path: path, Equations: defaults})
	require.NoError(t, err)
	assert.Nil(t, third.Section("game"))
}
