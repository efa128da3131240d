package hp17b

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
)

// Mode is a display mode: FIX n (0..11 decimals) or ALL, and the radix mark.
// The zero Mode is FIX 0 with a period; DefaultMode is the calculator's FIX 2.
//
// The rules Format follows, and why:
//   - FIX n rounds half away from zero to n decimals and groups the integer
//     part by thousands (1357 → "1,357.00"): HP's business models group, and
//     the project's reference display is "1,357.00".
//   - At most 12 digits show: a number with k integer digits shows at most
//     12−k decimals in FIX (123456789012.5 → "123,456,789,013"), since the
//     calculator holds 12 digits.
//   - A non-zero number that FIX n would show as zero gains decimals until
//     its first significant digit shows (0.0012345 in FIX 2 → "0.001"), up to
//     11 decimals; past that it shows in scientific notation (K. Schneider
//     on the business calculators' FIX, HP Museum forum; docs/facts.md,
//     Display formats).
//   - 10^12 and above, or too small for 11 decimals, shows as d.ddE±x: the
//     mantissa with n decimals in FIX n, with all its digits in ALL, and the
//     exponent without a plus sign or leading zeros ("1.00E15", "1.5E-20"),
//     as the manual's transcriptions show ("1.56434465037E-1").
//   - ALL shows every significant digit without trailing zeros, at most 12
//     digits in all, a leading 0 before the point counted: "1,357",
//     "0.99999627274" (12 digits with the 0) but "1.56434465037E-1" and
//     "6.66666666667E-1" for 2÷3 (13 digits with the 0), "1.74549998542E-2"
//     (G. W. Barbosa, "A very long HP-17BII equation", HP Museum forum,
//     16 Apr 2013: a real 17BII in ALL). A number of 1 or more shows in
//     fixed notation up to 999,999,999,999 (its integer digits and its
//     decimals are at most 12 together, since it holds 12 digits), and in
//     scientific notation from 10^12.
//   - With the comma radix (MODES) the radix is "," and the grouping mark "."
//     ("1.357,00").
type Mode struct {
	// All selects DSP ALL; Fix is ignored then.
	All bool
	// Fix is the number of decimals in FIX mode, 0..11.
	Fix int
	// Comma makes "," the radix mark and "." the grouping mark.
	Comma bool
}

// DefaultMode is FIX 2 with a period radix, the calculator's mode after a
// memory reset.
var DefaultMode = Mode{Fix: 2}

// ParseMode reads "fix2", "fix 11", "FIX0" or "all" (any case).
func ParseMode(s string) (Mode, error) {
	t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if t == "all" {
		return Mode{All: true}, nil
	}
	if rest, ok := strings.CutPrefix(t, "fix"); ok {
		n, err := strconv.Atoi(rest)
		if err == nil && n >= 0 && n <= 11 {
			return Mode{Fix: n}, nil
		}
	}
	return Mode{}, fmt.Errorf("display mode %q: want fix0 … fix11 or all", s)
}

// String names the mode as ParseMode reads it ("fix2", "all").
func (m Mode) String() string {
	if m.All {
		return "all"
	}
	return fmt.Sprintf("fix%d", m.Fix)
}

// Format returns n as the calculator's display shows it in mode m.
func Format(n Number, m Mode) string {
	fix := m.Fix
	if fix < 0 {
		fix = 0
	}
	if fix > 11 {
		fix = 11
	}
	var s string
	if m.All {
		s = formatAll(n)
	} else {
		s = formatFix(n, fix)
	}
	return Localize(s, m)
}

// Localize writes a number's text, given with "." as radix and "," as
// grouping mark, with the marks of mode m (swapped for the comma radix).
func Localize(s string, m Mode) string {
	if !m.Comma {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '.':
			return ','
		case ',':
			return '.'
		}
		return r
	}, s)
}

// digitsOf returns the decimal digits of |n| rounded half away from zero
// to sig significant digits (1 ≤ sig ≤ 12; trailing zeros may be left
// off), and the exponent of the leading digit after rounding.
func digitsOf(n Number, sig int) (string, int) {
	_, c, e := n.parts()
	if c == 0 {
		return "0", 0
	}
	drop := Digits - sig
	q, r := c/pow10[drop], c%pow10[drop]
	if drop > 0 && r >= 5*pow10[drop-1] {
		q++
	}
	lead := e + Digits - 1
	if q == pow10[sig] { // 9.99… rounded up to 10
		q /= 10
		lead++
	}
	return strconv.FormatUint(q, 10), lead
}

// fixedText writes |n| rounded half away from zero to d decimals in plain
// fixed notation ("0.00", "1357.25", "3").
func fixedText(n Number, d int) string {
	_, c, e := n.parts()
	var q uint64
	switch k := -(e + d); {
	case c == 0 || k > Digits:
		q = 0 // below a tenth of the last decimal
	case k == Digits:
		if c >= 5*pow10[Digits-1] {
			q = 1
		}
	case k > 0:
		q = c / pow10[k]
		if c%pow10[k] >= 5*pow10[k-1] {
			q++
		}
	case k >= -7: // 12 digits and 7 zeros still fit
		q = c * pow10[-k]
	default:
		return fixedTextWide(n, d)
	}
	var buf [24]byte
	b := strconv.AppendUint(buf[:0], q, 10)
	if d <= 0 {
		return string(b)
	}
	if len(b) <= d {
		var z [24]byte
		pad := z[:0]
		for range d + 1 - len(b) {
			pad = append(pad, '0')
		}
		b = append(pad, b...)
	}
	return string(b[:len(b)-d]) + "." + string(b[len(b)-d:])
}

// fixedTextWide is fixedText by apd, for more than 19 digits.
func fixedTextWide(n Number, d int) string {
	var q, t apd.Decimal
	ctx := ctxShow
	ctx.Precision = 40
	_, _ = ctx.Quantize(&q, n.in(&t), int32(-d))
	q.Abs(&q)
	return q.Text('f')
}

// Group inserts the grouping mark "," every three digits of a run of
// integer digits ("1357" → "1,357"), as the display groups numbers; Localize
// swaps the marks for the comma radix.
func Group(intPart string) string {
	if len(intPart) <= 3 {
		return intPart
	}
	var b strings.Builder
	lead := len(intPart) % 3
	if lead > 0 {
		b.WriteString(intPart[:lead])
	}
	for i := lead; i < len(intPart); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(intPart[i : i+3])
	}
	return b.String()
}

func withSign(n Number, s string) string {
	if n.Sign() < 0 {
		return "-" + s
	}
	return s
}

func groupFixed(t string) string {
	ip, fp, hasPoint := strings.Cut(t, ".")
	s := Group(ip)
	if hasPoint {
		s += "." + fp
	}
	return s
}

func formatFix(n Number, fix int) string {
	if n.IsZero() {
		return fixedText(Zero, fix)
	}
	e := n.Exponent()
	if e >= Digits {
		return sci(n, fix, false)
	}
	d := fix
	if e >= 0 {
		if d > Digits-1-e {
			d = Digits - 1 - e
		}
	}
	t := fixedText(n, d)
	if isZeroText(t) {
		// Gain decimals until the first significant digit shows.
		d = -e
		if d > 11 {
			return sci(n, fix, false)
		}
		t = fixedText(n, d)
	}
	// Rounding may carry into a 13th digit (999999999999.5).
	if ip, _, _ := strings.Cut(t, "."); len(ip) > Digits {
		return sci(n, fix, false)
	}
	return withSign(n, groupFixed(t))
}

func isZeroText(t string) bool {
	return strings.Trim(t, "0.") == ""
}

func formatAll(n Number) string {
	if n.IsZero() {
		return "0"
	}
	digits, e := digitsOf(n, Digits)
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		digits = "0"
	}
	s := len(digits)
	switch {
	case e >= Digits:
		return sci(n, 0, true)
	case e >= 0:
		dec := s - e - 1
		if dec < 0 {
			dec = 0
		}
		return withSign(n, groupFixed(fixedText(n, dec)))
	default:
		// A leading 0 before the point counts as one of the 12 digits.
		dec := -e - 1 + s
		if 1+dec > Digits {
			return sci(n, 0, true)
		}
		return withSign(n, fixedText(n, dec))
	}
}

// sci writes n as mantissa E exponent: fix decimals, or all digits.
func sci(n Number, fix int, all bool) string {
	sig := fix + 1
	if all || sig > Digits {
		sig = Digits
	}
	digits, e := digitsOf(n, sig)
	if all {
		digits = strings.TrimRight(digits, "0")
		if digits == "" {
			digits = "0"
		}
	}
	for len(digits) < sig && !all {
		digits += "0"
	}
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	return withSign(n, fmt.Sprintf("%sE%d", m, e))
}
