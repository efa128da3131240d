package fin

import (
	"math"
	"math/bits"

	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// AMRT's fast path: the schedule in whole units of the display's last
// decimal, each payment's interest rounded exactly (from the 34-digit
// rate's decimal digits) or in double-double where its bound decides,
// else by the 34-digit product. Tests: TestAMRTAgree.

// maxUnits bounds the balance, the payment and each interest in units of
// the display's last decimal on AMRT's fast path: below 2^52, each is a
// float64 exactly, B·i's integer part is exact, and the sums of up to
// MaxPayments of them stay within int64.
const maxUnits = 1 << 52

// amrtRate is a schedule's periodic rate read for the fast path: |i| as
// the decimal ci·10^-ei when the 34-digit rate is one with ci < 2^64 and
// 0 ≤ ei ≤ 19 (exact), and |i| = |IYR|/(100·P/YR) as a double-double
// within 2^-99 relative (hp17b.DD's 2^-100, the quotient's rounding and
// its remainder's).
type amrtRate struct {
	neg    bool
	ci     uint64
	pow    uint64 // 10^ei
	exact  bool
	ih, il float64
	ddOK   bool
	loose  float64 // the bound's factor: 1 but in a test (fastOpts.looseness)
}

// newAMRTRate reads the 34-digit rate i of t (its periodic()).
func newAMRTRate(t TVM, i w) amrtRate {
	r := amrtRate{loose: t.fast.looseness()}
	r.neg = i.Negative
	var red apd.Decimal // i without its trailing zeros (a quotient keeps 34 digits)
	red.Reduce(i)
	if red.Form == apd.Finite && red.Coeff.IsUint64() && red.Exponent <= 0 {
		ci, ei := red.Coeff.Uint64(), int(-red.Exponent)
		if ei <= 19 {
			r.ci, r.pow, r.exact = ci, 1, true
			for range ei {
				r.pow *= 10
			}
		}
	}
	ph, pl, ok := hp17b.DD(t.IYR)
	pyr, _ := t.PYR.Int64()
	if ok {
		q := 100 * float64(pyr)
		ih := ph / q
		il := (math.FMA(-ih, q, ph) + pl) / q
		if ih < 0 {
			ih, il = -ih, -il
		}
		r.ih, r.il = dd.FastTwoSum(ih, il)
		r.ddOK = ih > 0 && !math.IsInf(ih, 0)
	}
	return r
}

// interest is |b·i| rounded half up to a whole number (the display's
// rounding of one payment's interest, in units of its last decimal), as
// the 34-digit code rounds it: round(mul(BAL, i)) with BAL = b units.
// Exactly, from ci·10^-ei, when the product |b|·ci is below 10^34 (the
// 34-digit product is exact then); otherwise in double-double: x =
// |b|·|i| within (2^-99 + 2^-104)·x of the exact product, the 34-digit
// rate and product within 2·apdArith·x of it, doubled; x's fraction
// formed within 2^-52. ok is false where neither decides.
func (r amrtRate) interest(b int64) (int64, bool) {
	ab := uint64(b)
	if b < 0 {
		ab = uint64(-b)
	}
	if r.exact {
		hi, lo := bits.Mul64(ab, r.ci)
		// 10^34 / 2^64 = 542101086242752.2: below that, |b|·ci < 10^34.
		if hi < 542101086242752 && hi < r.pow {
			q, rem := bits.Div64(hi, lo, r.pow)
			if rem >= r.pow-rem {
				q++
			}
			return int64(q), q < maxUnits
		}
	}
	if !r.ddOK {
		return 0, false
	}
	xh, xl := dd.Mul(float64(ab), 0, r.ih, r.il)
	if !(xh < maxUnits) {
		return 0, false
	}
	n := math.Floor(xh)
	f := (xh - n) + xl
	e := 2*xh*(0x1p-99+0x1p-104+2*apdArith)*r.loose + 0x1p-52
	if math.Abs(f-0.5) <= e || f < -0.5 || f > 1.5 {
		return 0, false
	}
	if f > 0.5 {
		n++
	}
	return int64(n), true
}

// units is x (a 34-digit value with at most fix decimals) in units of
// 10^-fix, ok false when it has more decimals, is not below maxUnits or
// is not finite (an earlier payment's overflow leaves a NaN).
func units(x w, fix int) (int64, bool) {
	if x.Form != apd.Finite || !x.Coeff.IsInt64() {
		return 0, false
	}
	c, e := x.Coeff.Int64(), int(x.Exponent)+fix
	for e < 0 && c%10 == 0 && c != 0 {
		c, e = c/10, e+1
	}
	if e < 0 || e > 18 {
		return 0, c == 0
	}
	for range e {
		c *= 10
		if c >= maxUnits {
			return 0, false
		}
	}
	if c >= maxUnits {
		return 0, false
	}
	if x.Negative {
		c = -c
	}
	return c, true
}

// nextFast is Next's loop in whole units of the display's last decimal:
// each payment's interest by interest, or where that does not decide, by
// the 34-digit code's product and rounding (an exact tie of a rate such
// as 10 % ÷ 12, whose 34-digit value lies below the exact one); ok false,
// with s unchanged, where a value leaves the range.
func (s *Schedule) nextFast(count int) (Set, bool) {
	if s.fix < 0 || s.fix > 18 {
		return Set{}, false
	}
	b, ok1 := units(s.bal, s.fix)
	p, ok2 := units(s.pmt, s.fix)
	if !ok1 || !ok2 {
		return Set{}, false
	}
	var sumInt, sumPrin int64
	for k := 0; k < count; k++ {
		var in int64
		if !(s.begin && s.next+k == 1) {
			m, ok := s.rate.interest(b)
			if ok && (b < 0) != s.rate.neg {
				m = -m // BAL·i < 0: its rounding is −m
			}
			if !ok { // this payment's interest by the 34-digit code
				m, ok = units(s.round(mul(apd.New(b, int32(-s.fix)), s.i)), s.fix)
				if !ok {
					return Set{}, false
				}
			}
			in = -m
		}
		pr := p - in
		b += pr
		if b >= maxUnits || b <= -maxUnits {
			return Set{}, false
		}
		sumInt, sumPrin = sumInt+in, sumPrin+pr
	}
	set := Set{First: s.next, Last: s.next + count - 1}
	var err1, err2, err3 error
	set.Int, err1 = fromUnits(sumInt, s.fix)
	set.Prin, err2 = fromUnits(sumPrin, s.fix)
	set.Bal, err3 = fromUnits(b, s.fix)
	if err1 != nil || err2 != nil || err3 != nil {
		return Set{}, false
	}
	s.bal = apd.New(b, int32(-s.fix))
	s.next += count
	return set, true
}

// fromUnits is u·10^-fix rounded to 12 digits as result rounds it.
func fromUnits(u int64, fix int) (hp17b.Number, error) {
	if u < 0 {
		return hp17b.FromParts(true, uint64(-u), -fix)
	}
	return hp17b.FromParts(false, uint64(u), -fix)
}
