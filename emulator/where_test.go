package emulator

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResume: a calculator reopened from its state file and resumed shows
// what it showed when it was left: the menu and its page, the number
// being keyed, a pending RCL; scripts that do not resume start in MAIN.
func TestResume(t *testing.T) {
	for _, c := range []struct{ script, then string }{
		{"TIME CALC 42", "0"},
		{"FIN TVM 1.5", "N"},
		{"FIN CFLO", ""},
		{"SUM", ""},
		{"SOLVE CALC 7", ""},
		{"FIN BOND MORE 3", ""},
		{"MODES", ""},
		{"TIME CALC RCL", "4"},
		{"12 +/-", ""},
		{"FIN TVM 5 MAIN 8", ""},
	} {
		path := filepath.Join(t.TempDir(), "state.json")
		m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		require.NoError(t, Run(m, c.script, nil), c.script)
		want := m.Frame()
		require.NoError(t, m.Flush())

		back, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		assert.Equal(t, "FIN BUS SUM TIME SOLVE CURRX", back.Frame().MenuLine(), "%s: MAIN until resumed", c.script)
		back.Resume()
		got := back.Frame()
		want.Beeps, got.Beeps = 0, 0
		if strings.HasPrefix(c.script, "TIME") {
			// TIME's clock line moves; the menu and the number are compared.
			assert.Equal(t, want.Labels, got.Labels, c.script)
		} else {
			assert.Equal(t, want, got, c.script)
		}
		if c.then != "" {
			// The resumed calculator goes on as the first would.
			require.NoError(t, Run(m, c.then, nil))
			require.NoError(t, Run(back, c.then, nil))
			assert.Equal(t, m.Frame().Top, back.Frame().Top, "%s then %s", c.script, c.then)
		}
	}
}

// TestResumeAfterOpenEquation: the variable menu the heaps panel opens
// (OpenEquation, Calculate) is kept as SOLVE and CALC would have opened
// it, so a reopened window shows the game's menu again, over another
// equation chosen last in the list too.
func TestResumeAfterOpenEquation(t *testing.T) {
	for _, script := range []string{"", "SOLVE DOWN 7", "FIN TVM 3"} {
		path := filepath.Join(t.TempDir(), "state.json")
		m, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		require.NoError(t, Run(m, script, nil), script)
		require.NoError(t, m.Calculate(defaults[0], "INIT"))
		require.Equal(t, "INIT=1,357.00", m.Frame().Top)
		require.NoError(t, m.Flush())

		back, _, err := Open(OpenOptions{Path: path, Equations: defaults})
		require.NoError(t, err)
		back.Resume()
		got := back.Frame()
		assert.Equal(t, "INIT A B C D EVAL", got.MenuLine(), script)
		assert.Equal(t, "1,357.00", got.Top, "%s: x, the result's message gone as at any reopening", script)
		require.NoError(t, Run(back, "6 [D] [EVAL]", nil))
		assert.Equal(t, "EVAL=1,346.00", back.Frame().Top, script)
	}
}
