package solver

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// The token types of the Solver's language, as participle's grammar
// (grammar.go) names them. Spaces (IsSpace) separate tokens and are
// dropped. Each operator class is a type of its own, so that the grammar
// matches one type where it would otherwise try each symbol in turn.
const (
	tokNumber lexer.TokenType = -(iota + 2) // 12, 1.5, .5, 1E-3, 2.5E+30, 1E−3
	tokRel                                  // = < > <= >= <> ≤ ≥ ≠
	tokSign                                 // + - −
	tokMul                                  // × ÷ * /
	tokPow                                  // ^
	tokOpen                                 // (
	tokClose                                // )
	tokColon                                // :
	tokName                                 // any other run of characters
)

// eqLexer reads an equation's text into tokens. It is written by hand
// because a participle lexer built from regular expressions spent half of
// the time of parsing NIM (lexer_test.go keeps those expressions as the
// specification and checks that both give the same tokens).
var eqLexer lexer.Definition = eqLexerDef{}

type eqLexerDef struct{}

// Symbols names the token types for participle's grammar.
func (eqLexerDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Number": tokNumber, "Rel": tokRel, "Sign": tokSign, "Mul": tokMul,
		"Pow": tokPow, "Open": tokOpen, "Close": tokClose, "Colon": tokColon, "Name": tokName,
	}
}

// Lex reads all of r and lexes it.
func (d eqLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(src))
}

// LexString lexes src.
func (eqLexerDef) LexString(filename string, src string) (lexer.Lexer, error) {
	return &eqTokens{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}, glyphs: strings.ContainsAny(src, "×÷")}, nil
}

// eqTokens is one text being lexed: src from pos.Offset on is unread.
type eqTokens struct {
	src string
	pos lexer.Position
	// glyphs is set when the text writes × or ÷: a '/' between a name's
	// character and a letter is then part of the name, as P/YR in HP's
	// I%÷P/YR (Canonical reads it so).
	glyphs bool
}

// notInName lists the characters that end a name (besides spaces); a name
// cannot start with them nor with a digit.
const notInName = "+-−×÷*/^()<>=:≤≥≠.,"

// Next returns the next token, lexer.EOF at the end, or an "invalid input
// text" error at a character no token can start with ('.' or ',' alone).
func (l *eqTokens) Next() (lexer.Token, error) {
	for l.pos.Offset < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.pos.Offset:])
		if !IsSpace(r) {
			break
		}
		l.advance(r, size)
	}
	rest := l.src[l.pos.Offset:]
	if rest == "" {
		return lexer.EOFToken(l.pos), nil
	}
	r, size := utf8.DecodeRuneInString(rest)
	typ := tokName
	n := size
	switch {
	case isDigit(r) || r == '.' && len(rest) > 1 && isDigit(rune(rest[1])):
		typ, n = tokNumber, numberLength(rest)
	case r == '<' || r == '>':
		typ = tokRel
		if len(rest) > 1 && (rest[1] == '=' || r == '<' && rest[1] == '>') {
			n = 2
		}
	case r == '=' || r == '≤' || r == '≥' || r == '≠':
		typ = tokRel
	case r == '+' || r == '-' || r == '−':
		typ = tokSign
	case r == '×' || r == '÷' || r == '*' || r == '/':
		typ = tokMul
	case r == '^':
		typ = tokPow
	case r == '(':
		typ = tokOpen
	case r == ')':
		typ = tokClose
	case r == ':':
		typ = tokColon
	case r == '.' || r == ',':
		sample := []rune(rest)
		if len(sample) > 16 {
			sample = append(sample[:16], []rune("...")...)
		}
		return lexer.Token{}, &lexer.Error{Msg: fmt.Sprintf("lexer: invalid input text %q", string(sample)), Pos: l.pos}
	default:
		for n < len(rest) {
			c, sz := utf8.DecodeRuneInString(rest[n:])
			if IsSpace(c) || strings.ContainsRune(notInName, c) && !(c == '/' && l.glyphs && n+1 < len(rest) && isLetter(rune(rest[n+1]))) {
				break
			}
			n += sz
		}
	}
	tok := lexer.Token{Type: typ, Value: rest[:n], Pos: l.pos}
	for _, c := range rest[:n] {
		l.advance(c, utf8.RuneLen(c))
	}
	return tok, nil
}

// advance moves pos past r, size bytes long.
func (l *eqTokens) advance(r rune, size int) {
	l.pos.Offset += size
	if r == '\n' {
		l.pos.Line++
		l.pos.Column = 1
		return
	}
	l.pos.Column++
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// numberLength measures the number at the start of s: digits with an
// optional point and more digits, or a point and digits; then an exponent
// (E or e, an optional sign, digits) only when a digit follows.
func numberLength(s string) int {
	digits := func(i int) int {
		for i < len(s) && isDigit(rune(s[i])) {
			i++
		}
		return i
	}
	n := digits(0)
	if n < len(s) && s[n] == '.' {
		n = digits(n + 1)
	}
	if n < len(s) && (s[n] == 'E' || s[n] == 'e') {
		e := n + 1
		switch {
		case e < len(s) && (s[e] == '+' || s[e] == '-'):
			e++
		case strings.HasPrefix(s[e:], "−"):
			e += len("−")
		}
		if end := digits(e); end > e {
			n = end
		}
	}
	return n
}
