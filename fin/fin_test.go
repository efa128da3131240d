package fin

import (
	"context"
	"testing"

	"github.com/cockroachdb/apd/v3"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func num(t testing.TB, s string) hp17b.Number {
	t.Helper()
	n, err := hp17b.Parse(s)
	require.NoError(t, err)
	return n
}

// fix2 is the display at FIX 2.
func fix2(n hp17b.Number) string { return hp17b.Format(n, hp17b.Mode{Fix: 2}) }

func tvm(t testing.TB, n, i, pv, pmt, fv string) TVM {
	return TVM{N: num(t, n), IYR: num(t, i), PV: num(t, pv), PMT: num(t, pmt), FV: num(t, fv), PYR: num(t, "12")}
}

// TestTVMManual reproduces the TVM examples of the 17bII+ owner's manual
// (chapter 5) and HP's support document "Amortizing a Single Payment".
func TestTVMManual(t *testing.T) {
	bg := context.Background()
	// p.68, a car loan: 36 payments at 10.5 % on 7,250 − 1,500.
	car := tvm(t, "36", "10.5", "5750", "0", "0")
	pmt, err := car.SolvePMT()
	require.NoError(t, err)
	assert.Equal(t, "-186.89", fix2(pmt))
	// The rate that lowers the payment by 10.
	car.PMT = num(t, "-176.89")
	i, err := car.SolveIYR(bg)
	require.NoError(t, err)
	assert.Equal(t, "6.75", fix2(i))
	// p.69, a home mortgage: 360 payments of 630 at 11.5 %.
	home := tvm(t, "360", "11.5", "0", "-630", "0")
	pv, err := home.SolvePV()
	require.NoError(t, err)
	assert.Equal(t, "63,617.64", fix2(pv))
	// p.70, a balloon: 25 years, 75,250 at 13.8 %.
	ball := tvm(t, "300", "13.8", "75250", "0", "0")
	pmt, err = ball.SolvePMT()
	require.NoError(t, err)
	assert.Equal(t, "-894.33", fix2(pmt))
	// N back from the payment.
	home.PV = pv
	n, err := home.SolveN()
	require.NoError(t, err)
	assert.Equal(t, "360.00", fix2(n))
}

func TestTVMNoSolution(t *testing.T) {
	// All money in one direction: no rate balances it.
	x := tvm(t, "10", "0", "100", "10", "5")
	_, err := x.SolveIYR(context.Background())
	assert.Equal(t, ErrNoSolution, err)
	// 100 now and 50 later, both received, balance at no N.
	_, err = tvm(t, "0", "10", "100", "0", "50").SolveN()
	assert.Equal(t, ErrNoSolution, err)
	x.PYR = num(t, "0")
	_, err = x.SolvePV()
	assert.Equal(t, ErrInvalidPYR, err)
}

// TestAmortization reproduces HP's support document "HP 17Bii, 17Bii+, and
// 19Bii Calculators - Amortizing a Single Payment": 100,000 over 360
// months at 10 %, the 65th payment.
func TestAmortization(t *testing.T) {
	loan := tvm(t, "360", "10", "100000", "0", "0")
	pmt, err := loan.SolvePMT()
	require.NoError(t, err)
	assert.Equal(t, "-877.57", fix2(pmt))
	loan.PMT = pmt
	s, err := NewSchedule(loan, 2)
	require.NoError(t, err)
	first, err := s.Next(64)
	require.NoError(t, err)
	assert.Equal(t, [2]int{1, 64}, [2]int{first.First, first.Last})
	one, err := s.Next(1)
	require.NoError(t, err)
	assert.Equal(t, [2]int{65, 65}, [2]int{one.First, one.Last})
	assert.Equal(t, "-802.33", fix2(one.Int))
	assert.Equal(t, "-75.24", fix2(one.Prin))
	_, err = s.Next(0)
	assert.Error(t, err)
	assert.Equal(t, apd.RoundHalfEven, hp17b.Wide.Rounding,
		"AMRT rounds to the display in its own context; the shared 34-digit one keeps ties to even")
}

// TestICNVManual: p.89, 5 % compounded daily is 5.13 % effective, which
// is 5.01 % compounded monthly.
func TestICNVManual(t *testing.T) {
	eff, err := Effective(num(t, "5"), num(t, "365"))
	require.NoError(t, err)
	assert.Equal(t, "5.13", fix2(eff))
	nom, err := Nominal(eff, num(t, "12"))
	require.NoError(t, err)
	assert.Equal(t, "5.01", fix2(nom))
	back, err := NominalCont(num(t, "10"))
	require.NoError(t, err)
	again, err := EffectiveCont(back)
	require.NoError(t, err)
	assert.Equal(t, "10.0000000000", hp17b.Format(again, hp17b.Mode{Fix: 10}))
}

// TestBondManual reproduces chapter 8's examples (p.113).
func TestBondManual(t *testing.T) {
	b := Bond{Sett: num(t, "5.022003"), Mat: num(t, "3.032022"), CPN: num(t, "6"), Call: num(t, "100"),
		Basis360: true, YLD: num(t, "5.7")}
	p, err := b.Price()
	require.NoError(t, err)
	assert.Equal(t, "103.43", fix2(p))
	b.Mat, b.Call, b.PRICE = num(t, "3.032006"), num(t, "102.75"), p
	y, err := b.Yield(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "5.58", fix2(y))
	zero := Bond{Sett: num(t, "5.192003"), Mat: num(t, "6.302017"), Call: num(t, "100"), Basis360: true, YLD: num(t, "10")}
	p, err = zero.Price()
	require.NoError(t, err)
	assert.Equal(t, "25.23", fix2(p))
}

// TestDepreciationManual reproduces p.117 (declining balance, straight
// line) and p.118 (ACRS).
func TestDepreciationManual(t *testing.T) {
	a := Asset{Basis: num(t, "10000"), Salv: num(t, "500"), Life: num(t, "5"), Fact: num(t, "200")}
	want := [][2]string{{"4,000.00", "5,500.00"}, {"2,400.00", "3,100.00"}, {"1,440.00", "1,660.00"}}
	for y, w := range want {
		a.Year = hp17b.FromInt(int64(y + 1))
		d, err := a.DB()
		require.NoError(t, err)
		assert.Equal(t, w, [2]string{fix2(d.Dep), fix2(d.RDV)}, "year %d", y+1)
	}
	a.Year = num(t, "3")
	sl, err := a.SL()
	require.NoError(t, err)
	assert.Equal(t, [2]string{"1,900.00", "3,800.00"}, [2]string{fix2(sl.Dep), fix2(sl.RDV)})
	acrs, err := ACRS(num(t, "25000"), num(t, "15"))
	require.NoError(t, err)
	assert.Equal(t, "3,750.00", fix2(acrs))
}
