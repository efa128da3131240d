package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The model of the 34-digit code (package wide, apd at 34 digits): each
// +, −, × and ÷ within apdArith of its exact result (relative: half a
// unit of the 34th digit, the rounding); Pow within apdPow (apd's Pow
// forms an integer power, or exp(y·ln x), at 44 digits and rounds it to
// 34: half a unit and 10^-40 for the 44-digit work); Ln and Exp within
// apdTrans (a unit of the 34th digit: they work two or more digits wider
// and round). The errors of a calculation are carried through it to
// first order, each multiplied by its condition number, and the sum is
// doubled for the second-order terms and the bound's own float64
// roundings.

// apdArith, apdPow and apdTrans are the 34-digit code's errors, relative,
// for an arithmetic operation, Pow, and Ln or Exp (see above).
const (
	apdArith = 5e-34
	apdPow   = 5e-34 + 1e-40
	apdTrans = 1e-33
)

// round12 rounds h + l, within eps relative of the value the 34-digit
// code rounds, when eps decides it; the doubling of the model (see
// above) is made here, and o's looseness (1 but in a test).
func round12(h, l, eps float64, o *fastOpts) (hp17b.Number, bool) {
	if math.IsNaN(eps) || math.IsInf(h, 0) || math.IsNaN(h) {
		return hp17b.Zero, false
	}
	return hp17b.RoundDD(h, l, 2*eps*(1+0x1p-20)*o.looseness())
}

// ev is a double-double value h + l with a bound e on its distance from
// the exact value of the formula it computes plus the distance of the
// 34-digit code's value of the same formula, operation by operation, from
// that exact value: each operation adds its own double-double rounding
// and the 34-digit code's (apdArith, or apdPow and apdTrans for the
// functions) times the result's magnitude, and carries its operands'
// bounds through to first order (the second-order terms are left to
// round12's doubling). The formulas must be written in the order the
// 34-digit code computes them.
type ev struct{ h, l, e float64 }

// rnd is one double-double rounding (2^-104) and one 34-digit one.
const rnd = 0x1p-104 + apdArith

// evNum is a calculator number (exact in the 34-digit code; 2^-100 as a
// double-double), ok false out of hp17b.DD's range.
func evNum(n hp17b.Number) (ev, bool) {
	h, l, ok := hp17b.DD(n)
	return ev{h, l, math.Abs(h) * 0x1p-100}, ok
}

// evF is a float64 taken exactly (a whole number of days, a count).
func evF(x float64) ev { return ev{x, 0, 0} }

func (a ev) add(b ev) ev {
	h, l := dd.Add(a.h, a.l, b.h, b.l)
	return ev{h, l, a.e + b.e + (math.Abs(a.h)+math.Abs(b.h))*0x1p-104 + math.Abs(h)*apdArith}
}

func (a ev) neg() ev { return ev{-a.h, -a.l, a.e} }

func (a ev) sub(b ev) ev { return a.add(b.neg()) }

func (a ev) mul(b ev) ev {
	h, l := dd.Mul(a.h, a.l, b.h, b.l)
	return ev{h, l, math.Abs(a.h)*b.e + math.Abs(b.h)*a.e + a.e*b.e + math.Abs(h)*rnd}
}

// quo is a/b: b's bound must be below half of |b| (otherwise the bound is
// infinite and the result undecided).
func (a ev) quo(b ev) ev {
	h, l := ddDiv(a.h, a.l, b.h, b.l)
	ab := math.Abs(b.h)
	if !(b.e < ab/2) {
		return ev{h, l, math.Inf(1)}
	}
	return ev{h, l, (a.e+math.Abs(h)*b.e)/(ab-b.e) + math.Abs(h)*(5*0x1p-104+apdArith)}
}

// ln is the natural logarithm (Log1pDD of a − 1, the difference formed
// within 2^-106·|a|): 2^-80 relative, apdTrans, and a's bound over |a|.
func (a ev) ln() ev {
	if !(a.h > 0) || !(a.e < a.h/2) {
		return ev{0, 0, math.Inf(1)}
	}
	wh, wl := dd.Add(a.h, a.l, -1, 0)
	h, l, ok := hp17b.Log1pDD(wh, wl)
	if !ok {
		return ev{0, 0, math.Inf(1)}
	}
	return ev{h, l, a.e/(a.h-a.e) + math.Abs(h)*(0x1p-80+apdTrans) + math.Abs(a.h)*0x1p-106}
}

// exp is e^a (ExpDD, 2^-89 relative; |a| ≤ 650): a's bound moves it by
// e^a·(e^ea − 1) ≤ 1.01·ea·e^a for ea < 0.01.
func (a ev) exp(apdErr float64) ev {
	h, l, ok := hp17b.ExpDD(a.h, a.l)
	if !ok || !(a.e < 0.01) {
		return ev{0, 0, math.Inf(1)}
	}
	return ev{h, l, math.Abs(h) * (1.01*a.e + 0x1p-89 + apdErr)}
}

// pow is a^b for a > 0 as apd's Pow computes it (exp(b·ln a) at 44
// digits, rounded to 34: apdPow in all): b·ln a in double-double with
// a's and b's bounds carried, and the exponential's.
func (a ev) pow(b ev) ev {
	if !(a.h > 0) || !(a.e < a.h/2) {
		return ev{0, 0, math.Inf(1)}
	}
	wh, wl := dd.Add(a.h, a.l, -1, 0)
	lh, ll, ok := hp17b.Log1pDD(wh, wl)
	if !ok {
		return ev{0, 0, math.Inf(1)}
	}
	el := a.e/(a.h-a.e) + math.Abs(lh)*0x1p-80 + math.Abs(a.h)*0x1p-106
	ph, pl := dd.Mul(b.h, b.l, lh, ll)
	ep := math.Abs(b.h)*el + math.Abs(lh)*b.e + el*b.e + math.Abs(ph)*0x1p-104
	return ev{ph, pl, ep}.exp(apdPow)
}

// ok reports a finite value with a finite bound.
func (a ev) ok() bool {
	return !math.IsNaN(a.h) && !math.IsInf(a.h, 0) && !math.IsNaN(a.e) && !math.IsInf(a.e, 0)
}

// nonzero reports a value whose bound shows it is not 0 in the 34-digit
// code either (its sign is decided).
func (a ev) nonzero() bool { return a.ok() && math.Abs(a.h) > 2*a.e }

// round is a rounded to 12 digits where its bound decides (an exact 0,
// with no bound, is 0); o as for round12.
func (a ev) round(o *fastOpts) (hp17b.Number, bool) {
	if a.h == 0 && a.l == 0 && a.e == 0 {
		return hp17b.Zero, true
	}
	if !a.ok() || a.h == 0 {
		return hp17b.Zero, false
	}
	return round12(a.h, a.l, a.e/math.Abs(a.h), o)
}
