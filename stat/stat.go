// Package stat holds the HP-17BII's statistics over SUM lists: the
// one-variable results of SUM's CALC menu (TOTAL, MEAN, MEDN, STDEV,
// RANGE, MIN, MAX, SORT), and over two lists the weighted mean and
// grouped standard deviation (W.MN, G.SD), curve fitting and forecasting
// with four models (FRCST: LIN, LOG, EXP, PWR; CORR, M, B, X, Y) and the
// summations (17bII+ owner's manual, chapter 10, "Running Total and
// Statistics", pp.121–140, and appendix B's statistics formulas).
//
// A list is a slice of calculator numbers. Each result is calculated at
// 34 digits (package wide) and rounded once to the calculator's 12.
// Errors are hp17b.Error values whose text is the calculator's message.
package stat

import (
	"sort"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/wide"
)

// Messages of the statistics.
var (
	// ErrInsufficientData: the list has fewer items than the result
	// needs (none for MEAN, one for STDEV, one pair for CORR).
	ErrInsufficientData = &hp17b.Error{Msg: "INSUFFICIENT DATA"}
	// ErrUnequalLists: the two lists of W.MN, G.SD or FRCST differ in
	// length.
	ErrUnequalLists = &hp17b.Error{Msg: "UNEQUAL LIST LENGTHS"}
)

// undefined is the error of a result with no value (a 0 ÷ 0 of sums).
var undefined = ErrInsufficientData

func widen(xs []hp17b.Number) []wide.W {
	out := make([]wide.W, len(xs))
	for i, x := range xs {
		out[i] = wide.Of(x)
	}
	return out
}

func total(ws []wide.W) wide.W {
	s := wide.Int(0)
	for _, w := range ws {
		s = wide.Add(s, w)
	}
	return s
}

// Total is the sum of the items (SUM's TOTAL and the running total, chapter 10); 0
// for an empty list.
func Total(xs []hp17b.Number) (hp17b.Number, error) {
	return wide.Result(total(widen(xs)), undefined)
}

// Running is a running total: the items added one by one, summed at 34
// digits in the order Total sums them, so that Value after adding a
// list's items equals Total of the list, digit for digit. It makes a list
// entered item by item (SUM's INPUT, which shows the running total)
// cost the same for every item instead of summing the whole list again.
// The zero value is an empty total.
type Running struct {
	n int
	s wide.W
}

// Add adds x as the next item.
func (r *Running) Add(x hp17b.Number) {
	if r.s == nil {
		r.s = wide.Int(0)
	}
	r.s = wide.Add(r.s, wide.Of(x))
	r.n++
}

// Len is the number of items added.
func (r *Running) Len() int { return r.n }

// Value is the total rounded to 12 digits, as Total gives it: 0 for no
// items, hp17b.ErrOverflow past the calculator's range.
func (r *Running) Value() (hp17b.Number, error) {
	if r.s == nil {
		return Total(nil)
	}
	return wide.Result(r.s, undefined)
}

func mean(ws []wide.W) wide.W { return wide.Quo(total(ws), wide.Int(int64(len(ws)))) }

// Mean is the arithmetic mean Σx ÷ n (SUM's MEAN); ErrInsufficientData for
// an empty list.
func Mean(xs []hp17b.Number) (hp17b.Number, error) {
	if len(xs) == 0 {
		return hp17b.Zero, ErrInsufficientData
	}
	return wide.Result(mean(widen(xs)), undefined)
}

// Sorted returns the items in increasing order as a new slice of the same
// length (SUM's SORT); equal items keep their order.
func Sorted(xs []hp17b.Number) []hp17b.Number {
	s := append([]hp17b.Number(nil), xs...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].Cmp(s[j]) < 0 })
	return s
}

// Median is the middle item of the sorted list, or the mean of the two
// middle items when their number is even; ErrInsufficientData for an
// empty list.
func Median(xs []hp17b.Number) (hp17b.Number, error) {
	n := len(xs)
	if n == 0 {
		return hp17b.Zero, ErrInsufficientData
	}
	s := Sorted(xs)
	if n%2 == 1 {
		return s[n/2], nil
	}
	return wide.Result(wide.Quo(wide.Add(wide.Of(s[n/2-1]), wide.Of(s[n/2])), wide.Int(2)), undefined)
}

// StdDev is the sample standard deviation, √(Σ(x−x̄)² ÷ (n−1));
// ErrInsufficientData for fewer than two items.
func StdDev(xs []hp17b.Number) (hp17b.Number, error) {
	if len(xs) < 2 {
		return hp17b.Zero, ErrInsufficientData
	}
	ws := widen(xs)
	m := mean(ws)
	ss := wide.Int(0)
	for _, w := range ws {
		d := wide.Sub(w, m)
		ss = wide.Add(ss, wide.Mul(d, d))
	}
	return wide.Result(wide.Sqrt(wide.Quo(ss, wide.Int(int64(len(ws)-1)))), undefined)
}

// Min is the smallest item (SUM's MIN); ErrInsufficientData for an
// empty list.
func Min(xs []hp17b.Number) (hp17b.Number, error) { return fold(xs, hp17b.Min) }

// Max is the largest item (SUM's MAX); ErrInsufficientData for an empty
// list.
func Max(xs []hp17b.Number) (hp17b.Number, error) { return fold(xs, hp17b.Max) }

// fold combines the items from the first with f.
func fold(xs []hp17b.Number, f func(a, b hp17b.Number) hp17b.Number) (hp17b.Number, error) {
	if len(xs) == 0 {
		return hp17b.Zero, ErrInsufficientData
	}
	m := xs[0]
	for _, x := range xs[1:] {
		m = f(m, x)
	}
	return m, nil
}

// Range is MAX − MIN; ErrInsufficientData for an empty list.
func Range(xs []hp17b.Number) (hp17b.Number, error) {
	lo, err := Min(xs)
	if err != nil {
		return hp17b.Zero, err
	}
	hi, _ := Max(xs)
	return wide.Result(wide.Sub(wide.Of(hi), wide.Of(lo)), undefined)
}

// pairs checks two lists for W.MN, G.SD and FRCST.
func pairs(xs, ys []hp17b.Number) error {
	switch {
	case len(xs) != len(ys):
		return ErrUnequalLists
	case len(xs) == 0:
		return ErrInsufficientData
	}
	return nil
}

// WeightedMean is Σxy ÷ Σy: the mean of the items of xs weighted by
// those of ys (W.MN, p.138).
func WeightedMean(xs, ys []hp17b.Number) (hp17b.Number, error) {
	if err := pairs(xs, ys); err != nil {
		return hp17b.Zero, err
	}
	m, _, err := weighted(widen(xs), widen(ys))
	if err != nil {
		return hp17b.Zero, err
	}
	return wide.Result(m, undefined)
}

// weighted returns the weighted mean and Σy.
func weighted(x, y []wide.W) (wide.W, wide.W, error) {
	sxy, sy := wide.Int(0), wide.Int(0)
	for i := range x {
		sxy = wide.Add(sxy, wide.Mul(x[i], y[i]))
		sy = wide.Add(sy, y[i])
	}
	if sy.IsZero() {
		return nil, nil, hp17b.ErrDivideByZero
	}
	return wide.Quo(sxy, sy), sy, nil
}

// GroupedStdDev is the standard deviation of the items of xs, each
// occurring as often as the item of ys says: √(Σy(x−x̄w)² ÷ (Σy − 1))
// with x̄w the weighted mean (G.SD, p.138).
func GroupedStdDev(xs, ys []hp17b.Number) (hp17b.Number, error) {
	if err := pairs(xs, ys); err != nil {
		return hp17b.Zero, err
	}
	x, y := widen(xs), widen(ys)
	m, sy, err := weighted(x, y)
	if err != nil {
		return hp17b.Zero, err
	}
	n1 := wide.Sub(sy, wide.Int(1))
	if n1.Sign() <= 0 {
		return hp17b.Zero, ErrInsufficientData
	}
	ss := wide.Int(0)
	for i := range x {
		d := wide.Sub(x[i], m)
		ss = wide.Add(ss, wide.Mul(y[i], wide.Mul(d, d)))
	}
	q := wide.Quo(ss, n1)
	if q.Sign() < 0 {
		return hp17b.Zero, hp17b.ErrSqrtNeg
	}
	return wide.Result(wide.Sqrt(q), undefined)
}

// Sums are the summations over two lists of the same length (n, Σx, Σy,
// Σx², Σy², Σxy), for calculations the menus do not offer.
type Sums struct {
	N, X, Y, X2, Y2, XY hp17b.Number
}

// Summations returns the sums of xs and ys (ErrUnequalLists when their
// lengths differ; all 0 for two empty lists).
func Summations(xs, ys []hp17b.Number) (Sums, error) {
	if len(xs) != len(ys) {
		return Sums{}, ErrUnequalLists
	}
	x, y := widen(xs), widen(ys)
	var sx, sy, sx2, sy2, sxy = wide.Int(0), wide.Int(0), wide.Int(0), wide.Int(0), wide.Int(0)
	for i := range x {
		sx, sy = wide.Add(sx, x[i]), wide.Add(sy, y[i])
		sx2, sy2 = wide.Add(sx2, wide.Mul(x[i], x[i])), wide.Add(sy2, wide.Mul(y[i], y[i]))
		sxy = wide.Add(sxy, wide.Mul(x[i], y[i]))
	}
	var s Sums
	var err error
	s.N = hp17b.FromInt(int64(len(x)))
	for _, p := range []struct {
		to *hp17b.Number
		w  wide.W
	}{{&s.X, sx}, {&s.Y, sy}, {&s.X2, sx2}, {&s.Y2, sy2}, {&s.XY, sxy}} {
		var e error
		if *p.to, e = wide.Result(p.w, undefined); e != nil && err == nil {
			err = e
		}
	}
	return s, err
}
