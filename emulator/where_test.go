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
