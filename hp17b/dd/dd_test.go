package dd

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// exact is x + y (+ z) in big.Float, exactly.
func exact(xs ...float64) *big.Float {
	s := new(big.Float).SetPrec(2000)
	for _, x := range xs {
		s.Add(s, new(big.Float).SetPrec(2000).SetFloat64(x))
	}
	return s
}

// TestExactSums: TwoSum, FastTwoSum and TwoProd lose nothing; Mul and
// Add stay within their stated 2^-104 bounds.
func TestExactSums(t *testing.T) {
	for _, c := range []struct{ a, b float64 }{
		{1, 0x1p-60}, {0.1, 0.2}, {1e150, -1e134}, {math.Pi, math.E}, {-3.5, 3.5000000000000004}, {1 / 3.0, 2 / 3.0},
	} {
		s, e := TwoSum(c.a, c.b)
		assert.Zero(t, exact(s, e).Cmp(exact(c.a, c.b)), "TwoSum(%g, %g)", c.a, c.b)
		if math.Abs(c.a) >= math.Abs(c.b) {
			s, e = FastTwoSum(c.a, c.b)
			assert.Zero(t, exact(s, e).Cmp(exact(c.a, c.b)), "FastTwoSum(%g, %g)", c.a, c.b)
		}
		p, e := TwoProd(c.a, c.b)
		want := new(big.Float).SetPrec(2000).Mul(exact(c.a), exact(c.b))
		assert.Zero(t, exact(p, e).Cmp(want), "TwoProd(%g, %g)", c.a, c.b)

		// Mul and Add of (a, a·2^-60) and (b, b·2^-61), against the
		// exact result.
		al, bl := c.a*0x1p-60, c.b*0x1p-61
		h, l := Mul(c.a, al, c.b, bl)
		prod := new(big.Float).SetPrec(2000).Mul(exact(c.a, al), exact(c.b, bl))
		diff := new(big.Float).SetPrec(2000).Sub(exact(h, l), prod)
		bound := new(big.Float).SetPrec(2000).Mul(new(big.Float).Abs(prod), big.NewFloat(0x1p-104))
		assert.LessOrEqual(t, new(big.Float).Abs(diff).Cmp(bound), 0, "Mul(%g, %g)", c.a, c.b)
		h, l = Add(c.a, al, c.b, bl)
		sum := exact(c.a, al, c.b, bl)
		diff = new(big.Float).SetPrec(2000).Sub(exact(h, l), sum)
		mag := new(big.Float).SetPrec(2000).Add(new(big.Float).Abs(exact(c.a, al)), new(big.Float).Abs(exact(c.b, bl)))
		bound = new(big.Float).SetPrec(2000).Mul(mag, big.NewFloat(0x1p-104))
		assert.LessOrEqual(t, new(big.Float).Abs(diff).Cmp(bound), 0, "Add(%g, %g)", c.a, c.b)
	}
}
