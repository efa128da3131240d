package emulator

import (
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
)

// algLine is the calculator line in ALG mode: the number being keyed, the
// current value x, and the chain of pending operations, one level per open
// parenthesis (the 17bII+ manual's chapter 2, "Arithmetic"). Its methods
// return arithmetic errors; the machine shows them. An RPN stack would be a
// second type beside it.
type algLine struct {
	x     hp17b.Number
	entry string // the number being typed, "" when none
	fresh bool   // x is new since the last menu-key store or solve
	chain []level
	last  hp17b.Number // LAST: the last operand used
}

// level is one level of ALG chain arithmetic: a pending operation (op 0 for
// none) on an accumulated value; each open parenthesis adds a level.
type level struct {
	acc hp17b.Number
	op  byte // '+', '-', '*', '/', '^' or 0
}

// clear is CLR: the line shows 0 and nothing is pending.
func (a *algLine) clear() {
	a.entry, a.x, a.chain, a.fresh = "", hp17b.Zero, nil, true
}

// MaxKeyedDigits is how many mantissa digits the calculator line takes.
// The HP-17BII takes any number, each past the twelfth counting in the
// number's magnitude (sixteen 1s keyed are 1.11111111111E15), and flips the
// exponent's sign at 501 (K. Wasserman, "A Really Obscure (unknown?) Bug",
// HP Forum archive thread 30471, 2003); hp17b takes 1,000, which shows the
// flip over its whole course, and ignores more as the machine ignores none
// (docs/decisions.md).
const MaxKeyedDigits = 1000

// typeChar adds a digit, '.', or 'E' to the number being typed.
func (a *algLine) typeChar(c byte) {
	if a.entry == "" {
		switch c {
		case '.':
			a.entry = "0."
		case 'E':
			a.entry = "1E"
		default:
			a.entry = string(c)
		}
		a.fresh = true
		return
	}
	mant, exp, hasExp := strings.Cut(strings.TrimPrefix(a.entry, "-"), "E")
	switch {
	case c == '.' && (hasExp || strings.Contains(mant, ".")):
		return
	case c == 'E' && hasExp:
		return
	case hasExp && len(strings.TrimPrefix(exp, "-")) >= 3:
		return
	case !hasExp && c != 'E' && digits(mant) >= MaxKeyedDigits:
		return
	}
	if a.entry == "0" && c != '.' && c != 'E' {
		a.entry = ""
	}
	a.entry += string(c)
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// exponentSign reports whether the entry ends in E (or E-), where − gives
// the exponent its sign and + does nothing.
func (a *algLine) exponentSign() bool {
	return strings.HasSuffix(a.entry, "E") || strings.HasSuffix(a.entry, "E-")
}

// changeSign is +/−: of the exponent while one is typed, of the mantissa
// being typed, or of x.
func (a *algLine) changeSign() {
	if a.entry == "" {
		a.setX(hp17b.Neg(a.x))
		return
	}
	if i := strings.Index(a.entry, "E"); i >= 0 {
		exp := a.entry[i+1:]
		if strings.HasPrefix(exp, "-") {
			a.entry = a.entry[:i+1] + exp[1:]
		} else {
			a.entry = a.entry[:i+1] + "-" + exp
		}
		return
	}
	if strings.HasPrefix(a.entry, "-") {
		a.entry = a.entry[1:]
	} else {
		a.entry = "-" + a.entry
	}
}

// backspace is ← on the line: the last character typed, or x becomes 0.
func (a *algLine) backspace() {
	if a.entry == "" {
		a.x, a.fresh = hp17b.Zero, true
		return
	}
	a.entry = a.entry[:len(a.entry)-1]
	if a.entry == "-" {
		a.entry = ""
	}
	if a.entry == "" {
		a.x = hp17b.Zero
	}
}

// finishEntry turns the number being typed into x; it returns
// hp17b.ErrOverflow when the number is beyond the calculator's range (x is
// then the largest number).
func (a *algLine) finishEntry() error {
	if a.entry == "" {
		return nil
	}
	v, err := a.entryValue()
	a.entry, a.x, a.fresh = "", v, true
	if err == hp17b.ErrOverflow {
		return err
	}
	return nil
}

// entryValue is the number being typed (an E with no exponent digits yet
// counts for nothing), or hp17b.ErrOverflow for a number beyond the range
// (the value is then the largest number). It is keyedValue of the entry.
func (a *algLine) entryValue() (hp17b.Number, error) {
	return keyedValue(a.entry)
}

// keyedValue is the number an entry's text stands for ("-1234.5E-3", "1E",
// "0."), as the HP-17BII reads keyed digits: every digit counts in the
// magnitude, the value rounds half up to 12 digits (hp17b.FromDigits), and
// the exponent the digits give wraps as a three-digit field whose half
// above 499 reads negative: 501 digits before the point give E-500, 502
// give E-499 (K. Wasserman, HP Forum archive thread 30471, 2003; the wrap
// past those two counts is our reading of them). A keyed exponent is then
// added, and the range applies (only the wrap reaches E-500).
func keyedValue(entry string) (hp17b.Number, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(entry, "-"), "E")
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, exps, _ := strings.Cut(s, "E")
	ip, fp, _ := strings.Cut(mant, ".")
	ip = strings.TrimLeft(ip, "0")
	var lead int
	if ip != "" {
		lead = len(ip) - 1
	} else {
		lead = -1 - (len(fp) - len(strings.TrimLeft(fp, "0")))
	}
	wrapped := lead > hp17b.MaxExp
	if wrapped {
		lead = (lead+500)%1000 - 500
	}
	if exps != "" {
		e, err := strconv.Atoi(exps)
		if err != nil {
			return hp17b.Zero, nil
		}
		lead += e
	}
	if lead < hp17b.MinExp && !wrapped {
		return hp17b.Zero, nil // below the range, as any result
	}
	return hp17b.FromDigits(neg, strings.TrimLeft(ip+fp, "0"), lead)
}

// setX puts a computed value on the line.
func (a *algLine) setX(v hp17b.Number) {
	a.entry, a.x, a.fresh = "", v, true
}

// pending reports whether a number is being keyed or a chain is open.
func (a *algLine) pending() bool { return a.entry != "" || len(a.chain) > 0 }

func (a *algLine) ensureChain() {
	if len(a.chain) == 0 {
		a.chain = []level{{}}
	}
}

// openParen is '(': a new level of the chain.
func (a *algLine) openParen() {
	a.ensureChain()
	a.chain = append(a.chain, level{})
	a.fresh = false
}

// operator applies the pending operation of the innermost level (chain
// arithmetic, no precedence) and makes op pending. On an error other than
// overflow the chain is dropped.
func (a *algLine) operator(op byte) error {
	a.ensureChain()
	top := &a.chain[len(a.chain)-1]
	if top.op != 0 && a.fresh {
		v, err := hp17b.Arith(top.op, top.acc, a.x)
		if err != nil && err != hp17b.ErrOverflow {
			a.chain = nil
			return err
		}
		a.last, a.x = a.x, v
		top.acc, top.op = a.x, op
		a.fresh = false
		return err
	}
	top.acc, top.op = a.x, op
	a.fresh = false
	return nil
}

// reduce completes the innermost level; on an error other than overflow
// the chain is dropped.
func (a *algLine) reduce() error {
	top := &a.chain[len(a.chain)-1]
	if top.op == 0 {
		return nil
	}
	v, err := hp17b.Arith(top.op, top.acc, a.x)
	if err != nil && err != hp17b.ErrOverflow {
		a.chain = nil
		return err
	}
	a.last, a.x = a.x, v
	return err
}

// closeParen is ')': the innermost level's value becomes x.
func (a *algLine) closeParen() error {
	if len(a.chain) < 2 {
		return nil
	}
	err := a.reduce()
	if a.chain == nil {
		return err
	}
	a.chain = a.chain[:len(a.chain)-1]
	a.fresh = true
	return err
}

// equals is '=': every level completes.
func (a *algLine) equals() error {
	var last error
	for len(a.chain) > 0 {
		err := a.reduce()
		if a.chain == nil {
			return err
		}
		if err != nil {
			last = err
		}
		a.chain = a.chain[:len(a.chain)-1]
	}
	a.fresh = true
	return last
}

// percent: with + or − pending, x% of the accumulated value (200 − 27% =
// gives 146); otherwise x/100 (200 × 27% = gives 54), per the HP-17BII
// manual's arithmetic chapter.
func (a *algLine) percent() {
	pct, _ := hp17b.Div(a.x, hp17b.Hundred)
	if len(a.chain) > 0 {
		top := a.chain[len(a.chain)-1]
		if top.op == '+' || top.op == '-' {
			pct, _ = hp17b.Mul(top.acc, pct)
		}
	}
	a.setX(pct)
}

// unary applies a one-number function to x; x is kept on an error other
// than overflow.
func (a *algLine) unary(f func(hp17b.Number) (hp17b.Number, error)) error {
	v, err := f(a.x)
	if err != nil && err != hp17b.ErrOverflow {
		return err
	}
	a.last = a.x
	a.setX(v)
	return err
}

// lastWasOp reports whether the chain ends in an operator or '(' with no
// operand typed after it.
func (a *algLine) lastWasOp() bool {
	if len(a.chain) == 0 {
		return false
	}
	top := a.chain[len(a.chain)-1]
	return (top.op != 0 || len(a.chain) > 1) && !a.fresh
}

// text is the line as the display shows it: the pending chain and the
// number typed or x, in the display mode.
func (a *algLine) text(mode hp17b.Mode) string {
	var b strings.Builder
	for i, l := range a.chain {
		if i > 0 {
			b.WriteString("(")
		}
		if l.op != 0 {
			b.WriteString(hp17b.Format(l.acc, mode))
			b.WriteString(opSymbol(l.op))
		}
	}
	pending := b.Len() > 0
	switch {
	case a.entry != "":
		b.WriteString(a.entryText(mode))
	case !pending || !a.lastWasOp():
		b.WriteString(hp17b.Format(a.x, mode))
	}
	return b.String()
}

func opSymbol(op byte) string {
	switch op {
	case '+':
		return "+"
	case '-':
		return "-"
	case '*':
		return "×"
	case '/':
		return "÷"
	case '^':
		return "^"
	}
	return ""
}

// entryText shows the number being typed, grouped like results.
func (a *algLine) entryText(mode hp17b.Mode) string {
	e := a.entry
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, exp, hasExp := strings.Cut(e, "E")
	ip, fp, hasPoint := strings.Cut(mant, ".")
	if ip == "" && hasPoint {
		ip = "0"
	}
	s := hp17b.Group(ip)
	if hasPoint {
		s += "." + fp
	}
	if hasExp {
		s += "E" + exp
	}
	if neg {
		s = "-" + s
	}
	return hp17b.Localize(s, mode)
}
