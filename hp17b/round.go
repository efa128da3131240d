package hp17b

// RND and TRN: exact in integers (the coefficient's digits below the
// kept ones dropped, and one added for RND at half or more), so each
// result is the exactly rounded or truncated number, half away from zero
// as a person rounds. Tests: TestArithmetic (number_test.go).

// roundDigits rounds half away from zero (half) or truncates a to n
// decimals when 0 ≤ n ≤ 11, or to |n| significant digits when
// −12 ≤ n ≤ −1, as RND and TRN do (HP-17BII manual, Solver functions
// table); −a gives −(the result for a). ErrInvalidInput for other n.
func roundDigits(a, n Number, half bool) (Number, error) {
	k, ok := n.Int64()
	if !ok || k < -12 || k > 11 {
		return Zero, ErrInvalidInput
	}
	neg, c, e := a.parts()
	if c == 0 {
		return Zero, nil
	}
	drop := Digits + int(k) // significant digits dropped: 12 − |k|
	if k >= 0 {
		drop = -int(k) - e // digits below 10^-k
	}
	switch {
	case drop <= 0:
		return a, nil
	case drop > Digits:
		return Zero, nil // |a| < 10^-k ÷ 10: rounds to 0 either way
	}
	q, r := c/pow10[drop], c%pow10[drop]
	if half && r >= 5*pow10[drop-1] {
		q++
	}
	return fromParts(neg, q, e+drop)
}

// Rnd rounds a half away from zero to n decimals (0 ≤ n ≤ 11) or |n|
// significant digits (−12 ≤ n ≤ −1).
func Rnd(a, n Number) (Number, error) { return roundDigits(a, n, true) }

// Trn truncates a like Rnd rounds it.
func Trn(a, n Number) (Number, error) { return roundDigits(a, n, false) }

// RoundFix rounds a to n decimals (0..11), as the display and the RND key do
// in FIX n.
func RoundFix(a Number, n int) Number {
	r, _ := Rnd(a, FromInt(int64(n)))
	return r
}
