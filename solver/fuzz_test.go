package solver

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/hp17b/hp17b/hp17b"
)

var fuzzSeeds = []string{
	"A+B=C", "NIM:IF(S(INIT):1:2)", "Σ(I:1:10:1:I^2)", "L(X:A)×L(Y:B)×0+G(X)+G(Y)",
	"IF(A>1 AND NOT B<2 OR C=3:MOD(A:B):IDIV(A:B))", "X=-2^-3×(4÷5)", "A=1..2", "((((",
	"RND(PI:2)+TRN(1:-3)+DATE(1.011990:5)+DDAYS(1.011990:2.011990:3)",
	"FLOW(L:1)", "A\u00a0=\u00a0B", "Σ(I:1:1E12:1:I)", "FACT(A)+SPFV(A:B)+USPV(A:B)",
	"-A^2=A×-B^2+(-C)^2-(D-E)-(-F)", "A^B^C+A^(B^C)=1E-25×2.5E+30",
}

// FuzzParse: the parser never panics, an accepted equation has a menu
// whose names all occur among its names, and its String reads back to the
// same tree.
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
		if msg := roundTrip(eq); msg != "" {
			t.Fatalf("%q: %s", src, msg)
		}
	})
}

// roundTrip parses eq.String() and says how the tree differs, or "".
func roundTrip(eq *Equation) string {
	text := eq.String()
	back, err := Parse(text)
	switch {
	case err != nil:
		return fmt.Sprintf("String %q does not parse: %v", text, err)
	case shape(eq.Left) != shape(back.Left) || shape(eq.Right) != shape(back.Right) || eq.Name != back.Name:
		return fmt.Sprintf("String %q reads back as %s = %s, not %s = %s", text,
			shape(back.Left), shape(back.Right), shape(eq.Left), shape(eq.Right))
	}
	return ""
}

// shape writes a tree fully parenthesized, without positions.
func shape(n Node) string {
	switch n := n.(type) {
	case nil:
		return "nil"
	case *Num:
		return n.Value.String()
	case *Var:
		return n.Name
	case *Neg:
		return "(neg " + shape(n.X) + ")"
	case *Not:
		return "(not " + shape(n.X) + ")"
	case binaryNode:
		l, r := n.operands()
		var op string
		switch n := n.(type) {
		case *Binary:
			op = n.Op.String()
		case *Compare:
			op = n.Op.String()
		case *Logic:
			op = n.Op.String()
		}
		return "(" + op + " " + shape(l) + " " + shape(r) + ")"
	case *Call:
		s := "(" + n.Fn
		for _, a := range n.Args {
			s += " " + shape(a)
		}
		return s + ")"
	}
	return "?"
}

// FuzzEval: evaluating and solving an accepted equation never panics and
// never hangs (each is bounded by a short deadline), whatever the values.
func FuzzEval(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "3", "-2.5")
	}
	workBudget = 4_000_000 // short executions: the deadline finds no worker busy
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
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		s := New(eq, v)
		_, _ = s.Eval(ctx)
		if len(eq.Menu) > 0 {
			_, _ = s.Solve(ctx, eq.Menu[0], Options{})
		}
	})
}

// FuzzParseFile: any equation file is read or refused with a positioned
// error, never a panic; every equation read parses again from its text.
func FuzzParseFile(f *testing.F) {
	f.Add("A=B\n\nNIM:IF(S(INIT):\n\n1:2)\n# comment\nX=Y")
	f.Add("((\n\n))")
	f.Fuzz(func(t *testing.T, text string) {
		eqs, err := ParseFileLenient("f.eq", text)
		var se *SyntaxError
		if err != nil && !errors.As(err, &se) {
			t.Fatalf("%q: error of type %T", text, err)
		}
		for _, eq := range eqs {
			if _, err := Parse(eq.Source); err != nil {
				t.Fatalf("%q: %q read from the file does not parse alone: %v", text, eq.Source, err)
			}
		}
	})
}
