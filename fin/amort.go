package fin

import (
	"github.com/cockroachdb/apd/v3"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/hp17b/wide"
)

// Schedule is an amortization schedule of the AMRT menu (17bII+ owner's
// manual pp.78–81; formulas p.247): it starts from payment 1 and each Next
// amortizes the following payments. PV, PMT and each payment's interest are
// rounded to the display's decimals (p.78 footnote); with DSP ALL they keep
// all 12 digits.
type Schedule struct {
	i     w   // periodic rate, a fraction
	pmt   w   // the payment, rounded
	bal   w   // the balance after the payments amortized so far
	fix   int // decimals to round to; −1 for none
	begin bool
	next  int // number of the next payment to amortize
	rate  amrtRate
	fast  *fastOpts // the TVM's steering of the fast paths; nil: on
}

// MaxPayments is the largest #P (p.78: "#P can be an integer from 1
// through 1,200").
const MaxPayments = 1200

// Set is the result of amortizing a set of payments: their numbers
// (First to Last) and the interest, principal and balance, signed as cash
// flows (a loan's interest and principal are negative, p.80).
type Set struct {
	First, Last    int
	Int, Prin, Bal hp17b.Number
}

// NewSchedule starts a schedule from t's I%YR, PV, PMT, P/YR and mode,
// rounding to fix decimals (fix < 0: DSP ALL, no rounding).
func NewSchedule(t TVM, fix int) (*Schedule, error) {
	i, _, err := t.periodic()
	if err != nil {
		return nil, err
	}
	s := &Schedule{i: i, fix: fix, begin: t.Begin, next: 1, rate: newAMRTRate(t, i), fast: t.fast}
	s.pmt, s.bal = s.round(widen(t.PMT)), s.round(widen(t.PV))
	return s, nil
}

// round rounds to the schedule's decimals.
func (s *Schedule) round(x w) w {
	if s.fix < 0 {
		return x
	}
	r := new(apd.Decimal)
	c := *wide.Ctx // a copy: the shared context keeps rounding ties to even
	c.Rounding = apd.RoundHalfUp
	_, _ = c.Quantize(r, x, int32(-s.fix))
	return r
}

// Next amortizes the next count payments (1 to MaxPayments):
// for each, INT = −round(BAL × i) (0 for the first payment in Begin
// mode, made at once), PRIN = PMT − INT, BAL = BAL + PRIN.
func (s *Schedule) Next(count int) (Set, error) {
	if count < 1 || count > MaxPayments {
		return Set{}, hp17b.ErrInvalidInput
	}
	if s.fast.on() && s.fix >= 0 {
		set, ok := s.nextFast(count)
		s.fast.hear("AMRT", ok)
		if ok {
			return set, nil
		}
	}
	sumInt, sumPrin := wint(0), wint(0)
	for k := 0; k < count; k++ {
		in := wint(0)
		if !(s.begin && s.next+k == 1) {
			in = neg(s.round(mul(s.bal, s.i)))
		}
		pr := sub(s.pmt, in)
		s.bal = add(s.bal, pr)
		sumInt, sumPrin = add(sumInt, in), add(sumPrin, pr)
	}
	set := Set{First: s.next, Last: s.next + count - 1}
	s.next += count
	var err error
	if set.Int, err = result(sumInt); err != nil {
		return set, err
	}
	if set.Prin, err = result(sumPrin); err != nil {
		return set, err
	}
	set.Bal, err = result(s.bal)
	return set, err
}
