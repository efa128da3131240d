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

// fold builds one left-to-right level of the grammar: first, then each
// operator of rest joined to what is built so far.
func fold[T any](first Node, rest []T, join func(l Node, r T) Node) Node {
	for _, r := range rest {
		first = join(first, r)
	}
	return first
}

// logic joins two conditions with AND or OR.
func (b *builder) logic(p lexer.Position, op Conj, l, r Node) Node {
	return &Logic{Pos: posOf(p), Op: op, L: b.boolean(l), R: b.boolean(r)}
}

// arith joins two numbers with an arithmetic operator.
func (b *builder) arith(p lexer.Position, op Op, l, r Node) Node {
	return &Binary{Pos: posOf(p), Op: op, L: b.number(l), R: b.number(r)}
}

// negate applies a sign: '-' negates, '+' is dropped.
func (b *builder) negate(p lexer.Position, sign *string, n Node) Node {
	if sign != nil && *sign != "+" {
		return &Neg{Pos: posOf(p), X: b.number(n)}
	}
	return n
}

func (b *builder) or(g *gOr) Node {
	return fold(b.and(g.Left), g.Rest, func(l Node, r *gOrOp) Node { return b.logic(r.Pos, Or, l, b.and(r.Right)) })
}

func (b *builder) and(g *gAnd) Node {
	return fold(b.not(g.Left), g.Rest, func(l Node, r *gAndOp) Node { return b.logic(r.Pos, And, l, b.not(r.Right)) })
}

func (b *builder) not(g *gNot) Node {
	if g.Not != nil {
		return &Not{Pos: posOf(g.Pos), X: b.boolean(b.not(g.Not))}
	}
	return b.cmp(g.Cmp)
}

// rels reads a comparison operator, in any of its spellings.
var rels = map[string]Rel{"=": Eq, "<>": Ne, "≠": Ne, "<": Lt, "<=": Le, "≤": Le, ">": Gt, ">=": Ge, "≥": Ge}

func (b *builder) cmp(g *gCmp) Node {
	l := b.sum(g.Left)
	if g.Op == nil {
		return l
	}
	return &Compare{Pos: posOf(g.Op.Pos), Op: rels[g.Op.Op], L: b.number(l), R: b.number(b.sum(g.Right))}
}

func (b *builder) sum(g *gSum) Node {
	return fold(b.term(g.Left), g.Rest, func(l Node, r *gSumOp) Node {
		op := Add
		if r.Op != "+" {
			op = Sub
		}
		return b.arith(r.Pos, op, l, b.term(r.Right))
	})
}

func (b *builder) term(g *gTerm) Node {
	n := fold(b.power(g.Left), g.Rest, func(l Node, r *gTermOp) Node {
		op := Mul
		if r.Op == "÷" || r.Op == "/" {
			op = Div
		}
		return b.arith(r.Pos, op, l, b.power(r.Right))
	})
	return b.negate(g.Pos, g.Sign, n)
}

func (b *builder) power(g *gPower) Node {
	return fold(b.unary(g.Left), g.Rest, func(l Node, r *gPowOp) Node { return b.arith(r.Pos, Pow, l, b.unary(r.Right)) })
}

func (b *builder) unary(g *gUnary) Node { return b.negate(g.Pos, g.Sign, b.primary(g.Prim)) }

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
