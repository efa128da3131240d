package fin

import (
	"context"
	"math"

	"github.com/hp17b/hp17b/hp17b"
)

// Flow is one entry of a cash-flow list: an amount and how many
// consecutive periods it occurs (#TIMES, 1 to 999; 17bII+ owner's manual
// p.93).
type Flow struct {
	Amount hp17b.Number
	Times  hp17b.Number
}

// MaxTimes is the largest #TIMES of a flow (p.93).
const MaxTimes = 999

// Flows is a cash-flow list: Flows[0] is the initial flow, FLOW(0), at
// time 0 (its Times is 1); flow j ≥ 1 occurs Times times, at the ends of
// the periods after those of the flows before it (chapter 7; formulas
// p.248).
type Flows []Flow

// periods returns N, the number of periods the list spans (Σ #TIMES of
// flows 1…), and each flow's first period's end minus one (N_{j−1}).
func (f Flows) periods() (total float64, starts []float64) {
	starts = make([]float64, len(f))
	for j := 1; j < len(f); j++ {
		starts[j] = total
		total += f[j].Times.Float64()
	}
	return total, starts
}

// Total is TOTAL: Σ amount × #TIMES.
func (f Flows) Total() (hp17b.Number, error) {
	s := wint(0)
	for j, fl := range f {
		t := widen(fl.Times)
		if j == 0 {
			t = wint(1)
		}
		s = add(s, mul(widen(fl.Amount), t))
	}
	return result(s)
}

// npvWide is NPV at periodic rate i (a fraction) at 34 digits:
// Σ CF_j × USPV(i:n_j) × SPPV(i:N_{j−1}), with CF_0 at time 0. The
// discount to each group's start is carried from group to group (d ×
// v^n_j, v = 1 ÷ (1+i)), so a flow that occurs once costs two products.
func (f Flows) npvWide(i w) w {
	if len(f) == 0 {
		return wint(0)
	}
	one := wint(1)
	v := quo(one, add(one, i))
	s, d := widen(f[0].Amount), one
	for _, fl := range f[1:] {
		if fl.Times.Equal(hp17b.One) {
			d = mul(d, v)
			s = add(s, mul(widen(fl.Amount), d))
			continue
		}
		n := widen(fl.Times)
		vn := pow(v, n)
		var us w
		if isZero(i) {
			us = n
		} else {
			us = quo(sub(one, vn), i)
		}
		s = add(s, mul(mul(widen(fl.Amount), us), d))
		d = mul(d, vn)
	}
	return s
}

// npvFloat returns NPV in float64 as a function of the periodic rate,
// for the search, computed the same way (the amounts converted once).
func (f Flows) npvFloat() func(i float64) float64 {
	amt, times := make([]float64, len(f)), make([]float64, len(f))
	for j, fl := range f {
		amt[j], times[j] = fl.Amount.Float64(), fl.Times.Float64()
	}
	return func(i float64) float64 {
		if len(amt) == 0 {
			return 0
		}
		v := 1 / (1 + i)
		s, d := amt[0], 1.0
		for j := 1; j < len(amt); j++ {
			n := times[j]
			if n == 1 {
				d *= v
				s += amt[j] * d
				continue
			}
			vn := math.Pow(v, n)
			us := n
			if i != 0 {
				us = (1 - vn) / i
			}
			s += amt[j] * us * d
			d *= vn
		}
		return s
	}
}

// npvFloat4 is npvFloat at four rates at once, y[k] at x[k]: the same
// operations in the same order for each rate, so each value is the one
// npvFloat gives, bit for bit (TestNPVFloat4); the four chains of
// products and sums are independent, and the processor runs them side by
// side.
func (f Flows) npvFloat4() func(x, y *[4]float64) {
	amt, times := make([]float64, len(f)), make([]float64, len(f))
	once := true
	for j, fl := range f {
		amt[j], times[j] = fl.Amount.Float64(), fl.Times.Float64()
		once = once && (j == 0 || times[j] == 1)
	}
	if once && len(amt) > 0 {
		return func(x, y *[4]float64) { npvOnce4(amt, x, y) }
	}
	return func(x, y *[4]float64) {
		if len(amt) == 0 {
			*y = [4]float64{}
			return
		}
		i0, i1, i2, i3 := x[0], x[1], x[2], x[3]
		v0, v1, v2, v3 := 1/(1+i0), 1/(1+i1), 1/(1+i2), 1/(1+i3)
		s0, s1, s2, s3 := amt[0], amt[0], amt[0], amt[0]
		d0, d1, d2, d3 := 1.0, 1.0, 1.0, 1.0
		for j := 1; j < len(amt); j++ {
			a, n := amt[j], times[j]
			if n == 1 {
				d0 *= v0
				d1 *= v1
				d2 *= v2
				d3 *= v3
				s0 += a * d0
				s1 += a * d1
				s2 += a * d2
				s3 += a * d3
				continue
			}
			vn0, vn1, vn2, vn3 := math.Pow(v0, n), math.Pow(v1, n), math.Pow(v2, n), math.Pow(v3, n)
			us0, us1, us2, us3 := n, n, n, n
			if i0 != 0 {
				us0 = (1 - vn0) / i0
			}
			if i1 != 0 {
				us1 = (1 - vn1) / i1
			}
			if i2 != 0 {
				us2 = (1 - vn2) / i2
			}
			if i3 != 0 {
				us3 = (1 - vn3) / i3
			}
			s0 += a * us0 * d0
			s1 += a * us1 * d1
			s2 += a * us2 * d2
			s3 += a * us3 * d3
			d0 *= vn0
			d1 *= vn1
			d2 *= vn2
			d3 *= vn3
		}
		*y = [4]float64{s0, s1, s2, s3}
	}
}

// npvOnce4 is npvFloat4 for a list whose flows all occur once (no call
// inside the loop, so the four chains stay in registers).
func npvOnce4(amt []float64, x, y *[4]float64) {
	v0, v1, v2, v3 := 1/(1+x[0]), 1/(1+x[1]), 1/(1+x[2]), 1/(1+x[3])
	s0, s1, s2, s3 := amt[0], amt[0], amt[0], amt[0]
	d0, d1, d2, d3 := 1.0, 1.0, 1.0, 1.0
	for _, a := range amt[1:] {
		d0 *= v0
		d1 *= v1
		d2 *= v2
		d3 *= v3
		s0 += a * d0
		s1 += a * d1
		s2 += a * d2
		s3 += a * d3
	}
	*y = [4]float64{s0, s1, s2, s3}
}

// periodicRate checks a rate in percent and returns it as a fraction.
func periodicRate(pct hp17b.Number) (w, error) {
	i := rate(widen(pct))
	if add(i, wint(1)).Sign() <= 0 {
		return nil, hp17b.ErrInvalidInput
	}
	return i, nil
}

// fast is NPV, NUS or NFV (kind 0, 1, 2) on the double-double path, ok
// false where it does not decide (flowsFast).
func (f Flows) fast(pct hp17b.Number, kind int, o *fastOpts) (hp17b.Number, bool) {
	if !o.on() || pct.Cmp(hp17b.FromInt(-100)) <= 0 {
		return hp17b.Zero, false
	}
	g, ok := newDDFlows(f)
	if !ok {
		return hp17b.Zero, false
	}
	n, _ := f.periods()
	r, ok := g.flowsFast(pct, int(n), kind)
	o.heard(ok)
	return r, ok
}

// NPV is the net present value at I% a period (p.248).
func (f Flows) NPV(pct hp17b.Number) (hp17b.Number, error) { return f.npv(pct, nil) }

// npv is NPV with the fast path steered by o (nil: on).
func (f Flows) npv(pct hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if r, ok := f.fast(pct, 0, o); ok {
		return r, nil
	}
	i, err := periodicRate(pct)
	if err != nil {
		return hp17b.Zero, err
	}
	return result(f.npvWide(i))
}

// NUS is the net uniform series: NPV ÷ USPV(I%:N), the level payment
// over N periods with the same present value (p.248).
func (f Flows) NUS(pct hp17b.Number) (hp17b.Number, error) { return f.nus(pct, nil) }

// nus is NUS with the fast path steered by o (nil: on).
func (f Flows) nus(pct hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if r, ok := f.fast(pct, 1, o); ok {
		return r, nil
	}
	i, err := periodicRate(pct)
	if err != nil {
		return hp17b.Zero, err
	}
	n, _ := f.periods()
	us, _ := factors(i, wf(n))
	if isZero(us) {
		return hp17b.Zero, hp17b.ErrDivideByZero
	}
	return result(quo(f.npvWide(i), us))
}

// NFV is the net future value: NPV × SPFV(I%:N) (p.248).
func (f Flows) NFV(pct hp17b.Number) (hp17b.Number, error) { return f.nfv(pct, nil) }

// nfv is NFV with the fast path steered by o (nil: on).
func (f Flows) nfv(pct hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if r, ok := f.fast(pct, 2, o); ok {
		return r, nil
	}
	i, err := periodicRate(pct)
	if err != nil {
		return hp17b.Zero, err
	}
	n, _ := f.periods()
	_, sp := factors(i, wf(n))
	return result(quo(f.npvWide(i), sp))
}

// signChanges counts the sign changes of the flows in time order (zero
// flows skipped): Descartes' bound on the number of IRR% answers.
func (f Flows) signChanges() int {
	n, prev := 0, 0
	for _, fl := range f {
		s := fl.Amount.Sign()
		if s == 0 {
			continue
		}
		if prev != 0 && s != prev {
			n++
		}
		prev = s
	}
	return n
}

// IRR is IRR%, the periodic rate at which NPV is 0, by the outcomes of
// p.238–239: the only positive answer when there is one (case 1); the
// only answer, negative, when there is no positive one (case 3);
// ErrManySolutions when there are several answers of one sign and no
// single positive one, or the search cannot tell (case 4); ErrNoSolution
// when the flows do not change sign or no rate balances them (case 5).
// With a guess (a percent; nil for none) the answer nearest the guess is
// returned. The search stops with ErrInterrupted when c ends.
func (f Flows) IRR(c context.Context, guess *hp17b.Number) (hp17b.Number, error) {
	return f.irr(c, guess, nil)
}

// irr is IRR with the fast path steered by o (nil: on).
func (f Flows) irr(c context.Context, guess *hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if f.signChanges() == 0 {
		return hp17b.Zero, ErrNoSolution
	}
	npv := f.npvFloat()
	bs, err := brackets4(c, f.npvFloat4(), rateGrid())
	if err != nil {
		return hp17b.Zero, err
	}
	var pos, negs []float64
	for _, b := range bs {
		r := bisect(npv, b[0], b[1])
		if r > 0 {
			pos = append(pos, r)
		} else {
			negs = append(negs, r)
		}
	}
	var r float64
	switch {
	case guess != nil && len(bs) > 0:
		g := guess.Float64() / 100
		r = math.Inf(1)
		for _, x := range append(pos, negs...) {
			if math.Abs(x-g) < math.Abs(r-g) {
				r = x
			}
		}
	case len(pos) == 1:
		r = pos[0]
	case len(pos) == 0 && len(negs) == 1:
		r = negs[0]
	case len(bs) == 0 && f.signChanges() == 1:
		return hp17b.Zero, ErrNoSolution
	default:
		return hp17b.Zero, ErrManySolutions
	}
	if o.on() {
		if g, ok := newDDFlows(f); ok {
			n, ok := g.irrFast(r)
			o.heard(ok)
			if ok {
				return n, nil
			}
		}
	}
	return result(mul(refine(f.npvWide, r), wint(100)))
}
