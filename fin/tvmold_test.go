package fin

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/dd"
)

// The model for TestOneTVMPath: TVM's second double-double path as it
// was before tvmEV took every N (ddTVM, for a whole N from 1 to 2^20 and
// a rate not 0: PV, FV, PMT and I%YR's refinement), and the public
// results it gave.

// ddTVM is a TVM problem read for the fast path: PV, PMT and FV as
// double-doubles within 2^-100 (hp17b.DD), N a whole number of periods.
type ddTVM struct {
	n                            int
	pvh, pvl, pmh, pml, fvh, fvl float64
	begin                        bool
}

// newDDTVM reads t; ok is false when N is not a whole number from 1 to
// maxDDPeriods or a value is out of hp17b.DD's range.
func newDDTVM(t TVM) (ddTVM, bool) {
	var d ddTVM
	n, ok := t.N.Int64()
	if !ok || n < 1 || n > maxDDPeriods {
		return d, false
	}
	d.n, d.begin = int(n), t.Begin
	var ok1, ok2, ok3 bool
	d.pvh, d.pvl, ok1 = hp17b.DD(t.PV)
	d.pmh, d.pml, ok2 = hp17b.DD(t.PMT)
	d.fvh, d.fvl, ok3 = hp17b.DD(t.FV)
	return d, ok1 && ok2 && ok3
}

// gap is gapWide in double-double at the periodic rate ih + il (taken as
// exact, not 0), with a bound err on its error. In units of 2^-104,
// relative unless said: the values 2^4; v = 1/(1 + i) 4; SPPV = v^N
// (ddPow) 4N + 2·bits(N); 1 − SPPV absolute |SPPV|·(that + 1) + 1; 1/i 3
// and USPV's product 1 more; 1 + i in Begin mode 1, each product 1, each
// sum 1 absolute relative to the magnitudes summed.
func (d ddTVM) gap(ih, il float64) (gh, gl, err float64, ok bool) {
	if ih == 0 && il == 0 {
		return 0, 0, 0, false
	}
	ah, al := dd.TwoSum(1, ih)
	ah, al = dd.FastTwoSum(ah, al+il)
	vh, vl := ddRecip(ah, al)
	if apdUnderflows(vh, d.n) {
		return 0, 0, 0, false
	}
	bits := 0
	for m := d.n; m > 0; m >>= 1 {
		bits++
	}
	sph, spl := ddPow(vh, vl, d.n)
	esp := 4*float64(d.n) + 2*float64(bits)
	oh, ol := dd.TwoSum(1, -sph)
	oh, ol = dd.FastTwoSum(oh, ol-spl)
	eo := math.Abs(sph)*(esp+1) + 1
	rh, rl := ddRecip(ih, il)
	uh, ul := dd.Mul(oh, ol, rh, rl)
	eus := 0.0 // USPV's relative error
	if uh != 0 {
		eus = eo*math.Abs(rh)/math.Abs(uh) + 4
	}
	th, tl := dd.Mul(d.pmh, d.pml, uh, ul)
	e2 := 16 + eus + 1
	if d.begin {
		th, tl = dd.Mul(th, tl, ah, al)
		e2 += 2
	}
	fh, fl := dd.Mul(d.fvh, d.fvl, sph, spl)
	e3 := 16 + esp + 1
	a2, a3 := math.Abs(th), math.Abs(fh)
	eu := 16*math.Abs(d.pvh) + e2*a2 + e3*a3
	gh, gl = dd.Add(d.pvh, d.pvl, th, tl)
	eu += math.Abs(d.pvh) + a2
	eu += math.Abs(gh) + a3
	gh, gl = dd.Add(gh, gl, fh, fl)
	if math.IsNaN(gh+eu) || math.IsInf(gh+eu, 0) {
		return 0, 0, 0, false
	}
	return gh, gl, eu * uDD * (1 + 0x1p-20), true
}

// iyrFast refines the float64 root r of the TVM equation (a periodic
// rate) by chordRoot and returns I%YR = rate·P/YR·100 rounded to 12
// digits, ok false where it does not decide.
func (d ddTVM) iyrFast(r float64, pyr int) (hp17b.Number, bool) {
	xh, xl, eps, ok := chordRoot(func(xh, xl float64) (float64, float64, bool) {
		gh, _, err, ok := d.gap(xh, xl)
		return gh, err, ok
	}, r)
	if !ok {
		return hp17b.Zero, false
	}
	ph, pl := dd.Mul(xh, xl, float64(pyr)*100, 0)
	return hp17b.RoundDD(ph, pl, eps+4*uDD)
}

// direct is SolvePV, SolveFV or SolvePMT (kind 0, 1, 2) of t in
// double-double, rounded where its bound decides; ok false sends the
// caller to the 34-digit code (also for a rate of 0). Bounds, in units of
// 2^-104 relative unless said: i = I%YR ÷ (100·P/YR) within δi = 2^-99·|i|
// (hp17b.DD, the quotient and its remainder); v = 1/(1 + i) 4 and
// δi/|1+i|; SPPV = v^N (ddPow) 4N + 2·bits(N) and N·δi/|1+i|; USPV =
// (1 − SPPV)/i with SPPV's absolute error over |i|, 4 more and δi/|i|;
// 1 + i in Begin mode 1 and δi/|1+i|; the values 2^4; each product 1;
// each sum 1 relative to the magnitudes summed; a quotient 3. The bound is
// doubled for the 34-digit code's own error (10^-34 an operation).
func (d ddTVM) direct(iyr hp17b.Number, pyr int, kind int) (hp17b.Number, bool) {
	h, l, eps, ok := d.directDD(iyr, pyr, kind)
	if !ok {
		return hp17b.Zero, false
	}
	return hp17b.RoundDD(h, l, eps)
}

// directDD is direct's value before the rounding, h + l, and its bound
// eps relative to |h| (doubled as direct says).
func (d ddTVM) directDD(iyr hp17b.Number, pyr int, kind int) (h, l, eps float64, ok bool) {
	ph, pl, ok := hp17b.DD(iyr)
	if !ok || ph == 0 {
		return 0, 0, 0, false
	}
	q := 100 * float64(pyr)
	ih := ph / q
	il := (math.FMA(-ih, q, ph) + pl) / q
	ih, il = dd.FastTwoSum(ih, il)
	if ih <= -1 {
		return 0, 0, 0, false
	}
	const u = uDD
	di := 0x1p-99 * math.Abs(ih)
	ah, al := dd.TwoSum(1, ih)
	ah, al = dd.FastTwoSum(ah, al+il)
	a1 := math.Abs(ah)
	vh, vl := ddRecip(ah, al)
	if apdUnderflows(vh, d.n) {
		return 0, 0, 0, false
	}
	bits := 0
	for m := d.n; m > 0; m >>= 1 {
		bits++
	}
	sph, spl := ddPow(vh, vl, d.n)
	esp := (4*float64(d.n)+2*float64(bits))*u + float64(d.n)*di/a1
	oh, ol := dd.TwoSum(1, -sph)
	oh, ol = dd.FastTwoSum(oh, ol-spl)
	rh, rl := ddRecip(ih, il)
	uh, ul := dd.Mul(oh, ol, rh, rl)
	if uh == 0 || sph == 0 {
		return 0, 0, 0, false
	}
	eus := ((math.Abs(sph)*esp+2*u)*math.Abs(rh))/math.Abs(uh) + 4*u + di/math.Abs(ih)
	kh, kl, ek := 1.0, 0.0, 0.0
	if d.begin {
		kh, kl, ek = ah, al, u+di/a1
	}
	const ev = 16 * u // a value's conversion
	// t2 = k·PMT·USPV, t3 = FV·SPPV, with their relative errors.
	t2h, t2l := dd.Mul(d.pmh, d.pml, uh, ul)
	t2h, t2l = dd.Mul(t2h, t2l, kh, kl)
	e2 := ev + eus + ek + 2*u
	t3h, t3l := dd.Mul(d.fvh, d.fvl, sph, spl)
	e3 := ev + esp + u
	var nh, nl, en, qrel float64 // the numerator, its absolute error, the divisor's relative error
	switch kind {
	case 0: // PV = −(t2 + t3)
		nh, nl = dd.Add(t2h, t2l, t3h, t3l)
		en = e2*math.Abs(t2h) + e3*math.Abs(t3h) + u*(math.Abs(t2h)+math.Abs(t3h))
	case 1: // FV = −(PV + t2) ÷ SPPV
		nh, nl = dd.Add(d.pvh, d.pvl, t2h, t2l)
		en = ev*math.Abs(d.pvh) + e2*math.Abs(t2h) + u*(math.Abs(d.pvh)+math.Abs(t2h))
		qrel = esp + 3*u
		r1, r2 := ddRecip(sph, spl)
		nh, nl = dd.Mul(nh, nl, r1, r2)
	default: // PMT = −(PV + t3) ÷ (k·USPV)
		nh, nl = dd.Add(d.pvh, d.pvl, t3h, t3l)
		en = ev*math.Abs(d.pvh) + e3*math.Abs(t3h) + u*(math.Abs(d.pvh)+math.Abs(t3h))
		dh, dl := dd.Mul(kh, kl, uh, ul)
		if dh == 0 {
			return 0, 0, 0, false
		}
		qrel = eus + ek + 4*u
		r1, r2 := ddRecip(dh, dl)
		nh, nl = dd.Mul(nh, nl, r1, r2)
		en = en * math.Abs(r1) // the numerator's error carried through the quotient
	}
	if kind == 1 {
		en = en / math.Abs(sph)
	}
	if nh == 0 || math.IsNaN(nh) || math.IsInf(nh, 0) || math.IsNaN(en) {
		return 0, 0, 0, false
	}
	eps = 2*(en/math.Abs(nh)+qrel)*(1+0x1p-20) + 4*u
	return -nh, -nl, eps, true
}

// oldDirectEV is directEV as it was: SPPV by exp(−N·ln(1 + i)) for
// every N.
func (t TVM) oldDirectEV(kind int) (hp17b.Number, bool) {
	d, ok := newTVMEV(&t)
	if !ok {
		return hp17b.Zero, false
	}
	d.whole = 0
	us, sp := d.factors()
	var r ev
	switch kind {
	case 0:
		r = d.k.mul(d.pmt).mul(us).add(d.fv.mul(sp)).neg()
	case 1:
		if !sp.nonzero() {
			return hp17b.Zero, false
		}
		r = d.pv.add(d.k.mul(d.pmt).mul(us)).quo(sp).neg()
	default:
		den := d.k.mul(us)
		if !den.nonzero() {
			return hp17b.Zero, false
		}
		r = d.pv.add(d.fv.mul(sp)).quo(den).neg()
	}
	return r.round(nil)
}

// oldSolve is SolvePV, SolveFV, SolvePMT or SolveIYR (kind 0 … 3) as
// they were, and whether a fast path decided it.
func (t TVM) oldSolve(kind int) (hp17b.Number, error, bool) {
	ref := t.with(offOpts)
	slow := []func() (hp17b.Number, error){ref.SolvePV, ref.SolveFV, ref.SolvePMT,
		func() (hp17b.Number, error) { return ref.SolveIYR(context.Background()) }}[kind]
	if kind == 3 {
		if !ValidPYR(t.PYR) || t.N.Sign() <= 0 || !t.Exact && t.PMT.IsZero() {
			r, err := slow()
			return r, err, false
		}
		best, err := t.searchIYR(context.Background())
		if err != nil {
			return hp17b.Zero, err, false
		}
		if d, ok := newDDTVM(t); ok {
			pyr, _ := t.PYR.Int64()
			if r, ok := d.iyrFast(best, int(pyr)); ok {
				return r, nil, true
			}
		} else if r, ok := t.iyrEV(best); ok { // unchanged: tvmEV's path then as now
			return r, nil, true
		}
		r, err := slow()
		return r, err, false
	}
	if !t.Exact || !ValidPYR(t.PYR) {
		r, err := slow()
		return r, err, false
	}
	if d, ok := newDDTVM(t); ok && t.IYR.Sign() != 0 {
		pyr, _ := t.PYR.Int64()
		if r, ok := d.direct(t.IYR, int(pyr), kind); ok {
			return r, nil, true
		}
	}
	if r, ok := t.oldDirectEV(kind); ok {
		return r, nil, true
	}
	r, err := slow()
	return r, err, false
}

// randOneTVM is a random TVM problem for TestOneTVMPath: Exact or the
// machine's mode, Begin or End; N whole (1 to 1000, or up to 2^20 and a
// little past), fractional or negative; I%YR everyday, tiny (down to
// 10^-12 %), large (up to 10^4 %), negative or 0.
func randOneTVM(rng *rand.Rand) TVM {
	x := TVM{Exact: rng.IntN(4) != 0,
		N:     hp17b.FromInt(int64(1 + rng.IntN(1000))),
		IYR:   randAmount(rng, -1, 2),
		PV:    randAmount(rng, 2, 6),
		PMT:   hp17b.Neg(randAmount(rng, 0, 4)),
		FV:    randAmount(rng, 0, 5),
		PYR:   hp17b.FromInt(int64([]int{1, 2, 4, 12, 12, 12, 52, 365}[rng.IntN(8)])),
		Begin: rng.IntN(2) == 0,
	}
	switch rng.IntN(6) {
	case 0:
		x.N = randAmount(rng, -1, 3)
	case 1:
		x.N = hp17b.FromInt(int64(1 + rng.IntN(maxDDPeriods+1000)))
	case 2:
		x.N = hp17b.Neg(randAmount(rng, -1, 2))
	}
	switch rng.IntN(7) {
	case 0:
		x.IYR = hp17b.Zero
	case 1:
		x.IYR = hp17b.Neg(x.IYR)
	case 2:
		x.IYR = randAmount(rng, -12, -4)
	case 3:
		x.IYR = randAmount(rng, 2, 4)
	}
	if rng.IntN(3) == 0 {
		x.FV = hp17b.Neg(x.FV)
	}
	if rng.IntN(10) == 0 {
		x.PMT = hp17b.Zero
	}
	return x
}

// TestOneTVMPath holds SolvePV, SolveFV, SolvePMT and SolveIYR, with
// tvmEV as TVM's one double-double path, to what they gave with ddTVM
// beside it (the model above): the same number or the same error for
// every random problem, and counts where a fast path decided before and
// after (a result both decide or neither, or one of them and the 34-digit
// code, is the same: the fast paths answer only with the 34-digit code's
// digits).
func TestOneTVMPath(t *testing.T) {
	t.Parallel()
	cases := *flowCases * 4
	if testing.Short() {
		cases = 200
	}
	var (
		names               = []string{"PV", "FV", "PMT", "I%YR"}
		before, after, both [4]int
		total               int
	)
	for seed := range uint64(cases) {
		rng := rand.New(rand.NewPCG(seed, 57))
		x := randOneTVM(rng)
		total++
		for kind := range 4 {
			decided := false
			on := &fastOpts{named: func(_ string, ok bool) { decided = decided || ok }}
			y := x.with(on)
			got, gerr := []func() (hp17b.Number, error){y.SolvePV, y.SolveFV, y.SolvePMT,
				func() (hp17b.Number, error) { return y.SolveIYR(context.Background()) }}[kind]()
			want, werr, was := x.oldSolve(kind)
			msg := fmt.Sprintf("seed %d %s %+v", seed, names[kind], x)
			require.Equal(t, werr, gerr, msg)
			require.Equal(t, want.String(), got.String(), msg)
			if was {
				before[kind]++
			}
			if decided {
				after[kind]++
			}
			if was && decided {
				both[kind]++
			}
		}
	}
	for kind, name := range names {
		t.Logf("%s: %d problems, decided before %d, after %d, both %d", name, total, before[kind], after[kind], both[kind])
		assert.GreaterOrEqual(t, after[kind], before[kind]*95/100, name)
	}
}
