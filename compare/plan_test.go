package compare

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// TestParsePlan: ranges, steps and lists become the domain's variables
// (their values computed in decimal), constants and solves the steps; bad
// steps say which and why.
func TestParsePlan(t *testing.T) {
	eq, err := solver.Parse("T:I×N=A+B+C")
	require.NoError(t, err)
	for _, c := range []struct {
		args   []string
		values map[string]string // each variable's values, joined by spaces
		solved string
		size   int64
		err    string
	}{
		{args: []string{"A=0..3", "B=1,2.5,-7", "C=2", "I"}, values: map[string]string{"A": "0 1 2 3", "B": "1 2.5 -7"}, solved: "I", size: 12},
		{args: []string{"A=0.1..0.5", "step", "0.1", "N"}, values: map[string]string{"A": "0.1 0.2 0.3 0.4 0.5"}, solved: "N", size: 5},
		{args: []string{"A=1..2", "STEP", "0.3", "N", "I"}, values: map[string]string{"A": "1 1.3 1.6 1.9"}, solved: "N I", size: 4},
		{args: []string{"A=0.1..0.5 step 0.1", "N"}, values: map[string]string{"A": "0.1 0.2 0.3 0.4 0.5"}, solved: "N", size: 5},
		{args: []string{"A=1..2  STEP 0.5", "N"}, values: map[string]string{"A": "1 1.5 2"}, solved: "N", size: 3},
		{args: []string{"A=5", "N"}, values: map[string]string{}, solved: "N", size: 1},
		{args: []string{"A=0..3"}, err: "no variable to solve"},
		{args: []string{"Z=1", "N"}, err: `step "Z=1": not a menu variable of T (menu: I N A B C)`},
		{args: []string{"A=3..1", "N"}, err: "the range ends before it starts"},
		{args: []string{"A=0..1", "step", "0", "N"}, err: "the step must be above 0"},
		{args: []string{"A=0..1", "step"}, err: `"step" needs a number after it`},
		{args: []string{"A=1,x", "N"}, err: `"x" is not a number`},
		{args: []string{"A=1", "step", "2", "N"}, err: `"step" follows a range`},
		{args: []string{"A=0..1e15", "N"}, err: "more than 1099511627776 values"},
	} {
		p, err := ParsePlan(eq, c.args)
		if c.err != "" {
			require.Error(t, err, c.args)
			assert.Contains(t, err.Error(), c.err, c.args)
			continue
		}
		require.NoError(t, err, c.args)
		assert.Equal(t, c.solved, strings.Join(p.Solved, " "), c.args)
		assert.Equal(t, c.size, p.Size(), c.args)
		got := map[string]string{}
		for _, v := range p.Vars {
			var f []string
			for i := range v.Len() {
				f = append(f, v.At(i).String())
			}
			got[v.Name] = strings.Join(f, " ")
		}
		assert.Equal(t, c.values, got, c.args)
	}
}

// TestGridOrder: the first variable changes slowest, every point once.
func TestGridOrder(t *testing.T) {
	eq, _ := solver.Parse("X=A+B")
	p, err := ParsePlan(eq, []string{"A=1..2", "B=7,8,9", "X"})
	require.NoError(t, err)
	var got []string
	src := Grid(p)
	for {
		pt, ok, err := src.Next()
		require.NoError(t, err)
		if !ok {
			break
		}
		got = append(got, pt.Values[0].String()+pt.Values[1].String())
	}
	assert.Equal(t, []string{"17", "18", "19", "27", "28", "29"}, got)
	// Random: the same seed draws the same points, each within the grids.
	a, b := Random(p, 20, 5), Random(p, 20, 5)
	for range 20 {
		x, _, _ := a.Next()
		y, _, _ := b.Next()
		assert.Equal(t, x.Index, y.Index)
		assert.Less(t, x.Index[1], int64(3))
	}
	_, ok, _ := a.Next()
	assert.False(t, ok)
}

// TestCriterion: numbers agree by the criterion, messages by their text,
// a number never with a message.
func TestCriterion(t *testing.T) {
	n := func(s string) Value { return Value{Num: hp17b.MustParse(s)} }
	fix2, _ := ModeOf("fix2")
	d6, _ := Digits(6)
	rel, err := Rel("1e-3")
	require.NoError(t, err)
	for _, c := range []struct {
		crit  Criterion
		a, b  Value
		agree bool
	}{
		{Default, n("1.5"), n("1.5"), true},
		{Default, n("1.5"), n("1.50000000001"), false},
		{Criterion{Display: fix2}, n("1.5"), n("1.504"), true},
		{Criterion{Display: fix2}, n("1.5"), n("1.506"), false},
		{d6, n("1000000"), n("1000000.9"), true},
		{d6, n("1000000"), n("1000002"), false},
		{rel, n("-100"), n("-100.1"), true},
		{rel, n("0"), n("1e-300"), false},
		{Default, Value{Msg: "SOLUTION NOT FOUND"}, Value{Msg: " solution not found "}, true},
		{Default, Value{Msg: "SOLUTION NOT FOUND"}, n("0"), false},
		{Default, Value{Msg: "DIVIDE BY 0"}, Value{Msg: "SOLUTION NOT FOUND"}, false},
	} {
		assert.Equal(t, c.agree, c.crit.Agree(c.a, c.b), "%s: %s vs %s", c.crit, c.a.Text(), c.b.Text())
	}
	_, err = Digits(13)
	assert.Error(t, err)
	_, err = Rel("2")
	assert.Error(t, err)
}

// TestExpectedFiles: a CSV or JSON-lines file of expected results is the
// domain and the reference; a wrong expectation is a disagreement at its
// line, a bad line an error that names it.
func TestExpectedFiles(t *testing.T) {
	eq, _ := solver.Parse("D:Y=A÷B")
	for _, c := range []struct {
		name, text string
		disagree   int64
		err        string
	}{
		{"r.csv", "A,B,Y\n1,2,0.5\n1,0,SOLUTION NOT FOUND\n2,3,0.666666666667\n", 0, ""},
		{"r.csv", "B,A,Y\n2,1,0.5\n3,1,0.3\n", 1, ""},
		{"r.jsonl", `{"in":{"A":1,"B":4},"out":{"Y":0.25}}` + "\n\n" + `{"in":{"A":1,"B":0},"out":{"Y":"SOLUTION NOT FOUND"}}` + "\n", 0, ""},
		{"r.jsonl", `{"in":{"A":1,"B":4},"out":{"Y":0.5}}` + "\n", 1, ""},
		{"r.csv", "A,B,Y\n1,x,2\n", 0, "r.csv:2: column 2: \"x\" is not a number"},
		{"r.csv", "A,B\n1,2\n", 0, "no column names a solved variable"},
		{"r.csv", "A,Q,Y\n1,2,3\n", 0, "Q is not a menu variable"},
		{"r.jsonl", `{"in":{"A":1,"B":4},"out":{}}` + "\n", 0, "r.jsonl:1: gives no Y"},
		{"r.jsonl", "{\"in\":{\"A\":1,\"B\":4},\"out\":{\"Y\":1}}\nnope\n", 0, "r.jsonl:2: not a JSON object"},
	} {
		p, err := ParsePlan(eq, []string{"Y"})
		require.NoError(t, err)
		src, err := File(p, c.name, strings.NewReader(c.text), true)
		var rep *Report
		if err == nil {
			rep, err = Run(context.Background(), Config{Plan: p, Source: src, Ref: Expected{Name: c.name}})
		}
		if c.err != "" {
			require.Error(t, err, c.text)
			assert.Contains(t, err.Error(), c.err)
			continue
		}
		require.NoError(t, err, c.text)
		assert.Equal(t, c.disagree, rep.Disagree, c.text)
		assert.Nil(t, rep.Smallest)
	}
}

// TestRefEquation: a second equation through the same steps; one without
// the steps' variables is refused.
func TestRefEquation(t *testing.T) {
	a, _ := solver.Parse("V1:Y=A×(B+1)")
	b, _ := solver.Parse("V2:Y=A×B+A")
	c, _ := solver.Parse("V3:Y=A×B")
	p, err := ParsePlan(a, []string{"A=-3..3", "B=0..4", "Y", "B"})
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: Equation{Eq: b}})
	require.NoError(t, err)
	assert.True(t, rep.OK())
	assert.Equal(t, int64(35), rep.Agree)
	rep, err = Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: Equation{Eq: c}})
	require.NoError(t, err)
	assert.Equal(t, int64(30), rep.Disagree) // A = 0 agrees
	require.NotNil(t, rep.Smallest)
	assert.Equal(t, []Pair{{"A", "-3"}, {"B", "0"}}, rep.Smallest.Inputs)
	d, _ := solver.Parse("V4:Y=A")
	_, err = Run(context.Background(), Config{Plan: p, Source: Grid(p), Ref: Equation{Eq: d}})
	assert.ErrorContains(t, err, "the reference equation V4 has no menu variable B")
}

// TestPointsFile: a CSV file of points (inputs only) is the domain; a
// column the steps solve is refused there.
func TestPointsFile(t *testing.T) {
	a, _ := solver.Parse("V1:Y=A×(B+1)")
	b, _ := solver.Parse("V2:Y=A×B+A")
	p, err := ParsePlan(a, []string{"Y"})
	require.NoError(t, err)
	src, err := File(p, "pts.csv", strings.NewReader("A,B\n1,2\n-3,0.5\n4,1e3\n"), false)
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Plan: p, Source: src, Ref: Equation{Eq: b}})
	require.NoError(t, err)
	assert.Equal(t, int64(3), rep.Agree)
	assert.Equal(t, int64(-1), rep.Total)
	p, _ = ParsePlan(a, []string{"Y"})
	_, err = File(p, "pts.csv", strings.NewReader("A,Y\n1,2\n"), false)
	assert.ErrorContains(t, err, "column Y is solved by the steps")
	p, _ = ParsePlan(a, []string{"A=1..2", "Y"})
	_, err = File(p, "pts.csv", strings.NewReader("B\n1\n"), false)
	assert.ErrorContains(t, err, "the points come from a file: give constants in the steps")
}
