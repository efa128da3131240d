package emulator

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// restarted is a fresh calculator given m's continuous memory through the
// state file's encoding.
func restarted(t *testing.T, m *Machine) *Machine {
	t.Helper()
	b, err := json.Marshal(m.snapshot())
	require.NoError(t, err)
	var st stateFile
	require.NoError(t, json.Unmarshal(b, &st))
	m2 := New()
	m2.restore(st)
	return m2
}

// TestFINSurvivesRestart: CFLO's named lists, #TIMES and TVM's variables
// go through the state file's encoding and come back (continuous memory).
func TestFINSurvivesRestart(t *testing.T) {
	m := New()
	require.NoError(t, Run(m, `FIN CFLO 100 CHS INPUT 60 INPUT 2 INPUT NAME "LOAN" INPUT EXIT TVM 12 [N] OTHER 4 [P/YR] BEG`, nil))
	m2 := restarted(t, m)
	require.NoError(t, Run(m2, "FIN CFLO CALC [TOTAL]", nil))
	assert.Equal(t, "TOTAL=20.00", m2.Frame().Top)
	require.NoError(t, Run(m2, "EXIT GET", nil))
	assert.Equal(t, "*NEW LOAN - - - -", m2.Frame().MenuLine())
	require.NoError(t, Run(m2, "MAIN FIN TVM", nil))
	assert.Equal(t, "4 P/YR BEGIN MODE", m2.Frame().Top)
	require.NoError(t, Run(m2, "RCL [N]", nil))
	assert.Equal(t, "N=12.00", m2.Frame().Top)
}

// TestCFLOListFunctionsNeedAList: FLOW of a list that does not exist stops
// the Solver's direct solution with its message.
func TestCFLOListFunctionsNeedAList(t *testing.T) {
	m := New()
	require.NoError(t, Run(m, `SOLVE NEW "X=SIZEC(NONE)" INPUT CALC [X]`, nil))
	assert.Equal(t, "SOLUTION NOT FOUND", m.Frame().Top)
	require.NoError(t, Run(m, `MAIN FIN CFLO 5 INPUT NAME "NONE" INPUT MAIN SOLVE CALC [X]`, nil))
	assert.Equal(t, "X=0.00", m.Frame().Top)
}
