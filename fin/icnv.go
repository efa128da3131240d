package fin

import (
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/wide"
)

// Interest rate conversions of the ICNV menu (17bII+ owner's manual,
// chapter 6; formulas p.248). Rates are percentages; p is the number of
// compounding periods a year.

// Effective returns EFF% = 100 × [(1 + NOM% ÷ (100 × p))^p − 1].
func Effective(nom, p hp17b.Number) (hp17b.Number, error) { return effective(nom, p, nil) }

// effective is Effective with the fast paths steered by o (nil: on).
func effective(nom, p hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if p.Sign() <= 0 {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	if o.on() {
		r, ok := effectiveFast(nom, p, o)
		o.hear("EFF%", ok)
		if ok {
			return r, nil
		}
	}
	base := add(wint(1), quo(rate(widen(nom)), widen(p)))
	if base.Sign() <= 0 {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	return result(mul(sub(pow(base, widen(p)), wint(1)), wint(100)))
}

// Nominal returns NOM% = 100 × p × [(1 + EFF% ÷ 100)^(1/p) − 1].
func Nominal(eff, p hp17b.Number) (hp17b.Number, error) { return nominal(eff, p, nil) }

// nominal is Nominal with the fast paths steered by o (nil: on).
func nominal(eff, p hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if p.Sign() <= 0 {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	if o.on() {
		r, ok := nominalFast(eff, p, o)
		o.hear("NOM%", ok)
		if ok {
			return r, nil
		}
	}
	base := add(wint(1), rate(widen(eff)))
	if base.Sign() <= 0 {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	r := pow(base, quo(wint(1), widen(p)))
	return result(mul(mul(sub(r, wint(1)), widen(p)), wint(100)))
}

// EffectiveCont returns the effective rate of continuous compounding:
// EFF% = 100 × (e^(NOM%÷100) − 1).
func EffectiveCont(nom hp17b.Number) (hp17b.Number, error) { return effectiveCont(nom, nil) }

// effectiveCont is EffectiveCont with the fast paths steered by o (nil: on).
func effectiveCont(nom hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if nom.Cmp(hp17b.FromInt(100000)) > 0 { // NOM%÷100 > 1000
		return hp17b.Zero, hp17b.ErrOverflow
	}
	if o.on() {
		r, ok := effectiveContFast(nom, o)
		o.hear("EFF% cont", ok)
		if ok {
			return r, nil
		}
	}
	x := rate(widen(nom))
	return result(mul(sub(wide.Exp(x), wint(1)), wint(100)))
}

// NominalCont returns the nominal rate compounded continuously that gives
// eff: NOM% = 100 × ln(1 + EFF%÷100).
func NominalCont(eff hp17b.Number) (hp17b.Number, error) { return nominalCont(eff, nil) }

// nominalCont is NominalCont with the fast paths steered by o (nil: on).
func nominalCont(eff hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if o.on() {
		r, ok := nominalContFast(eff, o)
		o.hear("NOM% cont", ok)
		if ok {
			return r, nil
		}
	}
	base := add(wint(1), rate(widen(eff)))
	if base.Sign() <= 0 {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	return result(mul(ln(base), wint(100)))
}
