package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
)

// The protocol of a reference program (docs/compare.md): one JSON line a
// point on its standard input,
//
//	{"n":0,"in":{"A":1,"B":3,"C":5,"D":7},"solve":["EVAL"]}
//
// n the point's number from 0, in every value stored (numbers in the
// calculator's text, 12 digits at most), solve the names solved in order;
// and one JSON line a point on its standard output, in the same order,
//
//	{"n":0,"out":{"EVAL":"SOLUTION NOT FOUND"}}
//
// out giving each solved name a number (a JSON number, or a string that
// holds one) or the message the calculator shows instead; it may give
// other variables of the equation too, compared with their values after
// the steps. n may be left out; when given it must be the point's.

// encoder writes a plan's points as request lines.
type encoder struct {
	plan   *Plan
	ins    []int    // for each "in" name, the step whose value is the last stored
	keys   [][]byte // `"A":` for each
	consts []string // each value's text when it is a constant
	solved []byte   // `,"solve":["X"]}` + "\n"
}

func newEncoder(p *Plan) *encoder {
	e := &encoder{plan: p}
	last := map[string]int{}
	var order []string
	for i, st := range p.Steps {
		if !st.Store {
			continue
		}
		if _, ok := last[st.Name]; !ok {
			order = append(order, st.Name)
		}
		last[st.Name] = i
	}
	for _, n := range order {
		e.ins = append(e.ins, last[n])
		k, _ := json.Marshal(n)
		e.keys = append(e.keys, append(k, ':'))
		e.consts = append(e.consts, p.Steps[last[n]].Value.String())
	}
	s, _ := json.Marshal(p.Solved)
	e.solved = append(append([]byte(`},"solve":`), s...), "}\n"...)
	return e
}

// append writes pt's request line to b.
func (e *encoder) append(b []byte, pt *Point) []byte {
	b = append(b, `{"n":`...)
	b = strconv.AppendInt(b, pt.N, 10)
	b = append(b, `,"in":{`...)
	for j, i := range e.ins {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, e.keys[j]...)
		if st := e.plan.Steps[i]; st.Var >= 0 {
			b = append(b, pt.Values[st.Var].String()...)
		} else {
			b = append(b, e.consts[j]...)
		}
	}
	return append(b, e.solved...)
}

// answerLine is one line of a reference's answer.
type answerLine struct {
	N   *int64                     `json:"n"`
	Out map[string]json.RawMessage `json:"out"`
}

// decodeAnswer reads the answer line for point n.
func decodeAnswer(p *Plan, line []byte, n int64) (Answer, error) {
	if a, ok := fastAnswer(p, line, n); ok {
		return a, nil
	}
	return decodeGeneral(p, line, n)
}

// decodeGeneral is decodeAnswer through encoding/json.
func decodeGeneral(p *Plan, line []byte, n int64) (Answer, error) {
	var l answerLine
	d := json.NewDecoder(bytes.NewReader(line))
	if err := d.Decode(&l); err != nil || d.More() {
		return Answer{}, fmt.Errorf("not one JSON object {\"n\":…,\"out\":{…}}: %s", quoteLine(line))
	}
	if l.N != nil && *l.N != n {
		return Answer{}, fmt.Errorf("answers point %d where point %d was due (a line missing or one too many before it?)", *l.N, n)
	}
	if l.Out == nil {
		return Answer{}, fmt.Errorf("has no \"out\": %s", quoteLine(line))
	}
	return outAnswer(p, l.Out)
}

// outAnswer reads an "out" object: every solved name, and any variables
// of the equation.
func outAnswer(p *Plan, out map[string]json.RawMessage) (Answer, error) {
	a := Answer{Out: make([]Value, len(p.Solved))}
	for i, name := range p.Solved {
		raw, ok := out[name]
		if !ok {
			return Answer{}, fmt.Errorf("gives no %s in \"out\" (the steps solve %s)", name, strings.Join(p.Solved, " "))
		}
		v, err := jsonValue(raw)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", name, err)
		}
		a.Out[i] = v
	}
	if len(out) == len(p.Solved) {
		return a, nil
	}
	for name, raw := range out {
		if slices.Contains(p.Solved, name) {
			continue
		}
		if !slices.Contains(p.Eq.Names, name) {
			return Answer{}, fmt.Errorf("gives %s, which is no variable of %s", name, p.Eq.Title())
		}
		v, err := jsonValue(raw)
		if err != nil {
			return Answer{}, fmt.Errorf("%s: %v", name, err)
		}
		a.Extra = append(a.Extra, NamedValue{Name: name, Value: v})
	}
	slices.SortFunc(a.Extra, func(x, y NamedValue) int { return strings.Compare(x.Name, y.Name) })
	return a, nil
}

// jsonValue reads a result: a JSON number, or a string (a number's text,
// or a message).
func jsonValue(raw json.RawMessage) (Value, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return Value{}, err
		}
		return cellValue(s), nil
	}
	if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		return Value{}, fmt.Errorf("%s is neither a number nor a message string", quoteLine(raw))
	}
	x, err := hp17b.Parse(string(raw))
	switch {
	case err == hp17b.ErrOverflow:
		return Value{Msg: hp17b.ErrOverflow.Msg}, nil
	case err != nil:
		return Value{}, fmt.Errorf("%s is not a number", quoteLine(raw))
	}
	return Value{Num: x}, nil
}

// quoteLine is a line as a message quotes it: at most 80 bytes, quoted.
func quoteLine(b []byte) string {
	if len(b) > 80 {
		return strconv.Quote(string(b[:80])) + "…"
	}
	return strconv.Quote(string(b))
}
