package hp17b

import "fmt"

// KeyedMinExp is the exponent of the smallest leading digit a keyed number
// can have: one below MinExp. The HP-17BII takes any number of digits keyed
// and counts them in the number's magnitude, and at 501 digits its entry
// routine flips the exponent's sign: 501 ones give 1.11111111111E-500, a
// number below the range that works as any other ("You can take LOG or LN or
// SQR of it, multiply it by 10"; K. Wasserman, "A Really Obscure (unknown?)
// Bug", HP Forum archive thread 30471, 2003; the 17B, 19BII and 27S do the
// same). No other way leads there: arithmetic still makes anything below
// MinExp zero.
const KeyedMinExp = MinExp - 1

// FromDigits returns the number a person keyed: sign, significant digits
// (only '0' to '9', the first not '0'; any count) and the exponent of the
// first digit. It rounds to 12 digits half up: the machine keeps 15
// truncated digits and rounds them half up to 12 (J. Horn, "HP41: accuracy
// of 13-digit routines", HP Museum forum thread 4619, 2015), which for a
// keyed number is the 13th digit deciding (docs/decisions.md). A leading
// exponent above MaxExp gives the largest number and ErrOverflow, below
// KeyedMinExp zero. No digits, or all zeros, is zero. A digit string with
// anything else is an error that names it.
func FromDigits(neg bool, digits string, lead int) (Number, error) {
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return Zero, fmt.Errorf("FromDigits: %q holds %q at %d: give only the digits 0 to 9", digits, digits[i], i)
		}
	}
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
		lead--
	}
	if digits == "" {
		return Zero, nil
	}
	var c uint64
	for i := 0; i < Digits; i++ {
		c *= 10
		if i < len(digits) {
			c += uint64(digits[i] - '0')
		}
	}
	if len(digits) > Digits && digits[Digits] >= '5' {
		c++
		if c > coeffMax {
			c /= 10
			lead++
		}
	}
	switch {
	case lead > MaxExp:
		return saturate(neg), ErrOverflow
	case lead < KeyedMinExp:
		return Zero, nil
	}
	return pack(neg, c, lead-(Digits-1)), nil
}
