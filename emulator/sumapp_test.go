package emulator

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSUMSurvivesRestart: SUM's named and unnamed lists, the current one
// and FRCST's model go through the state file's encoding and come back.
func TestSUMSurvivesRestart(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, `SUM 1 INPUT 2 INPUT 4 INPUT NAME "XS" INPUT GET *NEW 3 INPUT 5 INPUT 9 INPUT `+
		`CALC MORE FRCST XS *NEW MORE MODL PWR`, nil))
	m2 := restarted(t, m)
	require.NoError(t, Run(m2, "SUM CALC [TOTAL]", nil))
	assert.Equal(t, "TOTAL=17.00", m2.Frame().Top, "the current list is the unnamed one")
	require.NoError(t, Run(m2, "MORE FRCST XS *NEW", nil))
	assert.Equal(t, "POWER MODEL", m2.Frame().Top)
	require.NoError(t, Run(m2, "MAIN SOLVE NEW \"N=SIZES(XS)+ITEM(XS:3)\" INPUT CALC [N]", nil))
	assert.Equal(t, "N=7.00", m2.Frame().Top)
}

// TestSUMStateRefusesBadData: a list name the Solver could not read is
// dropped, a list longer than maxItems is cut, an unknown model is LIN.
func TestSUMStateRefusesBadData(t *testing.T) {
	long := "[" + strings.Repeat(`"1",`, maxItems+5) + `"1"]`
	var st stateFile
	require.NoError(t, json.Unmarshal([]byte(`{"schema":2,"sum":{"lists":[{"name":"1BAD","items":`+long+`}],"current":7,"model":9}}`), &st))
	m := New(defaults)
	m.restore(st)
	require.Len(t, m.sum.lists, 1)
	assert.Empty(t, m.sum.lists[0].Name)
	assert.Len(t, m.sum.lists[0].Items, maxItems)
	assert.Equal(t, 0, m.sum.cur)
	assert.Equal(t, "LINEAR MODEL", m.sum.model.Name())
}

// TestSUMKeyedValueReplacesItem: a number keyed over an item replaces it
// and the running total follows; INPUT with nothing keyed moves on.
func TestSUMKeyedValueReplacesItem(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "SUM 10 INPUT 20 INPUT 30 INPUT SHIFT ▲ INPUT", nil))
	f := m.Frame()
	assert.Equal(t, "ITEM(2)=20.00", f.Top)
	assert.Equal(t, "TOTAL=60.00", f.Bottom)
	require.NoError(t, Run(m, "25 INPUT", nil))
	f = m.Frame()
	assert.Equal(t, "ITEM(3)=30.00", f.Top)
	assert.Equal(t, "TOTAL=65.00", f.Bottom)
}
