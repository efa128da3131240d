package fin

import (
	"math"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The bond's fast paths: ACCRU, PRICE and YLD% in ev, the formulas of
// priceWide in its order.

// bondEV is the bond's inputs as ev values: the coupon per period cf,
// CALL, A/E and DSC/E (1 − A/E) and the coupons a year f.
type bondEV struct {
	cf, call, ae, dsc, f ev
	n                    int
}

// newBondEV reads b at the coupon period p, ok false for a value out of
// hp17b.DD's range.
func newBondEV(b Bond, p period) (bondEV, bool) {
	cpn, ok1 := evNum(b.CPN)
	call, ok2 := evNum(b.Call)
	if !ok1 || !ok2 || !(p.e > 0) {
		return bondEV{}, false
	}
	f := evF(b.perYear())
	one := evF(1)
	ae := evF(p.a).quo(evF(p.e))
	return bondEV{
		cf:   cpn.quo(evF(100)).quo(f).mul(evF(100)),
		call: call, ae: ae, dsc: one.sub(ae), f: f, n: p.n,
	}, true
}

// price is priceWide at the yield y (a fraction a year).
func (d bondEV) price(y ev) ev {
	one := evF(1)
	yf := y.quo(d.f)
	if d.n == 1 {
		return d.call.add(d.cf).quo(one.add(d.dsc.mul(yf))).sub(d.ae.mul(d.cf))
	}
	base := one.add(yf)
	v := one.quo(base)
	first := base.pow(d.dsc.neg())
	vn := v.pow(evF(float64(d.n)))
	var sum ev
	if yf.h == 0 {
		sum = evF(float64(d.n))
	} else {
		sum = one.sub(vn).quo(one.sub(v))
	}
	pv := d.call.mul(vn.quo(v)).add(d.cf.mul(sum))
	return pv.mul(first).sub(d.ae.mul(d.cf))
}

// priceF is price in float64, for the yield's scan: one coupon left,
// (CALL + C/f) ÷ (1 + DSC/E·y/f) − A/E·C/f; otherwise (CALL·v^(N−1) +
// C/f·Σ v^k) ÷ (1 + y/f)^(DSC/E) − A/E·C/f.
func (b Bond) priceF(p period) func(yf float64) float64 {
	f := b.perYear()
	cf, call := b.CPN.Float64()/f, b.Call.Float64()
	ae := p.a / p.e
	dsc := 1 - ae
	return func(yf float64) float64 {
		if p.n == 1 {
			return (call+cf)/(1+dsc*yf) - ae*cf
		}
		lb := math.Log1p(yf)
		vn1 := math.Exp(-float64(p.n-1) * lb)
		var sum float64
		if yf == 0 {
			sum = float64(p.n)
		} else {
			sum = -math.Expm1(-float64(p.n)*lb) / (1 - 1/(1+yf))
		}
		return (call*vn1+cf*sum)*math.Exp(-dsc*lb) - ae*cf
	}
}

// accruedFast is Accrued on the fast path.
func (b Bond) accruedFast(p period) (hp17b.Number, bool) {
	cpn, ok := evNum(b.CPN)
	if !ok || !(p.e > 0) {
		return hp17b.Zero, false
	}
	cf := cpn.quo(evF(b.perYear()))
	return evF(p.a).quo(evF(p.e)).mul(cf).round(b.fast)
}

// priceFast is Price on the fast path (a yield above −99 % a period).
func (b Bond) priceFast(p period) (hp17b.Number, bool) {
	y, ok := evNum(b.YLD)
	if !ok {
		return hp17b.Zero, false
	}
	y = y.quo(evF(100))
	if !(y.h/b.perYear() > -0.99) {
		return hp17b.Zero, false
	}
	d, ok := newBondEV(b, p)
	if !ok {
		return hp17b.Zero, false
	}
	return d.price(y).round(b.fast)
}

// yieldFast is Yield on the fast path, for a bond whose price falls as
// its yield rises (CPN% ≥ 0, CALL > 0: at most one yield gives a price):
// the scan of Yield's grid and the bisection in float64 (priceF), then
// chordRoot in ev, whose bound covers the 34-digit price's error and the
// 34-digit secant's last step; ok false where it does not decide (the
// caller then searches at 34 digits as before).
func (b Bond) yieldFast(p period) (hp17b.Number, bool) {
	if b.CPN.Sign() < 0 || b.Call.Sign() <= 0 {
		return hp17b.Zero, false
	}
	d, ok1 := newBondEV(b, p)
	target, ok2 := evNum(b.PRICE)
	if !ok1 || !ok2 {
		return hp17b.Zero, false
	}
	f := b.perYear()
	pf := b.priceF(p)
	tf := b.PRICE.Float64()
	gap := func(i float64) float64 { return pf(i) - tf }
	var bs [][2]float64
	px, pg := math.NaN(), math.NaN()
	for k, x := range rateGrid() {
		if k%8 != 0 {
			continue
		}
		g := gap(x)
		if math.IsNaN(g) || math.IsInf(g, 0) {
			continue
		}
		if g == 0 {
			bs = append(bs, [2]float64{x, x})
		} else if !math.IsNaN(pg) && pg != 0 && (pg < 0) != (g < 0) {
			bs = append(bs, [2]float64{px, x})
		}
		px, pg = x, g
	}
	if len(bs) != 1 {
		return hp17b.Zero, false
	}
	r := bisect(gap, bs[0][0], bs[0][1])
	fe := evF(f)
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		g := d.price(ev{xh, xl, 0}.mul(fe)).sub(target)
		return g.h, g.e, g.ok()
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	ph, pl := dd.Mul(xh, xl, f*100, 0)
	return hp17b.RoundDD(ph, pl, (eps+4*uDD)*b.fast.looseness())
}
