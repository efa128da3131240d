// Package wide is decimal arithmetic wider than the calculator's, in the
// 34-digit context hp17b.Wide (each operation rounded to 34 significant
// digits, half to even), for
// calculations that keep wider intermediates than they show and round once
// at the end (the financial applications in package fin, the statistics in
// package stat).
//
// The helpers never change their operands and never fail: an undefined
// result (a quotient by zero, a logarithm of a non-positive number) is a
// NaN that Result turns into the caller's error.
package wide

import (
	"github.com/cockroachdb/apd/v3"

	"github.com/hp17b/hp17b/hp17b"
)

// Ctx is hp17b.Wide, the context every helper computes in.
var Ctx = &hp17b.Wide

// W is a wide decimal.
type W = *apd.Decimal

// Of is a calculator number as a wide decimal.
func Of(n hp17b.Number) W { d := n.Decimal(); return &d }

// Int is an integer as a wide decimal.
func Int(i int64) W { return apd.New(i, 0) }

// Float is a float64 as a wide decimal (0 for a NaN or an infinity).
func Float(f float64) W {
	d := new(apd.Decimal)
	if _, err := d.SetFloat64(f); err != nil {
		d.SetInt64(0)
	}
	return d
}

// Add is a+b.
func Add(a, b W) W { r := new(apd.Decimal); _, _ = Ctx.Add(r, a, b); return r }

// Sub is a−b.
func Sub(a, b W) W { r := new(apd.Decimal); _, _ = Ctx.Sub(r, a, b); return r }

// Mul is a×b.
func Mul(a, b W) W { r := new(apd.Decimal); _, _ = Ctx.Mul(r, a, b); return r }

// Neg is −a.
func Neg(a W) W { r := new(apd.Decimal); r.Neg(a); return r }

// Quo is a÷b; NaN when b is 0.
func Quo(a, b W) W { r := new(apd.Decimal); _, _ = Ctx.Quo(r, a, b); return r }

// Pow is b^e (b > 0 for a fractional e).
func Pow(b, e W) W { r := new(apd.Decimal); _, _ = Ctx.Pow(r, b, e); return r }

// Ln is the natural logarithm; NaN for a ≤ 0.
func Ln(a W) W { r := new(apd.Decimal); _, _ = Ctx.Ln(r, a); return r }

// Exp is e^a.
func Exp(a W) W { r := new(apd.Decimal); _, _ = Ctx.Exp(r, a); return r }

// Sqrt is √a; NaN for a < 0.
func Sqrt(a W) W { r := new(apd.Decimal); _, _ = Ctx.Sqrt(r, a); return r }

// Float64 is a as a float64 (for searches that locate roots in float64).
func Float64(a W) float64 { f, _ := a.Float64(); return f }

// Result rounds a to the calculator's 12 digits: hp17b.ErrOverflow past
// its range, undefined when a is not finite.
func Result(a W, undefined error) (hp17b.Number, error) {
	if a.Form != apd.Finite {
		return hp17b.Zero, undefined
	}
	return hp17b.FromDecimal(a)
}
