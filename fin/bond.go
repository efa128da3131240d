package fin

import (
	"context"
	"math"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// Bond is a bond of the BOND menu (17bII+ owner's manual, chapter 8;
// formulas p.249): dates are M.DDYYYY numbers, CPN% the annual coupon
// rate, CALL the redemption value per 100 of face value (100 at
// maturity), YLD% the annual yield to maturity or to the call date, PRICE
// the price per 100 without accrued interest.
type Bond struct {
	Sett, Mat  hp17b.Number
	CPN, Call  hp17b.Number
	Basis360   bool // 30/360 calendar; actual/actual when false
	Annual     bool // one coupon a year; two when false
	YLD, PRICE hp17b.Number

	fast *fastOpts // the tests' steering of the fast paths; nil: on
}

// period is the coupon schedule around the settlement date: A, the days
// from the last coupon to settlement; E, the days of the coupon period;
// N, the coupons still to be paid.
type period struct {
	a, e float64
	n    int
}

// coupons finds the coupon period holding the settlement date by stepping
// back from maturity (hp17b.ErrInvalidDate when settlement is not before
// maturity) (a maturity on a month's last day keeps coupons on
// the last day of their months).
func (b Bond) coupons() (period, error) {
	s, err := hp17b.ToDate(b.Sett)
	if err != nil {
		return period{}, err
	}
	m, err := hp17b.ToDate(b.Mat)
	if err != nil {
		return period{}, err
	}
	if !s.Before(m) {
		return period{}, hp17b.ErrInvalidDate
	}
	step := 6
	if b.Annual {
		step = 12
	}
	eom := m.AddDate(0, 0, 1).Day() == 1
	at := func(k int) time.Time { return monthsBefore(m, k*step, eom) }
	k := 1
	for at(k).After(s) {
		k++
		if k > 20000 {
			return period{}, hp17b.ErrInvalidDate
		}
	}
	prev, next := at(k), at(k-1)
	p := period{n: k}
	if b.Basis360 {
		p.a = float64(hp17b.Days360(prev, s))
		p.e = float64(360 / (12 / step))
	} else {
		p.a = s.Sub(prev).Hours() / 24
		p.e = next.Sub(prev).Hours() / 24
	}
	return p, nil
}

// monthsBefore is t moved back k months, the day kept (or the month's last
// day when eom, or when the month is shorter).
func monthsBefore(t time.Time, k int, eom bool) time.Time {
	y, mo := t.Year(), int(t.Month())-k
	for mo < 1 {
		mo += 12
		y--
	}
	last := time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	d := t.Day()
	if eom || d > last {
		d = last
	}
	return time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC)
}

func (b Bond) perYear() float64 {
	if b.Annual {
		return 1
	}
	return 2
}

// priceWide is the price at yield y (a fraction a year), at 34 digits:
// with one coupon left, (CALL + C/f) ÷ (1 + DSC/E × y/f) − A/E × C/f;
// otherwise CALL ÷ (1+y/f)^(N−1+DSC/E) + Σ_{k=1..N} (C/f) ÷
// (1+y/f)^(k−1+DSC/E) − A/E × C/f.
func (b Bond) priceWide(p period, y w) w {
	f := wf(b.perYear())
	cf := quo(rate(widen(b.CPN)), f) // coupon per 1 of face, a period
	cf = mul(cf, wint(100))
	call := widen(b.Call)
	ae := quo(wf(p.a), wf(p.e))
	dsc := sub(wint(1), ae) // DSC/E
	yf := quo(y, f)
	if p.n == 1 {
		return sub(quo(add(call, cf), add(wint(1), mul(dsc, yf))), mul(ae, cf))
	}
	base := add(wint(1), yf)
	v := quo(wint(1), base)
	first := pow(base, neg(dsc)) // discount to the next coupon
	// Σ_{k=1..N} v^(k−1) = (1 − v^N) ÷ (1 − v), or N when y = 0.
	var sum w
	vn := pow(v, wint(int64(p.n)))
	if isZero(yf) {
		sum = wint(int64(p.n))
	} else {
		sum = quo(sub(wint(1), vn), sub(wint(1), v))
	}
	pv := add(mul(call, quo(vn, v)), mul(cf, sum))
	return sub(mul(pv, first), mul(ae, cf))
}

// Accrued is ACCRU, the interest accrued from the last coupon date to the
// settlement date per 100 of face value: A/E × CPN% ÷ f.
func (b Bond) Accrued() (hp17b.Number, error) {
	p, err := b.coupons()
	if err != nil {
		return hp17b.Zero, err
	}
	if b.fast.on() {
		r, ok := b.accruedFast(p)
		b.fast.hear("ACCRU", ok)
		if ok {
			return r, nil
		}
	}
	cf := quo(widen(b.CPN), wf(b.perYear()))
	return result(mul(quo(wf(p.a), wf(p.e)), cf))
}

// Price is PRICE at the bond's YLD%.
func (b Bond) Price() (hp17b.Number, error) {
	p, err := b.coupons()
	if err != nil {
		return hp17b.Zero, err
	}
	if b.fast.on() {
		r, ok := b.priceFast(p)
		b.fast.hear("PRICE", ok)
		if ok {
			return r, nil
		}
	}
	y := rate(widen(b.YLD))
	if add(wint(1), quo(y, wf(b.perYear()))).Sign() <= 0 {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	return result(b.priceWide(p, y))
}

// Yield is YLD% at the bond's PRICE, by an iterative search (the price
// falls as the yield rises, so there is at most one); NO SOLUTION when no
// yield gives the price.
func (b Bond) Yield(c context.Context) (hp17b.Number, error) {
	p, err := b.coupons()
	if err != nil {
		return hp17b.Zero, err
	}
	if b.fast.on() {
		r, ok := b.yieldFast(p)
		b.fast.hear("YLD%", ok)
		if ok {
			return r, nil
		}
	}
	f := b.perYear()
	target := widen(b.PRICE)
	gapW := func(y w) w { return sub(b.priceWide(p, mul(y, wf(f))), target) }
	gap := func(i float64) float64 { return f64(gapW(wf(i))) }
	// The price is computed at 34 digits even while scanning, so the scan
	// takes every eighth rate of the grid (about 150 prices).
	grid := make([]float64, 0, 200)
	for k, x := range rateGrid() {
		if k%8 == 0 {
			grid = append(grid, x)
		}
	}
	bs, err := brackets(c, gap, grid)
	if err != nil {
		return hp17b.Zero, err
	}
	if len(bs) == 0 {
		return hp17b.Zero, ErrNoSolution
	}
	r := bisect(gap, bs[0][0], bs[0][1])
	if math.IsNaN(r) {
		return hp17b.Zero, ErrNoSolution
	}
	i := refine(gapW, r)
	return result(mul(mul(i, wf(f)), wint(100)))
}
