package stat

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

func nums(t testing.TB, ss ...string) []hp17b.Number {
	t.Helper()
	out := make([]hp17b.Number, len(ss))
	for i, s := range ss {
		var err error
		out[i], err = hp17b.Parse(s)
		require.NoError(t, err, s)
	}
	return out
}

// fromFloat is f rounded to 12 digits.
func fromFloat(t testing.TB, f float64) hp17b.Number {
	t.Helper()
	n, err := hp17b.Parse(strconv.FormatFloat(f, 'g', 12, 64))
	require.NoError(t, err)
	return n
}

// fix2 is a result as the display shows it in FIX 2.
func fix2(n hp17b.Number) string { return hp17b.Format(n, hp17b.Mode{Fix: 2}) }

// TestOneVariable: the CALC menu's results on a list with an even number
// of items, an odd one, a single item and none.
func TestOneVariable(t *testing.T) {
	type fn func([]hp17b.Number) (hp17b.Number, error)
	cases := []struct {
		name string
		f    fn
		list []string
		want string
		err  error
	}{
		{"total", Total, []string{"12.5", "-3", "40"}, "49.50", nil},
		{"total empty", Total, nil, "0.00", nil},
		{"mean", Mean, []string{"12.5", "-3", "40"}, "16.50", nil},
		{"mean empty", Mean, nil, "", ErrInsufficientData},
		{"median odd", Median, []string{"7", "1", "4"}, "4.00", nil},
		{"median even", Median, []string{"7", "1", "4", "10"}, "5.50", nil},
		{"median one", Median, []string{"-2"}, "-2.00", nil},
		{"stdev", StdDev, []string{"2", "4", "4", "4", "5", "5", "7", "9"}, "2.14", nil},
		{"stdev one", StdDev, []string{"3"}, "", ErrInsufficientData},
		{"min", Min, []string{"3", "-8", "5"}, "-8.00", nil},
		{"max", Max, []string{"3", "-8", "5"}, "5.00", nil},
		{"range", Range, []string{"3", "-8", "5"}, "13.00", nil},
		{"range empty", Range, nil, "", ErrInsufficientData},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.f(nums(t, c.list...))
			if c.err != nil {
				assert.ErrorIs(t, err, c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, fix2(got))
		})
	}
	assert.Equal(t, nums(t, "-8", "0", "3", "3", "5"), Sorted(nums(t, "3", "-8", "5", "0", "3")))
}

// TestWeightedMean: the owner's manual, chapter 10, p.138, "Example:
// Weighted Mean": 266 apartments, 54 at $200, 32 at $205, 88 at $210 and
// 92 at $216.
func TestWeightedMean(t *testing.T) {
	rent, count := nums(t, "200", "205", "210", "216"), nums(t, "54", "32", "88", "92")
	m, err := WeightedMean(rent, count)
	require.NoError(t, err)
	assert.Equal(t, "209.44", fix2(m))
	sd, err := GroupedStdDev(rent, count)
	require.NoError(t, err)
	assert.Equal(t, "5.97", fix2(sd))

	_, err = WeightedMean(rent, count[:3])
	assert.ErrorIs(t, err, ErrUnequalLists)
	_, err = WeightedMean(rent, nums(t, "0", "0", "0", "0"))
	assert.ErrorIs(t, err, hp17b.ErrDivideByZero)
	_, err = GroupedStdDev(nums(t, "5"), nums(t, "1"))
	assert.ErrorIs(t, err, ErrInsufficientData)
}

// TestCurveFitting: the owner's manual, chapter 10, p.134, "Example:
// Curve Fitting" (minutes of advertising and sales over six weeks; the
// same data and forecasts appear in HP's 10bII+ user's guide: CORR 0.90,
// 3,357.38 for 7 minutes, 3,783.25 for 8, 6.16 minutes for 3,000).
func TestCurveFitting(t *testing.T) {
	minutes := nums(t, "2", "1", "3", "5", "5", "4")
	sales := nums(t, "1400", "920", "1100", "2265", "2890", "2200")
	f, err := NewFit(Linear, minutes, sales)
	require.NoError(t, err)
	assert.Equal(t, "0.90", fix2(f.Corr))
	assert.Equal(t, "425.88", fix2(f.M))
	assert.Equal(t, "376.25", fix2(f.B))
	for _, c := range []struct{ x, y string }{{"7", "3,357.38"}, {"8", "3,783.25"}} {
		y, err := f.Y(nums(t, c.x)[0])
		require.NoError(t, err)
		assert.Equal(t, c.y, fix2(y), "Y for %s minutes", c.x)
	}
	x, err := f.X(nums(t, "3000")[0])
	require.NoError(t, err)
	assert.Equal(t, "6.16", fix2(x))
}

// TestModels: data lying exactly on each model's curve give CORR 1 and
// back its coefficients, and a forecast and its inverse agree.
func TestModels(t *testing.T) {
	xs := nums(t, "1", "2", "3", "4", "5")
	curves := map[Model]func(x float64) float64{
		Linear:      func(x float64) float64 { return 3 + 2*x },
		Logarithmic: func(x float64) float64 { return 3 + 2*math.Log(x) },
		Exponential: func(x float64) float64 { return 3 * math.Exp(0.5*x) },
		Power:       func(x float64) float64 { return 3 * math.Pow(x, 1.5) },
	}
	for model, curve := range curves {
		t.Run(model.Label(), func(t *testing.T) {
			ys := make([]hp17b.Number, len(xs))
			for i, x := range xs {
				ys[i] = fromFloat(t, curve(x.Float64()))
			}
			f, err := NewFit(model, xs, ys)
			require.NoError(t, err)
			assert.InDelta(t, 1, f.Corr.Float64(), 1e-9)
			assert.InDelta(t, 3, f.B.Float64(), 1e-9)
			y, err := f.Y(nums(t, "2.5")[0])
			require.NoError(t, err)
			assert.InDelta(t, curve(2.5), y.Float64(), 1e-9*math.Abs(curve(2.5)))
			x, err := f.X(y)
			require.NoError(t, err)
			assert.InDelta(t, 2.5, x.Float64(), 1e-9)
		})
	}
	_, err := NewFit(Logarithmic, nums(t, "0", "1"), nums(t, "1", "2"))
	assert.ErrorIs(t, err, hp17b.ErrLogZero)
	_, err = NewFit(Exponential, nums(t, "1", "2"), nums(t, "-1", "2"))
	assert.ErrorIs(t, err, hp17b.ErrLogNeg)
	_, err = NewFit(Linear, nums(t, "2", "2"), nums(t, "1", "5"))
	assert.ErrorIs(t, err, hp17b.ErrDivideByZero)
	_, err = NewFit(Linear, nums(t, "2"), nums(t, "1"))
	assert.ErrorIs(t, err, ErrInsufficientData)
}

// TestSummations: n, Σx, Σy, Σx², Σy², Σxy.
func TestSummations(t *testing.T) {
	s, err := Summations(nums(t, "1", "2", "3"), nums(t, "4", "5", "-6"))
	require.NoError(t, err)
	got := []string{fix2(s.N), fix2(s.X), fix2(s.Y), fix2(s.X2), fix2(s.Y2), fix2(s.XY)}
	assert.Equal(t, []string{"3.00", "6.00", "3.00", "14.00", "77.00", "-4.00"}, got)
	_, err = Summations(nums(t, "1"), nil)
	assert.ErrorIs(t, err, ErrUnequalLists)
}

// ctx30 is the independent check's precision.
var ctx30 = apd.Context{Precision: 30, MaxExponent: 10000, MinExponent: -10000, Rounding: apd.RoundHalfEven}

// sums30 is n, Σx, Σy, Σx², Σxy and Σy² at 30 digits.
type sums30 struct{ n, x, y, xx, xy, yy apd.Decimal }

func newSums30(xs, ys []hp17b.Number) sums30 {
	var s sums30
	s.n.SetInt64(int64(len(xs)))
	var t apd.Decimal
	for i := range xs {
		x, y := xs[i].Decimal(), ys[i].Decimal()
		_, _ = ctx30.Add(&s.x, &s.x, &x)
		_, _ = ctx30.Add(&s.y, &s.y, &y)
		_, _ = ctx30.Mul(&t, &x, &x)
		_, _ = ctx30.Add(&s.xx, &s.xx, &t)
		_, _ = ctx30.Mul(&t, &x, &y)
		_, _ = ctx30.Add(&s.xy, &s.xy, &t)
		_, _ = ctx30.Mul(&t, &y, &y)
		_, _ = ctx30.Add(&s.yy, &s.yy, &t)
	}
	return s
}

// q30, m30, s30 and r30 are ÷, ×, − and √ at 30 digits.
func q30(a, b *apd.Decimal) *apd.Decimal { r := new(apd.Decimal); _, _ = ctx30.Quo(r, a, b); return r }
func m30(a, b *apd.Decimal) *apd.Decimal { r := new(apd.Decimal); _, _ = ctx30.Mul(r, a, b); return r }
func s30(a, b *apd.Decimal) *apd.Decimal { r := new(apd.Decimal); _, _ = ctx30.Sub(r, a, b); return r }
func r30(a *apd.Decimal) *apd.Decimal    { r := new(apd.Decimal); _, _ = ctx30.Sqrt(r, a); return r }

// agree12 checks got against a 30-digit value within one unit of the
// 12th significant digit.
func agree12(t *testing.T, want *apd.Decimal, got hp17b.Number, what string) {
	t.Helper()
	w, _ := want.Float64()
	assert.LessOrEqual(t, math.Abs(w-got.Float64()), 1e-11*math.Max(math.Abs(w), 1e-300)+1e-300,
		"%s: want %s, got %s", what, want.Text('g'), got)
}

// TestStatisticsProperty: on random lists, MEAN, STDEV, W.MN, G.SD and
// the linear fit (M, B, CORR) agree with the textbook formulas over the
// sums (n, Σx, Σx², Σxy …) evaluated at 30 digits: a different
// computation from this package's two-pass one at 34 digits.
func TestStatisticsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	for trial := range 300 {
		n := 2 + rng.IntN(40)
		xs, ys := make([]hp17b.Number, n), make([]hp17b.Number, n)
		for i := range n {
			xs[i] = hp17b.MustParse(strconv.FormatFloat(math.Round((rng.Float64()*2000-500)*100)/100, 'f', 2, 64))
			ys[i] = hp17b.FromInt(int64(1 + rng.IntN(50)))
		}
		what := "trial " + strconv.Itoa(trial)
		s := newSums30(xs, ys)
		one := apd.New(1, 0)

		m, err := Mean(xs)
		require.NoError(t, err)
		agree12(t, q30(&s.x, &s.n), m, what+" MEAN")

		sd, err := StdDev(xs)
		require.NoError(t, err)
		// √((Σx² − (Σx)²/n) / (n−1))
		agree12(t, r30(q30(s30(&s.xx, q30(m30(&s.x, &s.x), &s.n)), s30(&s.n, one))), sd, what+" STDEV")

		wm, err := WeightedMean(xs, ys)
		require.NoError(t, err)
		agree12(t, q30(&s.xy, &s.y), wm, what+" W.MN")

		// Σy·x² over the weights: the grouped data's sums.
		var sx2y apd.Decimal
		for i := range xs {
			x, y := xs[i].Decimal(), ys[i].Decimal()
			_, _ = ctx30.Add(&sx2y, &sx2y, m30(m30(&x, &x), &y))
		}
		gsd, err := GroupedStdDev(xs, ys)
		require.NoError(t, err)
		agree12(t, r30(q30(s30(&sx2y, q30(m30(&s.xy, &s.xy), &s.y)), s30(&s.y, one))), gsd, what+" G.SD")

		f, err := NewFit(Linear, xs, ys)
		require.NoError(t, err)
		// M = (nΣxy − ΣxΣy) / (nΣx² − (Σx)²); B = (Σy − MΣx)/n;
		// CORR = (nΣxy − ΣxΣy) / √((nΣx² − (Σx)²)(nΣy² − (Σy)²)).
		num := s30(m30(&s.n, &s.xy), m30(&s.x, &s.y))
		dx := s30(m30(&s.n, &s.xx), m30(&s.x, &s.x))
		dy := s30(m30(&s.n, &s.yy), m30(&s.y, &s.y))
		slope := q30(num, dx)
		agree12(t, slope, f.M, what+" M")
		// B loses digits to cancellation when Σy ≈ MΣx: check it against
		// the scale of its terms.
		b := q30(s30(&s.y, m30(slope, &s.x)), &s.n)
		bw, _ := b.Float64()
		mx, _ := q30(&s.x, &s.n).Float64()
		scale := math.Max(math.Abs(f.M.Float64()*mx), math.Abs(bw))
		assert.LessOrEqual(t, math.Abs(bw-f.B.Float64()), 1e-11*math.Max(scale, 1), what+" B")
		agree12(t, q30(num, r30(m30(dx, dy))), f.Corr, what+" CORR")
	}
}

// BenchmarkStdDev1000 is STDEV over a list of 1,000 items.
func BenchmarkStdDev1000(b *testing.B) {
	xs := make([]hp17b.Number, 1000)
	for i := range xs {
		xs[i] = fromFloat(b, float64(i%97)*1.25)
	}
	for b.Loop() {
		if _, err := StdDev(xs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFit1000 is a linear fit (CORR, M, B) over 1,000 pairs.
func BenchmarkFit1000(b *testing.B) {
	xs, ys := make([]hp17b.Number, 1000), make([]hp17b.Number, 1000)
	for i := range xs {
		xs[i] = hp17b.FromInt(int64(i))
		ys[i] = fromFloat(b, float64(i)*2.5+float64(i%7))
	}
	for b.Loop() {
		if _, err := NewFit(Linear, xs, ys); err != nil {
			b.Fatal(err)
		}
	}
}
