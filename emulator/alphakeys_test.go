package emulator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

func TestTextKeys(t *testing.T) {
	for _, tc := range []struct {
		text string
		keys []Key
	}{
		{"A", []Key{KeyF1, KeyF1}},
		{"Z", []Key{KeyF6, KeyF4}},
		{"7", []Key{Key7}},
		{"×", []Key{KeyMul}},
		{"^", []Key{KeyShift, KeyMul}},
		{" ", []Key{KeyF2, KeyF5}},
		{":", []Key{KeyF6, KeyF5, KeyF1}},
		{"Σ", []Key{KeyF6, KeyF5, KeyF6, KeyF2}},
	} {
		got, err := TextKeys(tc.text)
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.keys, got, tc.text)
	}
	for _, bad := range []string{"A*B", "a", "X≠Y"} {
		_, err := TextKeys(bad)
		assert.Error(t, err, bad)
	}
	_, err := TextKeys("A/B")
	assert.ErrorContains(t, err, "character 2")
	assert.ErrorContains(t, err, "÷")
}

// TestProgramsKeyedIn types every program of the library into a fresh
// calculator key by key through the ALPHA menus (SOLVE, NEW, the text,
// INPUT), checks that the SOLVE list holds exactly its text, then plays
// one move by the menu keys: INIT, a heap's new size, its key, EVAL. The
// calculator's answer must be the one the program gives from the library.
func TestProgramsKeyedIn(t *testing.T) {
	for _, p := range programs.All() {
		t.Run(p.ID, func(t *testing.T) {
			m := New(defaults)
			text := solver.Flatten(p.Text())
			require.NoError(t, Run(m, "MAIN SOLVE [NEW]", nil))
			keys, err := TextKeys(text)
			require.NoError(t, err)
			for _, k := range keys {
				m.Press(k)
			}
			m.Press(KeyINPUT)
			eqs, cur := m.Equations()
			require.Equal(t, text, eqs[cur])
			t.Logf("%s: %d characters, %d keystrokes", p.ID, len([]rune(text)), len(keys)+1)
			script, want := firstMove(t, p)
			require.NoError(t, Run(m, "[CALC] "+script, nil))
			assert.Equal(t, want, m.Frame().Top, script)
		})
	}
}

// firstMove is a script that plays one move of p from INIT by its menu
// keys, and the display the library's own equation gives for it.
func firstMove(t *testing.T, p programs.Program) (string, string) {
	script, steps := "[INIT] 6 [D] [EVAL]", "INIT D=6 EVAL"
	if g := p.Game; g != nil && g.Packed != "" {
		script, steps = "[INIT] 1356 [P] [EVAL]", "INIT P=1356 EVAL"
	} else if g != nil && g.Param != "" {
		script, steps = "3 [K] [INIT] 6 [C] [EVAL]", "K=3 INIT C=6 EVAL"
	} else if g != nil {
		script, steps = "[INIT] 3 [C] [EVAL]", "INIT C=3 EVAL"
	}
	eq, err := p.Equation()
	require.NoError(t, err)
	s := solver.New(eq, solver.NewVars())
	lines, err := s.DoAll(t.Context(), steps, solver.Options{}, hp17b.DefaultMode)
	require.NoError(t, err)
	return script, lines[len(lines)-1]
}
