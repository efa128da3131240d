package fin

import (
	"context"
	"testing"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

// FuzzFlows: any cash-flow list and rate give an answer or one of the
// calculator's errors, never a panic, and the IRR% search ends.
func FuzzFlows(f *testing.F) {
	f.Add([]byte{0x80, 5, 4, 5, 4, 115}, int8(10))
	f.Add([]byte{0x9c, 0x7f, 0x84}, int8(-50))
	f.Fuzz(func(t *testing.T, raw []byte, pct int8) {
		if len(raw) > 64 {
			raw = raw[:64]
		}
		var fl Flows
		for k, b := range raw {
			times := hp17b.One
			if k > 0 && b%7 == 0 {
				times = hp17b.FromInt(int64(b%50 + 1))
			}
			fl = append(fl, Flow{Amount: hp17b.FromInt(int64(int8(b)) * 1000), Times: times})
		}
		p := hp17b.FromInt(int64(pct))
		_, _ = fl.Total()
		_, _ = fl.NPV(p)
		_, _ = fl.NUS(p)
		_, _ = fl.NFV(p)
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := fl.IRR(c, nil); err == ErrInterrupted {
			t.Fatalf("IRR%% did not end on %v", raw)
		}
		tv := TVM{N: hp17b.FromInt(int64(len(raw))), IYR: p, PV: fl.first(0), PMT: fl.first(1), FV: fl.first(2), PYR: hp17b.FromInt(12)}
		_, _ = tv.SolveIYR(c)
		_, _ = tv.SolveN()
		_, _ = tv.SolvePMT()
	})
}

// first returns flow k's amount, or 0.
func (f Flows) first(k int) hp17b.Number {
	if k < len(f) {
		return f[k].Amount
	}
	return hp17b.Zero
}
