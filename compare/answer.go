package compare

import (
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Value is one result: a number, or the message the calculator shows
// instead of one (Msg: "SOLUTION NOT FOUND", "BAD GUESSES", "OVERFLOW", an
// error such as "DIVIDE BY 0"). Note says more of a number that is no plain
// root ("sign reversal", "extremum") or of a message (the error behind a
// SOLUTION NOT FOUND); it is shown, never compared.
type Value struct {
	Num  hp17b.Number
	Msg  string
	Note string

	raw string // a reference's number not yet read (settle reads it)
}

// settle reads a reference's number r kept as text, knowing the result
// it is compared with (ours): the same text is the same number, read
// without hp17b.Parse (a third of the time of an answer line).
func (r *Value) settle(ours Value) {
	if r.raw == "" {
		return
	}
	if ours.IsNum() && ours.Num.String() == r.raw {
		r.Num, r.raw = ours.Num, ""
		return
	}
	x, err := hp17b.Parse(r.raw)
	r.raw = ""
	switch {
	case err == hp17b.ErrOverflow:
		r.Msg = hp17b.ErrOverflow.Msg
	case err != nil:
		r.Msg = "NOT A NUMBER"
	default:
		r.Num = x
	}
}

// IsNum reports whether v is a number.
func (v Value) IsNum() bool { return v.Msg == "" }

// Text is v as the report writes it: the number in full (12 digits), or
// the message.
func (v Value) Text() string {
	if v.Msg != "" {
		return v.Msg
	}
	return v.Num.String()
}

// Show is v as the display shows it in mode m (a message as it is).
func (v Value) Show(m hp17b.Mode) string {
	if v.Msg != "" {
		return v.Msg
	}
	return hp17b.Format(v.Num, m)
}

// NamedValue is a reference's result for a name that is not solved: a
// variable of the equation compared with its value after the steps.
type NamedValue struct {
	Name string
	Value
}

// Answer is the results at one point: one Value a solved name
// (Plan.Solved order), and, from a reference, any other variables it gives
// (Extra). Vars holds the equation's values after the steps, one a name of
// Eq.Names (the equation's own answers only).
type Answer struct {
	Out   []Value
	Extra []NamedValue
	Vars  []hp17b.Number
	// Data is Config.Inspect's value at the point (the equation's
	// answers), or a Func reference's own.
	Data any
}

// resultValue is a solve's result as compared: the value stored for a root,
// a sign reversal or an extremum (the calculator stores it), the message
// otherwise.
func resultValue(r solver.Result, err error) Value {
	switch {
	case err != nil:
		return Value{Msg: strings.ToUpper(err.Error())}
	case r.Overflow:
		return Value{Msg: hp17b.ErrOverflow.Msg}
	}
	switch r.Outcome {
	case solver.Root:
		return Value{Num: r.Value}
	case solver.SignReversal, solver.Extremum:
		return Value{Num: r.Value, Note: r.Outcome.String()}
	case solver.BadGuesses:
		return Value{Msg: hp17b.MsgBadGuesses}
	}
	return Value{Msg: hp17b.MsgSolutionNotFound, Note: r.Cause}
}

// Criterion says when two results agree.
type Criterion struct {
	// Display, when set, compares numbers as the display shows them in
	// this mode (FIX 2: 1,357.00).
	Display *hp17b.Mode
	// Rel, when not zero, is the relative tolerance: |a−b| ≤ Rel×max(|a|,|b|).
	Rel hp17b.Number

	text string // how Digits or Rel was written
}

// Default compares the 12-digit values: equal after the reference's is
// rounded to 12 digits as the calculator rounds a number keyed in.
var Default = Criterion{}

// Digits is the criterion of agreement to about n significant digits:
// relative tolerance 10^-n (1 ≤ n ≤ 12).
func Digits(n int) (Criterion, error) {
	if n < 1 || n > hp17b.Digits {
		return Criterion{}, fmt.Errorf("--digits %d: give 1 to 12", n)
	}
	x, _ := hp17b.Parse(fmt.Sprintf("1E-%d", n))
	return Criterion{Rel: x, text: fmt.Sprintf("%d digits (relative difference ≤ 1E-%d)", n, n)}, nil
}

// String says the criterion in words.
func (c Criterion) String() string {
	switch {
	case c.Display != nil && c.Display.All:
		return "the display in ALL"
	case c.Display != nil:
		return fmt.Sprintf("the display in FIX %d", c.Display.Fix)
	case c.text != "":
		return c.text
	case !c.Rel.IsZero():
		return "relative difference ≤ " + c.Rel.String()
	}
	return "the 12-digit value"
}

// Agree reports whether a and b agree: two messages when they are the same
// text (case and surrounding space aside), two numbers by the criterion; a
// number never agrees with a message.
func (c Criterion) Agree(a, b Value) bool {
	if a.IsNum() != b.IsNum() {
		return false
	}
	if !a.IsNum() {
		return strings.EqualFold(strings.TrimSpace(a.Msg), strings.TrimSpace(b.Msg))
	}
	switch {
	case c.Display != nil:
		return hp17b.Format(a.Num, *c.Display) == hp17b.Format(b.Num, *c.Display)
	case !c.Rel.IsZero():
		if a.Num.Equal(b.Num) {
			return true
		}
		d, err := hp17b.Sub(a.Num, b.Num)
		if err != nil {
			return false
		}
		limit, err := hp17b.Mul(c.Rel, hp17b.Max(hp17b.Abs(a.Num), hp17b.Abs(b.Num)))
		if err != nil {
			return false
		}
		d, _ = hp17b.Sub(limit, hp17b.Abs(d))
		return d.Sign() >= 0
	}
	return a.Num.Equal(b.Num)
}

// Rel is the criterion of a relative tolerance written as a number (1e-9):
// above 0 and below 1.
func Rel(s string) (Criterion, error) {
	x, err := hp17b.Parse(strings.TrimSpace(s))
	if err != nil || x.Sign() <= 0 || x.Cmp(hp17b.FromInt(1)) >= 0 {
		return Criterion{}, fmt.Errorf("--rel %s: give a number above 0 and below 1 (1e-9)", s)
	}
	return Criterion{Rel: x, text: "relative difference ≤ " + strings.TrimSpace(s)}, nil
}
