package fin

import (
	"github.com/hp17b/hp17b/hp17b"
)

// The depreciation's fast paths: SL, SOYD, DB and ACRS in ev, the
// formulas of deprc.go in their order. A comparison the 34-digit code
// makes (DB's deduction against the remaining value, and against 0) is
// followed only where the bound decides it.

// assetEV is BASIS and SALV as ev.
func (a Asset) assetEV() (basis, salv ev, ok bool) {
	b, ok1 := evNum(a.Basis)
	s, ok2 := evNum(a.Salv)
	return b, s, ok1 && ok2
}

// finishEV rounds dep and rdv, ok false unless both are decided.
func finishEV(dep, rdv ev, o *fastOpts) (Depreciation, bool) {
	d, ok1 := dep.round(o)
	r, ok2 := rdv.round(o)
	return Depreciation{Dep: d, RDV: r}, ok1 && ok2
}

// slFast is SL on the fast path.
func (a Asset) slFast(life, year int64) (Depreciation, bool) {
	if year > life {
		return Depreciation{Dep: hp17b.Zero, RDV: hp17b.Zero}, true // as finish(0, 0)
	}
	basis, salv, ok := a.assetEV()
	if !ok {
		return Depreciation{}, false
	}
	total := basis.sub(salv)
	per := total.quo(evF(float64(life)))
	return finishEV(per, total.sub(per.mul(evF(float64(year)))), a.fast)
}

// soydFast is SOYD on the fast path.
func (a Asset) soydFast(life, year int64) (Depreciation, bool) {
	if year > life {
		return Depreciation{Dep: hp17b.Zero, RDV: hp17b.Zero}, true // as finish(0, 0)
	}
	basis, salv, ok := a.assetEV()
	if !ok {
		return Depreciation{}, false
	}
	total := basis.sub(salv)
	sum := evF(float64(life * (life + 1) / 2))
	dep := total.mul(evF(float64(life - year + 1))).quo(sum)
	left := evF(float64((life - year) * (life - year + 1) / 2))
	return finishEV(dep, total.mul(left).quo(sum), a.fast)
}

// dbFast is DB on the fast path.
func (a Asset) dbFast(life, year int64) (Depreciation, bool) {
	basis, salv, ok1 := a.assetEV()
	fact, ok2 := evNum(a.Fact)
	if !ok1 || !ok2 {
		return Depreciation{}, false
	}
	r := fact.quo(evF(100)).quo(evF(float64(life)))
	rdv := basis.sub(salv)
	book := basis
	dep := evF(0)
	for k := int64(1); k <= year && k <= life; k++ {
		dep = book.mul(r)
		last := k == life
		if !last {
			c := dep.sub(rdv)
			if !c.nonzero() {
				return Depreciation{}, false
			}
			last = c.h > 0
		}
		if last {
			dep = rdv
		}
		if dep.h != 0 || dep.l != 0 || dep.e != 0 { // not an exact 0
			if !dep.nonzero() {
				return Depreciation{}, false
			}
			if dep.h < 0 {
				dep = evF(0)
			}
		}
		book = book.sub(dep)
		if last && dep == rdv {
			rdv = evF(0) // x − x is exactly 0 at 34 digits too
		} else {
			rdv = rdv.sub(dep)
		}
	}
	if year > life {
		dep = evF(0)
	}
	return finishEV(dep, rdv, a.fast)
}
