// Package hp17b holds the calculator's numbers: 12-digit decimals with the
// HP-17BII's range and rounding, the functions the Solver and the keyboard
// need, the display formatting of the two-line LCD, and the message texts.
//
// The Solver, the applications (fin, stat) and the calculator all compute
// with these numbers and show them through this formatting.
package hp17b

import (
	"fmt"
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
type Number struct {
	// p is the value as a decimal, never changed once the number is made;
	// nil when the value is the integer i, of at most 12 digits: the common
	// case of Solver programs, which the arithmetic then computes without
	// the general decimal code and passes around in 16 bytes.
	p *apd.Decimal
	i int64
}

// d returns the decimal form, building it from the small form if needed.
// Call it on a local copy only (the methods' value receivers and
// parameters are), never on a shared Number; write through it only into
// a Number just declared (the decimal of a copy is shared).
func (n *Number) d() *apd.Decimal {
	if n.p == nil {
		n.p = new(apd.Decimal)
		n.p.SetInt64(n.i)
	}
	return n.p
}

// in is n's decimal form to read: its own, or the small form written into
// tmp (a variable of the caller's, so that an operand costs no
// allocation). Never write through it.
func (n Number) in(tmp *apd.Decimal) *apd.Decimal {
	if n.p == nil {
		tmp.SetInt64(n.i)
		return tmp
	}
	return n.p
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

// Wide is the one extra-precision context of the project: the functions
// here compute in it and round their result once to 12 digits, and so do
// the financial and statistical calculations (package hp17b/wide). The
// calculator keeps 15-digit intermediates (C. Finseth's HP-17B data pages)
// so that its functions' 12-digit results are correct; 34 digits make each
// result the correctly rounded one. No condition traps: a quotient by zero
// is an infinity, a logarithm of a negative number a NaN. Read it, never
// change it.
var Wide = apd.Context{
	Precision:   34,
	MaxExponent: 100000,
	MinExponent: -100000,
	Rounding:    apd.RoundHalfEven,
}

// maxNumber is 9.99999999999E499, the largest magnitude the calculator holds.
var maxNumber = mustParse("9.99999999999E499")

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
	if i > smallLimit || i < -smallLimit {
		var n, r Number
		n.d().SetInt64(i)
		ctx12.Round(r.d(), n.d())
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
	if t == "" || strings.ContainsAny(t, "_") || strings.EqualFold(t, "nan") ||
		strings.Contains(strings.ToLower(t), "inf") {
		return Zero, fmt.Errorf("not a number: %q", s)
	}
	if v, ok := plainInteger(t); ok {
		return fromSmall(v), nil
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

func mustParse(s string) Number {
	var n Number
	if _, _, err := n.d().SetString(s); err != nil {
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
// variable of the caller's: an exponent past MaxExp saturates to
// ±9.99999999999E499 with ErrOverflow, one below MinExp gives 0, a whole
// number of at most 12 digits takes the small form, and only another
// result is copied into a decimal of its own (so that a whole result costs
// no allocation).
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
	adj := int64(t.Exponent) + t.NumDigits() - 1
	switch {
	case adj > MaxExp:
		return saturate(t.Negative), ErrOverflow
	case adj < MinExp:
		return Zero, nil
	case t.Exponent == 0 && adj < Digits:
		// A whole number of at most 12 digits: keep its small form.
		v := int64(t.Coeff.Uint64())
		if t.Negative {
			v = -v
		}
		return fromSmall(v), nil
	}
	p := new(apd.Decimal)
	p.Set(t)
	return Number{p: p}, nil
}

func saturate(neg bool) Number {
	if neg {
		var r Number
		r.d().Neg(maxNumber.d())
		return r
	}
	return maxNumber
}

// String gives the number in plain decimal with every significant digit and
// no grouping ("1357", "0.666666666667", "1.5E-25", "9.99999999999E+499"): the form used in JSON
// and state files. Parse reads it back exactly.
func (n Number) String() string {
	var r apd.Decimal
	r.Reduce(n.d())
	if r.IsZero() {
		return "0"
	}
	if e := int(r.Exponent) + int(r.NumDigits()) - 1; e >= -20 && e <= 20 {
		return r.Text('f')
	}
	return r.Text('G')
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
func (n Number) IsZero() bool {
	if n.p == nil {
		return n.i == 0
	}
	return n.d().IsZero()
}

// Sign returns -1, 0 or 1.
func (n Number) Sign() int {
	if n.p == nil {
		switch {
		case n.i < 0:
			return -1
		case n.i > 0:
			return 1
		}
		return 0
	}
	return n.d().Sign()
}

// Cmp compares n with m: -1 if n < m, 0 if equal, 1 if n > m.
func (n Number) Cmp(m Number) int {
	if n.p == nil && m.p == nil {
		switch {
		case n.i < m.i:
			return -1
		case n.i > m.i:
			return 1
		}
		return 0
	}
	var tn, tm apd.Decimal
	return n.in(&tn).Cmp(m.in(&tm))
}

// Equal reports whether n and m are the same number.
func (n Number) Equal(m Number) bool { return n.Cmp(m) == 0 }

// Int64 returns n as an integer and whether it is one that fits in an int64.
func (n Number) Int64() (int64, bool) {
	if n.p == nil {
		return n.i, true
	}
	if !n.IsInteger() {
		return 0, false
	}
	var r apd.Decimal
	r.Reduce(n.d())
	i, err := r.Int64()
	return i, err == nil
}

// IsInteger reports whether n has no fractional part.
func (n Number) IsInteger() bool {
	if n.p == nil || n.d().Exponent >= 0 || n.d().IsZero() {
		return true
	}
	var ip, fp apd.Decimal
	n.d().Modf(&ip, &fp)
	return fp.IsZero()
}

// Float64 returns the nearest float64, for plotting and tests only.
func (n Number) Float64() float64 {
	f, _ := n.d().Float64()
	return f
}

// Exponent returns the decimal exponent of n's leading digit (0 for 0):
// 1357 has exponent 3, 0.05 has exponent -2.
func (n Number) Exponent() int {
	var t apd.Decimal
	d := n.in(&t)
	if d.IsZero() {
		return 0
	}
	return int(d.Exponent) + int(d.NumDigits()) - 1
}

// Decimal returns n as an apd decimal (a copy the caller owns), for
// computations that keep more digits than the calculator's 12 and round
// once at the end (package fin).
func (n Number) Decimal() apd.Decimal {
	var d apd.Decimal
	d.Set(n.d())
	return d
}

// FromDecimal rounds d to the calculator's 12 digits: ErrOverflow with the
// saturated number past 9.99999999999E499, 0 below 1E-499, and
// ErrInvalidInput for a NaN.
func FromDecimal(d *apd.Decimal) (Number, error) { return round12(d) }
