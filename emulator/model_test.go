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
		m := New()
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
