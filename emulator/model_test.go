package emulator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/solver"
)

// TestModelInSOLVE: the model chooses how SOLVE's equations are solved
// (D. Shepherd, "17bii+ solver workaround", HP Forum Archive 17, 21 Oct
// 2007: A=L(B:B+1) gives A=1 on both, and B is 2 on the 17bII+), the
// built-in applications solve alike on both, and the model survives a
// restart.
func TestModelInSOLVE(t *testing.T) {
	for _, tc := range []struct {
		model solver.Model
		b     string
	}{{solver.Model17BII, "B=1.00"}, {solver.Model17BIIPlus, "B=2.00"}} {
		m := New(defaults)
		require.NoError(t, m.SetModel(tc.model))
		require.NoError(t, Run(m, `SOLVE NEW "A=L(B:B+1)" INPUT CALC [A]`, nil))
		assert.Equal(t, "A=1.00", m.Frame().Top, tc.model)
		require.NoError(t, Run(m, "RCL [B]", nil))
		assert.Equal(t, tc.b, m.Frame().Top, tc.model)
		// TVM solves alike on both models.
		require.NoError(t, Run(m, "MAIN FIN TVM 48 [N] 10.5 [I%YR] 14000 [PV] 0 [FV] [PMT]", nil))
		assert.Equal(t, "PMT=-358.45", m.Frame().Top, tc.model)
		m2 := restarted(t, m)
		assert.Equal(t, tc.model, m2.Model())
	}
}

// TestSelfTest: CLR held with the fifth menu key in MAIN starts the
// self-test, which shows the model's pass message (17bII+ owner's manual
// p.233: OK-17BII+; the HP-17BII: OK-17B II - I); other keys do nothing;
// CLR held with the third menu key halts it with MACHINE RESET, and
// memory is kept.
func TestSelfTest(t *testing.T) {
	for model, pass := range map[solver.Model]string{solver.Model17BII: "OK-17B II - I", solver.Model17BIIPlus: "OK-17BII+"} {
		m := New(defaults)
		require.NoError(t, m.SetModel(model))
		require.NoError(t, Run(m, "42 STO 3 CLR", nil))
		require.NoError(t, Run(m, "CLR+F5", nil))
		assert.True(t, m.SelfTesting())
		assert.Equal(t, pass, m.Frame().Top)
		assert.Equal(t, [6]string{}, m.Frame().Labels)
		require.NoError(t, Run(m, "7 F1 EXIT", nil))
		assert.Equal(t, pass, m.Frame().Top, "keys do nothing during the test")
		require.NoError(t, Run(m, "CLR+F3", nil))
		assert.False(t, m.SelfTesting())
		assert.Equal(t, "MACHINE RESET", m.Frame().Top)
		require.NoError(t, Run(m, "CLR RCL 3", nil))
		assert.Equal(t, "42.00", m.Frame().Top, "memory kept")
	}
	// Away from MAIN, or with a number keyed, CLR+F5 is F5 alone.
	m := New(defaults)
	require.NoError(t, Run(m, "5 CLR+F5", nil))
	assert.False(t, m.SelfTesting())
	require.NoError(t, Run(m, "MAIN CLR FIN CLR+F5", nil))
	assert.False(t, m.SelfTesting())
	// A chord needs two key names: "+/-" and "+" stay keys.
	_, _, ok := chord("+/-")
	assert.False(t, ok)
	_, _, ok = chord("CLR+NOPE")
	assert.False(t, ok)
}

// TestBeeps: an error beeps once while BEEP is on (MODES BEEP turns it
// off and on), an alarm beeps when it rings, a plain result does not.
func TestBeeps(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "1 + 2 =", nil))
	assert.Zero(t, m.Frame().Beeps)
	require.NoError(t, Run(m, "1 ÷ 0 =", nil))
	assert.Equal(t, "DIVIDE BY 0", m.Frame().Top)
	assert.EqualValues(t, 1, m.Frame().Beeps)
	require.NoError(t, Run(m, `CLR MAIN SOLVE NEW "A=1÷B" INPUT CALC A`, nil))
	assert.Equal(t, "SOLUTION NOT FOUND", m.Frame().Top)
	assert.EqualValues(t, 2, m.Frame().Beeps)
	require.NoError(t, Run(m, "CLR MAIN MODES BEEP", nil))
	assert.Equal(t, "BEEPER OFF", m.Frame().Top)
	require.NoError(t, Run(m, "CLR MAIN 1 ÷ 0 =", nil))
	assert.Equal(t, "DIVIDE BY 0", m.Frame().Top)
	assert.EqualValues(t, 2, m.Frame().Beeps, "BEEP off: silent")
}
