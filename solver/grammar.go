package solver

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is written for participle v2. It accepts comparisons and
// AND/OR/NOT anywhere an expression may stand; check (ast.go) then rejects a
// truth value where a number is needed, so the error can say what is wrong
// and where. Precedence, loosest first, after the HP-17BII manual and the
// reference model (solver-semantics.md §2):
//
//	OR < AND < NOT < comparison (= < > <= >= <>) < + − < unary sign of a
//	term < × ÷ < ^ (left to right) < sign right after × ÷ ^ < primary

var eqLexer = lexer.MustSimple([]lexer.SimpleRule{
	// Spaces, line breaks and the Unicode spaces of pasted listings.
	{Name: "Space", Pattern: `[` + spaceClass + `]+`},
	{Name: "Number", Pattern: `(\d+\.?\d*|\.\d+)([Ee][+\-−]?\d+)?`},
	{Name: "Op", Pattern: `<=|>=|<>|[≤≥≠<>=+\-−×÷*/^():]`},
	{Name: "Name", Pattern: `[^` + spaceClass + `\d+\-−×÷*/^()<>=:≤≥≠.,][^` + spaceClass + `+\-−×÷*/^()<>=:≤≥≠.,]*`},
})

type gEquation struct {
	Label *gLabel `parser:"@@?"`
	Body  *gOr    `parser:"@@"`
}

type gLabel struct {
	Pos  lexer.Position
	Name string `parser:"@Name ':'"`
}

type gOr struct {
	Pos  lexer.Position
	Left *gAnd    `parser:"@@"`
	Rest []*gOrOp `parser:"@@*"`
}

type gOrOp struct {
	Pos   lexer.Position
	Op    string `parser:"@'OR'"`
	Right *gAnd  `parser:"@@"`
}

type gAnd struct {
	Pos  lexer.Position
	Left *gNot     `parser:"@@"`
	Rest []*gAndOp `parser:"@@*"`
}

type gAndOp struct {
	Pos   lexer.Position
	Op    string `parser:"@'AND'"`
	Right *gNot  `parser:"@@"`
}

type gNot struct {
	Pos lexer.Position
	Not *gNot `parser:"  'NOT' @@"`
	Cmp *gCmp `parser:"| @@"`
}

type gCmp struct {
	Pos   lexer.Position
	Left  *gSum   `parser:"@@"`
	Op    *gRelOp `parser:"( @@"`
	Right *gSum   `parser:"  @@ )?"`
}

type gRelOp struct {
	Pos lexer.Position
	Op  string `parser:"@( '<=' | '>=' | '<>' | '≤' | '≥' | '≠' | '<' | '>' | '=' )"`
}

type gSum struct {
	Pos  lexer.Position
	Left *gTerm    `parser:"@@"`
	Rest []*gSumOp `parser:"@@*"`
}

type gSumOp struct {
	Pos   lexer.Position
	Op    string `parser:"@( '+' | '-' | '−' )"`
	Right *gTerm `parser:"@@"`
}

type gTerm struct {
	Pos  lexer.Position
	Sign *string    `parser:"@( '+' | '-' | '−' )?"`
	Left *gPower    `parser:"@@"`
	Rest []*gTermOp `parser:"@@*"`
}

type gTermOp struct {
	Pos   lexer.Position
	Op    string  `parser:"@( '×' | '÷' | '*' | '/' )"`
	Right *gPower `parser:"@@"`
}

type gPower struct {
	Pos  lexer.Position
	Left *gUnary   `parser:"@@"`
	Rest []*gPowOp `parser:"@@*"`
}

type gPowOp struct {
	Pos   lexer.Position
	Right *gUnary `parser:"'^' @@"`
}

type gUnary struct {
	Pos  lexer.Position
	Sign *string   `parser:"@( '+' | '-' | '−' )?"`
	Prim *gPrimary `parser:"@@"`
}

type gPrimary struct {
	Pos    lexer.Position
	Number *string `parser:"  @Number"`
	Call   *gCall  `parser:"| @@"`
	Name   *string `parser:"| @Name"`
	Group  *gOr    `parser:"| '(' @@ ')'"`
}

type gCall struct {
	Pos   lexer.Position
	Name  string   `parser:"@Name '('"`
	Args  []*gOr   `parser:"( @@ ( ':' @@ )* )?"`
	Close *gCloser `parser:"@@"`
}

type gCloser struct {
	Pos lexer.Position
	Tok string `parser:"@')'"`
}

var eqParser = participle.MustBuild[gEquation](
	participle.Lexer(eqLexer),
	participle.Elide("Space"),
	participle.UseLookahead(2),
)
