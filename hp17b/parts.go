package hp17b

// pow10 holds 10^0 … 10^19, every power of ten a uint64 holds.
var pow10 = [20]uint64{
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	1000000000, 10000000000, 100000000000, 1000000000000,
	10000000000000, 100000000000000, 1000000000000000,
	10000000000000000, 100000000000000000, 1000000000000000000,
	10000000000000000000,
}

// coeffMin and coeffMax bound a normalised coefficient: 12 digits, the
// first not 0.
const (
	coeffMin = 100000000000
	coeffMax = 999999999999
)

// parts returns n as its sign, its normalised 12-digit coefficient and the
// exponent of the coefficient's last digit: |n| = c × 10^e with
// coeffMin ≤ c ≤ coeffMax, so the leading digit's exponent is e + 11. For 0
// it returns c = 0 and e = 0. It never allocates. This is the one
// interface between the number's storage and the arithmetic kernels
// (hp17b/parts_test.go holds it to Parse and String).
func (n Number) parts() (neg bool, c uint64, e int) {
	neg = n.c < 0
	c = uint64(n.c)
	if neg {
		c = -c
	}
	if n.e != 0 || c == 0 {
		return neg, c, int(n.e)
	}
	s := Digits - digits64(c)
	return neg, c * pow10[s], -s
}

// fromParts builds the number ±c × 10^e for any c of at most 19 digits,
// rounded to 12 digits half to even as every result is, with the range of
// finish: ErrOverflow with the saturated number past 9.99999999999E499, 0
// below 1E-499.
func fromParts(neg bool, c uint64, e int) (Number, error) {
	if c == 0 {
		return Zero, nil
	}
	if e > 2*MaxExp+40 {
		return saturate(neg), ErrOverflow
	}
	if e < 2*MinExp-40 {
		return Zero, nil
	}
	return round128(neg, 0, c, e)
}
