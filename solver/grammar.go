package solver

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is written for participle v2 and is deliberately flat: an
// expression is a list of conditions joined by AND/OR, a condition is NOT
// marks, an arithmetic list and at most one comparison with another, and an
// arithmetic list is primaries with their signs between operators. The
// builder (ast.go) then applies precedence by recursive descent over these
// lists. A tree with one struct per precedence level cost nine nested
// structs and as many backtracking branches for every number and name.
//
// Precedence, loosest first, after the HP-17BII manual and the reference
// model (solver-semantics.md §2):
//
//	OR < AND < NOT < comparison (= < > <= >= <>) < + − < unary sign of a
//	term < × ÷ < ^ (left to right) < sign right after × ÷ ^ < primary
//
// The grammar accepts comparisons and AND/OR/NOT anywhere an expression
// may stand; the builder rejects a truth value where a number is needed,
// so the error can say what is wrong and where. It bounds the signs as the
// precedence allows them: two at the start of a term (the term's and its
// first primary's), one after × ÷ ^.

type gEquation struct {
	Label *gLabel `parser:"@@?"`
	Body  *gExpr  `parser:"@@"`
}

type gLabel struct {
	Name string `parser:"@Name Colon"`
}

// gExpr is conditions joined by AND and OR, in the order written.
type gExpr struct {
	Pos   lexer.Position
	First *gCond    `parser:"@@"`
	Rest  []*gLogic `parser:"@@*"`
}

type gLogic struct {
	Op    lexer.Token `parser:"@( 'OR' | 'AND' )"`
	Right *gCond      `parser:"@@"`
}

// gCond is NOT marks, then an arithmetic list and, when a comparison
// follows, the list to its right.
type gCond struct {
	Not   []lexer.Token `parser:"@( 'NOT'* )"`
	Left  *gArith       `parser:"@@"`
	Rel   lexer.Token   `parser:"( @Rel"`
	Right *gArith       `parser:"  @@ )?"`
}

// gArith is a term's signs (none, the term's, or the term's and its first
// primary's), a primary, and the operators that follow, each with its
// operand.
type gArith struct {
	Signs []lexer.Token `parser:"@( Sign Sign? )?"`
	First *gPrimary     `parser:"@@"`
	Rest  []*gArithOp   `parser:"@@*"`
}

// gArithOp is an operator and the signs after it (Toks[0] is the
// operator: after + or − a new term may start with two signs; after × ÷ ^
// one sign belongs to the primary), then the primary.
type gArithOp struct {
	Toks []lexer.Token `parser:"@( Sign ( Sign Sign? )? | ( Mul | Pow ) Sign? )"`
	Prim *gPrimary     `parser:"@@"`
}

// gPrimary is a number, a name (a call when '(' follows) or a group.
type gPrimary struct {
	Name   lexer.Token `parser:"  @Name"`
	Args   *gArgs      `parser:"  @@?"`
	Number lexer.Token `parser:"| @Number"`
	Group  *gExpr      `parser:"| Open @@ Close"`
}

// gArgs is a call's parenthesised arguments, separated by ':'.
type gArgs struct {
	List  []*gExpr    `parser:"Open ( @@ ( Colon @@ )* )?"`
	Close lexer.Token `parser:"@Close"`
}

// eqParser builds the parser on its first use, not when the package is
// loaded: building it takes 0.13 ms warm (BenchmarkBuildParser) and
// 0.25–0.3 ms in a fresh process (GODEBUG=inittrace=1), which every hp17b
// command and the window would pay at start-up, most of them without
// reading an equation.
var eqParser = sync.OnceValue(func() *participle.Parser[gEquation] {
	return participle.MustBuild[gEquation](
		participle.Lexer(eqLexer),
		participle.UseLookahead(2),
	)
})
