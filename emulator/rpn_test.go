package emulator

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestALGAndRPNAgree: the same calculations keyed the ALG way and the RPN
// way leave the same display (17bII+ owner's manual p.266 compares the
// keystrokes of the two modes).
func TestALGAndRPNAgree(t *testing.T) {
	for _, c := range []struct{ alg, rpn string }{
		{"200 × 27 % =", "200 ENTER 27 %"},
		{"200 - 27 % =", "200 ENTER 27 % -"},
		{"2 × 3 = STO 5 CLR RCL 5", "2 ENTER 3 × STO 5 CLR RCL 5"},
		{"9 ÷ ( 13 × 8 ) =", "13 ENTER 8 × 9 X≷Y ÷"},
		{"4 ÷ ( 7 × 3 + 14 - 2 ) =", "7 ENTER 3 × 14 + 2 - 4 X≷Y ÷"},
		{"96.74 + 52.39 = ÷ 52.39 =", "96.74 ENTER 52.39 + LAST ÷"},
		{"12 Y^X 4 =", "12 ENTER 4 Y^X"},
		{"12 Y^X 3 1/X =", "12 ENTER 3 1/X Y^X"},
		{"( 456 - 75 ) ÷ 19.2 × ( 68 ÷ 1.9 ) =", "456 ENTER 75 - 19.2 ÷ 68 ENTER 1.9 ÷ ×"},
		{"2 SQRT MATH LN", "2 SQRT MATH LN"},
		{"1 ÷ 0 =", "1 ENTER 0 ÷"},
		{"FIN TVM 12 N 1000 PV 50 +/- PMT RCL PV - 2 % =", "FIN TVM 12 N 1000 PV 50 +/- PMT RCL PV 2 % -"},
		{"FIN TVM 12 N 1000 PV 50 +/- PMT RCL PMT × RCL N =", "FIN TVM 12 N 1000 PV 50 +/- PMT RCL PMT RCL N ×"},
		{"FIN TVM 3 × 2 = N 8.5 I%YR 30000 - 7000 = PV 0 FV PMT", "FIN TVM 3 ENTER 2 × N 8.5 I%YR 30000 ENTER 7000 - PV 0 FV PMT"},
	} {
		alg, rpn := New(defaults), New(defaults)
		require.NoError(t, Run(alg, c.alg, nil), c.alg)
		require.NoError(t, Run(rpn, "MODES RPN MAIN "+c.rpn, nil), c.rpn)
		a, r := alg.Frame(), rpn.Frame()
		assert.True(t, r.RPN, c.rpn)
		assert.Equal(t, []string{a.Top, a.MenuLine()}, []string{r.Top, r.MenuLine()}, "%s | %s", c.alg, c.rpn)
	}
}

// TestRPNSurvivesRestart: the mode, the levels in use, and whether the next
// number lifts go through the state file's encoding, as do PRNT and DBL.
func TestRPNSurvivesRestart(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "MODES RPN DBL PRNT MAIN 1 ENTER 2 ENTER 3 ENTER", nil))
	m2 := restarted(t, m)
	assert.True(t, m2.RPN())
	assert.Equal(t, m.Stack(), m2.Stack())
	assert.Len(t, m2.Stack(), 4)
	// ENTER came last: 4 writes over X (3), + adds it to Y (3).
	require.NoError(t, Run(m2, "4 +", nil))
	assert.Equal(t, "7.00", m2.Frame().Top)
	require.NoError(t, Run(m2, "MODES", nil))
	require.NoError(t, Run(m2, "DBL", nil))
	assert.Equal(t, "DOUBLE SPACE OFF", m2.Frame().Top, "DBL was on before the restart")
	require.NoError(t, Run(m2, "PRNT", nil))
	assert.Equal(t, msgNoAdapter, m2.Frame().Top, "PRNT was on before the restart")

	// An ALG calculator comes back in ALG with x alone.
	a := restarted(t, New(defaults))
	assert.False(t, a.RPN())
	assert.Len(t, a.Stack(), 1)
}

// TestDoubleSpacing: under DBL every printed line is followed by a blank
// one.
func TestDoubleSpacing(t *testing.T) {
	single, double := New(defaults), New(defaults)
	require.NoError(t, Run(single, "12 PRT 34 PRT", nil))
	require.NoError(t, Run(double, "MODES DBL MAIN 12 PRT 34 PRT", nil))
	one := single.PrintOut()
	two := double.PrintOut()
	require.Len(t, two, 2*len(one))
	for i, l := range one {
		assert.Equal(t, l, two[2*i])
		assert.Empty(t, two[2*i+1])
	}
}

// TestRPNStackProperties: over random RPN key sequences the stack keeps
// between one and four levels; R↓ as many times as there are levels and
// x≷y twice give the stack back; ENTER copies X into Y; an operation drops
// one level and leaves y op x in X.
func TestRPNStackProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 17))
	tokens := []string{"1", "2", "7", ".5", "ENTER", "+", "-", "×", "÷", "%", "R↓", "X≷Y", "LAST", "CLR", "←", "+/-", "1/X", "SQRT", "CLEARDATA", "Y^X"}
	for i := 0; i < 300; i++ {
		m := New(defaults)
		require.NoError(t, Run(m, "MODES RPN MAIN", nil))
		var script []string
		for j := 0; j < 1+r.IntN(25); j++ {
			script = append(script, tokens[r.IntN(len(tokens))])
		}
		s := strings.Join(script, " ")
		_ = Run(m, s, nil)
		m.Press(KeyCLR) // a message, if any, goes
		if m.Frame().Top == "" {
			m.Press(KeyCLR)
		}
		st := m.Stack()
		require.GreaterOrEqual(t, len(st), 1, s)
		require.LessOrEqual(t, len(st), 4, s)

		before := m.Stack()
		for range before {
			m.Press(KeyLParen)
		}
		assert.Equal(t, before, m.Stack(), "R↓ %d times after %s", len(before), s)
		m.Press(KeyRParen)
		m.Press(KeyRParen)
		after := m.Stack()
		assert.Equal(t, before[0], after[0], "x≷y twice after %s", s)
		if len(before) > 1 {
			assert.Equal(t, before, after, "x≷y twice after %s", s)
		}

		m.Press(KeyEquals)
		entered := m.Stack()
		assert.Equal(t, min(len(after)+1, 4), len(entered))
		assert.Equal(t, entered[0], entered[1], "ENTER copies X into Y after %s", s)

		require.NoError(t, Run(m, "3 +", nil))
		sum, err := hp17b.Add(entered[1], hp17b.FromInt(3))
		require.NoError(t, err)
		got := m.Stack()
		assert.Equal(t, sum, got[0], "Y + 3 after %s", s)
		assert.Equal(t, max(len(entered)-1, 1), len(got), "the 3 wrote over X, + dropped one level")
	}
}
