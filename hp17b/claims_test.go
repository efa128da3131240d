package hp17b

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The claims of the comments about precision and rounding, each held by a
// test: the apd paths' correct rounding (elementary.go), powInt34's bound
// and exactness (pow.go) and FACT's rounding (arith.go).

// TestApdPathsCorrectlyRounded: every function's apd code path alone (the
// fallback of the fast stages: 34, 30, 40 and 70 digits) gives the
// correctly rounded result, against the 50-digit reference, on drawn
// arguments, except where the comments say it does not: SQRT's 12-digit
// apd path (faithful only; sqrtExact replaces it), y^x's exact ties
// (powHalf replaces it), and EXPM1 and LNP1 below 1E-20, where 40 digits
// cancel and the first stage answers instead (held here).
func TestApdPathsCorrectlyRounded(t *testing.T) {
	t.Parallel()
	n := 400
	if testing.Short() {
		n = 60
	}
	for _, fn := range elemFuncs {
		if fn.name == "SQRT" {
			continue
		}
		r := rand.New(rand.NewPCG(57, uint64(len(fn.name))))
		bad, ties, tiny := 0, 0, 0
		for range n {
			a, b := fn.draw(r)
			if (fn.name == "EXPM1" || fn.name == "LNP1") && !a.IsZero() && a.Exponent() < -20 {
				// 1 + a at 40 digits loses a's digits below 10^-28: the first
				// stage answers every such a (a itself), so the apd path
				// never sees one.
				neg, c, q := a.parts()
				var ok bool
				if fn.name == "EXPM1" {
					_, _, ok = expm1Fast(neg, c, q)
				} else {
					_, _, _, ok = lnp1Fast(neg, c, q)
				}
				assert.True(t, ok, "%s(%s): the first stage leaves it to the apd path", fn.name, a)
				tiny++
				continue
			}
			got, gerr := fn.f(apdPaths, a, b)
			ref, rerr := refValue(fn.name, a, b)
			if gerr == rerr && got.String() == ref.String() {
				continue
			}
			if fn.name == "POW" {
				if _, ok := powHalf(a, b); ok {
					ties++
					continue
				}
			}
			bad++
			if bad <= 10 {
				t.Errorf("%s(%s, %s): apd path %s %v, reference %s %v", fn.name, a, b, got, gerr, ref, rerr)
			}
		}
		if ties+tiny > 0 {
			t.Logf("%s: %d exact ties the apd path rounds the other way (powHalf's), %d arguments below 1E-20 (the first stage's)", fn.name, ties, tiny)
		}
	}
}

// TestPowExactBound holds powInt34 to its comment: exact where a^|bi|
// (and for bi < 0 its reciprocal) has at most 34 digits, otherwise within
// 1.01·|bi|·5·10^-34 relative of the power at 1,000 digits; and powExact
// to the correctly rounded 12-digit result wherever the power is farther
// than that bound from a midpoint.
func TestPowExactBound(t *testing.T) {
	t.Parallel()
	ctx := apd.BaseContext.WithPrecision(1000)
	r := rand.New(rand.NewPCG(57, 34))
	exact, near := 0, 0
	for k := range 3000 {
		var a Number
		if k%3 == 0 { // a short coefficient: exact powers live there
			a = num(r.IntN(2) == 0, (1+r.Uint64N(999))*pow10[9], r.IntN(7)-14)
		} else {
			a = num(r.IntN(2) == 0, coeffMin+r.Uint64N(coeffMax-coeffMin+1), r.IntN(7)-14)
		}
		bi := int64(1 + r.IntN(64))
		if r.IntN(2) == 0 {
			bi = -bi
		}
		var got, want, ta apd.Decimal
		powInt34(&got, a, bi)
		_, err := ctx.Pow(&want, a.in(&ta), apd.New(bi, 0))
		require.NoError(t, err)
		var d, rel apd.Decimal
		_, _ = ctx.Sub(&d, &got, &want)
		d.Abs(&d)
		_, _ = ctx.Quo(&rel, &d, &want)
		rel.Abs(&rel)
		bound := 1.01 * float64(max(bi, -bi)) * 5e-34
		relf, _ := rel.Float64()
		assert.LessOrEqual(t, relf, bound, "%s^%d: 34 digits %s, exact %s", a, bi, got.String(), want.String())
		var red apd.Decimal
		red.Reduce(&want)
		if red.NumDigits() <= 34 {
			exact++
			assert.Zero(t, d.Sign(), "%s^%d is %s, exact at 34 digits, and got %s", a, bi, want.String(), got.String())
		}
		// The 12-digit result against the exact power's rounding, unless the
		// power is within the bound of a midpoint.
		res, rerr := powExact(a, bi)
		var w12 apd.Decimal
		_, _ = ctx12.Round(&w12, &want)
		wantN, werr := finish(&w12)
		if rerr != nil || werr != nil {
			assert.Equal(t, werr, rerr, "%s^%d", a, bi)
			continue
		}
		if nearMidpointBy(&want, bound) {
			near++
			continue
		}
		assert.Equal(t, wantN.String(), res.String(), "%s^%d", a, bi)
	}
	t.Logf("%d powers exact at 34 digits, %d within the bound of a midpoint", exact, near)
	assert.Greater(t, exact, 100, "the draw reaches exact powers")
}

// nearMidpointBy reports whether x lies within rel·|x| of a midpoint
// between two 12-digit numbers.
func nearMidpointBy(x *apd.Decimal, rel float64) bool {
	ctx := apd.BaseContext.WithPrecision(1000)
	var lo, half, mid, d apd.Decimal
	c12 := apd.Context{Precision: 12, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundDown}
	_, _ = c12.Round(&lo, x)
	half.SetFinite(5, lo.Exponent-1)
	if x.Negative {
		half.Neg(&half)
	}
	_, _ = ctx.Add(&mid, &lo, &half)
	_, _ = ctx.Sub(&d, x, &mid)
	_, _ = ctx.Quo(&d, &d, x)
	f, _ := d.Float64()
	return f <= rel && f >= -rel
}

// TestFactCorrectlyRounded holds FACT to the correctly rounded 12-digit
// n! for every n it takes (0 to 253; 254 and beyond overflow): n! to
// 20 exact in int64, beyond by 30-digit products (Fact's comment).
func TestFactCorrectlyRounded(t *testing.T) {
	t.Parallel()
	f := big.NewInt(1)
	for n := int64(0); n <= 260; n++ {
		if n > 1 {
			f.Mul(f, big.NewInt(n))
		}
		var want apd.Decimal
		want.Coeff.SetMathBigInt(f)
		var w12 apd.Decimal
		_, _ = ctx12.Round(&w12, &want)
		wantN, werr := finish(&w12)
		got, err := Fact(FromInt(n))
		assert.Equal(t, werr, err, "%d!", n)
		assert.Equal(t, wantN.String(), got.String(), "%d!", n)
	}
}
