// Package hp17b holds the calculator's numbers: 12-digit decimals with the
// HP-17BII's range and rounding, the functions the Solver and the keyboard
// need, the display formatting of the two-line LCD, and the message texts.
//
// The Solver, the applications (fin, stat) and the calculator all compute
// with these numbers and show them through this formatting.
//
// A Number is two machine words, a 12-digit coefficient and a decimal
// exponent, and never allocates: +, −, ×, ÷, comparisons, IP, FP, INT, MOD,
// IDIV, RND, TRN, Parse and String are 64-bit integer arithmetic with
// 128-bit products and quotients (math/bits), each result exact and then
// rounded once (coefficient.go); the tests hold it to apd's on every
// operation (reference_test.go). The functions (LN, LOG, EXP, EXPM1, LNP1,
// y^x, SQRT, the SPFV family) first try float64 and then double-double
// kernels with proven error bounds, which round only where the bound
// decides the 12-digit rounding, and fall back to apd at 30 to 70 digits
// where neither does (elementary.go; one family a file: ln.go, exp.go,
// pow.go, sqrt.go, rates.go, each stating its method, bounds and tests).
package hp17b

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
)

// Digits is the number of significant digits the calculator keeps: 12, per
// the HP-17BII manual ("uses 12 digits in its calculations").
const Digits = 12

// MaxExp and MinExp bound the decimal exponent of a non-zero number's leading
// digit: 1E-499 through 9.99999999999E499 (C. Finseth's HP-17B data page;
// docs/facts.md, Numbers and arithmetic).
const (
	MaxExp = 499
	MinExp = -499
)

// Number is an immutable calculator number: zero or a decimal of at most 12
// significant digits whose leading digit's exponent is in MinExp..MaxExp.
// The zero value is 0. Numbers are values: copy them freely; no operation
// changes its operands.
//
// A Number is two machine words and never points to memory: the value is
// c × 10^e. A whole number of at most 12 digits has e = 0 and is c itself
// (the common case of Solver programs, which the arithmetic computes as
// int64 sums and products); any other number has e ≠ 0 and a normalised
// coefficient, 10^11 ≤ |c| ≤ 10^12 − 1, with the sign in c. The form of a
// value is unique, so == on Numbers is equality of values.
type Number struct {
	c int64
	e int32
}

// in is n's decimal form, written into tmp (a variable of the caller's, so
// that an operand costs no allocation): the coefficient without trailing
// zeros for a number with decimals.
func (n Number) in(tmp *apd.Decimal) *apd.Decimal {
	if n.e == 0 {
		tmp.SetInt64(n.c)
		return tmp
	}
	c, e := n.c, n.e
	for c%10 == 0 {
		c /= 10
		e++
	}
	tmp.SetFinite(c, e)
	return tmp
}

// ctx12 rounds results to the calculator's 12 digits: to nearest, a tie to
// the even digit. A tie rounded away from zero would make 1 + 5E-12 greater
// than 1; on a real HP-17BII it is not, so W. B. Maguire's EPSILON equation
// ("HP-17BII Precision: Epsilon", HP forum, 24 Sep 2001) ends with
// EPSILON=5.00000000001E-12, the smallest 12-digit number that 1 + it
// rounds above 1. Werner (HP forum archive 20, 28 Sep 2011) reports the same
// round-to-even rule for the HP-42S, a calculator of the same generation.
// The display and RND round half away from zero instead (ctxShow).
// No condition traps: every result is checked by finish.
var ctx12 = apd.Context{
	Precision:   Digits,
	MaxExponent: 100000,
	MinExponent: -100000,
	Rounding:    apd.RoundHalfEven,
}

// ctxShow rounds for the display, RND and TRN: half away from zero, as a
// person rounds (FIX 0 shows 2.5 as 3).
var ctxShow = apd.Context{
	Precision:   Digits,
	MaxExponent: 100000,
	MinExponent: -100000,
	Rounding:    apd.RoundHalfUp,
}

// Wide is the 34-digit context: LN's, LOG's, EXP's and SPFV's apd paths
// and the integer powers (powInt34) compute in it and round their result
// once to 12 digits, and so do the financial and statistical calculations
// (package hp17b/wide). It is not the only wider one: y^x's general apd
// path and FACT use 30 digits (Wide.WithPrecision), EXPM1's and LNP1's 40,
// powHalf 60, USFV's and USPV's non-cancelling form 70 (uniform_fine.go),
// IDIV as many as its quotient needs, and FIX's text beyond 19 digits 40. The
// calculator keeps 15-digit intermediates (C. Finseth's HP-17B data pages)
// so that its functions' 12-digit results are correct. A value rounded
// once from 34 digits is the correctly rounded 12-digit result unless the
// exact one lies within the 34-digit value's error of a midpoint between
// two 12-digit numbers (an exact tie is computed exactly and rounds to
// even); elementary.go says which results are held to be correctly rounded
// and by which tests. No condition traps: a quotient by zero is an
// infinity, a logarithm of a negative number a NaN. Read it, never change
// it.
var Wide = apd.Context{
	Precision:   34,
	MaxExponent: 100000,
	MinExponent: -100000,
	Rounding:    apd.RoundHalfEven,
}

// maxNumber is 9.99999999999E499, the largest magnitude the calculator holds.
var maxNumber = Number{c: coeffMax, e: MaxExp - Digits + 1}

// Common numbers.
var (
	Zero    = Number{}
	One     = fromSmall(1)
	Two     = fromSmall(2)
	Ten     = fromSmall(10)
	Hundred = fromSmall(100)
	// Pi is 3.14159265359, the Solver's PI (HP-17BII manual, Solver functions).
	Pi = mustParse("3.14159265359")
)

// FromInt returns the Number equal to i, rounded to 12 digits if i has more.
func FromInt(i int64) Number {
	switch {
	case i > smallLimit:
		r, _ := round128(false, 0, uint64(i), 0)
		return r
	case i < -smallLimit:
		r, _ := round128(true, 0, -uint64(i), 0)
		return r
	}
	return fromSmall(i)
}

// MaxNumberText is the longest text Parse reads: 12 digits, a sign, a
// point, an exponent and room for leading zeros and spaces. Longer text
// is refused before any arithmetic (decimal parsing is quadratic).
const MaxNumberText = 64

// Parse reads a decimal number such as "1357", "-0.5", "1.5E-3" or ".25"
// (a comma may stand for the radix mark) and rounds it to 12 digits. It
// returns an error for anything else; a number past the range saturates with
// ErrOverflow, as any result does.
func Parse(s string) (Number, error) {
	if len(s) > MaxNumberText {
		return Zero, fmt.Errorf("not a number: %d characters (a number has at most %d)", len(s), MaxNumberText)
	}
	t := strings.TrimSpace(s)
	t = strings.Replace(t, ",", ".", 1)
	// The plain forms first: they hold only digits, a sign, a point and E.
	if v, ok := plainInteger(t); ok {
		return fromSmall(v), nil
	}
	if n, ok, err := parsePlain(t); ok {
		return n, err
	}
	if t == "" || strings.ContainsAny(t, "_") || strings.EqualFold(t, "nan") ||
		strings.Contains(strings.ToLower(t), "inf") {
		return Zero, fmt.Errorf("not a number: %q", s)
	}
	var d apd.Decimal
	if _, _, err := d.SetString(t); err != nil || d.Form != apd.Finite {
		return Zero, fmt.Errorf("not a number: %q", s)
	}
	return round12(&d)
}

// plainInteger reads text that is only an optional minus sign and 1 to 12
// digits: the common case of Parse, read without the decimal code.
func plainInteger(t string) (int64, bool) {
	digits := strings.TrimPrefix(t, "-")
	if len(digits) == 0 || len(digits) > Digits {
		return 0, false
	}
	var v int64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if len(digits) < len(t) {
		v = -v
	}
	return v, true
}

// parsePlain reads text of the form [-]ddd[.ddd][E[±]d…] (at most four
// exponent digits, at least one digit before the exponent) without the
// decimal code: false for any other text, which Parse leaves to apd.
func parsePlain(t string) (Number, bool, error) {
	i, neg := 0, false
	if i < len(t) && t[i] == '-' {
		neg, i = true, 1
	}
	var c uint64
	e, nd, seen, sticky, point := 0, 0, 0, false, false
	for ; i < len(t); i++ {
		ch := t[i]
		switch {
		case ch == '.' && !point:
			point = true
			continue
		case ch < '0' || ch > '9':
		default:
			seen++
			switch {
			case nd < 18 && (nd > 0 || ch != '0'):
				c = c*10 + uint64(ch-'0')
				nd++
				if point {
					e--
				}
			case nd < 18: // a leading zero
				if point {
					e--
				}
			default: // past 18 digits: only whether any is not 0 counts
				sticky = sticky || ch != '0'
				if !point {
					e++
				}
			}
			continue
		}
		break
	}
	if seen == 0 {
		return Zero, false, nil
	}
	if i < len(t) {
		if t[i] != 'e' && t[i] != 'E' {
			return Zero, false, nil
		}
		i++
		eneg := false
		if i < len(t) && (t[i] == '-' || t[i] == '+') {
			eneg = t[i] == '-'
			i++
		}
		if i == len(t) || len(t)-i > 4 {
			return Zero, false, nil
		}
		x := 0
		for ; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return Zero, false, nil
			}
			x = x*10 + int(t[i]-'0')
		}
		if eneg {
			x = -x
		}
		e += x
	}
	if sticky {
		c, e = c*10+1, e-1 // a digit below the 13th that is not 0: rounds as the rest did
	}
	n, err := round128(neg, 0, c, e)
	return n, true, err
}

func mustParse(s string) Number {
	n, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return n
}

// MustParse is Parse for constants known to be valid: it panics on a bad
// literal. For tests and tables only.
func MustParse(s string) Number {
	n, err := Parse(s)
	if err != nil && err != ErrOverflow {
		panic(err)
	}
	return n
}

// finish applies the calculator's range to a result computed into t, a
// variable of the caller's, rounding it to 12 digits half to even if it
// has more: an exponent past MaxExp saturates to ±9.99999999999E499 with
// ErrOverflow, one below MinExp gives 0; an infinity saturates, a NaN is
// ErrInvalidInput.
func finish(t *apd.Decimal) (Number, error) {
	if t.Form != apd.Finite {
		if t.Form == apd.Infinite {
			return saturate(t.Negative), ErrOverflow
		}
		return Zero, ErrInvalidInput
	}
	if t.IsZero() {
		return Zero, nil
	}
	if !t.Coeff.IsUint64() {
		var r apd.Decimal
		_, _ = ctx12.Round(&r, t)
		t = &r
		if r.Form != apd.Finite || !r.Coeff.IsUint64() {
			return finish(&r) // an infinity or a NaN
		}
	}
	return round128(t.Negative, 0, t.Coeff.Uint64(), int(t.Exponent))
}

// saturate is ±9.99999999999E499, the result of an overflow.
func saturate(neg bool) Number {
	if neg {
		return Neg(maxNumber)
	}
	return maxNumber
}

// String gives the number in plain decimal with every significant digit and
// no grouping ("1357", "0.666666666667", "1.5E-25", "9.99999999999E+499"): the form used in JSON
// and state files. Parse reads it back exactly. It is apd's text of the
// number without trailing zeros: fixed notation while the leading digit's
// exponent is within ±20, else d.dddE±x.
func (n Number) String() string {
	var buf [40]byte
	return string(n.appendText(buf[:0]))
}

func (n Number) appendText(b []byte) []byte {
	if n.e == 0 {
		return strconv.AppendInt(b, n.c, 10)
	}
	c, e := uint64(n.c), int(n.e)
	if n.c < 0 {
		b = append(b, '-')
		c = -c
	}
	for c%10 == 0 {
		c /= 10
		e++
	}
	var ds [Digits]byte
	digits := strconv.AppendUint(ds[:0], c, 10)
	nd := len(digits)
	lead := e + nd - 1
	switch {
	case lead < -20 || lead > 20:
		b = append(b, digits[0])
		if nd > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'E')
		if lead < 0 {
			b = append(b, '-')
		} else {
			b = append(b, '+')
		}
		return strconv.AppendInt(b, int64(max(lead, -lead)), 10)
	case e >= 0:
		b = append(b, digits...)
		for range e {
			b = append(b, '0')
		}
	case -e >= nd:
		b = append(b, '0', '.')
		for range -e - nd {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[:nd+e]...)
		b = append(b, '.')
		b = append(b, digits[nd+e:]...)
	}
	return b
}

// MarshalText encodes the number as String does.
func (n Number) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText decodes what MarshalText wrote.
func (n *Number) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil && err != ErrOverflow {
		return err
	}
	*n = v
	return nil
}

// IsZero reports whether n is 0.
func (n Number) IsZero() bool { return n.c == 0 }

// Sign returns -1, 0 or 1.
func (n Number) Sign() int {
	switch {
	case n.c < 0:
		return -1
	case n.c > 0:
		return 1
	}
	return 0
}

// Cmp compares n with m: -1 if n < m, 0 if equal, 1 if n > m.
func (n Number) Cmp(m Number) int {
	if n.e == 0 && m.e == 0 || n == m {
		return cmpInt(n.c, m.c)
	}
	sn, sm := n.Sign(), m.Sign()
	if sn != sm || sn == 0 {
		return cmpInt(int64(sn), int64(sm))
	}
	_, cn, en := n.parts()
	_, cm, em := m.parts()
	r := cmpInt(int64(en), int64(em))
	if r == 0 {
		r = cmpInt(int64(cn), int64(cm))
	}
	return r * sn
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Equal reports whether n and m are the same number.
// Every number the package makes has one form, so that == decides; a
// coefficient form of a whole number (which tests make) is compared by
// value.
func (n Number) Equal(m Number) bool { return n == m || n.e|m.e != 0 && n.Cmp(m) == 0 }

// Int64 returns n as an integer and whether it is one that fits in an int64.
func (n Number) Int64() (int64, bool) {
	switch {
	case n.e <= 0:
		return n.whole()
	case n.e >= int32(len(pow10)):
		return 0, false
	}
	c := uint64(n.c)
	if n.c < 0 {
		c = -c
	}
	hi, lo := bits.Mul64(c, pow10[n.e])
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if n.c < 0 {
		return -int64(lo), true
	}
	return int64(lo), true
}

// IsInteger reports whether n has no fractional part.
func (n Number) IsInteger() bool {
	if n.e >= 0 {
		return true
	}
	_, whole := n.whole()
	return whole
}

// whole returns n as an int64 when it is a whole number of at most 12
// digits: n.c when e = 0; for a coefficient form (which the arithmetic
// never makes of such a number, but tests do) its value.
func (n Number) whole() (int64, bool) {
	if n.e == 0 {
		return n.c, true
	}
	if n.e > 0 || n.e <= -Digits {
		return 0, false
	}
	c := uint64(n.c)
	if n.c < 0 {
		c = -c
	}
	w, ok := wholeOf(c, int(-n.e))
	if n.c < 0 {
		return -int64(w), ok
	}
	return int64(w), ok
}

// Float64 returns the nearest float64, for plotting and tests only.
func (n Number) Float64() float64 {
	switch {
	case n.e == 0:
		return float64(n.c) // exact: at most 12 digits
	case n.e > 0 && n.e <= 22:
		return float64(n.c) * floatTens[n.e] // one rounding of exact operands
	case n.e < 0 && n.e >= -22:
		return float64(n.c) / floatTens[-n.e]
	}
	var buf [40]byte
	f, _ := strconv.ParseFloat(string(n.appendText(buf[:0])), 64)
	return f
}

// floatTens holds 10^0 … 10^22, the powers of ten a float64 holds exactly.
var floatTens = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// Exponent returns the decimal exponent of n's leading digit (0 for 0):
// 1357 has exponent 3, 0.05 has exponent -2.
func (n Number) Exponent() int {
	if n.e != 0 {
		return int(n.e) + Digits - 1
	}
	if n.c == 0 {
		return 0
	}
	c := uint64(n.c)
	if n.c < 0 {
		c = -c
	}
	return digits64(c) - 1
}

// Decimal returns n as an apd decimal (a copy the caller owns), for
// computations that keep more digits than the calculator's 12 and round
// once at the end (package fin).
func (n Number) Decimal() apd.Decimal {
	var d apd.Decimal
	n.in(&d)
	return d
}

// FromDecimal rounds d to the calculator's 12 digits: ErrOverflow with the
// saturated number past 9.99999999999E499, 0 below 1E-499, and
// ErrInvalidInput for a NaN.
func FromDecimal(d *apd.Decimal) (Number, error) { return round12(d) }
