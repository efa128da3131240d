package solver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/hp17b/hp17b/hp17b"
)

// The reference parser: the Solver's grammar as participle structs, every
// rule of grammar.go one struct tag, with the builder that applied
// precedence over its flat lists afterwards. It was the parser until the
// expression moved into exprParser; FuzzParseReference checks that both
// accept the same equations, build the same trees and refuse the rest with
// the same message at the same place.

type refEquation struct {
	Label *refLabel `parser:"@@?"`
	Body  *refExpr  `parser:"@@"`
}

type refLabel struct {
	Name string `parser:"@Name Colon"`
}

type refExpr struct {
	Pos   lexer.Position
	First *refCond    `parser:"@@"`
	Rest  []*refLogic `parser:"@@*"`
}

type refLogic struct {
	Op    lexer.Token `parser:"@( 'OR' | 'AND' )"`
	Right *refCond    `parser:"@@"`
}

type refCond struct {
	Not   []lexer.Token `parser:"@( 'NOT'* )"`
	Left  *refArith     `parser:"@@"`
	Rel   lexer.Token   `parser:"( @Rel"`
	Right *refArith     `parser:"  @@ )?"`
}

type refArith struct {
	Signs []lexer.Token `parser:"@( Sign Sign? )?"`
	First *refPrimary   `parser:"@@"`
	Rest  []*refArithOp `parser:"@@*"`
}

type refArithOp struct {
	Toks []lexer.Token `parser:"@( Sign ( Sign Sign? )? | ( Mul | Pow ) Sign? )"`
	Prim *refPrimary   `parser:"@@"`
}

type refPrimary struct {
	Name   lexer.Token `parser:"  @Name"`
	Args   *refArgs    `parser:"  @@?"`
	Number lexer.Token `parser:"| @Number"`
	Group  *refExpr    `parser:"| Open @@ Close"`
}

type refArgs struct {
	List  []*refExpr  `parser:"Open ( @@ ( Colon @@ )* )?"`
	Close lexer.Token `parser:"@Close"`
}

var refParser = sync.OnceValue(func() *participle.Parser[refEquation] {
	return participle.MustBuild[refEquation](participle.Lexer(eqLexer), participle.UseLookahead(2))
})

// refParse is Parse through the reference parser.
func refParse(src string) (*Equation, error) {
	if err := precheck(src); err != nil {
		return nil, err
	}
	g, err := refParser().ParseString("", src)
	if err != nil {
		return nil, convertParseError(err, src)
	}
	r := &refBuilder{}
	eq := &Equation{Source: src}
	if g.Label != nil {
		eq.Name = g.Label.Name
	}
	return finish(eq, r.expr(g.Body), &r.builder)
}

// refBuilder turns the reference parser's tree into Nodes.
type refBuilder struct {
	builder
}

func (b *refBuilder) expr(g *refExpr) Node {
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

func (b *refBuilder) cond(g *refCond) Node {
	n := b.arithList(g.Left)
	if g.Right != nil {
		n = &Compare{Pos: posOf(g.Rel.Pos), Op: relOf(g.Rel.Value), L: b.number(n), R: b.number(b.arithList(g.Right))}
	}
	for i := len(g.Not) - 1; i >= 0; i-- {
		n = &Not{Pos: posOf(g.Not[i].Pos), X: b.boolean(n)}
	}
	return n
}

type refCursor struct {
	b    *refBuilder
	g    *refArith
	next int
}

func (c *refCursor) peek() string {
	if c.next < len(c.g.Rest) {
		return c.g.Rest[c.next].Toks[0].Value
	}
	return ""
}

func (b *refBuilder) arithList(g *refArith) Node {
	c := &refCursor{b: b, g: g}
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

func (c *refCursor) term(signs []lexer.Token, first *refPrimary) Node {
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
		n = c.b.arith(r.Toks[0].Pos, op, n, c.power(refSignAfter(r), r.Prim))
	}
}

func (c *refCursor) power(sign lexer.Token, first *refPrimary) Node {
	n := c.b.negate(sign, c.b.primary(first))
	for c.peek() == "^" {
		r := c.g.Rest[c.next]
		c.next++
		n = c.b.arith(r.Toks[0].Pos, Pow, n, c.b.negate(refSignAfter(r), c.b.primary(r.Prim)))
	}
	return n
}

func refSignAfter(r *refArithOp) lexer.Token {
	if len(r.Toks) > 1 {
		return r.Toks[1]
	}
	return lexer.Token{}
}

func (b *refBuilder) primary(g *refPrimary) Node {
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

func (b *refBuilder) call(name lexer.Token, g *refArgs) Node {
	p := posOf(name.Pos)
	info, ok := lookupFn(name.Value)
	fn := name.Value
	if ok {
		fn = info.name
	}
	if !ok {
		open := Pos{Line: p.Line, Col: p.Col + utf8.RuneCountInString(fn)}
		b.fail(open, "%s", unknownFunction(fn))
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
		args := make([]Node, len(g.List))
		for i, a := range g.List {
			args[i] = (&refBuilder{}).expr(a)
		}
		b.fail(at, "%s", arityMessage(info, args))
		return &Call{Pos: p, Fn: fn}
	}
	args := make([]Node, len(g.List))
	for i, a := range g.List {
		args[i] = b.expr(a)
	}
	b.checkArgs(info, fn, args)
	return &Call{Pos: p, Fn: fn, Args: args}
}

// sameParse says how Parse and refParse differ on src, or "".
func sameParse(src string) string {
	got, gotErr := Parse(src)
	want, wantErr := refParse(src)
	switch {
	case (gotErr == nil) != (wantErr == nil):
		return fmt.Sprintf("error %v, the reference's %v", gotErr, wantErr)
	case gotErr != nil:
		if gotErr.Error() != wantErr.Error() {
			return fmt.Sprintf("error %v, the reference's %v", gotErr, wantErr)
		}
		return ""
	}
	if g, w := dump(got.Left)+" = "+dump(got.Right), dump(want.Left)+" = "+dump(want.Right); g != w || got.Name != want.Name {
		return fmt.Sprintf("tree %s %s, the reference's %s %s", got.Name, g, want.Name, w)
	}
	if !slices.Equal(got.Menu, want.Menu) || !slices.Equal(got.Names, want.Names) {
		return fmt.Sprintf("names %v %v, the reference's %v %v", got.Menu, got.Names, want.Menu, want.Names)
	}
	return ""
}

// dump writes a tree fully parenthesized, with every node's position.
func dump(n Node) string {
	if n == nil {
		return "nil"
	}
	at := fmt.Sprintf("@%d:%d", n.At().Line, n.At().Col)
	switch n := n.(type) {
	case *Num:
		return n.Value.String() + at
	case *Var:
		return n.Name + at
	case *Neg:
		return "(neg" + at + " " + dump(n.X) + ")"
	case *Not:
		return "(not" + at + " " + dump(n.X) + ")"
	case *Binary:
		return "(" + n.Op.String() + at + " " + dump(n.L) + " " + dump(n.R) + ")"
	case *Compare:
		return "(" + n.Op.String() + at + " " + dump(n.L) + " " + dump(n.R) + ")"
	case *Logic:
		return "(" + n.Op.String() + at + " " + dump(n.L) + " " + dump(n.R) + ")"
	case *Call:
		s := "(" + n.Fn + at
		for _, a := range n.Args {
			s += " " + dump(a)
		}
		return s + ")"
	}
	return fmt.Sprintf("%T", n)
}

// referenceTokens are pieces that random texts are made of: every token
// type, the words of the grammar, calls, and the mistakes people make.
var referenceTokens = []string{
	"A", "B1", "1", "2.5", "1E3", "+", "-", "−", "×", "÷", "*", "/", "^", "(", ")", ":", "=", "<", ">=", "<>",
	"AND", "OR", "NOT", "IF(", "X:", "MOD(", "Σ(", "L(", "G(", "S(", "PI", "PI(", "FOO(", "..", ".5", " ", "\n",
}

// TestParseReference compares Parse with the reference parser over the
// transcripts' and the programs' equations, the syntax errors of
// TestSyntaxErrors, and random texts of referenceTokens.
func TestParseReference(t *testing.T) {
	var texts []string
	for _, dir := range []string{"testdata", "../programs", "../programs/bench"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.eq"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			texts = append(texts, strings.Split(string(b), "\n\n")...)
		}
	}
	texts = append(texts, fuzzSeeds...)
	texts = append(texts, "(F(A:)", "F(A:", "F(A:B C", "X: A B", "NOT NOT A B", "A+-+-B", "IF(A<B:C:D:E)", "F()", "F(--)", "PI()", "A OR B AND C OR NOT D")
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteString(referenceTokens[r.IntN(len(referenceTokens))])
		}
		texts = append(texts, b.String())
	}
	for _, src := range texts {
		if msg := sameParse(src); msg != "" {
			t.Errorf("%q: %s", src, msg)
		}
	}
}

// FuzzParseReference: Parse and the reference parser agree on every text.
func FuzzParseReference(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if msg := sameParse(src); msg != "" {
			t.Fatalf("%q: %s", src, msg)
		}
	})
}

// BenchmarkParseNIMReference parses NIM with the reference parser: the
// figure before exprParser, measured beside BenchmarkParseNIM.
func BenchmarkParseNIMReference(b *testing.B) {
	src := loadNIM(b)
	for b.Loop() {
		if _, err := refParse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseQueens8Reference is BenchmarkParseQueens8 with the
// reference parser.
func BenchmarkParseQueens8Reference(b *testing.B) {
	src, err := os.ReadFile("../programs/bench/queens8.eq")
	require.NoError(b, err)
	var eq []string
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "#") {
			eq = append(eq, line)
		}
	}
	text := strings.Join(eq, "\n")
	for b.Loop() {
		if _, err := refParse(text); err != nil {
			b.Fatal(err)
		}
	}
}
