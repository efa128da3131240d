package stat

import (
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/wide"
)

// Model is a curve-fitting model of FRCST's MODL menu (p.133):
//
//	Linear       y = B + M·x
//	Logarithmic  y = B + M·ln x   (x > 0)
//	Exponential  y = B·e^(M·x)    (y > 0)
//	Power        y = B·x^M        (x > 0, y > 0)
//
// The last three are fitted as straight lines through the data with
// logarithms taken (ln x, ln y or both), as appendix B describes.
type Model int

// The four models, in MODL's order.
const (
	Linear Model = iota
	Logarithmic
	Exponential
	Power
)

// Label is the model's MODL key: LIN, LOG, EXP or PWR.
func (m Model) Label() string {
	switch m {
	case Logarithmic:
		return "LOG"
	case Exponential:
		return "EXP"
	case Power:
		return "PWR"
	}
	return "LIN"
}

// Name is the model as FRCST's display names it ("LINEAR MODEL" …).
func (m Model) Name() string {
	switch m {
	case Logarithmic:
		return "LOGARITHMIC MODEL"
	case Exponential:
		return "EXPONENTIAL MODEL"
	case Power:
		return "POWER MODEL"
	}
	return "LINEAR MODEL"
}

func (m Model) logX() bool { return m == Logarithmic || m == Power }
func (m Model) logY() bool { return m == Exponential || m == Power }

// Fit is a curve fitted through pairs (x, y): the model, its coefficients
// M and B and the correlation coefficient of the (transformed) data.
type Fit struct {
	Model      Model
	Corr, M, B hp17b.Number
	m, b       wide.W // M and B at full width, for forecasts
}

// logOf is ln a, with the calculator's errors for a ≤ 0.
func logOf(a wide.W) (wide.W, error) {
	switch a.Sign() {
	case 0:
		return nil, hp17b.ErrLogZero
	case -1:
		return nil, hp17b.ErrLogNeg
	}
	return wide.Ln(a), nil
}

// NewFit fits model through the pairs of xs and ys: ErrUnequalLists
// when their lengths differ, ErrInsufficientData for fewer than two
// pairs, hp17b.ErrDivideByZero when all x (or, for CORR, all y) are
// equal, LOG(0) and LOG(NEG) for data the model cannot take.
func NewFit(model Model, xs, ys []hp17b.Number) (Fit, error) {
	if err := pairs(xs, ys); err != nil {
		return Fit{}, err
	}
	if len(xs) < 2 {
		return Fit{}, ErrInsufficientData
	}
	u, v := widen(xs), widen(ys)
	var err error
	for i := range u {
		if model.logX() {
			if u[i], err = logOf(u[i]); err != nil {
				return Fit{}, err
			}
		}
		if model.logY() {
			if v[i], err = logOf(v[i]); err != nil {
				return Fit{}, err
			}
		}
	}
	mu, mv := mean(u), mean(v)
	suu, svv, suv := wide.Int(0), wide.Int(0), wide.Int(0)
	for i := range u {
		du, dv := wide.Sub(u[i], mu), wide.Sub(v[i], mv)
		suu = wide.Add(suu, wide.Mul(du, du))
		svv = wide.Add(svv, wide.Mul(dv, dv))
		suv = wide.Add(suv, wide.Mul(du, dv))
	}
	if suu.IsZero() || svv.IsZero() {
		return Fit{}, hp17b.ErrDivideByZero
	}
	f := Fit{Model: model}
	f.m = wide.Quo(suv, suu)
	f.b = wide.Sub(mv, wide.Mul(f.m, mu))
	if model.logY() {
		f.b = wide.Exp(f.b)
	}
	corr := wide.Quo(suv, wide.Sqrt(wide.Mul(suu, svv)))
	if f.Corr, err = wide.Result(corr, undefined); err != nil {
		return Fit{}, err
	}
	if f.M, err = wide.Result(f.m, undefined); err != nil {
		return Fit{}, err
	}
	if f.B, err = wide.Result(f.b, undefined); err != nil {
		return Fit{}, err
	}
	return f, nil
}

// Y forecasts y for x by the fitted curve.
func (f Fit) Y(x hp17b.Number) (hp17b.Number, error) {
	u := wide.Of(x)
	if f.Model.logX() {
		var err error
		if u, err = logOf(u); err != nil {
			return hp17b.Zero, err
		}
	}
	switch f.Model {
	case Exponential, Power:
		return wide.Result(wide.Mul(f.b, wide.Exp(wide.Mul(f.m, u))), hp17b.ErrOverflow)
	}
	return wide.Result(wide.Add(f.b, wide.Mul(f.m, u)), hp17b.ErrOverflow)
}

// X forecasts x for y by the fitted curve: hp17b.ErrDivideByZero when M
// is 0, LOG(0) and LOG(NEG) when y ÷ B has no logarithm.
func (f Fit) X(y hp17b.Number) (hp17b.Number, error) {
	if f.m.IsZero() {
		return hp17b.Zero, hp17b.ErrDivideByZero
	}
	v := wide.Of(y)
	var u wide.W
	switch f.Model {
	case Exponential, Power:
		l, err := logOf(wide.Quo(v, f.b))
		if err != nil {
			return hp17b.Zero, err
		}
		u = wide.Quo(l, f.m)
	default:
		u = wide.Quo(wide.Sub(v, f.b), f.m)
	}
	if f.Model.logX() {
		u = wide.Exp(u)
	}
	return wide.Result(u, hp17b.ErrOverflow)
}
