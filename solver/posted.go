package solver

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// postedChar is a character that people's software puts in an equation
// posted on a forum or a web page, or kept in a word processor, in place of
// one the calculator's keyboard types: a typed '-' turned into a dash, a
// '×' into a middle dot, a space into a no-break or zero-width one.
type postedChar struct {
	// as is the character it is read as: a character of the Solver's
	// language, ' ' for a space, or 0 for nothing at all (an invisible
	// character, which joins what stands on either side).
	as rune
	// name is its Unicode name, for messages.
	name string
}

// postedChars is the one table of the posted characters Canonical reads
// (docs/spellings.md lists it): each is read as its as before anything
// else is read, so that "A=B–C" (U+2013) is A=B-C, never the variable
// B–C. The full-width forms U+FF01–U+FF5E (Chinese and Japanese input) are
// read as the ASCII characters they stand for (fullWidth), and what those
// are read as follows spellings (＊ is *, so ×).
var postedChars = map[rune]postedChar{
	'\u2010': {'-', "HYPHEN"},
	'\u2011': {'-', "NON-BREAKING HYPHEN"},
	'\u2012': {'-', "FIGURE DASH"},
	'\u2013': {'-', "EN DASH"},
	'\u2014': {'-', "EM DASH"},
	'\u2015': {'-', "HORIZONTAL BAR"},
	'\u2212': {'-', "MINUS SIGN"},
	'\uFE63': {'-', "SMALL HYPHEN-MINUS"},
	'\u00B7': {'×', "MIDDLE DOT"},
	'\u22C5': {'×', "DOT OPERATOR"},
	'\u2219': {'×', "BULLET OPERATOR"},
	'\u2217': {'×', "ASTERISK OPERATOR"},
	'\u2215': {'/', "DIVISION SLASH"},
	'\u2044': {'/', "FRACTION SLASH"},
	'\u2018': {'\'', "LEFT SINGLE QUOTATION MARK"},
	'\u2019': {'\'', "RIGHT SINGLE QUOTATION MARK"},
	'\u201C': {'"', "LEFT DOUBLE QUOTATION MARK"},
	'\u201D': {'"', "RIGHT DOUBLE QUOTATION MARK"},
	'\u00A0': {' ', "NO-BREAK SPACE"},
	'\u202F': {' ', "NARROW NO-BREAK SPACE"},
	'\u2007': {' ', "FIGURE SPACE"},
	'\u3000': {' ', "IDEOGRAPHIC SPACE"},
	'\u00AD': {0, "SOFT HYPHEN"},
	'\u200C': {0, "ZERO WIDTH NON-JOINER"},
	'\u200D': {0, "ZERO WIDTH JOINER"},
	'\u2060': {0, "WORD JOINER"},
}

// fullWidth is the ASCII character a full-width form (U+FF01–U+FF5E)
// stands for, or 0.
func fullWidth(r rune) rune {
	if r >= 0xFF01 && r <= 0xFF5E {
		return r - 0xFEE0
	}
	return 0
}

// readPosted is the character a posted character is read as, and whether
// r is one (postedChars, fullWidth). The zero-width space U+200B and the
// byte-order mark U+FEFF are spaces (IsSpace) and stay so.
func readPosted(r rune) (rune, bool) {
	if r < 0x80 {
		return 0, false
	}
	if p, ok := postedChars[r]; ok {
		return p.as, true
	}
	if a := fullWidth(r); a != 0 {
		return a, true
	}
	return 0, false
}

// charName names a character for a message: its code point and, where
// this package knows it, its Unicode name ("U+2013 EN DASH").
func charName(r rune) string {
	if p, ok := postedChars[r]; ok {
		return fmt.Sprintf("U+%04X %s", r, p.name)
	}
	if a := fullWidth(r); a != 0 {
		return fmt.Sprintf("U+%04X FULLWIDTH %q", r, a)
	}
	if n, ok := otherCharNames[r]; ok {
		return fmt.Sprintf("U+%04X %s", r, n)
	}
	return fmt.Sprintf("U+%04X %q", r, r)
}

// otherCharNames names characters met in posted equations that are
// neither posted characters nor the calculator's, with what to type for
// them (insteadOf).
var otherCharNames = map[rune]string{
	'"': "QUOTATION MARK", '\'': "APOSTROPHE", '`': "GRAVE ACCENT", '\\': "REVERSE SOLIDUS",
	'π': "GREEK SMALL LETTER PI", '√': "SQUARE ROOT", '²': "SUPERSCRIPT TWO", '³': "SUPERSCRIPT THREE",
	'€': "EURO SIGN", '£': "POUND SIGN", '¥': "YEN SIGN", '°': "DEGREE SIGN", '…': "HORIZONTAL ELLIPSIS",
	'∙': "BULLET OPERATOR", '•': "BULLET", '✕': "MULTIPLICATION X", '⨯': "VECTOR OR CROSS PRODUCT",
	'\u200B': "ZERO WIDTH SPACE", '\uFEFF': "ZERO WIDTH NO-BREAK SPACE",
}

// insteadOf says what to type for a character the calculator cannot type
// in a name.
func insteadOf(r rune) string {
	switch r {
	case '"', '\'', '`':
		return "remove it (quotes around an equation are not part of it)"
	case '\\':
		return "remove it: it is markup (LaTeX) copied from a web page"
	case 'π':
		return "write PI"
	case '√':
		return "write SQRT(…)"
	case '²':
		return "write ^2"
	case '³':
		return "write ^3"
	case '…':
		return "write the whole equation: '…' marks a cut"
	case '•', '✕', '⨯':
		return "write × for a product"
	case '€', '£', '¥':
		return "write $ (OTHER's $ key) or a letter"
	}
	if unicode.IsLetter(r) {
		return "write the letter without its accent, A to Z"
	}
	return "a name holds letters A to Z, digits and # % $ ~ & Σ; remove it or write one of those"
}

// typeable reports whether r may stand in a name: what the HP-17BII's
// keyboard types (letters, digits, OTHER's characters: emulator's ALPHA
// menus), the other printable ASCII characters but quotes, '`' and '\',
// and Σ. Lower-case letters are read as typed; the keyboard types them
// as capitals (hp17b check says which).
func typeable(r rune) bool {
	if r < 0x80 {
		return r > ' ' && r < 0x7F && r != '"' && r != '\'' && r != '`' && r != '\\'
	}
	return r == 'Σ'
}

// untypeableOrUnusual reports whether r may be a character a name cannot
// hold: not one of the calculator's glyphs, a space or a character
// typeable allows.
func untypeableOrUnusual(r rune) bool {
	if r < 0x80 {
		return !typeable(r) && r > ' ' && r != 0x7F
	}
	return !strings.ContainsRune("×÷Σ−≤≥≠∑", r) && !IsSpace(r)
}

// untypedName finds, in src, the first name holding a character the
// calculator cannot type in a name (typeable): a *SyntaxError at that
// character naming it and what to type instead, or nil.
func untypedName(src string) error {
	if !strings.ContainsFunc(src, untypeableOrUnusual) {
		return nil // most texts: no second reading
	}
	l, _ := eqLexer.(eqLexerDef).LexString("", src)
	for {
		t, err := l.Next()
		if err != nil || t.EOF() {
			return nil
		}
		if t.Type != tokName {
			continue
		}
		for i, r := range []rune(t.Value) {
			if typeable(r) {
				continue
			}
			what := insteadOf(r)
			if p, ok := readPosted(r); ok {
				switch p {
				case 0, ' ':
					what = "remove it"
				default:
					what = fmt.Sprintf("write %c", p)
					if p == '-' {
						what = "write - (the minus)"
					}
				}
			}
			return &SyntaxError{Pos: Pos{t.Pos.Line, t.Pos.Column + i}, Source: src,
				Msg: fmt.Sprintf("the name %s holds %s, which the HP-17BII cannot type: %s", t.Value, charName(r), what)}
		}
	}
}

// markup finds markup copied from a web page at src[i:]: an HTML entity
// (&lt; &times; &#8211;), an HTML tag (<br>, <sup>, </b>) or a LaTeX
// command (\times, \( ), as its length in characters and the message
// that names it, or 0 and "".
func markup(src []rune, i int) (int, string) {
	if i+1 >= len(src) || src[i] != '\\' && !isLetter(src[i+1]) && src[i+1] != '/' && src[i+1] != '#' {
		return 0, "" // A<B, B&C: no markup, no string built
	}
	rest := func(n int) string {
		end := min(len(src), i+n)
		return string(src[i:end])
	}
	switch src[i] {
	case '&':
		s := rest(12)
		end := strings.IndexByte(s, ';')
		if end < 2 {
			return 0, ""
		}
		ent := s[:end+1]
		for _, c := range ent[1:end] {
			if !(c == '#' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				return 0, ""
			}
		}
		for _, e := range htmlEntities {
			if e.name == ent {
				return utf8.RuneCountInString(ent), fmt.Sprintf("%s is HTML markup copied from a web page, for %s: write %s", ent, e.means, e.write)
			}
		}
		return utf8.RuneCountInString(ent), fmt.Sprintf("%s is HTML markup copied from a web page: write the character it stands for (× ÷ - < > or a space)", ent)
	case '<':
		s := strings.ToLower(rest(40))
		end := strings.IndexByte(s, '>')
		if end < 2 {
			return 0, ""
		}
		tag := strings.TrimPrefix(s[1:end], "/")
		if f := strings.IndexAny(tag, " \t"); f > 0 {
			tag = tag[:f]
		}
		for _, t := range htmlTags {
			if tag == t {
				msg := fmt.Sprintf("%s is an HTML tag copied from a web page: remove it", s[:end+1])
				if tag == "sup" {
					msg += " and write ^ before the exponent"
				}
				return utf8.RuneCountInString(s[:end+1]), msg
			}
		}
	case '\\':
		s := rest(12)
		j := 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			j++
		}
		cmd := s[:j]
		if j == 1 && len(s) > 1 {
			cmd = s[:2] // \( \) \[ \]
		}
		for _, l := range latexCommands {
			if l.name == cmd {
				return utf8.RuneCountInString(cmd), fmt.Sprintf("%s is LaTeX markup copied from a web page: %s", cmd, l.write)
			}
		}
		return 1, fmt.Sprintf("%s is LaTeX markup copied from a web page: write the equation in the calculator's glyphs, without '\\'", cmd)
	}
	return 0, ""
}

// htmlEntities are the HTML entities met in equations copied from web
// pages, what each stands for and what to type.
var htmlEntities = []struct{ name, means, write string }{
	{"&lt;", "'<'", "<"}, {"&gt;", "'>'", ">"}, {"&le;", "'≤'", "<="}, {"&ge;", "'≥'", ">="},
	{"&ne;", "'≠'", "<>"}, {"&times;", "'×'", "×"}, {"&divide;", "'÷'", "÷"}, {"&minus;", "'−'", "-"},
	{"&ndash;", "'–'", "-"}, {"&mdash;", "'—'", "-"}, {"&nbsp;", "a space", "a space"},
	{"&amp;", "'&'", "&"}, {"&sup2;", "'²'", "^2"}, {"&sum;", "'∑'", "Σ("}, {"&Sigma;", "'Σ'", "Σ("},
	{"&middot;", "'·'", "×"}, {"&quot;", "'\"'", "nothing (remove it)"}, {"&pi;", "'π'", "PI"},
}

// htmlTags are the HTML tags met in equations copied from web pages.
var htmlTags = []string{"b", "i", "u", "br", "br/", "p", "sup", "sub", "span", "div", "font", "em", "strong", "code", "pre", "tt", "a", "img"}

// latexCommands are the LaTeX commands met in equations copied from web
// pages (MathJax's \( … \) among them), with what to write.
var latexCommands = []struct{ name, write string }{
	{`\(`, `remove \( and \) around the equation`}, {`\)`, `remove \( and \) around the equation`},
	{`\[`, `remove \[ and \] around the equation`}, {`\]`, `remove \[ and \] around the equation`},
	{`\times`, "write ×"}, {`\cdot`, "write ×"}, {`\div`, "write ÷"}, {`\Sigma`, "write Σ("}, {`\sum`, "write Σ("},
	{`\frac`, "write the fraction as (…)÷(…)"}, {`\sqrt`, "write SQRT(…)"}, {`\left`, `remove \left and \right`},
	{`\right`, `remove \left and \right`}, {`\le`, "write <="}, {`\ge`, "write >="}, {`\ne`, "write <>"},
	{`\pi`, "write PI"}, {`\ln`, "write LN(…)"}, {`\log`, "write LOG(…)"}, {`\exp`, "write EXP(…)"},
}
