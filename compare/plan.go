// Package compare checks a Solver equation against a reference point by
// point: a program the user names (run once, fed the points as JSON lines:
// docs/compare.md), a second equation, a file of expected results, or a Go
// function. The points are the product of the ranges and lists written in
// the steps (A=0..7, I=0.1..20 step 0.1, A=1,2,5), seeded random points
// over them, or a CSV file; each is solved as `hp17b solve` solves it
// (fresh variables, the steps in order) on every core, the reference kept
// open and fed in batches. The report counts the points that agree, lists
// the disagreements with the equation's L() values, shrinks the first one
// toward the ranges' starts and says where the disagreements cluster.
// `hp17b compare --ref`, `--ref-eq` and `--expect` print it (cmd/hp17b).
package compare

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// MaxGrid bounds a variable's grid (points of one range); the product of
// the grids may be larger (it is streamed, never held).
const MaxGrid = 1 << 40

// Var is one variable of the domain: a list of values, or a range start,
// start+step, … up to its end (the grid), as a step wrote it.
type Var struct {
	// Name is the menu variable, Text the step as written.
	Name, Text string
	// List holds a list's values (nil for a range).
	List []hp17b.Number
	// Start and Step are a range's first value and its step (1 unless
	// written), N its count of values (for a list, len(List)).
	Start, Step hp17b.Number
	N           int64
}

// Len is the number of the variable's values.
func (v *Var) Len() int64 { return v.N }

// At is the variable's i-th value (0 ≤ i < Len), computed as start + i×step
// in the calculator's arithmetic, so that 0.1..20 step 0.1 holds 0.3, not a
// binary neighbour.
func (v *Var) At(i int64) hp17b.Number {
	if v.List != nil {
		return v.List[i]
	}
	d, _ := hp17b.Mul(hp17b.FromInt(i), v.Step)
	x, _ := hp17b.Add(v.Start, d)
	return x
}

// Step is one step of a point: a store of a constant, of a domain
// variable's value (Var ≥ 0: Plan.Vars[Var]), or a solve.
type Step struct {
	Name  string
	Store bool
	Value hp17b.Number
	Var   int
}

// Plan is what to do at each point: the equation, its steps in order, the
// domain's variables (in the order the steps name them; the first changes
// slowest) and the names solved, in order, whose results are compared.
type Plan struct {
	Eq     *solver.Equation
	Steps  []Step
	Vars   []*Var
	Solved []string
	// Inter are the equation's names that are no menu variable: its L()
	// variables and the like, whose values a disagreement shows.
	Inter []string
}

// ParsePlan reads the steps of a comparison for eq, `hp17b solve`'s steps
// with domains: NAME=VALUE stores a constant, NAME=A..B a range (step 1,
// or the number after a following "step" word: I=0.1..20 step 0.1, as
// three arguments or one),
// NAME=X,Y,Z a list, NAME solves. Each name must be a menu variable of eq;
// a bad number, an empty or backward range, a step of 0, or a grid of more
// than MaxGrid values is an error that says which step.
func ParsePlan(eq *solver.Equation, args []string) (*Plan, error) {
	p := &Plan{Eq: eq}
	menu := map[string]bool{}
	for _, m := range eq.Menu {
		menu[m] = true
	}
	for _, n := range eq.Names {
		if !menu[n] {
			p.Inter = append(p.Inter, n)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		stepText := ""
		if f := strings.Fields(a); len(f) == 3 && strings.EqualFold(f[1], "step") {
			// The step quoted whole, as one argument: 'I%YR=1..12 step 0.5'.
			a, stepText = f[0], f[2]
		}
		name, val, store := strings.Cut(a, "=")
		if !menu[name] {
			return nil, fmt.Errorf("step %q: not a menu variable of %s (menu: %s)", a, eq.Title(), strings.Join(eq.Menu, " "))
		}
		if !store {
			p.Steps = append(p.Steps, Step{Name: name, Var: -1})
			if !slices.Contains(p.Solved, name) {
				p.Solved = append(p.Solved, name)
			}
			continue
		}
		if stepText == "" && i+1 < len(args) && strings.EqualFold(args[i+1], "step") {
			if i+2 >= len(args) {
				return nil, fmt.Errorf("step %q: \"step\" needs a number after it", a)
			}
			stepText = args[i+2]
			i += 2
		}
		v, err := parseVar(name, val, stepText)
		if err != nil {
			return nil, fmt.Errorf("step %q: %v", a, err)
		}
		if v == nil { // a constant
			x, _ := hp17b.Parse(val)
			p.Steps = append(p.Steps, Step{Name: name, Store: true, Value: x, Var: -1})
			continue
		}
		v.Text = a
		if stepText != "" {
			v.Text += " step " + stepText
		}
		p.Steps = append(p.Steps, Step{Name: name, Store: true, Var: len(p.Vars)})
		p.Vars = append(p.Vars, v)
	}
	if len(p.Solved) == 0 {
		return nil, fmt.Errorf("no variable to solve: name one after the stores (menu: %s)", strings.Join(eq.Menu, " "))
	}
	return p, nil
}

// number reads one number of a step.
func number(s string) (hp17b.Number, error) {
	x, err := hp17b.Parse(strings.TrimSpace(s))
	if err != nil && err != hp17b.ErrOverflow {
		return x, fmt.Errorf("%q is not a number", s)
	}
	return x, nil
}

// parseVar reads a store's value: nil for a constant, else a list or a
// range (stepText its step, "" for 1).
func parseVar(name, val, stepText string) (*Var, error) {
	if lo, hi, ok := strings.Cut(val, ".."); ok {
		start, err := number(lo)
		if err != nil {
			return nil, err
		}
		end, err := number(hi)
		if err != nil {
			return nil, err
		}
		step := hp17b.FromInt(1)
		if stepText != "" {
			if step, err = number(stepText); err != nil {
				return nil, err
			}
		}
		n, err := gridLen(start, end, step)
		if err != nil {
			return nil, err
		}
		return &Var{Name: name, Start: start, Step: step, N: n}, nil
	}
	if stepText != "" {
		return nil, fmt.Errorf("\"step\" follows a range (A..B), not %q", val)
	}
	if !strings.Contains(val, ",") {
		if _, err := number(val); err != nil {
			return nil, err
		}
		return nil, nil
	}
	v := &Var{Name: name}
	for f := range strings.SplitSeq(val, ",") {
		x, err := number(f)
		if err != nil {
			return nil, err
		}
		v.List = append(v.List, x)
	}
	v.N = int64(len(v.List))
	return v, nil
}

// gridLen is the count of start, start+step, … ≤ end, computed exactly.
func gridLen(start, end, step hp17b.Number) (int64, error) {
	s, e, d := rat(start), rat(end), rat(step)
	if d.Sign() <= 0 {
		return 0, fmt.Errorf("the step must be above 0")
	}
	if e.Cmp(s) < 0 {
		return 0, fmt.Errorf("the range ends before it starts")
	}
	q := new(big.Rat).Quo(new(big.Rat).Sub(e, s), d)
	n := new(big.Int).Quo(q.Num(), q.Denom())
	n.Add(n, big.NewInt(1))
	if !n.IsInt64() || n.Int64() > MaxGrid {
		return 0, fmt.Errorf("more than %d values in one range: give a larger step", int64(MaxGrid))
	}
	return n.Int64(), nil
}

func rat(x hp17b.Number) *big.Rat {
	r, _ := new(big.Rat).SetString(x.String())
	if r == nil {
		return new(big.Rat)
	}
	return r
}

// Size is the count of the domain's grid points, the product of the
// variables' lengths (saturating at the largest int64).
func (p *Plan) Size() int64 {
	n := int64(1)
	for _, v := range p.Vars {
		if v.N != 0 && n > (1<<63-1)/v.N {
			return 1<<63 - 1
		}
		n *= v.N
	}
	return n
}

// Describe says the domain in words: "A 0..1, B 0..3 (8 points)".
func (p *Plan) Describe() string {
	var f []string
	for _, v := range p.Vars {
		f = append(f, v.Text)
	}
	if len(f) == 0 {
		return "one point"
	}
	return fmt.Sprintf("%s (%d points)", strings.Join(f, " "), p.Size())
}
