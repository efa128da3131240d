package compare

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
)

// Point is one point of the domain: its place in the order compared (N,
// from 0), each domain variable's value (Plan.Vars order) and, for a grid
// or random point, each value's index in its variable's grid (nil for a
// point read from a file). Want is the expected answer a file of expected
// results gives (nil otherwise).
type Point struct {
	N      int64
	Index  []int64
	Values []hp17b.Number
	Want   *Answer
}

// Source streams the domain's points: Next returns the next one, false at
// the end; an error is a bad line of a file (with its line number). Total
// is the count of points when known in advance, else -1.
type Source interface {
	Next() (Point, bool, error)
	Total() int64
}

// Grid is the product of the plan's variables, the first changing slowest
// (nested loops, as NIM's A 0..1 B 0..3 C 0..5 D 0..7 is read). It holds
// one point at a time.
func Grid(p *Plan) Source { return &grid{p: p, total: p.Size()} }

type grid struct {
	p     *Plan
	idx   []int64
	n     int64
	total int64
}

func (g *grid) Total() int64 { return g.total }

func (g *grid) Next() (Point, bool, error) {
	if g.n >= g.total {
		return Point{}, false, nil
	}
	if g.idx == nil {
		g.idx = make([]int64, len(g.p.Vars))
	} else {
		for i := len(g.idx) - 1; i >= 0; i-- {
			g.idx[i]++
			if g.idx[i] < g.p.Vars[i].N {
				break
			}
			g.idx[i] = 0
		}
	}
	pt := at(g.p, g.n, slices.Clone(g.idx))
	g.n++
	return pt, true, nil
}

// at is the point of the given grid indexes.
func at(p *Plan, n int64, idx []int64) Point {
	vals := make([]hp17b.Number, len(idx))
	for i, j := range idx {
		vals[i] = p.Vars[i].At(j)
	}
	return Point{N: n, Index: idx, Values: vals}
}

// Random is n points drawn from the plan's grids, each variable's value
// uniform over its own grid, from a PCG generator seeded with seed: the
// same seed draws the same points.
func Random(p *Plan, n int64, seed uint64) Source {
	return &random{p: p, total: n, rng: rand.New(rand.NewPCG(seed, 0x17b))}
}

type random struct {
	p        *Plan
	total, n int64
	rng      *rand.Rand
}

func (r *random) Total() int64 { return r.total }

func (r *random) Next() (Point, bool, error) {
	if r.n >= r.total {
		return Point{}, false, nil
	}
	idx := make([]int64, len(r.p.Vars))
	for i, v := range r.p.Vars {
		idx[i] = r.rng.Int64N(v.N)
	}
	pt := at(r.p, r.n, idx)
	r.n++
	return pt, true, nil
}

// File reads points, and with expect their expected results, from r: CSV
// with a header line, or JSON lines ({"in":{"A":1},"out":{"X":2}}) when
// name ends in .jsonl or .json. A CSV column named for a solved variable
// is an expected result (expect) and any other must be a menu variable,
// stored before the plan's steps in the column's order; a cell that is not
// a number is a message ("SOLUTION NOT FOUND"). The file's input names
// become the plan's variables (UseColumns).
func File(p *Plan, name string, r io.Reader, expect bool) (Source, error) {
	f := &file{p: p, name: name, expect: expect}
	if strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json") {
		f.lines = bufio.NewScanner(r)
		f.lines.Buffer(nil, 1<<20)
		// The first line names the inputs: read it now, before any
		// point is solved with the plan.
		pt, ok, err := f.nextJSON()
		if err != nil {
			return nil, err
		}
		if ok {
			f.first = &pt
		}
		return f, nil
	}
	f.csv = csv.NewReader(r)
	f.csv.ReuseRecord = true
	f.csv.FieldsPerRecord = -1
	head, err := f.csv.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: no header line: %v", name, err)
	}
	var ins []string
	for _, h := range head {
		h = strings.TrimSpace(h)
		if i := slices.Index(p.Solved, h); i >= 0 {
			if !expect {
				return nil, fmt.Errorf("%s: column %s is solved by the steps; a file of points gives inputs only (use --expect for expected results)", name, h)
			}
			f.cols = append(f.cols, column{out: i, in: -1})
			continue
		}
		f.cols = append(f.cols, column{out: -1, in: len(ins)})
		ins = append(ins, h)
	}
	if err := p.UseColumns(ins); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if expect && !slices.ContainsFunc(f.cols, func(c column) bool { return c.out >= 0 }) {
		return nil, fmt.Errorf("%s: no column names a solved variable (%s): nothing to expect", name, strings.Join(p.Solved, " "))
	}
	f.line = 1
	return f, nil
}

type column struct{ in, out int }

type file struct {
	p      *Plan
	name   string
	expect bool
	csv    *csv.Reader
	cols   []column
	lines  *bufio.Scanner
	line   int
	n      int64
	named  bool   // the JSON lines' names are read (from the first line)
	first  *Point // the first JSON line's point, read by File
}

func (f *file) Total() int64 { return -1 }

func (f *file) Next() (Point, bool, error) {
	if f.first != nil {
		pt := *f.first
		f.first = nil
		return pt, true, nil
	}
	if f.lines != nil {
		return f.nextJSON()
	}
	rec, err := f.csv.Read()
	f.line++
	if errors.Is(err, io.EOF) {
		return Point{}, false, nil
	}
	if err != nil {
		return Point{}, false, fmt.Errorf("%s: %v", f.name, err)
	}
	if len(rec) != len(f.cols) {
		return Point{}, false, fmt.Errorf("%s:%d: %d cells; the header has %d", f.name, f.line, len(rec), len(f.cols))
	}
	pt := Point{N: f.n, Values: make([]hp17b.Number, len(f.p.Vars))}
	if f.expect {
		pt.Want = &Answer{Out: make([]Value, len(f.p.Solved))}
		for i := range pt.Want.Out {
			pt.Want.Out[i] = Value{Msg: "(not in the file)"}
		}
	}
	for i, c := range f.cols {
		cell := strings.TrimSpace(rec[i])
		if c.out >= 0 {
			pt.Want.Out[c.out] = cellValue(cell)
			continue
		}
		x, err := number(cell)
		if err != nil {
			return Point{}, false, fmt.Errorf("%s:%d: column %d: %v", f.name, f.line, i+1, err)
		}
		pt.Values[c.in] = x
	}
	f.n++
	return pt, true, nil
}

// cellValue reads an expected result: a number, or a message.
func cellValue(s string) Value {
	x, err := hp17b.Parse(s)
	switch {
	case err == hp17b.ErrOverflow:
		return Value{Msg: hp17b.ErrOverflow.Msg}
	case err != nil:
		return Value{Msg: strings.ToUpper(strings.TrimSpace(s))}
	}
	return Value{Num: x}
}

// fileLine is one JSON line of a file of points or expected results.
type fileLine struct {
	In  map[string]json.RawMessage `json:"in"`
	Out map[string]json.RawMessage `json:"out"`
}

func (f *file) nextJSON() (Point, bool, error) {
	for {
		if !f.lines.Scan() {
			if err := f.lines.Err(); err != nil {
				return Point{}, false, fmt.Errorf("%s:%d: %v", f.name, f.line+1, err)
			}
			return Point{}, false, nil
		}
		f.line++
		if strings.TrimSpace(f.lines.Text()) != "" {
			break
		}
	}
	var l fileLine
	if err := json.Unmarshal(f.lines.Bytes(), &l); err != nil {
		return Point{}, false, fmt.Errorf("%s:%d: not a JSON object {\"in\":{…},\"out\":{…}}: %v", f.name, f.line, err)
	}
	if !f.named {
		names := make([]string, 0, len(l.In))
		for k := range l.In {
			names = append(names, k)
		}
		slices.Sort(names)
		if err := f.p.UseColumns(names); err != nil {
			return Point{}, false, fmt.Errorf("%s:%d: %v", f.name, f.line, err)
		}
		f.named = true
	}
	pt := Point{N: f.n, Values: make([]hp17b.Number, len(f.p.Vars))}
	if len(l.In) != len(f.p.Vars) {
		return Point{}, false, fmt.Errorf("%s:%d: %d inputs; the first line has %d", f.name, f.line, len(l.In), len(f.p.Vars))
	}
	for i, v := range f.p.Vars {
		raw, ok := l.In[v.Name]
		if !ok {
			return Point{}, false, fmt.Errorf("%s:%d: no input %s (the first line has it)", f.name, f.line, v.Name)
		}
		x, err := jsonValue(raw)
		if err != nil || !x.IsNum() {
			return Point{}, false, fmt.Errorf("%s:%d: input %s: %s is not a number", f.name, f.line, v.Name, raw)
		}
		pt.Values[i] = x.Num
	}
	if f.expect {
		a, err := outAnswer(f.p, l.Out)
		if err != nil {
			return Point{}, false, fmt.Errorf("%s:%d: %v", f.name, f.line, err)
		}
		pt.Want = &a
	}
	f.n++
	return pt, true, nil
}

// UseColumns makes names, read from a file of points, the plan's
// variables, stored in that order before its steps. Each must be a menu
// variable the steps neither solve nor take from a range or list.
func (p *Plan) UseColumns(names []string) error {
	if len(p.Vars) > 0 {
		return fmt.Errorf("the points come from a file: give constants in the steps, not ranges or lists (%s)", p.Vars[0].Text)
	}
	var steps []Step
	for _, n := range names {
		if !slices.Contains(p.Eq.Menu, n) {
			return fmt.Errorf("%s is not a menu variable of %s (menu: %s)", n, p.Eq.Title(), strings.Join(p.Eq.Menu, " "))
		}
		if slices.Contains(p.Solved, n) {
			return fmt.Errorf("%s is solved by the steps; it cannot be an input", n)
		}
		steps = append(steps, Step{Name: n, Store: true, Var: len(p.Vars)})
		p.Vars = append(p.Vars, &Var{Name: n, Text: n + " from the file"})
	}
	p.Steps = append(steps, p.Steps...)
	return nil
}
