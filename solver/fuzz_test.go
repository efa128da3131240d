package solver

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

var fuzzSeeds = []string{
	"A+B=C", "NIM:IF(S(INIT):1:2)", "Σ(I:1:10:1:I^2)", "L(X:A)×L(Y:B)×0+G(X)+G(Y)",
	"IF(A>1 AND NOT B<2 OR C=3:MOD(A:B):IDIV(A:B))", "X=-2^-3×(4÷5)", "A=1..2", "((((",
	"RND(PI:2)+TRN(1:-3)+DATE(1.011990:5)+DDAYS(1.011990:2.011990:3)",
	"FLOW(L:1)", "A\u00a0=\u00a0B", "Σ(I:1:1E12:1:I)", "FACT(A)+SPFV(A:B)+USPV(A:B)",
}

// FuzzParse: the parser never panics, and an accepted equation has a menu
// whose names all occur among its names.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		eq, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: error of type %T", src, err)
			}
			_ = se.Caret()
			return
		}
		all := map[string]bool{}
		for _, n := range eq.Names {
			all[n] = true
		}
		for _, n := range eq.Menu {
			if !all[n] {
				t.Fatalf("%q: menu name %q not among the names", src, n)
			}
		}
	})
}

// FuzzEval: evaluating and solving an accepted equation never panics and
// never hangs (each is bounded by a short deadline), whatever the values.
func FuzzEval(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "3", "-2.5")
	}
	f.Fuzz(func(t *testing.T, src, a, b string) {
		eq, err := Parse(src)
		if err != nil {
			return
		}
		v := NewVars()
		x, err1 := hp17b.Parse(a)
		y, err2 := hp17b.Parse(b)
		for i, n := range eq.Menu {
			switch {
			case i%2 == 0 && err1 == nil:
				v.Set(n, x)
			case err2 == nil:
				v.Set(n, y)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		s := New(eq, v)
		_, _ = s.Eval(ctx)
		if len(eq.Menu) > 0 {
			_, _ = s.Solve(ctx, eq.Menu[0], Options{})
		}
	})
}
