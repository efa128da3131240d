package fin

import "github.com/hp17b/hp17b/hp17b"

// The TVM menu as the HP-17BII computes it: in its 15-digit chopped
// working arithmetic (hp17b.S15), the result rounded half up to 12 digits.
// The formulas are the owner's manual's (p.247), in the forms the published
// behaviour points to (the project's reference on the 17BII's TVM gathers
// the sources; docs/decisions.md says which candidate was chosen where the
// form is not published):
//
//   - i = I%YR ÷ P/YR ÷ 100 and (1 + i)^N = F = EXP(N × LNP1(i)): a
//     1 + i formed first loses 6 to 7 digits on tiny rates, and the Saturn
//     code has ln(1 + x) and e^x − 1 routines (dm319 and T. Hutchins, "Rogue
//     Zero: An HP-12c Story", 2026).
//   - FV in the growth form −(PV × F + (1 + iS) × PMT × (F − 1) ÷ i), F − 1
//     as e^x − 1 routines take it: EXPM1(x) for |x| < 1, and above that
//     from the 15-digit F by the 16-digit-window subtraction. With I%YR 10,
//     P/YR 1, PV 100, PMT −10 the subtraction gives −100 while F < 10^15,
//     −1,000 until 10^16 (the 1 falls in the guard digit: F − 1 is F − 10),
//     then 0 (the same article's flat-rate figures); below |x| = 1 EXPM1
//     keeps the FV of a tiny rate to 12 digits, as the article's problem 11
//     shows (its rate, solved from that FV, is 0.166666666654 × 1/525600;
//     F − 1 from F would give 0.166666665894). Any bound from 0.002 to 34
//     gives the same published displays; docs/decisions.md.
//   - PV and PMT in the present-value form, SPPV = EXP(−x) and USPV =
//     −EXPM1(−x) ÷ i with x = N × LNP1(i).
//   - N = LN((A − FV × i) ÷ (A + PV × i)) ÷ LNP1(i), A = (1 + iS) × PMT.
//   - I%YR = 0: USPV = N, SPPV = 1 (p.247).
//   - I%YR with PMT = 0 in closed form, i = EXP(LN(−FV ÷ PV) ÷ N) − 1: the
//     17BII takes the time of a direct solve there (the article's
//     timings), and of the two closed forms the reference names this one
//     gives its published 3.125001E-6 for N 32, PV −999,999, FV 1,000,000
//     (the 1 of 1.00000003125001 keeps the subtraction to 7 digits; with
//     EXPM1 it would be the exact 3.12500161133E-6).
//   - x above 20000 × ln 10 (F past 10^20000): OVERFLOW and no number, the
//     limit the article finds coded in the algorithm.

// s15Overflow is 20000 × LN(10) in S15 (46051.7018598808): the largest
// N × LNP1(i) the 17BII's TVM takes.
var s15Overflow = func() hp17b.S15 {
	l, _ := hp17b.S15Int(10).Ln()
	return l.Mul(hp17b.S15Int(20000))
}()

// errTVMOverflow is the error of a growth past 10^20000: OVERFLOW.
var errTVMOverflow = hp17b.ErrOverflow

// machineTVM is a TVM problem widened to S15.
type machineTVM struct {
	n, pv, pmt, fv hp17b.S15
	i              hp17b.S15 // periodic rate, a fraction
	a              hp17b.S15 // (1 + iS) × PMT
	zero           bool      // i is 0
}

// machine widens t: ErrInvalidPYR, or INVALID INPUT for a rate of −100 %
// a period or less.
func (t TVM) machine() (machineTVM, error) {
	if !ValidPYR(t.PYR) {
		return machineTVM{}, ErrInvalidPYR
	}
	m := machineTVM{n: hp17b.S15Of(t.N), pv: hp17b.S15Of(t.PV), pmt: hp17b.S15Of(t.PMT), fv: hp17b.S15Of(t.FV)}
	r, _ := hp17b.S15Of(t.IYR).Div(hp17b.S15Of(t.PYR))
	m.i, _ = r.Div(hp17b.S15Int(100))
	m.zero = m.i.IsZero()
	if m.i.Add(hp17b.S15Int(1)).Sign() <= 0 {
		return machineTVM{}, hp17b.ErrInvalidInput
	}
	m.a = m.pmt
	if t.Begin {
		m.a = hp17b.S15Int(1).Add(m.i).Mul(m.pmt)
	}
	return m, nil
}

// growth is x = N × LNP1(i), with errTVMOverflow past 20000 × ln 10 (a
// limit on growth: the published one is for F above 10^20000; a F below
// 10^-20000 is taken as the arithmetic gives it, 0 past 10^-50000).
func (m machineTVM) growth() (hp17b.S15, error) {
	l, ok := m.i.Lnp1()
	if !ok {
		return hp17b.S15{}, hp17b.ErrInvalidInput
	}
	x := m.n.Mul(l)
	if x.Cmp(s15Overflow) > 0 {
		return hp17b.S15{}, errTVMOverflow
	}
	return x, nil
}

// factors are SPPV = EXP(−x) and USPV = −EXPM1(−x) ÷ i.
func (m machineTVM) factors() (uspv, sppv hp17b.S15, err error) {
	if m.zero {
		return m.n, hp17b.S15Int(1), nil
	}
	x, err := m.growth()
	if err != nil {
		return uspv, sppv, err
	}
	sp, em, ok := x.Neg().ExpBoth()
	if !ok {
		return uspv, sppv, errTVMOverflow
	}
	us, _ := em.Neg().Div(m.i)
	return us, sp, nil
}

// result12 rounds an S15 result half up to 12 digits.
func result12(x hp17b.S15) (hp17b.Number, error) { return x.Round12() }

// machineFV is FV in the growth form.
func (t TVM) machineFV() (hp17b.Number, error) {
	m, err := t.machine()
	if err != nil {
		return hp17b.Zero, err
	}
	if m.zero {
		return result12(m.pv.Add(m.pmt.Mul(m.n)).Neg())
	}
	x, err := m.growth()
	if err != nil {
		return hp17b.Zero, err
	}
	f, f1, ok := x.ExpBoth()
	if !ok {
		return hp17b.Zero, errTVMOverflow
	}
	if x.Cmp(hp17b.S15Int(1)) >= 0 || x.Cmp(hp17b.S15Int(-1)) <= 0 {
		f1 = f.Sub(hp17b.S15Int(1))
	}
	q, _ := m.a.Mul(f1).Div(m.i)
	return result12(m.pv.Mul(f).Add(q).Neg())
}

// machinePV is PV = −(A × USPV + FV × SPPV).
func (t TVM) machinePV() (hp17b.Number, error) {
	m, err := t.machine()
	if err != nil {
		return hp17b.Zero, err
	}
	us, sp, err := m.factors()
	if err != nil {
		return hp17b.Zero, err
	}
	return result12(m.a.Mul(us).Add(m.fv.Mul(sp)).Neg())
}

// machinePMT is PMT = −(PV + FV × SPPV) ÷ ((1 + iS) × USPV); NO SOLUTION
// when the divisor is 0 (N is 0).
func (t TVM) machinePMT() (hp17b.Number, error) {
	m, err := t.machine()
	if err != nil {
		return hp17b.Zero, err
	}
	us, sp, err := m.factors()
	if err != nil {
		return hp17b.Zero, err
	}
	k := hp17b.S15Int(1)
	if t.Begin {
		k = k.Add(m.i)
	}
	r, ok := m.pv.Add(m.fv.Mul(sp)).Neg().Div(k.Mul(us))
	if !ok {
		return hp17b.Zero, ErrNoSolution
	}
	return result12(r)
}

// machineN is N = LN((A − FV × i) ÷ (A + PV × i)) ÷ LNP1(i), or
// −(PV + FV) ÷ PMT at I%YR = 0; NO SOLUTION when no N balances.
func (t TVM) machineN() (hp17b.Number, error) {
	m, err := t.machine()
	if err != nil {
		return hp17b.Zero, err
	}
	if m.zero {
		r, ok := m.pv.Add(m.fv).Neg().Div(m.pmt)
		if !ok {
			return hp17b.Zero, ErrNoSolution
		}
		return result12(r)
	}
	num, den := m.a.Sub(m.fv.Mul(m.i)), m.a.Add(m.pv.Mul(m.i))
	q, ok := num.Div(den)
	if !ok || q.Sign() <= 0 {
		return hp17b.Zero, ErrNoSolution
	}
	ln, _ := q.Ln()
	l, ok := m.i.Lnp1()
	if !ok {
		return hp17b.Zero, hp17b.ErrInvalidInput
	}
	r, ok := ln.Div(l)
	if !ok {
		return hp17b.Zero, ErrNoSolution
	}
	return result12(r)
}

// machineIYRNoPMT is I%YR with PMT = 0: (EXP(LN(−FV ÷ PV) ÷ N) − 1) ×
// P/YR × 100 (P/YR checked by SolveIYR); NO SOLUTION when −FV ÷ PV is
// not positive.
func (t TVM) machineIYRNoPMT() (hp17b.Number, error) {
	pv, fv, n := hp17b.S15Of(t.PV), hp17b.S15Of(t.FV), hp17b.S15Of(t.N)
	q, ok := fv.Neg().Div(pv)
	if !ok || q.Sign() <= 0 {
		return hp17b.Zero, ErrNoSolution
	}
	l, _ := q.Ln()
	x, ok := l.Div(n)
	if !ok {
		return hp17b.Zero, ErrNoSolution
	}
	f, ok := x.Exp()
	if !ok {
		return hp17b.Zero, hp17b.ErrOverflow
	}
	i := f.Sub(hp17b.S15Int(1))
	return result12(i.Mul(hp17b.S15Of(t.PYR)).Mul(hp17b.S15Int(100)))
}
