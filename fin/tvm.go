package fin

import (
	"context"
	"math"

	"github.com/cockroachdb/apd/v3"

	"github.com/hp17b/hp17b/hp17b"
)

// TVM is the time-value-of-money problem of the TVM menu (17bII+ owner's
// manual, chapter 5; formula on p.247):
//
//	0 = PV + (1 + i×S) × PMT × USPV(i:N) + FV × SPPV(i:N),  i = I%YR ÷ P/YR ÷ 100
//
// where S is 1 in Begin mode and 0 in End mode. Money received is
// positive, money paid out negative (p.64).
type TVM struct {
	N     hp17b.Number // number of payments (periods)
	IYR   hp17b.Number // nominal annual interest rate, percent
	PV    hp17b.Number // present value
	PMT   hp17b.Number // periodic payment
	FV    hp17b.Number // future value
	PYR   hp17b.Number // payments per year, 1 to 999
	Begin bool         // payments at the beginning of each period
	// Exact makes SolveN, SolvePV, SolvePMT and SolveFV give the correctly
	// rounded answer (hp17b's --exact-tvm); false, the default, gives the
	// HP-17BII's own digits, computed in its 15-digit working arithmetic
	// (tvm15.go). SolveIYR gives the correctly rounded rate either way,
	// except with PMT 0, where the machine's closed form is used.
	Exact bool

	fast *fastOpts // the tests' steering of the fast paths; nil: on
}

// ErrInvalidPYR: P/YR must be a whole number from 1 to 999 (p.66).
var ErrInvalidPYR = &hp17b.Error{Msg: "INVALID P/YR"}

// ValidPYR reports whether p is a valid P/YR: a whole number 1 to 999.
func ValidPYR(p hp17b.Number) bool {
	v, ok := p.Int64()
	return ok && v >= 1 && v <= 999
}

// periodic returns i (a fraction) and the Begin factor 1 + i×S.
func (t TVM) periodic() (i, k w, err error) {
	if !ValidPYR(t.PYR) {
		return nil, nil, ErrInvalidPYR
	}
	i = quo(rate(widen(t.IYR)), widen(t.PYR))
	if add(i, wint(1)).Sign() <= 0 {
		return nil, nil, hp17b.ErrInvalidInput
	}
	k = wint(1)
	if t.Begin {
		k = add(k, i)
	}
	return i, k, nil
}

// factors returns USPV(i:N) and SPPV(i:N) at 34 digits.
func factors(i, n w) (uspv, sppv w) {
	if isZero(i) {
		return n, wint(1)
	}
	sppv = pow(add(wint(1), i), neg(n))
	return quo(sub(wint(1), sppv), i), sppv
}

// factorsNear0 is factors with enough digits that USPV keeps 34 where
// N × i is tiny: 1 − (1 + i)^−N is about N × i, so forming it from a
// power near 1 loses −log10|N × i| digits, which the precision gains
// back. Without it, the rate for N 480, PV 100,000, PMT −208.333333333,
// FV 0 was right to 8 digits (−7.98336800156E-12 % for
// −7.98336798337E-12).
func factorsNear0(i, n w) (uspv, sppv w) {
	ni := math.Abs(f64(i) * f64(n))
	if isZero(i) || ni >= 1e-3 || ni == 0 {
		return factors(i, n)
	}
	ctx := hp17b.Wide
	ctx.Precision += uint32(-math.Log10(ni)) + 3
	one := apd.New(1, 0)
	var b, e, p, o, q apd.Decimal
	_, _ = ctx.Add(&b, one, i)
	e.Neg(n)
	_, _ = ctx.Pow(&p, &b, &e)
	_, _ = ctx.Sub(&o, one, &p)
	_, _ = ctx.Quo(&q, &o, i)
	return &q, &p
}

// SolvePV returns PV = −[(1+iS)·PMT·USPV + FV·SPPV].
func (t TVM) SolvePV() (hp17b.Number, error) {
	if !t.Exact {
		return t.machinePV()
	}
	if r, ok := t.direct(0); ok {
		return r, nil
	}
	i, k, err := t.periodic()
	if err != nil {
		return hp17b.Zero, err
	}
	us, sp := factors(i, widen(t.N))
	return result(neg(add(mul(mul(k, widen(t.PMT)), us), mul(widen(t.FV), sp))))
}

// SolveFV returns FV = −[PV + (1+iS)·PMT·USPV] ÷ SPPV.
func (t TVM) SolveFV() (hp17b.Number, error) {
	if !t.Exact {
		return t.machineFV()
	}
	if r, ok := t.direct(1); ok {
		return r, nil
	}
	i, k, err := t.periodic()
	if err != nil {
		return hp17b.Zero, err
	}
	us, sp := factors(i, widen(t.N))
	if isZero(sp) {
		return hp17b.Zero, ErrNoSolution
	}
	return result(neg(quo(add(widen(t.PV), mul(mul(k, widen(t.PMT)), us)), sp)))
}

// SolvePMT returns PMT = −[PV + FV·SPPV] ÷ ((1+iS)·USPV); NO SOLUTION when
// N is 0.
func (t TVM) SolvePMT() (hp17b.Number, error) {
	if !t.Exact {
		return t.machinePMT()
	}
	if r, ok := t.direct(2); ok {
		return r, nil
	}
	i, k, err := t.periodic()
	if err != nil {
		return hp17b.Zero, err
	}
	us, sp := factors(i, widen(t.N))
	den := mul(k, us)
	if isZero(den) {
		return hp17b.Zero, ErrNoSolution
	}
	return result(neg(quo(add(widen(t.PV), mul(widen(t.FV), sp)), den)))
}

// SolveN returns N. With A = (1+iS)·PMT÷i the equation is
// PV + A + (FV − A)·(1+i)^−N = 0, so N = ln((A − FV) ÷ (PV + A)) ÷ ln(1+i);
// with i = 0, N = −(PV + FV) ÷ PMT. NO SOLUTION when no N satisfies it.
func (t TVM) SolveN() (hp17b.Number, error) {
	if !t.Exact {
		return t.machineN()
	}
	if t.fast.on() {
		r, ok := t.solveNFast()
		t.fast.hear("N", ok)
		if ok {
			return r, nil
		}
	}
	i, k, err := t.periodic()
	if err != nil {
		return hp17b.Zero, err
	}
	pv, pmt, fv := widen(t.PV), widen(t.PMT), widen(t.FV)
	if isZero(i) {
		if isZero(pmt) {
			return hp17b.Zero, ErrNoSolution
		}
		return result(neg(quo(add(pv, fv), pmt)))
	}
	a := quo(mul(k, pmt), i)
	num, den := sub(a, fv), add(pv, a)
	if isZero(den) || isZero(num) || num.Sign() != den.Sign() {
		return hp17b.Zero, ErrNoSolution
	}
	return result(quo(ln(quo(num, den)), ln(add(wint(1), i))))
}

// direct is SolvePV, SolveFV or SolvePMT (kind 0, 1, 2) on the
// double-double path (directEV), ok false where it does not decide and
// for a P/YR the 34-digit code turns into an error.
func (t TVM) direct(kind int) (hp17b.Number, bool) {
	if !t.fast.on() {
		return hp17b.Zero, false
	}
	r, ok := t.directEV(kind) // false for an invalid P/YR (newTVMEV)
	if t.fast != nil {
		t.fast.hear([]string{"PV", "FV", "PMT"}[kind], ok)
	}
	return r, ok
}

// gap returns the TVM equation's right side as a function of the
// periodic rate i (a fraction), in float64, for the search.
func (t TVM) gap() func(i float64) float64 {
	n, pv, pmt, fv := t.N.Float64(), t.PV.Float64(), t.PMT.Float64(), t.FV.Float64()
	begin := t.Begin
	return func(i float64) float64 {
		return gapAt(i, n, pv, pmt, fv, begin)
	}
}

func gapAt(i, n, pv, pmt, fv float64, begin bool) float64 {
	k := 1.0
	if begin {
		k += i
	}
	if i == 0 {
		return pv + pmt*n + fv
	}
	x := -n * math.Log1p(i) // once: the same value both times it was written
	sp := math.Exp(x)
	return pv + k*pmt*(-math.Expm1(x))/i + fv*sp
}

// gapWide is gap at 34 digits, its factors at more where N × i is tiny
// (factorsNear0).
func (t TVM) gapWide(i w) w {
	k := wint(1)
	if t.Begin {
		k = add(k, i)
	}
	us, sp := factorsNear0(i, widen(t.N))
	return add(add(widen(t.PV), mul(mul(k, widen(t.PMT)), us)), mul(widen(t.FV), sp))
}

// SolveIYR finds I%YR by an iterative search (p.66: "I%YR is calculated
// iteratively"). The cash flows PV, PMT…, FV must change sign: NO
// SOLUTION when they do not or no rate above −100 % a period balances
// them; when several rates do, the one nearest 0 is returned. The search
// stops with ErrInterrupted when c ends.
func (t TVM) SolveIYR(c context.Context) (hp17b.Number, error) {
	if !ValidPYR(t.PYR) {
		return hp17b.Zero, ErrInvalidPYR
	}
	if t.N.Sign() <= 0 {
		return hp17b.Zero, ErrNoSolution
	}
	if !t.Exact && t.PMT.IsZero() {
		return t.machineIYRNoPMT()
	}
	best, err := t.searchIYR(c)
	if err != nil {
		return hp17b.Zero, err
	}
	if t.fast.on() {
		r, ok := t.iyrEV(best)
		t.fast.hear("I%YR", ok)
		if ok {
			return r, nil
		}
	}
	i := refine(t.gapWide, best)
	return result(mul(mul(i, widen(t.PYR)), wint(100)))
}

// searchIYR is SolveIYR's float64 search: the periodic rate nearest 0 of
// those the rate grid brackets, refined by bisection; NO SOLUTION when
// none is bracketed, ErrInterrupted when c ends.
func (t TVM) searchIYR(c context.Context) (float64, error) {
	gap := t.gap()
	bs, err := brackets(c, gap, rateGrid())
	if err != nil {
		return 0, err
	}
	if len(bs) == 0 {
		return 0, ErrNoSolution
	}
	best := math.Inf(1)
	for _, b := range bs {
		r := bisect(gap, b[0], b[1])
		if math.Abs(r) < math.Abs(best) {
			best = r
		}
	}
	return best, nil
}
