package hp17b

import "github.com/cockroachdb/apd/v3"

// fine is the context of usFine: 70 digits, and an exponent range wide
// enough that no intermediate of a calculator argument overflows.
var fine = apd.Context{Precision: 70, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundHalfEven}

// usFine is USFV (dir 1) or USPV (dir −1) for i ≠ 0 at 70 digits in the
// form that does not cancel: dir·expm1(dir·n·ln(1 + w))/w with w = i/100,
// ln(1 + w) and expm1 by their series where the argument is below 10^-16
// (four terms: the first left out is below 10^-64 relative) and through
// Ln and Exp of the 70-digit context otherwise (1 + w is exact there: w
// has 12 digits no further than 10^-29; Ln's and Exp's 10^-70 become at
// most 10^-54 relative after the cancellation), rounded once to 12 digits.
// ok is false where |n·ln(1 + w)| exceeds 1,000 (the result overflows or
// is far from cancelling: the 34-digit code's own rules apply), where
// w ≤ −1, and where the 70-digit value lies within 10^-45 of a midpoint
// between two 12-digit numbers (an exact tie, as USFV(5E-10:2) =
// 2.000000000005, which the 34-digit code computes exactly and rounds to
// even).
//
// It stands behind the fast stages because SPFV − 1 at 34 digits cancels:
// at a rate or an n below 10^-15 the 34-digit factor came out 0 or with
// few right digits (USFV(1E-10:−1E-499) was 0), and near a midpoint it
// rounded the wrong way (USFV(−6E-10:−0.999999999999) was −1, is
// −1.00000000001).
func usFine(i, n Number, dir int64) (r Number, err error, ok bool) {
	var w, t, l, p, e, q apd.Decimal
	_, _ = fine.Quo(&w, i.in(&t), apd.New(100, 0)) // exact: a shift
	if w.Cmp(apd.New(-1, 0)) <= 0 {
		return Zero, nil, false
	}
	fineLn1p(&l, &w)
	_, _ = fine.Mul(&p, &l, n.in(&t))
	if dir < 0 {
		p.Neg(&p)
	}
	var lim apd.Decimal
	lim.Abs(&p)
	if lim.Cmp(apd.New(1000, 0)) > 0 {
		return Zero, nil, false
	}
	fineExpm1(&e, &p)
	_, _ = fine.Quo(&q, &e, &w)
	if dir < 0 {
		q.Neg(&q)
	}
	if nearMidpoint12(&q) {
		return Zero, nil, false
	}
	r, err = round12(&q)
	return r, err, true
}

// nearMidpoint12 reports whether q lies within 10^-45 of its magnitude of
// a midpoint between two consecutive 12-digit numbers.
func nearMidpoint12(q *apd.Decimal) bool {
	if q.IsZero() || q.NumDigits() <= 12 {
		return false // exactly a 12-digit number
	}
	var lo, half, mid, d apd.Decimal
	c12 := apd.Context{Precision: 12, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundDown}
	_, _ = c12.Round(&lo, q)
	half.SetFinite(5, lo.Exponent-1)
	if q.Negative {
		half.Neg(&half)
	}
	_, _ = fine.Add(&mid, &lo, &half)
	_, _ = fine.Sub(&d, q, &mid)
	adj := func(x *apd.Decimal) int64 { return int64(x.Exponent) + x.NumDigits() - 1 }
	return d.IsZero() || adj(&d) < adj(q)-45
}

// below16 reports whether 0 < |x| < 10^-16.
func below16(x *apd.Decimal) bool {
	return !x.IsZero() && int64(x.Exponent)+x.NumDigits() <= -16
}

// fineLn1p sets z to ln(1 + x) at fine's precision: x − x²/2 + x³/3 − x⁴/4
// below 10^-16, Ln(1 + x) otherwise.
func fineLn1p(z, x *apd.Decimal) {
	if !below16(x) {
		var s apd.Decimal
		_, _ = fine.Add(&s, x, apd.New(1, 0))
		_, _ = fine.Ln(z, &s)
		return
	}
	var pw, term, sum apd.Decimal
	sum.Set(x)
	pw.Set(x)
	for k := int64(2); k <= 4; k++ {
		_, _ = fine.Mul(&pw, &pw, x)
		_, _ = fine.Quo(&term, &pw, apd.New(k, 0))
		if k%2 == 0 {
			_, _ = fine.Sub(&sum, &sum, &term)
		} else {
			_, _ = fine.Add(&sum, &sum, &term)
		}
	}
	z.Set(&sum)
}

// fineExpm1 sets z to e^x − 1 at fine's precision: x + x²/2 + x³/6 + x⁴/24
// below 10^-16, Exp(x) − 1 otherwise.
func fineExpm1(z, x *apd.Decimal) {
	if x.IsZero() {
		z.SetInt64(0)
		return
	}
	if !below16(x) {
		var s apd.Decimal
		_, _ = fine.Exp(&s, x)
		_, _ = fine.Sub(z, &s, apd.New(1, 0))
		return
	}
	var pw, term, sum apd.Decimal
	sum.Set(x)
	pw.Set(x)
	fact := int64(1)
	for k := int64(2); k <= 4; k++ {
		fact *= k
		_, _ = fine.Mul(&pw, &pw, x)
		_, _ = fine.Quo(&term, &pw, apd.New(fact, 0))
		_, _ = fine.Add(&sum, &sum, &term)
	}
	z.Set(&sum)
}
