package solver

import (
	"io"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// The floor of parsing with participle: a grammar that only matches an
// equation's parentheses and the colons between arguments, with every
// other token of one type and nothing captured, builds no tree at all.
// What it costs over NIM is the least any participle grammar of the
// Solver's language can cost (docs/speed.md).

// floorLexer hands participle eqLexer's tokens with every token that is not
// '(', ')' or ':' turned into one type, Atom.
type floorLexer struct{}

func (floorLexer) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{"EOF": lexer.EOF, "Atom": tokName, "Open": tokOpen, "Close": tokClose, "Colon": tokColon}
}

func (d floorLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(src))
}

func (floorLexer) LexString(filename, src string) (lexer.Lexer, error) {
	l, err := eqLexer.(lexer.StringDefinition).LexString(filename, src)
	return floorTokens{l}, err
}

type floorTokens struct{ l lexer.Lexer }

func (f floorTokens) Next() (lexer.Token, error) {
	t, err := f.l.Next()
	switch t.Type {
	case tokNumber, tokRel, tokSign, tokMul, tokPow:
		t.Type = tokName
	}
	return t, err
}

// floorList is tokens and parenthesised lists, the only structure kept.
type floorList struct {
	Groups []*floorList `parser:"( Atom | Colon | Open @@ ( Colon @@ )* Close )*"`
}

var floorParser = participle.MustBuild[floorList](participle.Lexer(floorLexer{}))

// TestFloorGrammar checks that the floor grammar reads NIM's nesting and
// refuses an unbalanced text, so that its benchmark measures a real parse.
func TestFloorGrammar(t *testing.T) {
	src := loadNIM(t)
	tree, err := floorParser.ParseString("", src)
	require.NoError(t, err)
	var deepest func(l *floorList) int
	deepest = func(l *floorList) int {
		d := 0
		for _, g := range l.Groups {
			d = max(d, 1+deepest(g))
		}
		return d
	}
	want, open := 0, 0
	for _, r := range src {
		switch r {
		case '(':
			open++
			want = max(want, open)
		case ')':
			open--
		}
	}
	require.Equal(t, want, deepest(tree), "the tree nests as NIM's parentheses do")
	_, err = floorParser.ParseString("", strings.TrimSuffix(strings.TrimSpace(src), ")"))
	require.Error(t, err)
}

// BenchmarkParticipleFloor parses NIM with the floor grammar.
func BenchmarkParticipleFloor(b *testing.B) {
	src := loadNIM(b)
	for b.Loop() {
		if _, err := floorParser.ParseString("", src); err != nil {
			b.Fatal(err)
		}
	}
}
