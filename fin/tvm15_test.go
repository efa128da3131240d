package fin

import (
	"math"
	"testing"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMachineFlatRate is the HP-17BII's flat-rate sequence (dm319 and T.
// Hutchins, "Rogue Zero: An HP-12c Story", 2026): I%YR 10, P/YR 1, PV 100,
// PMT −10, FV solved as N grows shows −100.00 while 1.1^N < 10^15, then
// −1,000.00 until 10^16 (the 1 of F − 1 falls in the guard digit), then
// 0.00, then an error once N × ln 1.1 > 20000 × ln 10. Every N from 1 to
// past the error; --exact-tvm's answer is −100 at every N it reaches.
func TestMachineFlatRate(t *testing.T) {
	x := TVM{IYR: hp17b.FromInt(10), PV: hp17b.FromInt(100), PMT: hp17b.FromInt(-10), PYR: hp17b.One}
	counts := map[string]int{}
	for n := 1; n <= 483300; n++ {
		x.N = hp17b.FromInt(int64(n))
		got, err := x.SolveFV()
		digits := float64(n) * math.Log10(1.1) // log10 of 1.1^N
		var want string
		switch {
		case digits > 20000:
			require.Equal(t, hp17b.ErrOverflow, err, "N %d", n)
			counts["error"]++
			continue
		case digits < 15:
			want = "-100"
		case digits < 16:
			want = "-1000"
		default:
			want = "0"
		}
		require.NoError(t, err, "N %d", n)
		require.Equal(t, want, got.String(), "N %d", n)
		counts[want]++
	}
	assert.Equal(t, map[string]int{"-100": 362, "-1000": 24, "0": 483177 - 386, "error": 483300 - 483177}, counts)
	for _, n := range []int64{1, 300, 363, 387, 400} {
		x.N, x.Exact = hp17b.FromInt(n), true
		got, err := x.SolveFV()
		require.NoError(t, err)
		assert.Equal(t, "-100", got.String(), "exact, N %d", n)
		x.Exact = false
	}
}

// TestMachineTVM: the machine's TVM on the manual's loans agrees with the
// exact answer at FIX 2, and the I%YR = 0 limits hold.
func TestMachineTVM(t *testing.T) {
	x := TVM{N: hp17b.FromInt(360), IYR: hp17b.MustParse("10"), PV: hp17b.MustParse("100000"), PYR: hp17b.FromInt(12)}
	pmt, err := x.SolvePMT()
	require.NoError(t, err)
	assert.Equal(t, "-877.57", hp17b.Format(pmt, hp17b.Mode{Fix: 2}))
	x.PMT = hp17b.MustParse("-877.57")
	n, err := x.SolveN()
	require.NoError(t, err)
	assert.Equal(t, "360.00", hp17b.Format(n, hp17b.Mode{Fix: 2}))
	z := TVM{N: hp17b.FromInt(480), PV: hp17b.FromInt(100000), PYR: hp17b.FromInt(12)}
	p0, err := z.SolvePMT()
	require.NoError(t, err)
	assert.Equal(t, "-208.333333333", p0.String())
	z.PMT = p0
	fv, err := z.SolveFV()
	require.NoError(t, err)
	assert.Equal(t, "-0.00000016", fv.String()) // 100000 − 480 × 208.333333333
	z.FV = hp17b.Zero
	n0, err := z.SolveN()
	require.NoError(t, err)
	assert.Equal(t, "480.000000001", n0.String())
}

// TestTinyRate: I%YR for N 480, PV 100,000, FV 0 after PMT was solved at
// 0 % (the problem set of dm319, "Looking for TVM contributions", HP
// Museum forum thread 21729, 2024) is the rate for the stored PMT,
// −7.98336798337E-12 % (a 60-digit Newton solve), to 12 digits, with the
// fast paths and without, in both modes; it was −7.98336800156E-12.
func TestTinyRate(t *testing.T) {
	for _, exact := range []bool{false, true} {
		x := TVM{N: hp17b.FromInt(480), PV: hp17b.FromInt(100000), PYR: hp17b.FromInt(12), Exact: exact}
		pmt, err := x.SolvePMT()
		require.NoError(t, err)
		require.Equal(t, "-208.333333333", pmt.String())
		x.PMT = pmt
		for _, fast := range []bool{true, false} {
			fastFlows = fast
			r, err := x.SolveIYR(t.Context())
			fastFlows = true
			require.NoError(t, err)
			assert.Equal(t, "-0.00000000000798336798337", r.String(), "exact %v, fast %v", exact, fast)
		}
	}
}
