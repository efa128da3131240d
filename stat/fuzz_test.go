package stat

import (
	"testing"

	"github.com/hp17b/hp17b/hp17b"
)

// FuzzStatistics: any two lists give an answer or one of the
// calculator's errors, never a panic; MIN ≤ MEDN ≤ MAX and MIN ≤ MEAN ≤
// MAX whenever they are defined, STDEV is never negative, and a fit's
// CORR lies in [−1, 1].
func FuzzStatistics(f *testing.F) {
	f.Add([]byte{2, 1, 3, 5, 5, 4}, []byte{14, 9, 11, 22, 28, 22}, uint8(0))
	f.Add([]byte{0x80, 0x7f}, []byte{0, 0}, uint8(3))
	f.Fuzz(func(t *testing.T, rx, ry []byte, model uint8) {
		conv := func(raw []byte) []hp17b.Number {
			if len(raw) > 64 {
				raw = raw[:64]
			}
			out := make([]hp17b.Number, len(raw))
			for i, b := range raw {
				out[i] = hp17b.FromInt(int64(int8(b)) * 37)
			}
			return out
		}
		xs, ys := conv(rx), conv(ry)
		lo, errLo := Min(xs)
		hi, _ := Max(xs)
		if m, err := Mean(xs); err == nil && errLo == nil && (m.Cmp(lo) < 0 || m.Cmp(hi) > 0) {
			t.Fatalf("MEAN %s outside [%s, %s]", m, lo, hi)
		}
		if md, err := Median(xs); err == nil && (md.Cmp(lo) < 0 || md.Cmp(hi) > 0) {
			t.Fatalf("MEDN %s outside [%s, %s]", md, lo, hi)
		}
		if sd, err := StdDev(xs); err == nil && sd.Sign() < 0 {
			t.Fatalf("STDEV %s < 0", sd)
		}
		_, _ = Range(xs)
		_, _ = Total(xs)
		_, _ = WeightedMean(xs, ys)
		_, _ = GroupedStdDev(xs, ys)
		_, _ = Summations(xs, ys)
		fit, err := NewFit(Model(model%4), xs, ys)
		if err != nil {
			return
		}
		if c := fit.Corr.Float64(); c < -1 || c > 1 {
			t.Fatalf("CORR %v outside [-1, 1]", c)
		}
		for _, x := range xs {
			_, _ = fit.Y(x)
			_, _ = fit.X(x)
		}
	})
}
