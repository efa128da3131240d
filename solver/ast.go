package solver

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/hp17b/hp17b/hp17b"
)

// Pos is a place in an equation's text: 1-based line and column, the column
// counted in characters.
type Pos struct {
	Line, Col int
}

func posOf(p lexer.Position) Pos { return Pos{Line: p.Line, Col: p.Column} }

// Node is a node of an equation's syntax tree.
type Node interface {
	// At is where the node starts in the equation's text.
	At() Pos
}

// Num is a number literal.
type Num struct {
	Pos   Pos
	Value hp17b.Number
}

// Var is a variable reference (also a name argument of L, G, S or Σ).
type Var struct {
	Pos  Pos
	Name string
}

// Unary is a sign applied to an operand: Op is '-' (a '+' sign is dropped).
type Unary struct {
	Pos Pos
	Op  byte
	X   Node
}

// Binary is an arithmetic operator: Op is one of + - * / ^.
type Binary struct {
	Pos  Pos
	Op   byte
	L, R Node
}

// Compare is a comparison inside an IF condition: Op is one of
// "=", "<>", "<", "<=", ">", ">=".
type Compare struct {
	Pos  Pos
	Op   string
	L, R Node
}

// Logic is AND or OR inside an IF condition.
type Logic struct {
	Pos  Pos
	Op   string
	L, R Node
}

// Not is NOT inside an IF condition.
type Not struct {
	Pos Pos
	X   Node
}

// Call is a function call, including IF, L, G, S and Σ (Fn is "Σ" however
// spelled) and the argument-less PI, CDATE and CTIME (Args empty).
type Call struct {
	Pos  Pos
	Fn   string
	Args []Node
}

// At is where the number starts.
func (n *Num) At() Pos { return n.Pos }

// At is where the name starts.
func (n *Var) At() Pos { return n.Pos }

// At is where the sign is.
func (n *Unary) At() Pos { return n.Pos }

// At is where the operator is.
func (n *Binary) At() Pos { return n.Pos }

// At is where the comparison operator is.
func (n *Compare) At() Pos { return n.Pos }

// At is where AND or OR is.
func (n *Logic) At() Pos { return n.Pos }

// At is where NOT is.
func (n *Not) At() Pos { return n.Pos }

// At is where the function's name starts.
func (n *Call) At() Pos { return n.Pos }

// binaryNode is a node with two operands.
type binaryNode interface {
	operands() (Node, Node)
}

func (n *Binary) operands() (Node, Node)  { return n.L, n.R }
func (n *Compare) operands() (Node, Node) { return n.L, n.R }
func (n *Logic) operands() (Node, Node)   { return n.L, n.R }

// builder turns the participle tree into Nodes, checking as it goes.
type builder struct {
	err *SyntaxError
}

func (b *builder) fail(p Pos, format string, args ...any) {
	if b.err == nil {
		b.err = &SyntaxError{Pos: p, Msg: fmt.Sprintf(format, args...)}
	}
}

// isBool reports whether a node yields a truth value (only legal as an IF
// condition or an operand of AND, OR, NOT).
func isBool(n Node) bool {
	switch n := n.(type) {
	case *Compare, *Logic, *Not:
		return true
	case *Call:
		return n.Fn == "S"
	}
	return false
}

func (b *builder) number(n Node) Node {
	if n != nil && isBool(n) {
		b.fail(n.At(), "a comparison or S() can only be the condition of IF")
	}
	return n
}

func (b *builder) boolean(n Node) Node {
	if n != nil && !isBool(n) {
		b.fail(n.At(), "IF needs a condition here: a comparison, S(), AND, OR or NOT")
	}
	return n
}

func (b *builder) or(g *gOr) Node {
	n := b.and(g.Left)
	for _, r := range g.Rest {
		n = &Logic{Pos: posOf(r.Pos), Op: "OR", L: b.boolean(n), R: b.boolean(b.and(r.Right))}
	}
	return n
}

func (b *builder) and(g *gAnd) Node {
	n := b.not(g.Left)
	for _, r := range g.Rest {
		n = &Logic{Pos: posOf(r.Pos), Op: "AND", L: b.boolean(n), R: b.boolean(b.not(r.Right))}
	}
	return n
}

func (b *builder) not(g *gNot) Node {
	if g.Not != nil {
		return &Not{Pos: posOf(g.Pos), X: b.boolean(b.not(g.Not))}
	}
	return b.cmp(g.Cmp)
}

var cmpOps = map[string]string{"≤": "<=", "≥": ">=", "≠": "<>"}

func (b *builder) cmp(g *gCmp) Node {
	l := b.sum(g.Left)
	if g.Op == nil {
		return l
	}
	op := g.Op.Op
	if o, ok := cmpOps[op]; ok {
		op = o
	}
	return &Compare{Pos: posOf(g.Op.Pos), Op: op, L: b.number(l), R: b.number(b.sum(g.Right))}
}

func (b *builder) sum(g *gSum) Node {
	n := b.term(g.Left)
	for _, r := range g.Rest {
		op := byte('+')
		if r.Op != "+" {
			op = '-'
		}
		n = &Binary{Pos: posOf(r.Pos), Op: op, L: b.number(n), R: b.number(b.term(r.Right))}
	}
	return n
}

func (b *builder) term(g *gTerm) Node {
	n := b.power(g.Left)
	for _, r := range g.Rest {
		op := byte('*')
		if r.Op == "÷" || r.Op == "/" {
			op = '/'
		}
		n = &Binary{Pos: posOf(r.Pos), Op: op, L: b.number(n), R: b.number(b.power(r.Right))}
	}
	if g.Sign != nil && *g.Sign != "+" {
		n = &Unary{Pos: posOf(g.Pos), Op: '-', X: b.number(n)}
	}
	return n
}

func (b *builder) power(g *gPower) Node {
	n := b.unary(g.Left)
	for _, r := range g.Rest {
		n = &Binary{Pos: posOf(r.Pos), Op: '^', L: b.number(n), R: b.number(b.unary(r.Right))}
	}
	return n
}

func (b *builder) unary(g *gUnary) Node {
	n := b.primary(g.Prim)
	if g.Sign != nil && *g.Sign != "+" {
		n = &Unary{Pos: posOf(g.Pos), Op: '-', X: b.number(n)}
	}
	return n
}

func (b *builder) primary(g *gPrimary) Node {
	p := posOf(g.Pos)
	switch {
	case g.Number != nil:
		v, err := hp17b.Parse(strings.ReplaceAll(*g.Number, "−", "-"))
		if err != nil && err != hp17b.ErrOverflow {
			b.fail(p, "bad number %q", *g.Number)
		}
		return &Num{Pos: p, Value: v}
	case g.Call != nil:
		return b.call(g.Call)
	case g.Name != nil:
		name := *g.Name
		// PI, CDATE and CTIME take no parentheses; any other function name
		// without them is an ordinary variable name.
		if f, ok := lookupFn(name); ok && f.kind == fnNullary {
			return &Call{Pos: p, Fn: name}
		}
		switch name {
		case "AND", "OR", "NOT":
			b.fail(p, "%s needs a condition on each side, inside IF", name)
		}
		return &Var{Pos: p, Name: name}
	default:
		return b.or(g.Group)
	}
}

func (b *builder) name(n Node, fn string) Node {
	if _, ok := n.(*Var); !ok {
		b.fail(n.At(), "%s needs a variable name here", fn)
	}
	return n
}

func (b *builder) call(g *gCall) Node {
	p := posOf(g.Pos)
	info, ok := lookupFn(g.Name)
	fn := g.Name
	if ok {
		fn = info.name
	}
	if !ok {
		// The 17BII puts the cursor on the '(' after a name it has no
		// function for (J. Kearns, "Solver issue with HP 17BII - different
		// from 19BII", HP Museum forum, 27 Nov 2013: the 19BII's FV( is
		// INVALID EQUATION "at the first bracket").
		open := Pos{Line: p.Line, Col: p.Col + utf8.RuneCountInString(g.Name)}
		b.fail(open, "%s is not a function of the HP-17BII: a name followed by '(' must be one of its functions", g.Name)
		return &Call{Pos: p, Fn: fn}
	}
	if info.kind == fnNullary {
		b.fail(p, "%s takes no arguments and no parentheses", fn)
	}
	if len(g.Args) != info.arity {
		at := p
		if len(g.Args) > info.arity {
			at = posOf(g.Args[info.arity].Pos)
		} else {
			at = posOf(g.Close.Pos)
		}
		b.fail(at, "%s takes %d argument%s separated by ':', not %d", fn, info.arity, plural(info.arity), len(g.Args))
		return &Call{Pos: p, Fn: fn}
	}
	args := make([]Node, len(g.Args))
	for i, a := range g.Args {
		args[i] = b.or(a)
	}
	switch info.kind {
	case fnIf:
		b.boolean(args[0])
		b.number(args[1])
		b.number(args[2])
	case fnLet:
		b.name(args[0], fn)
		b.number(args[1])
	case fnGet, fnS:
		b.name(args[0], fn)
	case fnSigma:
		b.name(args[0], fn)
		for _, a := range args[1:] {
			b.number(a)
		}
	case fnList:
		b.name(args[0], fn)
		for _, a := range args[1:] {
			b.number(a)
		}
	default:
		for _, a := range args {
			b.number(a)
		}
	}
	return &Call{Pos: p, Fn: fn, Args: args}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
