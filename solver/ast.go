package solver

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/hp17b/hp17b/hp17b"
)

func posOf(p lexer.Position) Pos { return Pos{Line: p.Line, Col: p.Column} }

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

// logic joins two conditions with AND or OR.
func (b *builder) logic(p lexer.Position, op Conj, l, r Node) Node {
	return &Logic{Pos: posOf(p), Op: op, L: b.boolean(l), R: b.boolean(r)}
}

// arith joins two numbers with an arithmetic operator.
func (b *builder) arith(p lexer.Position, op Op, l, r Node) Node {
	return &Binary{Pos: posOf(p), Op: op, L: b.number(l), R: b.number(r)}
}

// negate applies a sign token: '-' or '−' negates, '+' is dropped, and
// none (the zero token) leaves n as it is.
func (b *builder) negate(sign lexer.Token, n Node) Node {
	if sign.Value != "" && sign.Value != "+" {
		return &Neg{Pos: posOf(sign.Pos), X: b.number(n)}
	}
	return n
}

// expr builds conditions joined left to right, AND before OR: an OR
// waits until the AND-joined run to its right is complete.
func (b *builder) expr(g *gExpr) Node {
	var or Node
	var orAt lexer.Position
	and := b.cond(g.First)
	for _, r := range g.Rest {
		if r.Op.Value == "AND" {
			and = b.logic(r.Op.Pos, And, and, b.cond(r.Right))
			continue
		}
		if or != nil {
			and = b.logic(orAt, Or, or, and)
		}
		or, orAt = and, r.Op.Pos
		and = b.cond(r.Right)
	}
	if or != nil {
		return b.logic(orAt, Or, or, and)
	}
	return and
}

// rels reads a comparison operator, in any of its spellings.
var rels = map[string]Rel{"=": Eq, "<>": Ne, "≠": Ne, "<": Lt, "<=": Le, "≤": Le, ">": Gt, ">=": Ge, "≥": Ge}

// cond builds a comparison (or a lone arithmetic list) under its NOT marks,
// the innermost NOT first.
func (b *builder) cond(g *gCond) Node {
	n := b.arithList(g.Left)
	if g.Right != nil {
		n = &Compare{Pos: posOf(g.Rel.Pos), Op: rels[g.Rel.Value], L: b.number(n), R: b.number(b.arithList(g.Right))}
	}
	for i := len(g.Not) - 1; i >= 0; i-- {
		n = &Not{Pos: posOf(g.Not[i].Pos), X: b.boolean(n)}
	}
	return n
}

// arithCursor walks an arithmetic list: the operator at next joins what is
// built so far to the primary after it.
type arithCursor struct {
	b    *builder
	g    *gArith
	next int
}

// peek returns the next operator's symbol, or "" at the end of the list.
func (c *arithCursor) peek() string {
	if c.next < len(c.g.Rest) {
		return c.g.Rest[c.next].Toks[0].Value
	}
	return ""
}

// arithList builds sums of terms, as the levels + − < sign of a term <
// × ÷ < ^ < sign of a primary would have nested them.
func (b *builder) arithList(g *gArith) Node {
	c := &arithCursor{b: b, g: g}
	n := c.term(g.Signs, g.First)
	for {
		op := Add
		switch c.peek() {
		case "+":
		case "-", "−":
			op = Sub
		default:
			return n
		}
		r := g.Rest[c.next]
		c.next++
		n = b.arith(r.Toks[0].Pos, op, n, c.term(r.Toks[1:], r.Prim))
	}
}

// term builds a term from its signs and first primary: with two signs the
// first is the term's and the second the primary's; one sign is the
// term's.
func (c *arithCursor) term(signs []lexer.Token, first *gPrimary) Node {
	var termSign, primSign lexer.Token
	if len(signs) > 0 {
		termSign = signs[0]
	}
	if len(signs) > 1 {
		primSign = signs[1]
	}
	n := c.power(primSign, first)
	for {
		op := Mul
		switch c.peek() {
		case "×", "*":
		case "÷", "/":
			op = Div
		default:
			return c.b.negate(termSign, n)
		}
		r := c.g.Rest[c.next]
		c.next++
		n = c.b.arith(r.Toks[0].Pos, op, n, c.power(signAfter(r), r.Prim))
	}
}

// power builds a primary with its sign raised left to right by each '^'
// that follows.
func (c *arithCursor) power(sign lexer.Token, first *gPrimary) Node {
	n := c.b.negate(sign, c.b.primary(first))
	for c.peek() == "^" {
		r := c.g.Rest[c.next]
		c.next++
		n = c.b.arith(r.Toks[0].Pos, Pow, n, c.b.negate(signAfter(r), c.b.primary(r.Prim)))
	}
	return n
}

// signAfter is the sign after a × ÷ ^ operator, or the zero token.
func signAfter(r *gArithOp) lexer.Token {
	if len(r.Toks) > 1 {
		return r.Toks[1]
	}
	return lexer.Token{}
}

func (b *builder) primary(g *gPrimary) Node {
	switch {
	case g.Number.Value != "":
		p := posOf(g.Number.Pos)
		v, err := hp17b.Parse(strings.ReplaceAll(g.Number.Value, "−", "-"))
		if err != nil && err != hp17b.ErrOverflow {
			b.fail(p, "bad number %q", g.Number.Value)
		}
		return &Num{Pos: p, Value: v}
	case g.Args != nil:
		return b.call(g.Name, g.Args)
	case g.Name.Value != "":
		p := posOf(g.Name.Pos)
		name := g.Name.Value
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
		return b.expr(g.Group)
	}
}

func (b *builder) name(n Node, fn string) Node {
	if _, ok := n.(*Var); !ok {
		b.fail(n.At(), "%s needs a variable name here", fn)
	}
	return n
}

func (b *builder) call(name lexer.Token, g *gArgs) Node {
	p := posOf(name.Pos)
	info, ok := lookupFn(name.Value)
	fn := name.Value
	if ok {
		fn = info.name
	}
	if !ok {
		// The 17BII puts the cursor on the '(' after a name it has no
		// function for (J. Kearns, "Solver issue with HP 17BII - different
		// from 19BII", HP Museum forum, 27 Nov 2013: the 19BII's FV( is
		// INVALID EQUATION "at the first bracket").
		open := Pos{Line: p.Line, Col: p.Col + utf8.RuneCountInString(fn)}
		b.fail(open, "%s is not a function of the HP-17BII: a name followed by '(' must be one of its functions", fn)
		return &Call{Pos: p, Fn: fn}
	}
	if info.kind == fnNullary {
		b.fail(p, "%s takes no arguments and no parentheses", fn)
	}
	if len(g.List) != info.arity {
		at := posOf(g.Close.Pos)
		if len(g.List) > info.arity {
			at = posOf(g.List[info.arity].Pos)
		}
		b.fail(at, "%s takes %d argument%s separated by ':', not %d", fn, info.arity, plural(info.arity), len(g.List))
		return &Call{Pos: p, Fn: fn}
	}
	args := make([]Node, len(g.List))
	for i, a := range g.List {
		args[i] = b.expr(a)
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
