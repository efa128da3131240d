package solver

import (
	"strings"

	"github.com/hp17b/hp17b/hp17b"
)

// Pos is a place in an equation's text: 1-based line and column, the column
// counted in characters. Every node embeds the Pos where it starts.
type Pos struct {
	Line, Col int
}

// At is the position itself; embedded in a node, it is where the node
// starts (Node.At).
func (p Pos) At() Pos { return p }

// Node is a node of an equation's syntax tree: *Num, *Var, *Neg, *Binary,
// *Compare, *Logic, *Not or *Call, and no other (the interface is sealed).
// String prints the node back in the Solver's language, with the
// parentheses its structure needs; parsing that text gives the same tree.
type Node interface {
	// At is where the node starts in the equation's text.
	At() Pos
	String() string
	node()
}

// Op is an arithmetic operator of a Binary node.
type Op byte

// The arithmetic operators.
const (
	Add Op = '+'
	Sub Op = '-'
	Mul Op = '*'
	Div Op = '/'
	Pow Op = '^'
)

// String is the operator as the calculator writes it: + - × ÷ ^.
func (o Op) String() string {
	switch o {
	case Mul:
		return "×"
	case Div:
		return "÷"
	}
	return string(rune(o))
}

// Rel is the relation of a Compare node.
type Rel int

// The comparisons.
const (
	Eq Rel = iota // =
	Ne            // <>
	Lt            // <
	Le            // <=
	Gt            // >
	Ge            // >=
)

// String is the relation as the Solver reads it: = <> < <= > >=.
func (r Rel) String() string { return [...]string{"=", "<>", "<", "<=", ">", ">="}[r] }

// holds reports whether the relation holds for a comparison result c
// (negative, zero or positive, as Number.Cmp gives).
func (r Rel) holds(c int) bool {
	switch r {
	case Eq:
		return c == 0
	case Ne:
		return c != 0
	case Lt:
		return c < 0
	case Le:
		return c <= 0
	case Gt:
		return c > 0
	}
	return c >= 0
}

// Conj is the connective of a Logic node.
type Conj int

// The connectives.
const (
	And Conj = iota
	Or
)

// String is AND or OR.
func (c Conj) String() string { return [...]string{"AND", "OR"}[c] }

// Num is a number literal.
type Num struct {
	Pos
	Value hp17b.Number
}

// Var is a variable reference (also a name argument of L, G, S, Σ and the
// list functions).
type Var struct {
	Pos
	Name string
}

// Neg is a minus sign applied to an operand (a '+' sign is dropped).
type Neg struct {
	Pos
	X Node
}

// Binary is an arithmetic operator.
type Binary struct {
	Pos
	Op   Op
	L, R Node
}

// Compare is a comparison inside an IF condition (or the equation's '=').
type Compare struct {
	Pos
	Op   Rel
	L, R Node
}

// Logic is AND or OR inside an IF condition.
type Logic struct {
	Pos
	Op   Conj
	L, R Node
}

// Not is NOT inside an IF condition.
type Not struct {
	Pos
	X Node
}

// Call is a function call, including IF, L, G, S and Σ (Fn is "Σ" however
// spelled) and the argument-less PI, CDATE and CTIME (Args empty).
type Call struct {
	Pos
	Fn   string
	Args []Node
}

func (*Num) node()     {}
func (*Var) node()     {}
func (*Neg) node()     {}
func (*Binary) node()  {}
func (*Compare) node() {}
func (*Logic) node()   {}
func (*Not) node()     {}
func (*Call) node()    {}

// binaryNode is a node with two operands.
type binaryNode interface {
	operands() (Node, Node)
}

func (n *Binary) operands() (Node, Node)  { return n.L, n.R }
func (n *Compare) operands() (Node, Node) { return n.L, n.R }
func (n *Logic) operands() (Node, Node)   { return n.L, n.R }

// Binding strengths, loosest first, as the grammar reads them.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCompare
	precSum
	precNeg
	precProduct
	precPower
	precPrimary
)

// prec is how tightly a node binds.
func prec(n Node) int {
	switch n := n.(type) {
	case *Logic:
		if n.Op == Or {
			return precOr
		}
		return precAnd
	case *Not:
		return precNot
	case *Compare:
		return precCompare
	case *Binary:
		switch n.Op {
		case Add, Sub:
			return precSum
		case Mul, Div:
			return precProduct
		}
		return precPower
	case *Neg:
		return precNeg
	}
	return precPrimary
}

// wrap prints n, in parentheses when it binds more loosely than min.
func wrap(n Node, min int) string {
	if prec(n) < min {
		return "(" + n.String() + ")"
	}
	return n.String()
}

// String prints the number so that the Solver reads it back the same.
func (n *Num) String() string { return n.Value.String() }

// String is the name.
func (n *Var) String() string { return n.Name }

// String is "-X"; an operand looser than a product is in parentheses.
func (n *Neg) String() string { return "-" + wrap(n.X, precProduct) }

// String is "L op R"; operators group left to right, so a right operand
// as loose as the operator gets parentheses, and so does a negated one
// (A-(-B), not A--B).
func (n *Binary) String() string {
	p := prec(n)
	r := wrap(n.R, p+1)
	if _, neg := n.R.(*Neg); neg && !strings.HasPrefix(r, "(") {
		r = "(" + r + ")"
	}
	return wrap(n.L, p) + n.Op.String() + r
}

// String is "L rel R".
func (n *Compare) String() string {
	return wrap(n.L, precSum) + n.Op.String() + wrap(n.R, precSum)
}

// String is "L AND R" or "L OR R".
func (n *Logic) String() string {
	p := prec(n)
	return wrap(n.L, p) + " " + n.Op.String() + " " + wrap(n.R, p+1)
}

// String is "NOT X".
func (n *Not) String() string { return "NOT " + wrap(n.X, precNot) }

// String is "FN(a:b:…)", or the name alone for PI, CDATE and CTIME.
func (n *Call) String() string {
	if len(n.Args) == 0 {
		return n.Fn
	}
	args := make([]string, len(n.Args))
	for i, a := range n.Args {
		args[i] = a.String()
	}
	return n.Fn + "(" + strings.Join(args, ":") + ")"
}
