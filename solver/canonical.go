package solver

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Canonical rewrites an equation's text in the calculator's own spelling,
// the one its keyboard types and its display shows: * and / become × and
// ÷, ** becomes ^, an x or X standing between two operands ("L x W", "2x3",
// "(A)x(B)") becomes ×, != and ≠ become <>, ≤ and ≥ become <= and >= (the
// 17BII types a comparison from OTHER's < > = keys: docs/facts.md, Solver
// language), SIGMA( SUM( and ∑( become Σ(, and the minus sign U+2212
// becomes -. Spaces and line breaks stay as they are (but for those around
// an x read as ×: "L x W" is L×W), and a name, number or anything else is
// left alone, so that a text already in the calculator's
// spelling comes back unchanged and the rewritten text parses to the same
// tree as the ASCII one was meant to.
//
// A text Canonical cannot rewrite is a *SyntaxError at its place: a ';'
// (an equation ends at the end of its line; the Solver has no ';'), and a
// name such as LxW that reads two ways (the variable LxW, or L×W): the
// message names both readings and what to write for each.
func Canonical(src string) (string, error) {
	out, _, err := canonical(src)
	return out, err
}

// canonical is Canonical that also returns, for each line of the result,
// the column in src of each of its characters (and one past the last), so
// that an error found in the result can be placed in src (origin).
func canonical(src string) (string, [][]int, error) {
	c := canonizer{src: []rune(src), line: 1, col: 1}
	c.out = make([]rune, 0, len(c.src)+8)
	c.cols = [][]int{c.lineCols(0)}
	if err := c.run(); err != nil {
		return "", nil, err
	}
	c.cols[len(c.cols)-1] = append(c.cols[len(c.cols)-1], c.col)
	return string(c.out), c.cols, nil
}

// origin places pos, a position in the text canonical returned, in the
// text it was given, as its column map cols says.
func origin(pos Pos, cols [][]int) Pos {
	if pos.Line < 1 || pos.Line > len(cols) {
		return pos
	}
	line := cols[pos.Line-1]
	switch {
	case len(line) == 0:
		return pos
	case pos.Col-1 < len(line) && pos.Col >= 1:
		return Pos{pos.Line, line[pos.Col-1]}
	default:
		return Pos{pos.Line, line[len(line)-1] + pos.Col - len(line)}
	}
}

// canonizer is one text being rewritten: src[i:] is unread, line and col
// are where src[i] stands, out the text so far and cols its column map.
type canonizer struct {
	src       []rune
	i         int
	line, col int
	out       []rune
	cols      [][]int
	// operand is set when the last thing written ends an operand (a
	// number, a variable, ')'): an x after it may be ×.
	operand bool
}

// emit writes s for the n characters of src at i (an operator's
// spelling, an x, a Σ's name: none of them a line break, which
// emitNewline copies), and moves past them.
func (c *canonizer) emit(s string, n int) {
	line := &c.cols[len(c.cols)-1]
	for _, r := range s {
		c.out = append(c.out, r)
		*line = append(*line, c.col)
	}
	c.i += n
	c.col += n
}

// copyOut writes the n characters of src at i unchanged (none of them a
// line break), and moves past them.
func (c *canonizer) copyOut(n int) {
	line := &c.cols[len(c.cols)-1]
	for _, r := range c.src[c.i : c.i+n] {
		c.out = append(c.out, r)
		*line = append(*line, c.col)
		c.col++
	}
	c.i += n
}

// lineCols is an empty column map for the line that starts at src[i],
// with room for its characters and the one past its end.
func (c *canonizer) lineCols(i int) []int {
	n := 1
	for ; i < len(c.src) && c.src[i] != '\n'; i++ {
		n++
	}
	return make([]int, 0, n+2)
}

// emitNewline copies a line break.
func (c *canonizer) emitNewline() {
	c.out = append(c.out, '\n')
	c.cols[len(c.cols)-1] = append(c.cols[len(c.cols)-1], c.col)
	c.cols = append(c.cols, c.lineCols(c.i+1))
	c.i++
	c.line, c.col = c.line+1, 1
}

// at is the character n ahead of the unread text, or 0 past its end.
// spellings are the operators people type for the calculator's own
// glyphs: the text typed and the glyph it becomes (docs/programs.md,
// equation files).
var spellings = map[string]string{"**": "^", "*": "×", "/": "÷", "!=": "<>", "≠": "<>", "≤": "<=", "≥": ">=", "−": "-"}

// spellingStarts holds the first character of every key of spellings.
var spellingStarts = func() string {
	var b strings.Builder
	for k := range spellings {
		r, _ := utf8.DecodeRuneInString(k)
		b.WriteRune(r)
	}
	return b.String()
}()

// spelling is the key of spellings that the text at the reading point
// starts with, the longer first ("**" before "*"), or "".
func (c *canonizer) spelling() string {
	if !strings.ContainsRune(spellingStarts, c.at(0)) {
		return "" // most characters: no string built
	}
	if two := string([]rune{c.at(0), c.at(1)}); spellings[two] != "" {
		return two
	}
	if one := string(c.at(0)); spellings[one] != "" {
		return one
	}
	return ""
}

func (c *canonizer) at(n int) rune {
	if c.i+n < len(c.src) {
		return c.src[c.i+n]
	}
	return 0
}

// nextSolid is the first character from src[j] on that is not a space, or
// 0.
func (c *canonizer) nextSolid(j int) rune {
	for ; j < len(c.src); j++ {
		if !IsSpace(c.src[j]) {
			return c.src[j]
		}
	}
	return 0
}

// startsOperand reports whether r can begin an operand: a digit, a point,
// '(' or a name's first character.
func startsOperand(r rune) bool {
	return r != 0 && (isDigit(r) || r == '.' || r == '(' || nameChar(r))
}

// nameChar reports whether r may stand in a name as Canonical reads one.
func nameChar(r rune) bool {
	if r >= 0 && r < 128 {
		return asciiNameChar[r]
	}
	return slowNameChar(r)
}

// slowNameChar is nameChar for any character.
func slowNameChar(r rune) bool {
	return !IsSpace(r) && !strings.ContainsRune(notInName, r) && r != ';' && r != '!' && r != '∑'
}

// asciiNameChar is slowNameChar for the ASCII characters, looked up.
var asciiNameChar = func() (t [128]bool) {
	for r := range rune(128) {
		t[r] = slowNameChar(r)
	}
	return t
}()

func (c *canonizer) fail(msg string, args ...any) error {
	return &SyntaxError{Pos: Pos{c.line, c.col}, Msg: fmt.Sprintf(msg, args...), Source: string(c.src)}
}

func (c *canonizer) run() error {
	for c.i < len(c.src) {
		r, typed := c.at(0), c.spelling()
		switch {
		case r == '\n':
			c.emitNewline()
		case IsSpace(r):
			c.copyOut(1)
		case typed != "": // no spelling starts with a space or a line break
			c.emit(spellings[typed], utf8.RuneCountInString(typed))
			c.operand = false
		case r == ';':
			if c.nextSolidOnLine(c.i+1) == 0 {
				return c.fail("';' ends no equation: an equation ends at the end of its line (or, with several lines, where its parentheses close); remove the ';'")
			}
			return c.fail("';' is not part of the Solver's language: ':' separates a function's arguments; write ':' or remove the ';'")
		case r == ')':
			c.copyOut(1)
			c.operand = true
			c.timesAfter()
		case isDigit(r) || r == '.' && isDigit(c.at(1)):
			c.copyOut(c.numberRunes())
			c.operand = true
			c.timesAfter()
		case r == '∑' || nameChar(r) || r == '!':
			if err := c.name(); err != nil {
				return err
			}
		default:
			c.copyOut(1)
			c.operand = false
		}
	}
	return nil
}

// numberRunes measures the number at the unread text, in characters.
func (c *canonizer) numberRunes() int {
	j := c.i
	for j < len(c.src) && strings.ContainsRune("0123456789.Ee+-−", c.src[j]) {
		j++
	}
	s := string(c.src[c.i:j])
	return max(1, utf8.RuneCountInString(s[:numberLength(s)]))
}

// nextSolidOnLine is the first character from src[j] on, before the end
// of the line, that is not a space, or 0.
func (c *canonizer) nextSolidOnLine(j int) rune {
	for ; j < len(c.src) && c.src[j] != '\n'; j++ {
		if !IsSpace(c.src[j]) {
			return c.src[j]
		}
	}
	return 0
}

// timesAfter reads a lower-case x right after a number or ')' and right
// before an operand ("2x3", "(A)x(B)", "2xW") as ×.
func (c *canonizer) timesAfter() {
	if c.at(0) == 'x' && startsOperand(c.at(1)) && !(c.at(1) == 'x') {
		c.emit("×", 1)
		c.operand = false
	}
}

// name reads a name: SIGMA, SUM and ∑ before '(' are Σ; an x or X alone
// between two operands is ×; a name that is two names joined by a
// lower-case x is refused, naming both readings.
func (c *canonizer) name() error {
	j := c.i
	if c.src[j] == '∑' {
		j++
	} else {
		for j < len(c.src) && (nameChar(c.src[j]) || c.src[j] == '!' && (j+1 == len(c.src) || c.src[j+1] != '=')) {
			j++
		}
	}
	word := c.src[c.i:j] // no string built for a name that needs none
	next := c.nextSolid(j)
	switch {
	case next == '(' && (upperIs(word, "SIGMA") || upperIs(word, "SUM") || len(word) == 1 && word[0] == '∑'):
		c.emit("Σ", j-c.i)
		c.operand = false
		return nil
	case len(word) == 1 && (word[0] == 'x' || word[0] == 'X') && c.operand && startsOperand(next):
		// The spaces that kept the x apart from the names go with it:
		// "L x W" is L×W.
		line := &c.cols[len(c.cols)-1]
		for len(c.out) > 0 && len(*line) > 0 && (c.out[len(c.out)-1] == ' ' || c.out[len(c.out)-1] == '\t') {
			c.out = c.out[:len(c.out)-1]
			*line = (*line)[:len(*line)-1]
		}
		c.emit("×", 1)
		for c.i < len(c.src) && (c.src[c.i] == ' ' || c.src[c.i] == '\t') {
			c.i++
			c.col++
		}
		c.operand = false
		return nil
	}
	if a, b, ok := joinedByX(word); ok {
		word := string(word)
		return c.fail("%s reads two ways: the variable %s, or %s×%s; write %s×%s (or %s*%s, %s x %s) for the product, or %s for one name",
			word, word, a, b, a, b, a, b, a, b, strings.ToUpper(word))
	}
	c.copyOut(j - c.i)
	switch {
	case upperIs(word, "AND"), upperIs(word, "OR"), upperIs(word, "NOT"):
		c.operand = false
	default:
		c.operand = next != '('
	}
	return nil
}

// upperIs reports whether strings.ToUpper(string(word)) is w, an ASCII
// word, without building either string.
func upperIs(word []rune, w string) bool {
	if len(word) != len(w) {
		return false
	}
	for i, r := range word {
		if unicode.ToUpper(r) != rune(w[i]) {
			return false
		}
	}
	return true
}

// joinedByX splits a name such as LxW, whose only lower-case letter is an
// x between two capitals or digits, into the names on either side.
func joinedByX(r []rune) (string, string, bool) {
	at := -1
	for i, c := range r {
		if unicode.IsLower(c) {
			if c != 'x' || at >= 0 {
				return "", "", false
			}
			at = i
		}
	}
	if at <= 0 || at == len(r)-1 {
		return "", "", false
	}
	solid := func(c rune) bool { return unicode.IsUpper(c) || isDigit(c) }
	if !solid(r[at-1]) || !unicode.IsUpper(r[at+1]) && !isDigit(r[at+1]) || isDigit(r[0]) {
		return "", "", false
	}
	return string(r[:at]), string(r[at+1:]), true
}
