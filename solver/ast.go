package solver

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/hp17b/hp17b/hp17b"
)

func posOf(p lexer.Position) Pos { return Pos{Line: p.Line, Col: p.Column} }

// builder makes the Nodes of an equation as exprParser reads them and
// checks them as it goes, keeping the first error.
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

// relOf reads a comparison operator, in any of its spellings (the lexer
// gives no other).
func relOf(s string) Rel {
	switch s {
	case "=":
		return Eq
	case "<>", "≠":
		return Ne
	case "<":
		return Lt
	case "<=", "≤":
		return Le
	case ">":
		return Gt
	}
	return Ge // ">=", "≥"
}

// numberToken builds a number token's Num.
func (b *builder) numberToken(t *lexer.Token) Node {
	p := posOf(t.Pos)
	text := t.Value
	if strings.Contains(text, "−") {
		text = strings.ReplaceAll(text, "−", "-")
	}
	v, err := hp17b.Parse(text)
	if err != nil && err != hp17b.ErrOverflow {
		b.fail(p, "bad number %q", t.Value)
	}
	if i, ok := v.Int64(); ok {
		// 1E7 is read as a decimal: as a whole number of up to 12 digits
		// it takes the fast integer form that 10000000 has.
		v = hp17b.FromInt(i)
	}
	return &Num{Pos: p, Value: v}
}

// nameToken builds a name not followed by '(': PI, CDATE and CTIME take no
// parentheses; any other function name without them is an ordinary
// variable name.
func (b *builder) nameToken(t *lexer.Token) Node {
	p := posOf(t.Pos)
	name := t.Value
	if f, ok := lookupFn(name); ok && f.kind == fnNullary {
		return &Call{Pos: p, Fn: name}
	}
	switch name {
	case "AND", "OR", "NOT":
		b.fail(p, "%s needs a condition on each side, inside IF", name)
	}
	return &Var{Pos: p, Name: name}
}

func (b *builder) name(n Node, fn string) Node {
	if _, ok := n.(*Var); !ok {
		b.fail(n.At(), "%s needs a variable name here", fn)
	}
	return n
}

// call checks a call of name with the arguments args, built in order;
// before is the builder's first error as it was before they were built:
// a call refused as a whole (no such function, PI with parentheses, the
// wrong number of arguments) reports its own error, not one inside its
// arguments. extraAt is where argument number arity+1 starts, closeAt the
// ')'.
func (b *builder) call(name *lexer.Token, args []Node, extraAt, closeAt lexer.Position, before *SyntaxError) Node {
	p := posOf(name.Pos)
	info, ok := lookupFn(name.Value)
	fn := name.Value
	if ok {
		fn = info.name
	}
	refuse := !ok || info.kind == fnNullary || len(args) != info.arity
	if refuse {
		b.err = before
	}
	if !ok {
		// The 17BII puts the cursor on the '(' after a name it has no
		// function for (J. Kearns, "Solver issue with HP 17BII - different
		// from 19BII", HP Museum forum, 27 Nov 2013: the 19BII's FV( is
		// INVALID EQUATION "at the first bracket").
		open := Pos{Line: p.Line, Col: p.Col + utf8.RuneCountInString(fn)}
		b.fail(open, "%s", unknownFunction(fn))
		return &Call{Pos: p, Fn: fn}
	}
	if info.kind == fnNullary {
		b.fail(p, "%s takes no arguments and no parentheses", fn)
	}
	if len(args) != info.arity {
		at := posOf(closeAt)
		if len(args) > info.arity {
			at = posOf(extraAt)
		}
		b.fail(at, "%s", arityMessage(info, args))
		return &Call{Pos: p, Fn: fn}
	}
	b.checkArgs(info, fn, args)
	return &Call{Pos: p, Fn: fn, Args: args}
}

// checkArgs checks a call's arguments by the function's kind: a condition
// and two numbers for IF, a variable's name first for L, G, S, Σ and the
// list functions, numbers elsewhere.
func (b *builder) checkArgs(info *function, fn string, args []Node) {
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
	case fnSigma, fnList:
		b.name(args[0], fn)
		for _, a := range args[1:] {
			b.number(a)
		}
	default:
		for _, a := range args {
			b.number(a)
		}
	}
}

// arityMessage says that a call of f has the wrong number of arguments,
// args: a Σ short of arguments says which parts it lacks.
func arityMessage(f *function, args []Node) string {
	n := len(args)
	if f.kind == fnSigma && n < f.arity && n > 0 {
		counter := ""
		if _, ok := args[0].(*Var); !ok && n > 1 {
			counter = "; its counter, a name, comes first"
		}
		if n == 1 {
			return "this Σ holds only its term: write its counter, first and last values and step before it, as Σ(I:1:N:1:term)"
		}
		return fmt.Sprintf("this Σ has %d of its 5 arguments: a counter, its first and last values, a step and the term, as Σ(I:1:N:1:term)%s", n, counter)
	}
	return fmt.Sprintf("%s takes %d argument%s separated by ':', not %d", f.name, f.arity, plural(f.arity), n)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
