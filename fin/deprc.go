package fin

import "github.com/hp17b/hp17b/hp17b"

// Asset is a depreciation problem of the DEPRC menu (17bII+ owner's
// manual, chapter 9; formulas p.250): the cost basis, the salvage value,
// the useful life in whole years, the declining-balance factor in percent
// of the straight-line rate (FACT%) and the year asked for (YR#, 1…).
type Asset struct {
	Basis, Salv, Life, Fact, Year hp17b.Number

	fast *fastOpts // the tests' steering of the fast paths; nil: on
}

// Depreciation is one year's deduction and the remaining depreciable
// value after it (RDV = BASIS − SALV − the deductions so far).
type Depreciation struct {
	Dep, RDV hp17b.Number
}

// years checks LIFE and YR# (whole, positive) and returns them.
func (a Asset) years() (life, year int64, err error) {
	l, ok1 := a.Life.Int64()
	y, ok2 := a.Year.Int64()
	if !ok1 || !ok2 || !a.Life.IsInteger() || !a.Year.IsInteger() || l < 1 || y < 1 || l > 10000 {
		return 0, 0, hp17b.ErrInvalidInput
	}
	return l, y, nil
}

func (a Asset) finish(dep, rdv w) (Depreciation, error) {
	d, err := result(dep)
	if err != nil {
		return Depreciation{}, err
	}
	r, err := result(rdv)
	return Depreciation{Dep: d, RDV: r}, err
}

// SL is straight-line depreciation: (BASIS − SALV) ÷ LIFE a year.
func (a Asset) SL() (Depreciation, error) {
	life, year, err := a.years()
	if err != nil {
		return Depreciation{}, err
	}
	if a.fast.on() {
		d, ok := a.slFast(life, year)
		a.fast.hear("SL", ok)
		if ok {
			return d, nil
		}
	}
	total := sub(widen(a.Basis), widen(a.Salv))
	per := quo(total, wint(life))
	if year > life {
		return a.finish(wint(0), wint(0))
	}
	return a.finish(per, sub(total, mul(per, wint(year))))
}

// SOYD is sum-of-the-years'-digits depreciation: (BASIS − SALV) ×
// (LIFE − YR# + 1) ÷ (LIFE × (LIFE + 1) ÷ 2).
func (a Asset) SOYD() (Depreciation, error) {
	life, year, err := a.years()
	if err != nil {
		return Depreciation{}, err
	}
	if a.fast.on() {
		d, ok := a.soydFast(life, year)
		a.fast.hear("SOYD", ok)
		if ok {
			return d, nil
		}
	}
	total := sub(widen(a.Basis), widen(a.Salv))
	if year > life {
		return a.finish(wint(0), wint(0))
	}
	sum := wint(life * (life + 1) / 2)
	dep := quo(mul(total, wint(life-year+1)), sum)
	// Remaining digits after year: (L−Y)(L−Y+1)/2.
	left := wint((life - year) * (life - year + 1) / 2)
	return a.finish(dep, quo(mul(total, left), sum))
}

// DB is declining-balance depreciation at FACT% of the straight-line
// rate: each year (BASIS − the deductions so far) × FACT% ÷ 100 ÷ LIFE,
// never more than the remaining depreciable value, and the whole
// remaining value in the last year of the life (p.117: 10,000 basis, 500
// salvage, 5 years, 200 %: 4,000, 2,400, 1,440).
func (a Asset) DB() (Depreciation, error) {
	life, year, err := a.years()
	if err != nil {
		return Depreciation{}, err
	}
	if a.fast.on() {
		d, ok := a.dbFast(life, year)
		a.fast.hear("DB", ok)
		if ok {
			return d, nil
		}
	}
	basis, salv := widen(a.Basis), widen(a.Salv)
	r := quo(rate(widen(a.Fact)), wint(life))
	rdv := sub(basis, salv)
	book := basis
	dep := wint(0)
	for k := int64(1); k <= year && k <= life; k++ {
		dep = mul(book, r)
		if k == life || dep.Cmp(rdv) > 0 {
			dep = rdv
		}
		if dep.Sign() < 0 {
			dep = wint(0)
		}
		book = sub(book, dep)
		rdv = sub(rdv, dep)
	}
	if year > life {
		return a.finish(wint(0), rdv)
	}
	return a.finish(dep, rdv)
}

// ACRS is the Accelerated Cost Recovery System deduction: BASIS ×
// ACRS% ÷ 100 (p.118).
func ACRS(basis, pct hp17b.Number) (hp17b.Number, error) { return acrs(basis, pct, nil) }

// acrs is ACRS with the fast path steered by o (nil: on).
func acrs(basis, pct hp17b.Number, o *fastOpts) (hp17b.Number, error) {
	if o.on() {
		b, ok1 := evNum(basis)
		p, ok2 := evNum(pct)
		if ok1 && ok2 {
			r, ok := b.mul(p.quo(evF(100))).round(o)
			o.hear("ACRS", ok)
			if ok {
				return r, nil
			}
		}
	}
	return result(mul(widen(basis), rate(widen(pct))))
}
