package emulator

import (
	"encoding/json"
	"strconv"
	"strings"
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
	m2 := New(defaults)
	m2.restore(st)
	return m2
}

// TestFINSurvivesRestart: CFLO's named lists, #TIMES and TVM's variables
// go through the state file's encoding and come back (continuous memory).
func TestFINSurvivesRestart(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, `FIN CFLO 100 CHS INPUT 60 INPUT 2 INPUT NAME "LOAN" INPUT MAIN FIN TVM 12 [N] OTHER 4 [P/YR] BEG`, nil))
	m2 := restarted(t, m)
	require.NoError(t, Run(m2, "FIN CFLO CALC [TOTAL]", nil))
	assert.Equal(t, "TOTAL=20.00", m2.Frame().Top)
	require.NoError(t, Run(m2, "EXIT GET", nil))
	assert.Equal(t, "*NEW LOAN - - - -", m2.Frame().MenuLine())
	require.NoError(t, Run(m2, "MAIN FIN TVM OTHER EXIT", nil))
	assert.Equal(t, "4 P/YR BEGIN MODE", m2.Frame().Top)
	require.NoError(t, Run(m2, "RCL [N]", nil))
	assert.Equal(t, "N=12.00", m2.Frame().Top)
}

// TestCFLOListFunctionsNeedAList: FLOW of a list that does not exist stops
// the Solver's direct solution with its message.
func TestCFLOListFunctionsNeedAList(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, `SOLVE NEW "X=SIZEC(NONE)" INPUT CALC [X]`, nil))
	assert.Equal(t, "SOLUTION NOT FOUND", m.Frame().Top)
	require.NoError(t, Run(m, `MAIN FIN CFLO 5 INPUT NAME "NONE" INPUT MAIN SOLVE CALC [X]`, nil))
	assert.Equal(t, "X=0.00", m.Frame().Top)
}

// TestFINSearchesInterrupt: IRR% and I%YR stop with INTERRUPTED when a key
// ends their search (InterruptAfter presses it at once), as the window's
// keys do for the Solver's search (e2e TestLiveInterrupt), and the
// calculator goes on working.
func TestFINSearchesInterrupt(t *testing.T) {
	for _, tt := range []struct{ setup, key, after string }{
		{"FIN CFLO 100 CHS INPUT 60 INPUT 1 INPUT 60 INPUT 1 INPUT CALC", "IRR%", "IRR%=13.07"},
		// 800 a month repays 100,000 in 30 years at 8.94% a year:
		// 100000×i÷(1−(1+i)^−360) is 800.3 at i = 0.745%.
		{"FIN TVM 360 [N] 100000 [PV] 800 CHS [PMT] 0 [FV]", "I%YR", "I%YR=8.94"},
	} {
		m := New(defaults)
		require.NoError(t, Run(m, tt.setup, nil))
		m.InterruptAfter = 1
		require.NoError(t, Run(m, "["+tt.key+"]", nil))
		assert.Equal(t, "INTERRUPTED", m.Frame().Top, tt.key)
		m.InterruptAfter = 0
		require.NoError(t, Run(m, "["+tt.key+"]", nil))
		assert.Equal(t, tt.after, m.Frame().Top, tt.key)
	}
}

// TestAmortTablePrints: TABLE's GO prints TVM's I%YR, PV and PMT, then
// each set of INCR payments from FIRST to LAST with the lines AMRT shows
// for the same payments (its #P, INT, PRIN and BAL keys); PRT prints the
// calculator line against the right margin.
func TestAmortTablePrints(t *testing.T) {
	tvm := "FIN TVM 360 [N] 7.5 [I%YR] 100000 [PV] 0 [FV] [PMT] OTHER AMRT "
	m := New(defaults)
	require.NoError(t, Run(m, tvm+"TABLE 13 FIRST 30 [LAST] 12 INCR GO", nil))
	assert.Equal(t, "PRINTED: PMTS 13-30", m.Frame().Top)
	want := []string{"I%YR=7.50", "PV=100,000.00", "PMT=-699.21", ""}
	shown := New(defaults)
	require.NoError(t, Run(shown, tvm+"12 [#P]", nil)) // payments 1-12, not printed
	for _, n := range []int{12, 6} {
		require.NoError(t, Run(shown, strconv.Itoa(n)+" [#P]", nil))
		pmts := strings.TrimPrefix(shown.Frame().Top, "#P="+strconv.Itoa(n)+" ")
		want = append(want, pmts)
		for _, key := range []string{"INT", "PRIN", "BAL"} {
			require.NoError(t, Run(shown, "["+key+"]", nil))
			want = append(want, shown.Frame().Top)
		}
		want = append(want, "")
	}
	assert.Equal(t, want, m.PrintOut())
	assert.Equal(t, "PMTS: 25-30", want[9], "the last line holds the payments left")

	m.ClearPrintOut()
	require.NoError(t, Run(m, "MAIN 1234.5 PRT", nil))
	assert.Equal(t, []string{"                1,234.50"}, m.PrintOut())
	assert.Empty(t, shown.PrintOut(), "AMRT's keys print nothing")
}
