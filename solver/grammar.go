package solver

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar of the Solver's language, in participle's notation (the
// token types are lexer.go's). Participle reads the equation (gEquation and
// gLabel below); the expression is gBody, a participle.Parseable whose
// Parse reads participle's lexer by hand, one method of exprParser per
// rule:
//
//	equation = ( Name Colon )? expr                      participle
//	expr     = cond ( ( 'OR' | 'AND' ) cond )*           exprParser.expr
//	cond     = 'NOT'* arith ( Rel arith )?               exprParser.cond
//	arith    = ( Sign Sign? )? primary arithOp*          exprParser.arith
//	arithOp  = ( Sign ( Sign Sign? )? | ( Mul | Pow ) Sign? ) primary
//	primary  = Name args? | Number | Open expr Close     exprParser.primary
//	args     = Open ( expr ( Colon expr )* )? Close      exprParser.args
//
// The lists are flat; the builder (ast.go) applies precedence over them as
// it reads, loosest first, after the owner's manual and the choices
// docs/facts.md (Solver language) and docs/decisions.md describe:
//
//	OR < AND < NOT < comparison (= < > <= >= <>) < + − < unary sign of a
//	term < × ÷ < ^ (left to right) < sign right after × ÷ ^ < primary
//
// The grammar accepts comparisons and AND/OR/NOT anywhere an expression
// may stand; the builder rejects a truth value where a number is needed,
// so the error can say what is wrong and where. It bounds the signs as the
// precedence allows them: two at the start of a term (the term's and its
// first primary's), one after × ÷ ^.
//
// exprParser reads these rules exactly as participle's engine read them
// when they were struct tags (reference_test.go keeps them so, and
// FuzzParseReference compares the two): alternatives and optional parts
// are tried in order, an attempt that fails within two tokens
// (participle.UseLookahead(2)) is abandoned, one that fails further on is
// the error, and when nothing fits the error is the unexpected token
// participle would name, so that every message and position stays as it
// was.

type gEquation struct {
	Label *gLabel `parser:"@@?"`
	Body  *gBody  `parser:"@@"`
}

type gLabel struct {
	Name string `parser:"@Name Colon"`
}

// gBody is the equation's expression, read by exprParser: its tree, and
// the builder that checked it (its first error, if any).
type gBody struct {
	node Node
	b    builder
}

// lookahead is how many tokens an abandoned attempt may have read
// (participle.UseLookahead).
const lookahead = 2

// eqParser builds participle's parser on its first use, not when the
// package is loaded (BenchmarkBuildParser): most hp17b commands read no
// equation.
var eqParser = sync.OnceValue(func() *participle.Parser[gEquation] {
	return participle.MustBuild[gEquation](
		participle.Lexer(eqLexer),
		participle.UseLookahead(lookahead),
	)
})

// Parse reads the expression from lex, to the end of the equation: nil, or
// a *participle.UnexpectedTokenError naming the token that does not fit.
func (g *gBody) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	// Participle tried a label first: a name not followed by ':' failed
	// there, one token in.
	if lex.Cursor() == 0 && lex.Peek().Type == tokName {
		cp := lex.MakeCheckpoint()
		lex.Next()
		if t := lex.Peek(); t.Type != tokColon {
			p.deep, p.deepAt = t, 1
		}
		lex.LoadCheckpoint(cp)
	}
	n, bad := p.expr()
	if bad == nil && !lex.Peek().EOF() {
		bad = lex.Peek()
		if lex.Cursor() < p.deepAt {
			bad = p.deep
		}
	}
	if bad != nil {
		return &participle.UnexpectedTokenError{Unexpected: *bad}
	}
	g.node, g.b = n, p.b
	return nil
}

// exprParser reads the rules of an expression from participle's lexer and
// builds their Nodes as it goes. A rule's method returns its Node, or the
// token that does not fit; a nil Node and no token is no match (its first
// token is not one the rule starts with), and nothing was read.
type exprParser struct {
	lex *lexer.PeekingLexer
	b   builder
	// deep is the failure seen furthest into the text so far, deepAt
	// its token's index: participle's error when it had to choose
	// between failures.
	deep   *lexer.Token
	deepAt int
}

// mark is where an attempt started: the lexer's place and the deepest
// failure then.
type mark struct {
	cp     lexer.Checkpoint
	deep   *lexer.Token
	deepAt int
}

func (p *exprParser) mark() mark {
	return mark{cp: p.lex.MakeCheckpoint(), deep: p.deep, deepAt: p.deepAt}
}

// note records bad as the deepest failure when the lexer is at least as
// far as the deepest one so far.
func (p *exprParser) note(bad *lexer.Token) {
	if c := p.lex.Cursor(); c >= p.deepAt {
		p.deep, p.deepAt = bad, c
	}
}

// give ends an attempt begun at m that failed at bad: it keeps the deeper
// failure, and reports whether the attempt read more than lookahead
// tokens, which makes bad the error (the lexer stays where the attempt
// stopped); otherwise the lexer goes back to m and the caller goes on
// without the attempt. optional is an optional part's attempt (participle
// notes its failure where the part began); an alternative's is not.
func (p *exprParser) give(m mark, bad *lexer.Token, optional bool) bool {
	start, at := m.cp.Cursor(), p.lex.Cursor()
	deep, deepAt := m.deep, m.deepAt
	if optional && start >= deepAt {
		deep, deepAt = bad, start
	}
	if p.deepAt > deepAt {
		deep, deepAt = p.deep, p.deepAt
	} else if at >= deepAt {
		deep, deepAt = bad, max(at, p.deepAt)
	}
	if at > start+lookahead {
		if p.deepAt < deepAt {
			p.deep, p.deepAt = deep, deepAt
		}
		return true
	}
	p.lex.LoadCheckpoint(m.cp)
	p.deep, p.deepAt = deep, deepAt
	return false
}

// fail is a rule's failure at bad, noted where the lexer stopped.
func (p *exprParser) fail(bad *lexer.Token) (Node, *lexer.Token) {
	p.note(bad)
	return nil, bad
}

// take reads the next token when it is of type typ.
func (p *exprParser) take(typ lexer.TokenType) *lexer.Token {
	if t := p.lex.Peek(); t.Type == typ {
		return p.lex.Next()
	}
	return nil
}

// expr reads conditions joined by AND and OR, in the order written, and
// joins them AND before OR: an OR waits until the AND-joined run to its
// right is complete.
func (p *exprParser) expr() (Node, *lexer.Token) {
	b := &p.b
	and, bad := p.cond()
	if bad != nil {
		return p.fail(bad)
	}
	var or Node
	var orAt lexer.Position
	for {
		m := p.mark()
		op := p.lex.Peek()
		if op.Value != "OR" && op.Value != "AND" {
			break
		}
		p.lex.Next()
		if op.Value == "OR" {
			if or != nil {
				and = b.logic(orAt, Or, or, and)
			}
			or, orAt = and, op.Pos
		}
		right, bad := p.cond()
		if bad != nil {
			p.note(bad)
			if p.give(m, bad, true) {
				return p.fail(bad)
			}
			break
		}
		if op.Value == "AND" {
			and = b.logic(op.Pos, And, and, right)
		} else {
			and = right
		}
	}
	if or != nil {
		return b.logic(orAt, Or, or, and), nil
	}
	return and, nil
}

// cond reads NOT marks, an arithmetic list and, when a comparison follows,
// the list to its right; the NOT marks apply last, the innermost first.
func (p *exprParser) cond() (Node, *lexer.Token) {
	b := &p.b
	var nots []*lexer.Token
	for p.lex.Peek().Value == "NOT" {
		nots = append(nots, p.lex.Next())
	}
	n, bad := p.arith()
	if bad != nil {
		return p.fail(bad)
	}
	m := p.mark()
	if rel := p.take(tokRel); rel != nil {
		left := b.number(n)
		right, bad := p.arith()
		switch {
		case bad == nil:
			n = &Compare{Pos: posOf(rel.Pos), Op: relOf(rel.Value), L: left, R: b.number(right)}
		case p.give(m, bad, true):
			return p.fail(bad)
		}
	}
	for i := len(nots) - 1; i >= 0; i-- {
		n = &Not{Pos: posOf(nots[i].Pos), X: b.boolean(n)}
	}
	return n, nil
}

// arithList builds an arithmetic list as it is read: sums of terms, as
// the levels + − < sign of a term < × ÷ < ^ < sign of a primary would have
// nested them, each operator joined as soon as the operator after its
// right operand shows that the operand is complete.
type arithList struct {
	b *builder
	// sum is the sum so far and sumOp the + or − waiting for the term
	// being read (nil: none yet).
	sum   Node
	sumOp *lexer.Token
	// term is the product so far and mulOp the × or ÷ waiting for the
	// power being read; termSign is the term's sign.
	term     Node
	mulOp    *lexer.Token
	termSign *lexer.Token
	// power is the power being read.
	power Node
}

// negate applies a sign token: '-' or '−' negates, '+' is dropped, and none
// leaves n as it is.
func (a *arithList) negate(sign *lexer.Token, n Node) Node {
	if sign == nil {
		return n
	}
	return a.b.negate(*sign, n)
}

// endPower joins the power just read to the term.
func (a *arithList) endPower() {
	if a.mulOp == nil {
		a.term = a.power
		return
	}
	op := Mul
	if v := a.mulOp.Value; v == "÷" || v == "/" {
		op = Div
	}
	a.term = a.b.arith(a.mulOp.Pos, op, a.term, a.power)
	a.mulOp = nil
}

// endTerm joins the term just read, with its sign, to the sum.
func (a *arithList) endTerm() {
	a.endPower()
	t := a.negate(a.termSign, a.term)
	if a.sumOp == nil {
		a.sum = t
		return
	}
	op := Add
	if a.sumOp.Value != "+" {
		op = Sub
	}
	a.sum = a.b.arith(a.sumOp.Pos, op, a.sum, t)
}

// arith reads a term's signs (none, the term's, or the term's and its first
// primary's), a primary, and the operators that follow, each with its signs
// (after + or − a new term may start with two; after × ÷ ^ one sign belongs
// to the primary) and its operand.
func (p *exprParser) arith() (Node, *lexer.Token) {
	a := arithList{b: &p.b}
	var primSign *lexer.Token
	if a.termSign = p.take(tokSign); a.termSign != nil {
		primSign = p.take(tokSign)
	}
	x, bad := p.primary()
	if x == nil && bad == nil {
		bad = p.lex.Peek()
	}
	if bad != nil {
		return p.fail(bad)
	}
	a.power = a.negate(primSign, x)
	for {
		m := p.mark()
		op := p.lex.Peek()
		var sign *lexer.Token
		switch op.Type {
		case tokSign:
			p.lex.Next()
			a.endTerm()
			a.sumOp, a.termSign = op, nil
			if s := p.take(tokSign); s != nil {
				a.termSign = s
				sign = p.take(tokSign)
			}
		case tokMul:
			p.lex.Next()
			a.endPower()
			a.mulOp = op
			sign = p.take(tokSign)
		case tokPow:
			p.lex.Next()
			sign = p.take(tokSign)
		default:
			a.endTerm()
			return a.sum, nil
		}
		x, bad := p.primary()
		if x == nil && bad == nil {
			bad = p.lex.Peek()
		}
		if bad != nil {
			p.note(bad)
			if p.give(m, bad, true) {
				return p.fail(bad)
			}
			a.endTerm()
			return a.sum, nil
		}
		if op.Type == tokPow {
			a.power = a.b.arith(op.Pos, Pow, a.power, a.negate(sign, x))
		} else {
			a.power = a.negate(sign, x)
		}
	}
}

// primary reads a number, a name (a call when '(' follows) or a group.
func (p *exprParser) primary() (Node, *lexer.Token) {
	m := p.mark()
	t := p.lex.Peek()
	switch t.Type {
	case tokNumber:
		p.lex.Next()
		return p.b.numberToken(t), nil
	case tokName:
		p.lex.Next()
		if p.lex.Peek().Type != tokOpen {
			return p.b.nameToken(t), nil
		}
		call, bad := p.args(t)
		switch {
		case bad == nil && call == nil:
			return p.b.nameToken(t), nil
		case bad == nil:
			return call, nil
		}
		if !p.give(m, bad, false) {
			p.note(bad)
		}
		return p.fail(bad)
	case tokOpen:
		p.lex.Next()
		n, bad := p.expr()
		if bad == nil {
			if p.take(tokClose) != nil {
				return n, nil
			}
			bad = p.lex.Peek()
		}
		if !p.give(m, bad, false) {
			p.note(bad)
		}
		return p.fail(bad)
	}
	return nil, nil
}

// args reads the parenthesised arguments after the name fn, separated by
// ':', and builds the call. A failure that participle's optional args
// abandon leaves fn a name alone, followed by '('.
func (p *exprParser) args(fn *lexer.Token) (Node, *lexer.Token) {
	b := &p.b
	m := p.mark()
	p.lex.Next() // '('
	before := b.err
	arity := 0
	if info, ok := lookupFn(fn.Value); ok {
		arity = info.arity
	}
	args := make([]Node, 0, max(arity, 1))
	var extraAt lexer.Position
	list := p.mark()
	if bad := p.argList(&args, arity, &extraAt); bad != nil {
		if p.give(list, bad, true) {
			return p.abandon(m, bad)
		}
		args = args[:0]
	}
	closer := p.take(tokClose)
	if closer == nil {
		return p.abandon(m, p.lex.Peek())
	}
	return b.call(fn, args, extraAt, closer.Pos, before), nil
}

// argList reads an argument and the further arguments after ':', appending
// them to args (a ':' and argument that fail within lookahead tokens end
// the list before them); extraAt is where the argument after the first
// arity starts.
func (p *exprParser) argList(args *[]Node, arity int, extraAt *lexer.Position) *lexer.Token {
	for colon := false; ; colon = true {
		m := p.mark()
		if colon && p.take(tokColon) == nil {
			return nil
		}
		if len(*args) == arity {
			*extraAt = p.lex.Peek().Pos
		}
		n, bad := p.expr()
		switch {
		case bad == nil:
			*args = append(*args, n)
		case !colon || p.give(m, bad, true):
			return bad
		default:
			return nil
		}
	}
}

// abandon ends the args begun at m that failed at bad, as participle's
// optional part did: the failure is the error when the args read more than
// lookahead tokens, and otherwise the name stands alone.
func (p *exprParser) abandon(m mark, bad *lexer.Token) (Node, *lexer.Token) {
	p.note(bad)
	if p.give(m, bad, true) {
		return nil, bad
	}
	return nil, nil
}
