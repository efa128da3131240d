package solver

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

func num(s string) hp17b.Number { return hp17b.MustParse(s) }

// setup parses src and binds it to fresh variables holding vars.
func setup(t *testing.T, src string, vars map[string]string) (*Solver, *Vars) {
	t.Helper()
	eq, err := Parse(src)
	require.NoError(t, err, src)
	v := NewVars()
	for n, x := range vars {
		v.Set(n, num(x))
	}
	return New(eq, v), v
}

// evalWith evaluates src with vars stored.
func evalWith(t *testing.T, src string, vars map[string]string) (hp17b.Number, error) {
	t.Helper()
	s, _ := setup(t, src, vars)
	return s.Eval(context.Background())
}

func TestEvalFunctionsAndPrecedence(t *testing.T) {
	tests := []struct {
		src  string
		vars map[string]string
		want string
		err  error
	}{
		{"1+2×3", nil, "7", nil},
		{"1+2*3", nil, "7", nil},
		{"(1+2)×3", nil, "9", nil},
		{"10-4-3", nil, "3", nil},
		{"100÷10÷5", nil, "2", nil},
		{"100/10/5", nil, "2", nil},
		{"2^3^2", nil, "64", nil},
		{"-2^2", nil, "-4", nil},
		{"2^-1", nil, "0.5", nil},
		{"A×-B^2", map[string]string{"A": "2", "B": "3"}, "18", nil},
		{"-A×B", map[string]string{"A": "2", "B": "3"}, "-6", nil},
		{"2−1", nil, "1", nil},
		{"1.5E3+.5", nil, "1500.5", nil},
		{"ABS(-3)", nil, "3", nil},
		{"ALOG(2)", nil, "100", nil},
		{"EXP(0)", nil, "1", nil},
		{"EXPM1(0)", nil, "0", nil},
		{"FACT(4)", nil, "24", nil},
		{"FP(-3.25)", nil, "-0.25", nil},
		{"IP(-3.25)", nil, "-3", nil},
		{"INT(-3.25)", nil, "-4", nil},
		{"IDIV(7:2)", nil, "3", nil},
		{"INV(4)", nil, "0.25", nil},
		{"LN(1)", nil, "0", nil},
		{"LNP1(0)", nil, "0", nil},
		{"LOG(100)", nil, "2", nil},
		{"MAX(3:7)", nil, "7", nil},
		{"MIN(3:7)", nil, "3", nil},
		{"MOD(-7:3)", nil, "2", nil},
		{"PI", nil, "3.14159265359", nil},
		{"RND(2.345:2)", nil, "2.35", nil},
		{"TRN(2.349:2)", nil, "2.34", nil},
		{"SGN(-4)", nil, "-1", nil},
		{"SQ(12)", nil, "144", nil},
		{"SQRT(144)", nil, "12", nil},
		{"SPFV(10:2)", nil, "1.21", nil},
		{"SPPV(0:5)", nil, "1", nil},
		{"USFV(10:2)", nil, "2.1", nil},
		{"USPV(0:4)", nil, "4", nil},
		{"HMS(1.5)", nil, "1.3", nil},
		{"HRS(1.3)", nil, "1.5", nil},
		{"DATE(12.311999:1)", nil, "1.012", nil},
		{"DDAYS(1.012000:3.012000:1)", nil, "60", nil},
		{"IF(A>1:10:20)", map[string]string{"A": "2"}, "10", nil},
		{"IF(A>1 AND B<0:10:20)", map[string]string{"A": "2", "B": "1"}, "20", nil},
		{"IF(A>1 OR B<0:10:20)", map[string]string{"A": "2", "B": "1"}, "10", nil},
		{"IF(NOT A=2:10:20)", map[string]string{"A": "2"}, "20", nil},
		{"IF(A≠2:10:20)", map[string]string{"A": "3"}, "10", nil},
		{"IF(A≤2:10:20)+IF(A≥2:1:2)+IF(A<>2:100:200)", map[string]string{"A": "2"}, "211", nil},
		{"IF((A<1) OR (A>3):1:0)", map[string]string{"A": "5"}, "1", nil},
		{"Σ(I:1:10:1:I)", nil, "55", nil},
		{"SIGMA(I:10:1:-3:I)", nil, "22", nil},
		{"Σ(I:1:0:1:I)", nil, "0", nil},
		{"Σ(N:1:N:1:N)", map[string]string{"N": "4"}, "10", nil},
		{"L(X:5)+G(X)×2", nil, "15", nil},
		{"G(Q)", nil, "0", nil},
		{"IF(S(A):1:2)", nil, "2", nil},
		{"1÷0", nil, "0", hp17b.ErrDivideByZero},
		{"LOG(0)", nil, "0", hp17b.ErrLogZero},
		{"INV(0)", nil, "0", hp17b.ErrDivideByZero},
		{"Σ(I:1:2:0:I)", nil, "0", ErrSigmaStep},
		{"ITEM(LIST:1)", nil, "0", ErrNoLists},
		{"SIZES(LIST)", nil, "0", ErrNoLists},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			got, err := evalWith(t, tt.src, tt.vars)
			assert.Equal(t, tt.err, err)
			if err == nil {
				assert.Equal(t, tt.want, got.String())
			}
		})
	}
}

func TestCDateCTime(t *testing.T) {
	clock := func() time.Time { return time.Date(2026, 11, 22, 9, 5, 7, 0, time.UTC) }
	for _, tt := range []struct{ src, want string }{{"CDATE", "11.222026"}, {"CTIME", "9.0507"}} {
		s, _ := setup(t, tt.src, nil)
		s.UseClock(clock)
		got, err := s.Eval(context.Background())
		require.NoError(t, err)
		assert.Equal(t, tt.want, got.String())
	}
}

func TestLeftToRightOrder(t *testing.T) {
	// Operands before operator, left before right: the L() on the left
	// stores before the G() on the right reads.
	got, err := evalWith(t, "L(X:3)+G(X)", nil)
	require.NoError(t, err)
	assert.Equal(t, "6", got.String())
	got, err = evalWith(t, "G(X)+L(X:3)", map[string]string{"X": "1"})
	require.NoError(t, err)
	assert.Equal(t, "4", got.String())
	// Every argument is evaluated: MAX's second argument stores too.
	eq, err := Parse("MAX(L(P:1):L(Q:2))")
	require.NoError(t, err)
	v := NewVars()
	_, err = New(eq, v).Eval(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "1", v.Value("P").String())
	assert.Equal(t, "2", v.Value("Q").String())
	// IF evaluates only the chosen branch.
	eq, err = Parse("IF(1<2:L(P:5):L(Q:6))")
	require.NoError(t, err)
	v = NewVars()
	_, err = New(eq, v).Eval(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "5", v.Value("P").String())
	_, exists := v.Get("Q")
	assert.False(t, exists)
}

func TestSigmaCounterRestored(t *testing.T) {
	eq, err := Parse("S=Σ(I:1:3:1:I)")
	require.NoError(t, err)
	v := NewVars()
	v.Set("I", num("42"))
	_, err = New(eq, v).Eval(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "42", v.Value("I").String())
	assert.Equal(t, []string{"S"}, eq.Menu)
}

func TestMenu(t *testing.T) {
	tests := []struct {
		src  string
		menu []string
		name string
	}{
		{"A+B=C", []string{"A", "B", "C"}, ""},
		{"C=B+A+B", []string{"C", "B", "A"}, ""},
		{"X=L(T:Y)+G(U)+IF(S(W):1:2)", []string{"X", "Y"}, ""},
		{"CAN~MORT: PV=R~D×%ERN", []string{"PV", "R~D", "%ERN"}, "CAN~MORT"},
		{"B$$=#P+I?", []string{"B$$", "#P", "I?"}, ""},
		{"T=Σ(K:1:N:1:K×F)", []string{"T", "N", "F"}, ""},
		{"K+Σ(K:1:3:1:K)", []string{"K"}, ""},
	}
	for _, tt := range tests {
		eq, err := Parse(tt.src)
		require.NoError(t, err, tt.src)
		assert.Equal(t, tt.menu, eq.Menu, tt.src)
		assert.Equal(t, tt.name, eq.Name, tt.src)
	}
	eq, err := Parse(loadNIM(t))
	require.NoError(t, err)
	assert.Equal(t, "NIM", eq.Name)
	assert.Equal(t, []string{"INIT", "A", "B", "C", "D", "EVAL"}, eq.Menu)
	assert.Equal(t, "ABCDE", Label("ABCDEFG"))
	assert.Equal(t, "EVAL", Label("EVAL"))
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		src  string
		line int
		col  int
		msg  string
	}{
		{"A+", 1, 3, "ends too soon"},
		{"A=(B+C", 1, 7, "ends too soon"},
		{"A+B)", 1, 4, `unexpected ")"`},
		{"A=B=C", 1, 4, `unexpected "="`},
		// The cursor on the '(' after a name that is no 17BII function (J.
		// Kearns, HP Museum forum, 27 Nov 2013: the 19BII's FV( is refused
		// "at the first bracket").
		{"A=FOO(1)", 1, 6, "FOO is not a function of the HP-17BII"},
		{"CAN~MORT: FV(N:((1+CI%YR/200)^(1/6)-1)×1200:PV:PMT:12:0)=FV", 1, 13, "FV is a function of the HP-19BII's Solver"},
		// An equation that ends too soon points just after its last
		// character, never past the text.
		{"A=B+(C\n\n", 1, 7, "ends too soon"},
		{"A=IF(B>0:\n  1:\n  2\n", 3, 4, "ends too soon"},
		{"MOD(A)", 1, 6, "MOD takes 2 arguments"},
		{"A<B", 1, 2, "only '=' may stand outside IF"},
		{"IF(A:1:2)", 1, 4, "IF needs a condition"},
		{"1+(A<B)", 1, 5, "can only be the condition of IF"},
		{"L(3:A)", 1, 3, "L needs a variable name"},
		{"A+AND", 1, 3, "AND needs a condition"},
		{"A=2B", 1, 4, `unexpected "B"`},
		{"A=1..2", 1, 5, `unexpected ".2"`},
		{"X=\n  Y+\n  *Z", 3, 3, `unexpected "*"`},
		{"", 1, 1, "empty"},
		{"PI(2)", 1, 1, "PI takes no arguments"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, tt.src)
		assert.Equal(t, Pos{tt.line, tt.col}, se.Pos, "%q: %v", tt.src, se)
		assert.Contains(t, se.Error(), tt.msg, tt.src)
		assert.Contains(t, se.Error(), "INVALID EQUATION", tt.src)
	}
	_, err := Parse("A=B+\n  C×)")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "  C×)\n    ^", se.Caret())
}

func TestLimits(t *testing.T) {
	deep := ""
	for i := 0; i < MaxDepth+1; i++ {
		deep += "("
	}
	_, err := Parse(deep + "1")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Contains(t, se.Msg, "nested deeper")
	long := make([]byte, MaxLength+1)
	for i := range long {
		long[i] = 'A'
	}
	_, err = Parse(string(long))
	assert.ErrorAs(t, err, &se)
	// A runaway Σ stops with an error instead of running for hours: at the
	// work budget, or at once when its step is lost in the counter.
	old := workBudget
	workBudget = 1_000_000
	got, err := evalWith(t, "Σ(I:1:1E12:1:I)", nil)
	workBudget = old
	assert.Equal(t, ErrWorkBudget, err)
	assert.True(t, got.IsZero())
	_, err = evalWith(t, "Σ(I:1E12:2E12:1:I)", nil)
	assert.Equal(t, ErrSigmaSteps, err)
	// ... and a cancelled context stops it sooner.
	eq, err := Parse("Σ(I:1:999999:1:I)")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = New(eq, NewVars()).Eval(ctx)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestUnicodeSpacesAndLines(t *testing.T) {
	eq, err := Parse("X\u00a0=\u00a0\n\n  A\u2003+\tB")
	require.NoError(t, err)
	assert.Equal(t, []string{"X", "A", "B"}, eq.Menu)
}

// solveSeq solves src for name with vars stored.
func solveSeq(t *testing.T, src string, vars map[string]string, name string) (Result, *Vars, error) {
	t.Helper()
	s, v := setup(t, src, vars)
	r, err := s.Solve(context.Background(), name, Options{})
	return r, v, err
}

func TestDirectSolution(t *testing.T) {
	tests := []struct {
		src  string
		vars map[string]string
		name string
		want string
	}{
		{"A+B=C", map[string]string{"B": "2", "C": "7"}, "A", "5"},
		{"A+B=C", map[string]string{"A": "2", "C": "7"}, "B", "5"},
		{"A-B=C", map[string]string{"A": "10", "C": "7"}, "B", "3"},
		{"A×B=C", map[string]string{"A": "4", "C": "10"}, "B", "2.5"},
		{"A÷B=C", map[string]string{"A": "10", "C": "4"}, "B", "2.5"},
		{"A÷B=C", map[string]string{"B": "4", "C": "2.5"}, "A", "10"},
		{"A^2=C", map[string]string{"C": "4"}, "A", "2"},
		{"A^3=C", map[string]string{"C": "-8"}, "A", "-2"},
		{"-A=C", map[string]string{"C": "4"}, "A", "-4"},
		{"LN(A)=C", map[string]string{"C": "0"}, "A", "1"},
		{"EXP(A)=1", nil, "A", "0"},
		{"LOG(A)=2", nil, "A", "100"},
		{"ALOG(A)=1000", nil, "A", "3"},
		{"SQ(A)=9", nil, "A", "3"},
		{"SQRT(A)=3", nil, "A", "9"},
		{"INV(A)=4", nil, "A", "0.25"},
		{"EXPM1(A)=0", nil, "A", "0"},
		{"LNP1(A)=0", nil, "A", "0"},
		{"C=IF(K>0:A+1:A-1)", map[string]string{"K": "1", "C": "5"}, "A", "4"},
		{"C=IF(K>0:A+1:A-1)", map[string]string{"K": "0", "C": "5"}, "A", "6"},
		{"2×A", nil, "A", "0"},
		{"D2=DATE(D1:N)", map[string]string{"D1": "1.011990", "N": "31"}, "D2", "2.01199"},
		{"D2=DATE(D1:N)", map[string]string{"D2": "2.011990", "N": "31"}, "D1", "1.01199"},
		{"D2=DATE(D1:N)", map[string]string{"D1": "1.011990", "D2": "3.011990"}, "N", "59"},
		{"N=DDAYS(D1:D2:1)", map[string]string{"D1": "1.011990", "N": "59"}, "D2", "3.01199"},
		{"N=DDAYS(D1:D2:1)", map[string]string{"D2": "3.011990", "N": "59"}, "D1", "1.01199"},
	}
	for _, tt := range tests {
		r, v, err := solveSeq(t, tt.src, tt.vars, tt.name)
		require.NoError(t, err, tt.src)
		assert.Equal(t, Direct, r.Method, tt.src)
		assert.Equal(t, Root, r.Outcome, tt.src)
		assert.Equal(t, tt.want, r.Value.String(), tt.src)
		assert.Equal(t, tt.want, v.Value(tt.name).String(), tt.src)
	}
}

func TestDirectSolutionCases(t *testing.T) {
	// ÷0 met while isolating: SOLUTION NOT FOUND with the cause kept, and no
	// search (17bII+ owner's manual p.241).
	r, _, err := solveSeq(t, "L(X:A)×L(Y:B)×0+G(X)+G(Y)", nil, "A")
	require.NoError(t, err)
	assert.Equal(t, Direct, r.Method)
	assert.Equal(t, NotFound, r.Outcome)
	assert.Equal(t, "DIVIDE BY 0", r.Cause)
	assert.Equal(t, []string{"SOLUTION NOT FOUND"}, r.Lines(hp17b.DefaultMode))

	// The same with ×3: L() on the path falls back to the search.
	r, v, err := solveSeq(t, "L(X:A)×L(Y:B)×3+G(X)+G(Y)", map[string]string{"B": "2"}, "A")
	require.NoError(t, err)
	assert.Equal(t, Iterative, r.Method)
	assert.Equal(t, Root, r.Outcome)
	// A×2×3 + A + 2 = 0 → A = -2/7 = -0.2857142857142857…; in 12-digit
	// arithmetic LEFT is exactly 0 at -0.285714285715 (A×6 + A is
	// -2.000000000005, a tie that rounds to the even -2), so that is the root.
	assert.Equal(t, "-0.285714285715", r.Value.String())
	assert.Equal(t, "2", v.Value("Y").String())

	// A=G(A)+1: each solve adds 1.
	eq, err := Parse("A=G(A)+1")
	require.NoError(t, err)
	vars := NewVars()
	s := New(eq, vars)
	for i := 1; i <= 3; i++ {
		r, err := s.Solve(context.Background(), "A", Options{})
		require.NoError(t, err)
		assert.Equal(t, Direct, r.Method)
		assert.Equal(t, hp17b.FromInt(int64(i)).String(), r.Value.String())
	}

	// A=L(B:B+1): one solve leaves B=1.
	r, v, err = solveSeq(t, "A=L(B:B+1)", nil, "A")
	require.NoError(t, err)
	assert.Equal(t, Direct, r.Method)
	assert.Equal(t, "1", r.Value.String())
	assert.Equal(t, "1", v.Value("B").String())

	// An exponent is never isolated.
	r, _, err = solveSeq(t, "2^A=8", nil, "A")
	require.NoError(t, err)
	assert.Equal(t, Iterative, r.Method)
	assert.Equal(t, "3", r.Value.String())

	// Twice-occurring unknown: iterative.
	r, _, err = solveSeq(t, "A×A=2", map[string]string{"A": "1"}, "A")
	require.NoError(t, err)
	assert.Equal(t, Iterative, r.Method)
	assert.Equal(t, "1.41421356237", r.Value.String())

	// The IF branch taken does not hold the unknown.
	r, _, err = solveSeq(t, "C=IF(K>0:A:5)", map[string]string{"K": "0"}, "A")
	require.NoError(t, err)
	assert.Equal(t, NotFound, r.Outcome)
	assert.Empty(t, r.Cause)
}

func TestIterativeOutcomes(t *testing.T) {
	// A root.
	r, _, err := solveSeq(t, "X^3-2×X-5", map[string]string{"X": "2"}, "X")
	require.NoError(t, err)
	assert.Equal(t, Root, r.Outcome)
	assert.Equal(t, "2.09455148154", r.Value.String())
	assert.Equal(t, []string{"X=2.09"}, r.Lines(hp17b.DefaultMode))

	// A sign reversal: 1/X changes sign at 0 without a root.
	eq, err := Parse("INV(X)")
	require.NoError(t, err)
	r, err = New(eq, NewVars()).Solve(context.Background(), "X", Options{Iterative: true, Guesses: []hp17b.Number{num("-1"), num("3")}})
	require.NoError(t, err)
	assert.Equal(t, SignReversal, r.Outcome, r.Value.String())
	lines := r.Lines(hp17b.DefaultMode)
	require.Len(t, lines, 2)
	assert.Contains(t, lines[0], "LEFT=")
	assert.Contains(t, lines[1], "RIGHT=")

	// An extremum: X²+1 never reaches 0; its minimum is at 0.
	r, _, err = solveSeq(t, "SQ(X)+1+0×X", map[string]string{"X": "3"}, "X")
	require.NoError(t, err)
	assert.Equal(t, Extremum, r.Outcome)
	assert.Equal(t, "1", hp17b.RoundFix(r.Left, 6).String())

	// Bad guesses: undefined at both guesses.
	r, v, err := solveSeq(t, "SQRT(X-5)+SQRT(-X-5)+X", map[string]string{"X": "1"}, "X")
	require.NoError(t, err)
	assert.Equal(t, BadGuesses, r.Outcome)
	assert.Equal(t, []string{"BAD GUESSES:", "PRESS CLR TO VIEW"}, r.Lines(hp17b.DefaultMode))
	assert.Equal(t, "1", v.Value("X").String())

	// Not found: a constant other than 0.
	// A constant: direct solution divides by 0 ...
	r, _, err = solveSeq(t, "0×X+5", map[string]string{"X": "1"}, "X")
	require.NoError(t, err)
	assert.Equal(t, NotFound, r.Outcome)
	assert.Equal(t, hp17b.ErrDivideByZero.Msg, r.Cause)
	// ... and the search finds no root.
	eq, err = Parse("0×X+5")
	require.NoError(t, err)
	r, err = New(eq, NewVars()).Solve(context.Background(), "X", Options{Iterative: true})
	require.NoError(t, err)
	assert.NotEqual(t, Root, r.Outcome)
}

// TestSearchLastDigit: when the search ends between two neighbouring 12-digit
// numbers it keeps the one with the smaller |LEFT−RIGHT|. The real root of
// X^3−X−1 is 1.32471795724474…, so X=1.32471795724, from any guess.
func TestSearchLastDigit(t *testing.T) {
	tests := []struct{ src, guess, want string }{
		{"X^3-X-1", "1", "1.32471795724"},
		{"X^3-X-1", "0", "1.32471795724"},
		{"X^3-X-1", "2", "1.32471795724"},
		{"X^3-X-1", "100", "1.32471795724"},
		{"X^3=X+1", "-3", "1.32471795724"},
		// √2 = 1.41421356237309…
		{"X×X-2", "1", "1.41421356237"},
		{"X×X-2", "5", "1.41421356237"},
		// ln 10 = 2.30258509299404…; e^x at the neighbours decides.
		{"EXP(X)-10+0×X", "1", "2.30258509299"},
	}
	for _, tt := range tests {
		r, _, err := solveSeq(t, tt.src, map[string]string{"X": tt.guess}, "X")
		require.NoError(t, err, tt.src)
		assert.Equal(t, tt.want, r.Value.String(), "%s from %s", tt.src, tt.guess)
	}
}

func TestSearchProgressAndInterrupt(t *testing.T) {
	eq, err := Parse("X^3-2×X-5")
	require.NoError(t, err)
	v := NewVars()
	v.Set("X", num("100"))
	var reports []Progress
	_, err = New(eq, v).Solve(context.Background(), "X", Options{Progress: func(p Progress) { reports = append(reports, p) }})
	require.NoError(t, err)
	require.NotEmpty(t, reports)
	assert.Equal(t, 1, reports[0].S1)

	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	v.Set("X", num("100"))
	_, err = New(eq, v).Solve(ctx, "X", Options{Progress: func(Progress) {
		n++
		if n == 2 {
			cancel()
		}
	}})
	assert.Equal(t, ErrInterrupted, err)
}

func TestSolveErrors(t *testing.T) {
	_, _, err := solveSeq(t, "A=L(B:1)", nil, "B")
	assert.ErrorIs(t, err, ErrNotMenuVariable)
	// LOG(0) met while solving directly: SOLUTION NOT FOUND, then RCL of
	// an L() variable shows what was stored before it (D. Shepherd, "Prime
	// factors for HP-17bii solver - a new approach", HP Articles forum, 2011).
	r, v, err := solveSeq(t, "A=L(F:7)+LOG(B)", nil, "A")
	require.NoError(t, err)
	assert.Equal(t, Direct, r.Method)
	assert.Equal(t, NotFound, r.Outcome)
	assert.Equal(t, hp17b.ErrLogZero.Msg, r.Cause)
	assert.Equal(t, "7", v.Value("F").String())
}

func TestTwoGuesses(t *testing.T) {
	eq, err := Parse("X^2=4")
	require.NoError(t, err)
	v := NewVars()
	r, err := New(eq, v).Solve(context.Background(), "X", Options{Iterative: true, Guesses: []hp17b.Number{num("-5"), num("-1")}})
	require.NoError(t, err)
	assert.Equal(t, "-2", r.Value.String())
	// From the menu: the value stored last and the one before it.
	v.Store("X", num("1"))
	v.Store("X", num("5"))
	r, err = New(eq, v).Solve(context.Background(), "X", Options{Iterative: true})
	require.NoError(t, err)
	assert.Equal(t, "2", r.Value.String())
}

func TestParseFile(t *testing.T) {
	eqs, err := ParseFile("nim.eq", loadNIM(t))
	require.NoError(t, err)
	require.Len(t, eqs, 1, "the blank line inside IF( belongs to the equation")
	assert.Equal(t, "NIM", eqs[0].Title())

	text := "# two equations\nA=B+C\n\nAREA:\n  A=\n  L×W\n\n# trailing comment\n"
	eqs, err = ParseFile("two.eq", text)
	require.NoError(t, err)
	require.Len(t, eqs, 2)
	assert.Equal(t, "A=B+C", eqs[0].Title())
	assert.Equal(t, "AREA", eqs[1].Title())
	assert.Equal(t, []string{"A", "L", "W"}, eqs[1].Menu)

	_, err = ParseFile("bad.eq", "A=B\n\n# note\nX=\n  Y×)\n")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "bad.eq:5:5", se.Where())
	assert.Equal(t, "  Y×)\n    ^", se.Caret())

	_, err = ParseFile("empty.eq", "# nothing\n\n")
	assert.ErrorAs(t, err, &se)
}

// fakeLists is a CFLO list "CF" (flows −100, 60, 70; the second twice) and
// a SUM list "S" (items 2, 4, 9).
type fakeLists struct{}

func (fakeLists) Flow(list string, j hp17b.Number) (hp17b.Number, error) {
	return fakeIndex(list, "CF", j, []string{"-100", "60", "70"}, 0)
}

func (fakeLists) Times(list string, j hp17b.Number) (hp17b.Number, error) {
	return fakeIndex(list, "CF", j, []string{"1", "2", "1"}, 0)
}

func (fakeLists) SizeC(list string) (hp17b.Number, error) {
	_, err := fakeIndex(list, "CF", hp17b.Zero, []string{"2"}, 0)
	return hp17b.Two, err
}

func (fakeLists) Item(list string, i hp17b.Number) (hp17b.Number, error) {
	return fakeIndex(list, "S", i, []string{"2", "4", "9"}, 1)
}

func (fakeLists) SizeS(list string) (hp17b.Number, error) {
	_, err := fakeIndex(list, "S", hp17b.One, []string{"3"}, 1)
	return hp17b.MustParse("3"), err
}

func fakeIndex(list, want string, j hp17b.Number, vals []string, first int64) (hp17b.Number, error) {
	i, ok := j.Int64()
	if list != want || !ok || i < first || i-first >= int64(len(vals)) {
		return hp17b.Zero, &hp17b.Error{Msg: "NO SUCH LIST ITEM"}
	}
	return hp17b.MustParse(vals[i-first]), nil
}

// TestListFunctions: the list functions keep their list's name and read
// the lists the calculator gives (Solver.UseLists); without lists they stop
// with ErrNoLists; the list name gets no menu key.
func TestListFunctions(t *testing.T) {
	for _, tt := range []struct{ src, unknown, want string }{
		{"X=Σ(J:0:SIZEC(CF):1:FLOW(CF:J)×#T(CF:J))", "X", "90"},
		{"X=ITEM(S:2)+SIZES(S)", "X", "7"},
		{"SIZEC(CF)+Y=5", "Y", "3"},
	} {
		eq, err := Parse(tt.src)
		require.NoError(t, err, tt.src)
		assert.NotContains(t, eq.Menu, "CF")
		assert.NotContains(t, eq.Menu, "S")
		s := New(eq, NewVars())
		_, err = s.Solve(context.Background(), tt.unknown, Options{})
		assert.ErrorIs(t, err, ErrNoLists, tt.src)
		s.UseLists(fakeLists{})
		r, err := s.Solve(context.Background(), tt.unknown, Options{})
		require.NoError(t, err, tt.src)
		assert.Equal(t, tt.want, r.Value.String(), tt.src)
	}
}

// TestStringReadsBack: an equation printed by String parses to the same
// tree, for the project's programs and the transcripts' equations; the
// printed text is what the calculator's own spelling gives.
func TestStringReadsBack(t *testing.T) {
	srcs := append([]string{}, fuzzSeeds...)
	for _, f := range []string{"testdata/nim-seed.eq"} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		srcs = append(srcs, string(b))
	}
	n := 0
	for _, src := range srcs {
		eq, err := Parse(src)
		if err != nil {
			continue
		}
		n++
		assert.Empty(t, roundTrip(eq), src)
	}
	assert.Greater(t, n, 10)
	for _, c := range []struct{ src, want string }{
		{"A = B * (C + D) / 2", "A=B×(C+D)÷2"},
		{"X=-2^-3×(4÷5)", "X=-2^(-3)×(4÷5)"},
		{"IF(A≤1 AND NOT(B≠2):SIGMA(I:1:3:1:I):PI)", "IF(A<=1 AND NOT B<>2:Σ(I:1:3:1:I):PI)"},
		{"NIM:A-(B-C)-(-D)", "NIM:A-(B-C)-(-D)"},
	} {
		eq, err := Parse(c.src)
		require.NoError(t, err, c.src)
		assert.Equal(t, c.want, eq.String(), c.src)
	}
}

// TestHostileText: control characters are INVALID EQUATION with the caret
// on them, and the caret line never echoes them or a whole long line.
func TestHostileText(t *testing.T) {
	_, err := Parse("A\x1b]0;pwned\x07=B")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, Pos{1, 2}, se.Pos)
	assert.Contains(t, se.Msg, "U+001B")
	assert.Equal(t, "A?]0;pwned?=B\n ^", se.Caret())
	assert.NotContains(t, Explain(err), "\x1b")

	_, err = Parse("X=1+\n" + strings.Repeat("A", 200) + "\x00")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, Pos{2, 201}, se.Pos)
	c := se.Caret()
	lines := strings.Split(c, "\n")
	require.Len(t, lines, 2)
	assert.LessOrEqual(t, utf8.RuneCountInString(lines[0]), caretWidth+2)
	assert.True(t, strings.HasPrefix(lines[0], "…"))
	assert.Equal(t, utf8.RuneCountInString(lines[1])-1, strings.IndexRune(lines[0], '?')-len("…")+1, "the caret under the bad character")

	_, err = Parse(strings.Repeat("B", MaxLength+1))
	require.ErrorAs(t, err, &se)
	assert.Less(t, len(Explain(err)), 300, "a long equation is not echoed whole")
}

// TestSolveWorkBudget: nested Σ loops count every inner step against one
// work budget per solve, in a direct solution and in a search.
func TestSolveWorkBudget(t *testing.T) {
	old := workBudget
	workBudget = 1_000_000
	defer func() { workBudget = old }()
	for _, src := range []string{
		"X=Σ(I:1:999999:1:Σ(J:1:999999:1:I×J))", // direct
		"X×X=Σ(I:1:300:1:Σ(J:1:300:1:I×J))+X",   // searched: X twice
	} {
		eq, err := Parse(src)
		require.NoError(t, err)
		s := New(eq, NewVars())
		_, err = s.Solve(context.Background(), "X", Options{})
		assert.ErrorIs(t, err, ErrWorkBudget, src)
	}
	// The budget counts work, not loops: one Σ of 10^7 steps runs, as
	// nested ones of the same total do.
	workBudget = old
	for _, src := range []string{"X=Σ(I:1:1E7:1:1)", "X=Σ(I:1:1000:1:Σ(J:1:10000:1:1))"} {
		eq, err := Parse(src)
		require.NoError(t, err)
		r, err := New(eq, NewVars()).Solve(context.Background(), "X", Options{})
		require.NoError(t, err, src)
		assert.Equal(t, "10000000", r.Value.String(), src)
	}
	// Cancelling stops short loops nested in each other.
	eq, err := Parse("Σ(A:1:100:1:Σ(B:1:100:1:Σ(C:1:100:1:1)))")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = New(eq, NewVars()).Eval(ctx)
	assert.ErrorIs(t, err, context.Canceled)
	workBudget = 1_000_000
	// Within the budget the same kind of equation solves.
	eq, err = Parse("X=Σ(I:1:100:1:Σ(J:1:100:1:1))")
	require.NoError(t, err)
	r, err := New(eq, NewVars()).Solve(context.Background(), "X", Options{})
	require.NoError(t, err)
	assert.Equal(t, "10000", r.Value.String())
}

// shapeOf prints a tree fully parenthesised with each node's column, to
// pin down how the builder applies precedence to the grammar's flat lists.
func shapeOf(n Node) string {
	at := fmt.Sprintf("@%d", n.At().Col)
	switch n := n.(type) {
	case *Num:
		return n.Value.String() + at
	case *Var:
		return n.Name + at
	case *Neg:
		return "(neg" + at + " " + shapeOf(n.X) + ")"
	case *Binary:
		return "(" + string(n.Op) + at + " " + shapeOf(n.L) + " " + shapeOf(n.R) + ")"
	case *Compare:
		return fmt.Sprintf("(rel%d%s %s %s)", n.Op, at, shapeOf(n.L), shapeOf(n.R))
	case *Logic:
		return fmt.Sprintf("(%s%s %s %s)", map[Conj]string{And: "and", Or: "or"}[n.Op], at, shapeOf(n.L), shapeOf(n.R))
	case *Not:
		return "(not" + at + " " + shapeOf(n.X) + ")"
	case *Call:
		s := "(" + n.Fn + at
		for _, a := range n.Args {
			s += " " + shapeOf(a)
		}
		return s + ")"
	}
	return "?"
}

func TestTreeShapes(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"T=-A×B", "(neg@3 (*@5 A@4 B@6))"},
		{"T=--A^2", "(neg@3 (^@6 (neg@4 A@5) 2@7))"},
		{"T=A×-B^2", "(*@4 A@3 (^@7 (neg@5 B@6) 2@8))"},
		{"T=A+-B×C-D", "(-@9 (+@4 A@3 (neg@5 (*@7 B@6 C@8))) D@10)"},
		{"T=A^B^C", "(^@6 (^@4 A@3 B@5) C@7)"},
		{"T=A÷B×C", "(*@6 (/@4 A@3 B@5) C@7)"},
		{"T=2^-X", "(^@4 2@3 (neg@5 X@6))"},
		{"T=IF(NOT NOT A<B:1:2)", "(IF@3 (not@6 (not@10 (rel2@15 A@14 B@16))) 1@18 2@20)"},
		{"T=IF(A<B OR C<D AND E<F OR G<H:1:2)", "(IF@3 (or@25 (or@10 (rel2@7 A@6 B@8) (and@17 (rel2@14 C@13 D@15) (rel2@22 E@21 F@23))) (rel2@29 G@28 H@30)) 1@32 2@34)"},
		{"T=IF(-A+1>=B×2:MOD(A:3):(4))", "(IF@3 (rel5@10 (+@8 (neg@6 A@7) 1@9) (*@13 B@12 2@14)) (MOD@16 A@20 3@22) 4@26)"},
		{"T=G(X)+L(Y:2)×PI", "(+@7 (G@3 X@5) (*@14 (L@8 Y@10 2@12) (PI@15)))"},
	} {
		eq, err := Parse(c.src)
		require.NoError(t, err, c.src)
		assert.Equal(t, c.want, shapeOf(eq.Right), c.src)
	}
	// Where the levels bounded the signs, the flat grammar does too.
	for _, c := range []struct {
		src string
		col int
	}{{"A=B----C", 7}, {"A=B×--C", 6}, {"A=---B", 5}, {"A=B^++C", 6}, {"A=B=C", 4}, {"A=B<C", 4}} {
		_, err := Parse(c.src)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, c.src)
		assert.Equal(t, c.col, se.Pos.Col, "%s: %v", c.src, se)
	}
}

// TestRelOf: every spelling of a comparison the lexer gives reads as its
// relation, and every operator of the arithmetic has its function.
func TestRelOf(t *testing.T) {
	for s, want := range map[string]Rel{"=": Eq, "<>": Ne, "≠": Ne, "<": Lt, "<=": Le, "≤": Le, ">": Gt, ">=": Ge, "≥": Ge} {
		assert.Equal(t, want, relOf(s), s)
	}
	for _, op := range []Op{Add, Sub, Mul, Div, Pow} {
		assert.NotNil(t, binaryOp(op), op.String())
	}
}
