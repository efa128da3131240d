package hp17b

import "math/bits"

// The coefficient arithmetic under +, −, ×, ÷ and the rest: a result is
// computed exactly as an integer of up to 128 bits times a power of ten
// (math/bits' 64×64→128 products and 128÷64 quotients), then rounded once
// to 12 digits half to even and given the calculator's range by round128.

// pow10hi and pow10lo hold 10^0 … 10^38 as 128-bit numbers: every power of
// ten below 2^128. (Variables made by functions, not in init, so that
// package variables made by the arithmetic, such as Pi, come after them.)
var pow10hi, pow10lo = tens()

// inv5 holds the inverses of 5^0 … 5^19 modulo 2^64, and max5 the largest
// multiples' quotients: c is a multiple of 5^k exactly when
// c × inv5[k] (mod 2^64) ≤ max5[k], and the product is then c ÷ 5^k.
var inv5, max5 = fives()

func tens() (hi, lo [39]uint64) {
	for k := range hi {
		if k < len(pow10) {
			lo[k] = pow10[k]
			continue
		}
		h, l := bits.Mul64(lo[k-1], 10)
		hi[k], lo[k] = hi[k-1]*10+h, l
	}
	return hi, lo
}

func fives() (inv, mx [20]uint64) {
	p := uint64(1)
	for k := range inv {
		// Newton's iteration doubles the correct low bits of an inverse
		// modulo 2^64; p is odd, and p is its own inverse modulo 8.
		x := p
		for range 5 {
			x *= 2 - p*x
		}
		inv[k], mx[k] = x, ^uint64(0)/p
		p *= 5
	}
	return inv, mx
}

// digits64 is the number of decimal digits of c > 0 (1 for 0).
func digits64(c uint64) int {
	t := (bits.Len64(c) * 1233) >> 12 // ⌊log10 2^len⌋, at most one short
	if t < len(pow10) && c >= pow10[t] {
		t++
	}
	return max(t, 1)
}

// digits128 is the number of decimal digits of hi·2^64 + lo, not 0.
func digits128(hi, lo uint64) int {
	if hi == 0 {
		return digits64(lo)
	}
	t := ((bits.Len64(hi) + 64) * 1233) >> 12
	if t < len(pow10hi) && (hi > pow10hi[t] || hi == pow10hi[t] && lo >= pow10lo[t]) {
		t++
	}
	return t
}

// divPow10 divides hi·2^64 + lo by 10^k (0 ≤ k ≤ 19): the quotient and the
// remainder.
func divPow10(hi, lo uint64, k int) (qhi, qlo, r uint64) {
	d := pow10[k]
	if hi == 0 {
		return 0, lo / d, lo % d // one division instead of two
	}
	qhi, r = hi/d, hi%d
	qlo, r = bits.Div64(r, lo, d)
	return qhi, qlo, r
}

// wholeOf returns c ÷ 10^k and true when c × 10^-k is a whole number
// (0 ≤ k ≤ 19), with one multiplication instead of a division.
func wholeOf(c uint64, k int) (uint64, bool) {
	if bits.TrailingZeros64(c) < k {
		return 0, false
	}
	q := c * inv5[k]
	if q > max5[k] {
		return 0, false
	}
	return q >> k, true
}

// pack builds the Number ±c × 10^e from a normalised coefficient
// (coeffMin ≤ c ≤ coeffMax) whose leading digit's exponent e+11 is within
// MinExp..MaxExp: the whole form when the value is a whole number of at
// most 12 digits, else the coefficient form.
func pack(neg bool, c uint64, e int) Number {
	if e <= 0 && e >= -(Digits-1) {
		if w, ok := wholeOf(c, -e); ok {
			if neg {
				return Number{c: -int64(w)}
			}
			return Number{c: int64(w)}
		}
	}
	if neg {
		return Number{c: -int64(c), e: int32(e)}
	}
	return Number{c: int64(c), e: int32(e)}
}

// round128 returns ±(hi·2^64 + lo) × 10^e rounded to 12 digits, ties to
// the even digit (ctx12), with the calculator's range: ErrOverflow with
// the saturated number when the rounded leading digit's exponent passes
// MaxExp, 0 when it is below MinExp. Any coefficient of up to 128 bits
// and any e within ±10^9 are read.
func round128(neg bool, hi, lo uint64, e int) (Number, error) {
	if hi == 0 && lo == 0 {
		return Zero, nil
	}
	var c uint64
	nd := digits128(hi, lo)
	if nd <= Digits {
		c = lo * pow10[Digits-nd]
		e -= Digits - nd
	} else {
		k := nd - Digits // digits to drop, 1 … 27
		sticky := false
		if k > 19 {
			var r uint64
			hi, lo, r = divPow10(hi, lo, k-19)
			sticky = r != 0
			e += k - 19
			k = 19
		}
		_, q, r := divPow10(hi, lo, k)
		e += k
		half := 5 * pow10[k-1]
		if r > half || r == half && (sticky || q&1 == 1) {
			q++
			if q > coeffMax {
				q /= 10
				e++
			}
		}
		c = q
	}
	return ranged(neg, c, e)
}

// ranged applies the calculator's range to ±c × 10^e, c normalised.
func ranged(neg bool, c uint64, e int) (Number, error) {
	switch lead := e + Digits - 1; {
	case lead > MaxExp:
		return saturate(neg), ErrOverflow
	case lead < MinExp:
		return Zero, nil
	}
	return pack(neg, c, e), nil
}
