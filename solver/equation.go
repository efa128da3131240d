// Package solver is the HP-17B Solver: it parses equations in the
// calculator's language, builds their menus, evaluates them against shared
// variables, and solves them for a menu variable by direct solution
// (isolation) or by iterative search, as the HP-17BII does.
//
// The calculator's SOLVE application, the game programs and the commands
// solve, check and compare run their equations through it.
package solver

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Limits that keep a hostile equation from exhausting the machine.
const (
	// MaxLength is the longest equation text accepted, in bytes. The real
	// calculator's whole memory is 6,750 bytes.
	MaxLength = 16384
	// MaxDepth is the deepest nesting of parentheses accepted.
	MaxDepth = 100
)

// Equation is a parsed, checked Solver equation. It is immutable and may be
// shared between goroutines.
type Equation struct {
	// Source is the text as given.
	Source string
	// Name is the label before the first ':' ("NIM" in "NIM:IF(..."), or "".
	Name string
	// Left is the expression left of '='; Right is the one to its right, or
	// nil when the equation has no '=' (it is then Left = 0).
	Left, Right Node
	// Menu lists the menu variables in order of first appearance, left to
	// right. Names used only as an L() target, inside G() or S(), or as a Σ
	// counter get no menu key (17bII+ owner's manual, Table 12-2, for L()
	// and G(); docs/facts.md, Menus and continuous memory).
	Menu []string
	// Names lists every variable name the equation refers to, menu or not,
	// in order of first appearance.
	Names []string
}

// SyntaxError is an equation the Solver cannot read: the calculator says
// INVALID EQUATION and puts the cursor on the first character it could not
// interpret (HP-17BII manual, Solver chapter).
type SyntaxError struct {
	// Pos is the offending character.
	Pos Pos
	// Msg says what is wrong and, where it helps, what to do.
	Msg string
	// Source is the equation's text, for Caret.
	Source string
	// File names the equation file, when the equation came from one.
	File string
	// spelling is set on a text Canonical refuses for a character or a
	// spelling, which no joining of lines explains.
	spelling bool
}

// Error gives "INVALID EQUATION at [file:]line:col: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("INVALID EQUATION at %s: %s", e.Where(), e.Msg)
}

// Caret returns the offending line of the source and, under it, a caret
// at the column, for printing after Error. Unicode spaces print as spaces.
//
// At most caretWidth characters of the line show, around the column (…
// marks what is cut), and control characters show as '?', so that no
// text from a file reaches the terminal raw.
func (e *SyntaxError) Caret() string {
	lines := strings.Split(e.Source, "\n")
	if e.Pos.Line < 1 || e.Pos.Line > len(lines) {
		return ""
	}
	line := []rune(strings.Map(printable, lines[e.Pos.Line-1]))
	col := min(max(e.Pos.Col, 1), len(line)+1)
	start := max(0, col-1-caretWidth/2)
	end := min(len(line), start+caretWidth)
	prefix, suffix := "", ""
	if start > 0 {
		prefix = "…"
	}
	if end < len(line) {
		suffix = "…"
	}
	pad := col - 1 - start + utf8.RuneCountInString(prefix)
	return prefix + string(line[start:end]) + suffix + "\n" + strings.Repeat(" ", pad) + "^"
}

// caretWidth is how much of a line Caret shows.
const caretWidth = 72

// printable maps spaces to ' ' and other control characters to '?'.
func printable(r rune) rune {
	switch {
	case IsSpace(r):
		return ' '
	case unicode.IsControl(r):
		return '?'
	}
	return r
}

// controlChar finds the first control character that is not a space.
func controlChar(src string) (Pos, rune, bool) {
	line, col := 1, 1
	for _, r := range src {
		switch {
		case r == '\n':
			line, col = line+1, 1
			continue
		case unicode.IsControl(r) && !IsSpace(r):
			return Pos{line, col}, r, true
		}
		col++
	}
	return Pos{}, 0, false
}

// Explain gives an error as a person should read it: the message, and for
// a *SyntaxError the offending line with a caret under the column.
func Explain(err error) string {
	var se *SyntaxError
	if errors.As(err, &se) {
		if c := se.Caret(); c != "" {
			return err.Error() + "\n" + c
		}
	}
	return err.Error()
}

// Parse reads and checks one equation. The text may span lines; spaces,
// line breaks and Unicode spaces are ignored. A bad equation gives a
// *SyntaxError.
func Parse(src string) (*Equation, error) {
	if err := precheck(src); err != nil {
		return nil, err
	}
	g, err := eqParser().ParseString("", src)
	if err != nil {
		return nil, convertParseError(err, src)
	}
	eq := &Equation{Source: src}
	if g.Label != nil {
		eq.Name = g.Label.Name
	}
	return finish(eq, g.Body.node, &g.Body.b)
}

// precheck refuses what the grammar never sees: a text too long, not
// UTF-8, with control characters, nested too deep, empty, or with a name
// the calculator cannot type (untypedName).
func precheck(src string) error {
	if len(src) > MaxLength {
		return &SyntaxError{Pos: Pos{1, 1}, Msg: fmt.Sprintf("equation longer than %d bytes", MaxLength), Source: src}
	}
	if !utf8.ValidString(src) {
		return &SyntaxError{Pos: Pos{1, 1}, Msg: "text is not valid UTF-8", Source: src}
	}
	if p, r, ok := controlChar(src); ok {
		return &SyntaxError{Pos: p, Msg: fmt.Sprintf("control character U+%04X is not part of the Solver's language", r), Source: src}
	}
	if p, ok := tooDeep(src); ok {
		return &SyntaxError{Pos: p, Msg: fmt.Sprintf("parentheses nested deeper than %d", MaxDepth), Source: src}
	}
	if strings.IndexFunc(src, notSpace) < 0 {
		return &SyntaxError{Pos: Pos{1, 1}, Msg: "the equation is empty", Source: src}
	}
	return untypedName(src)
}

// finish splits the body at its '=' into LEFT and RIGHT, refuses any other
// truth value at the top, and collects the menu: eq with its parts, or the
// builder's first error.
func finish(eq *Equation, body Node, b *builder) (*Equation, error) {
	if c, ok := body.(*Compare); ok && c.Op == Eq {
		eq.Left, eq.Right = c.L, c.R
	} else {
		if isBool(body) {
			b.fail(body.At(), "only '=' may stand outside IF; comparisons belong in an IF condition")
		}
		eq.Left = body
	}
	if b.err != nil {
		b.err.Source = eq.Source
		return nil, b.err
	}
	eq.Menu, eq.Names = collectNames(eq)
	return eq, nil
}

// notSpace reports whether r is not a space (IsSpace).
func notSpace(r rune) bool { return !IsSpace(r) }

// spaceToSpace maps every space (IsSpace) to ' '.
func spaceToSpace(r rune) rune {
	if IsSpace(r) {
		return ' '
	}
	return r
}

func tooDeep(src string) (Pos, bool) {
	depth, line, col := 0, 1, 0
	for _, r := range src {
		col++
		switch r {
		case '\n':
			line, col = line+1, 0
		case '(':
			depth++
			if depth > MaxDepth {
				return Pos{line, col}, true
			}
		case ')':
			depth--
		}
	}
	return Pos{}, false
}

// endOfText is the position just after the last character of src that is
// not a space: where an equation that ends too soon is missing something.
func endOfText(src string) lexer.Position {
	p := lexer.Position{Line: 1, Column: 1}
	line, col := 1, 0
	for _, r := range src {
		col++
		switch {
		case r == '\n':
			line, col = line+1, 0
		case r != ' ' && r != '\t' && r != '\r' && spaceToSpace(r) != ' ':
			p = lexer.Position{Line: line, Column: col + 1}
		}
	}
	return p
}

func convertParseError(err error, src string) error {
	var perr participle.Error
	if errors.As(err, &perr) {
		p := perr.Position()
		msg := perr.Message()
		var ut *participle.UnexpectedTokenError
		if errors.As(err, &ut) {
			tok := ut.Unexpected
			if tok.EOF() {
				msg = "the equation ends too soon: a ')' or an operand is missing"
				p = endOfText(src)
			} else {
				if inner := errorInCall(src, tok.Pos.Offset); inner != nil {
					return inner
				}
				msg = fmt.Sprintf("unexpected %q", tok.Value)
				if ut.Expect != "" {
					msg += ", expected " + ut.Expect
				}
			}
		} else if strings.Contains(msg, "invalid input text") {
			r, _ := utf8.DecodeRuneInString(src[min(p.Offset, len(src)):])
			msg = fmt.Sprintf("%q is not part of the Solver's language", r)
		}
		return &SyntaxError{Pos: Pos{p.Line, p.Column}, Msg: msg, Source: src}
	}
	return &SyntaxError{Pos: Pos{1, 1}, Msg: err.Error(), Source: src}
}

// errorInCall finds, when the grammar stopped at the '(' of a call at
// src[open] (as it does when a call nested in L(), Σ() or IF() holds an
// error: A=L(N:IP(100 5)) stops at IP's '('), the error inside the call's
// arguments, each read alone in place: the *SyntaxError at its own token
// (the 5), or nil when the arguments read well alone.
func errorInCall(src string, open int) *SyntaxError {
	if open <= 0 || open >= len(src) || src[open] != '(' {
		return nil
	}
	before := strings.TrimRightFunc(src[:open], IsSpace)
	if r, _ := utf8.DecodeLastRuneInString(before); before == "" || strings.ContainsRune(notInName, r) {
		return nil
	}
	depth, start := 0, open+1
	for i := open; i <= len(src); i++ {
		var c byte
		if i < len(src) {
			c = src[i]
		}
		switch {
		case c == '(':
			depth++
		case c == ')' && depth > 1:
			depth--
		case c == ':' && depth == 1 || c == ')' && depth == 1 || i == len(src):
			if strings.TrimFunc(src[start:i], IsSpace) != "" {
				if err := errorAlone(src, start, i); err != nil {
					return err
				}
			} else if start > open+1 && i < len(src) {
				return unexpectedAt(src, i) // an empty argument after ':'
			}
			if c != ':' {
				return nil
			}
			start = i + 1
		}
	}
	return nil
}

// errorAlone reads src[start:end] alone, in its place (the rest of src
// blanked, its line breaks kept): its syntax error with src as Source, or
// nil.
func errorAlone(src string, start, end int) *SyntaxError {
	blank := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, s)
	}
	alone := blank(src[:start]) + src[start:end] + blank(src[end:])
	if _, err := eqParser().ParseString("", alone); err != nil {
		var ut *participle.UnexpectedTokenError
		if errors.As(err, &ut) && ut.Unexpected.EOF() && end < len(src) {
			return unexpectedAt(src, end) // the argument ends too soon: at its ':' or ')'
		}
		if se, ok := convertParseError(err, alone).(*SyntaxError); ok {
			se.Source = src
			return se
		}
	}
	return nil
}

// unexpectedAt is the error "unexpected" the character at src[off].
func unexpectedAt(src string, off int) *SyntaxError {
	line, col := 1, 1
	for _, r := range src[:off] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	r, _ := utf8.DecodeRuneInString(src[off:])
	return &SyntaxError{Pos: Pos{line, col}, Msg: fmt.Sprintf("unexpected %q", string(r)), Source: src}
}

// collectNames walks the tree left to right and returns the menu variables
// and all variable names, each in order of first appearance.
func collectNames(eq *Equation) (menu, names []string) {
	seenMenu := map[string]bool{}
	seenAll := map[string]bool{}
	addAll := func(n string) {
		if !seenAll[n] {
			seenAll[n] = true
			names = append(names, n)
		}
	}
	var walk func(n Node, local map[string]bool)
	walk = func(n Node, local map[string]bool) {
		switch n := n.(type) {
		case *Var:
			addAll(n.Name)
			if !local[n.Name] && !seenMenu[n.Name] {
				seenMenu[n.Name] = true
				menu = append(menu, n.Name)
			}
		case *Neg:
			walk(n.X, local)
		case binaryNode:
			l, r := n.operands()
			walk(l, local)
			walk(r, local)
		case *Not:
			walk(n.X, local)
		case *Call:
			walkCall(n, local, walk, addAll)
		}
	}
	walk(eq.Left, nil)
	if eq.Right != nil {
		walk(eq.Right, nil)
	}
	return menu, names
}

// walkCall names a call's arguments by its kind: the name argument of L,
// G and S is a variable with no menu key, a Σ counter is local to the body,
// and a list function's first argument names a list, not a variable.
func walkCall(n *Call, local map[string]bool, walk func(Node, map[string]bool), addAll func(string)) {
	switch functions()[n.Fn].kind {
	case fnLet:
		addAll(n.Args[0].(*Var).Name)
		walk(n.Args[1], local)
	case fnGet, fnS:
		addAll(n.Args[0].(*Var).Name)
	case fnSigma:
		ctr := n.Args[0].(*Var).Name
		addAll(ctr)
		for _, a := range n.Args[1:4] {
			walk(a, local)
		}
		inner := map[string]bool{ctr: true}
		for k := range local {
			inner[k] = true
		}
		walk(n.Args[4], inner)
	case fnList:
		for _, a := range n.Args[1:] {
			walk(a, local)
		}
	default:
		for _, a := range n.Args {
			walk(a, local)
		}
	}
}

// Label returns the menu label of a variable name: its first five
// characters, as the 17B's narrow menu cells show them.
func Label(name string) string {
	if utf8.RuneCountInString(name) <= 5 {
		return name
	}
	return string([]rune(name)[:5])
}

// String prints the equation back in the Solver's language: its name and
// ':' when it has one, then LEFT, and '=' RIGHT when it has a right side.
// Spaces and redundant parentheses of the source are gone; Parse reads the
// text back to the same tree.
func (eq *Equation) String() string {
	var b strings.Builder
	if eq.Name != "" {
		b.WriteString(eq.Name + ":")
	}
	b.WriteString(eq.Left.String())
	if eq.Right != nil {
		b.WriteString("=" + eq.Right.String())
	}
	return b.String()
}
