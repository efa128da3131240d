package solver

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Canonical rewrites an equation's text in the calculator's own spelling,
// the one its keyboard types and its display shows (docs/spellings.md
// lists every rule):
//
//   - the characters people's software posts (postedChars): every dash and
//     minus sign is -, the middle dot and ⋅ are ×, full-width forms are
//     their ASCII, quotes around the whole equation go, soft hyphens and
//     joiners vanish;
//   - * and / become × and ÷, ** becomes ^, != and ≠ become <>, ≤ and ≥
//     become <= and >= (the 17BII types a comparison from OTHER's < > =
//     keys: docs/facts.md, Solver language); SIGMA( SUM( and ∑( become Σ(,
//     and a 17BII function's name in small letters its own (fp( is FP();
//   - an x or X is × wherever no name can stand: between two operands
//     ("L x W", "2x3", "(A)x(B)"), after a number or ')' before a sign
//     ("(B)x-2", "2XFP(C)"), starting a word after a space that follows an
//     operand ("B⏎ xG"), and inside a word before a function or a # or %
//     name ("PMTxUSPV(", "Bx#C"): a name followed by '(' is a call;
//   - a '/' between a name's character and a letter is part of the name
//     where the text writes × or ÷ (HP's I%÷P/YR), else ÷.
//
// Spaces and line breaks stay as they are (but for those around an x read
// as ×: "L x W" is L×W), and a name, number or anything else is left
// alone, so that a text already in the calculator's spelling comes back
// unchanged and the rewritten text parses to the same tree as the ASCII
// one was meant to.
//
// A text Canonical cannot rewrite is a *SyntaxError at its place (in the
// text given), whose message names the cause and what to write: a ';' (an
// equation ends at the end of its line), a ',' (the HP-200LX's separator,
// or a thousands separator), HTML or LaTeX markup, $…$ around the text,
// _mult_, an operator in the equation's name (INIT-L:), and a word that
// reads two ways (LxW: the
// variable LxW, or L×W; Bx-2; P/YR where both * and × are written): the
// message names both readings and what to write for each.
func Canonical(src string) (string, error) {
	out, _, err := canonical(src)
	return out, err
}

// canonical is Canonical that also returns, for each line of the result,
// the column in src of each of its characters (and one past the last), so
// that an error found in the result can be placed in src (origin).
func canonical(src string) (string, [][]int, error) {
	c := canonizer{line: 1, orig: src}
	c.src, c.colOf = readPostedText(src)
	c.glyphs = slices.Contains(c.src, '×') || slices.Contains(c.src, '÷')
	c.starOp = slices.Contains(c.src, '*')
	c.out = make([]rune, 0, len(c.src)+8)
	c.cols = [][]int{c.lineCols(0)}
	if err := c.unquote(); err != nil {
		return "", nil, err
	}
	if err := c.label(); err != nil {
		return "", nil, err
	}
	if err := c.run(); err != nil {
		return "", nil, err
	}
	c.cols[len(c.cols)-1] = append(c.cols[len(c.cols)-1], c.colOf[len(c.src)])
	return string(c.out), c.cols, nil
}

// label refuses an equation's name (the text before its first ':', when
// it holds no '=' nor '(') that holds an operator: HP writes CAN~MORT
// where a '-' was meant, for a name cannot hold one.
func (c *canonizer) label() error {
	for i, r := range c.src {
		switch {
		case r == ':':
			name := strings.TrimFunc(string(c.src[:i]), IsSpace)
			at := strings.IndexAny(name, "+-*/^<>×÷")
			if at <= 0 {
				return nil
			}
			op, _ := utf8.DecodeRuneInString(name[at:])
			c.i = strings.IndexRune(string(c.src), op)
			c.i = utf8.RuneCountInString(string(c.src)[:c.i])
			fix := strings.Map(func(r rune) rune {
				if strings.ContainsRune("+-*/^<>×÷", r) {
					return '~'
				}
				return r
			}, name)
			return c.fail("the equation's name %s holds %q, which a name cannot hold: write %s (HP's equations write CAN~MORT so)", name, op, fix)
		case r == '=' || r == '(' || r == '\n':
			return nil
		}
	}
	return nil
}

// readPostedText reads src's posted characters (postedChars) as the
// characters they stand for, leaving out the invisible ones: the text to
// rewrite, and the column in src of each of its characters (and one past
// the last).
func readPostedText(src string) ([]rune, []int) {
	runes := make([]rune, 0, len(src))
	cols := make([]int, 0, len(src)+1)
	col := 1
	for _, r := range src {
		as, posted := readPosted(r)
		switch {
		case !posted:
			runes = append(runes, r)
			cols = append(cols, col)
		case as != 0:
			runes = append(runes, as)
			cols = append(cols, col)
		}
		col++
		if r == '\n' {
			col = 1
		}
	}
	return runes, append(cols, col)
}

// unquote leaves out quotes around the whole text (posted equations are
// often quoted: "A=B+C", “A=B+C”), and refuses LaTeX's $…$ around it.
func (c *canonizer) unquote() error {
	first, last := -1, -1
	for i, r := range c.src {
		if !IsSpace(r) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 || last <= first+1 || c.src[first] != c.src[last] {
		return nil
	}
	switch c.src[first] {
	case '"', '\'':
		c.src = append(append(c.src[:first:first], c.src[first+1:last]...), c.src[last+1:]...)
		c.colOf = append(append(c.colOf[:first:first], c.colOf[first+1:last]...), c.colOf[last+1:]...)
	case '$':
		c.i = first
		return c.fail("$…$ around an equation is LaTeX markup copied from a web page: remove the two $ (on the calculator $ is a character of a name)")
	}
	return nil
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

// canonizer is one text being rewritten: src[i:] is unread, line is the
// line where src[i] stands (its column is colOf[i]), out the text so far
// and cols its column map.
type canonizer struct {
	// orig is the text given, src the text read from it.
	orig string
	src  []rune
	// colOf is the column in the text given of each character of src,
	// and one past the last (readPostedText).
	colOf []int
	i     int
	line  int
	out   []rune
	cols  [][]int
	// glyphs is set when the text writes × or ÷ (a '/' between two names
	// is then part of a name, as P/YR in HP's I%÷P/YR), starOp when it
	// writes * (then nothing tells the two readings apart).
	glyphs, starOp bool
	// depth is how many parentheses are open.
	depth int
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
		*line = append(*line, c.colOf[c.i])
	}
	c.i += n
}

// copyOut writes the n characters of src at i unchanged (none of them a
// line break), and moves past them.
func (c *canonizer) copyOut(n int) {
	line := &c.cols[len(c.cols)-1]
	for k, r := range c.src[c.i : c.i+n] {
		c.out = append(c.out, r)
		*line = append(*line, c.colOf[c.i+k])
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
	c.cols[len(c.cols)-1] = append(c.cols[len(c.cols)-1], c.colOf[c.i])
	c.cols = append(c.cols, c.lineCols(c.i+1))
	c.i++
	c.line++
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
// '(' or a name's first character ('!' among them).
func startsOperand(r rune) bool {
	return r != 0 && (isDigit(r) || r == '.' || r == '(' || nameChar(r) || r == '!')
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
	return &SyntaxError{Pos: Pos{c.line, c.colOf[c.i]}, Msg: fmt.Sprintf(msg, args...), Source: c.orig, spelling: true}
}

func (c *canonizer) run() error {
	for c.i < len(c.src) {
		r, typed := c.at(0), c.spelling()
		if r == '&' || r == '<' || r == '\\' {
			if n, msg := markup(c.src, c.i); n > 0 {
				return c.fail("%s", msg)
			}
		}
		switch {
		case r == '\n':
			c.emitNewline()
		case IsSpace(r):
			c.copyOut(1)
		case typed != "": // no spelling starts with a space or a line break
			c.emitSpelling(r, typed)
		case r == ';':
			if c.nextSolidOnLine(c.i+1) == 0 {
				return c.fail("';' ends no equation: an equation ends at the end of its line (or, with several lines, where its parentheses close); remove the ';'")
			}
			return c.fail("';' is not part of the Solver's language: ':' separates a function's arguments; write ':' or remove the ';'")
		case r == ',':
			return c.comma()
		case r == ')':
			c.copyOut(1)
			c.depth--
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
			if r == '(' {
				c.depth++
			}
			c.copyOut(1)
			c.operand = false
		}
	}
	return nil
}

// emitSpelling writes the operator at the reading point: its glyph when
// typed is one of spellings, else r itself.
func (c *canonizer) emitSpelling(r rune, typed string) {
	if typed != "" {
		c.emit(spellings[typed], utf8.RuneCountInString(typed))
	} else {
		c.copyOut(1)
	}
	c.operand = false
}

// comma refuses a ',': inside a function's parentheses it is another
// calculator's separator (the HP-200LX writes L(I,RATE÷12)); between
// digits, a thousands separator.
func (c *canonizer) comma() error {
	switch {
	case c.depth > 0:
		fix := ""
		if call := c.callText(); call != "" {
			fix = ": write " + call
		}
		return c.fail("',' separates a function's arguments on the HP-200LX and in other languages; the HP-17BII separates them with ':'%s", fix)
	case c.i > 0 && isDigit(c.src[c.i-1]) && isDigit(c.at(1)):
		return c.fail("',' is no part of a number on the HP-17BII: write the number without thousands separators (and '.' before decimals)")
	}
	return c.fail("',' is not part of the Solver's language: ':' separates a function's arguments")
}

// callText is the call around the reading point with its top-level ','
// written ':', when it is short and on one line, or "".
func (c *canonizer) callText() string {
	open, depth := -1, 0
	for j := c.i - 1; j >= 0 && c.src[j] != '\n'; j-- {
		switch c.src[j] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				open = j
			}
			depth--
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 {
		return ""
	}
	start := open
	for start > 0 && nameChar(c.src[start-1]) {
		start--
	}
	var b strings.Builder
	depth = 0
	for j := start; j < len(c.src) && c.src[j] != '\n'; j++ {
		r := c.src[j]
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 1 {
				r = ':'
			}
		}
		if s := spellings[string(r)]; s != "" && r != '-' {
			b.WriteString(s)
		} else {
			b.WriteRune(r)
		}
		if depth == 0 && j > open {
			if n := utf8.RuneCountInString(b.String()); n > 40 {
				return ""
			}
			return b.String()
		}
	}
	return ""
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

// timesAfter reads an x or X right after a number or ')' as ×, when a
// sign, a digit, a point, '(' or a name follows it ("2x3", "(A)x(B)",
// "2xW", "(B)x-2", "2XFP(C)"): no name can stand there, so it has no
// other reading.
func (c *canonizer) timesAfter() {
	if x := c.at(0); (x == 'x' || x == 'X') && (startsOperand(c.at(1)) || c.at(1) == '+' || c.at(1) == '-') && c.at(1) != 'x' {
		c.emit("×", 1)
		c.operand = false
	}
}

// nameStart reports whether r can start a name: not a digit, an
// operator or a space.
func nameStart(r rune) bool { return r != 0 && !isDigit(r) && nameChar(r) }

// name reads a name: SIGMA, SUM and ∑ before '(' are Σ; a 17BII
// function's name in small letters is its own (fp( is FP(); an x or X
// alone between two operands, or starting a word after a space that
// follows an operand, is ×; so is an x inside a word where a function
// or a # or % name follows it (PMTxUSPV(, Bx#C), or a lower-case x that
// ends a word before '('. A word that is two names joined by a lower-case
// x is refused, naming both readings.
func (c *canonizer) name() error {
	j := c.i
	if c.src[j] == '∑' {
		j++
	} else {
		for j < len(c.src) && (nameChar(c.src[j]) || c.src[j] == '!' && (j+1 == len(c.src) || c.src[j+1] != '=') || c.slashInName(j)) {
			j++
		}
	}
	word := c.src[c.i:j] // no string built for a name that needs none
	next := c.nextSolid(j)
	afterSpace := c.i > 0 && IsSpace(c.src[c.i-1])
	switch {
	case next == '(' && (upperIs(word, "SIGMA") || upperIs(word, "SUM") || len(word) == 1 && word[0] == '∑'):
		c.emit("Σ", j-c.i)
		c.operand = false
		return nil
	case len(word) == 1 && (word[0] == 'x' || word[0] == 'X') && c.operand && (startsOperand(next) || next == '+' || next == '-'):
		// The spaces that kept the x apart from the names go with it:
		// "L x W" is L×W.
		c.trimSpaces()
		c.emit("×", 1)
		for c.i < len(c.src) && (c.src[c.i] == ' ' || c.src[c.i] == '\t') {
			c.i++
		}
		c.operand = false
		return nil
	case len(word) > 1 && (word[0] == 'x' || word[0] == 'X') && c.operand && afterSpace && (nameStart(word[1]) || word[1] == '('):
		// "B⏎ xG": a name cannot follow an operand, so the x is ×.
		c.trimSpaces()
		c.emit("×", 1)
		c.operand = false
		return nil
	}
	if err := c.placeholder(word); err != nil {
		return err
	}
	for k, r := range word {
		if r == '&' || r == '\\' {
			if n, msg := markup(c.src, c.i+k); n > 0 {
				c.i += k
				return c.fail("%s", msg)
			}
		}
	}
	if k := c.slashAmbiguous(word); k > 0 {
		a, b := string(word[:k]), string(word[k+1:])
		return c.fail("%s reads two ways: the name %s (HP's equations write P/YR so, where ÷ divides) or %s÷%s; the equation writes both * and ×, so nothing tells them apart: write %s÷%s for the quotient, or the equation's * as × for one name",
			string(word), string(word), a, b, a, b)
	}
	if next == '(' {
		if done, err := c.callName(word, j); done || err != nil {
			return err
		}
	} else if k := timesBeforeSign(word); k > 0 {
		// "Bx#C": a # or % name after an x.
		c.copyOut(k)
		c.emit("×", 1)
		c.operand = false
		return nil
	}
	if n := len(word); n > 1 && word[n-1] == 'x' && (next == '-' || next == '+') && c.nextSolid(j) == c.at(j-c.i) {
		if _, _, ok := joinedByX(append(word[:n:n], 'W')); ok {
			a := string(word[:n-1])
			return c.fail("%s%c… reads two ways: the variable %s, or %s× a signed number; write %s×%c… for the product, or %sX for one name",
				string(word), next, string(word), a, a, next, a)
		}
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

// trimSpaces drops the spaces written just before the reading point.
func (c *canonizer) trimSpaces() {
	line := &c.cols[len(c.cols)-1]
	for len(c.out) > 0 && len(*line) > 0 && (c.out[len(c.out)-1] == ' ' || c.out[len(c.out)-1] == '\t') {
		c.out = c.out[:len(c.out)-1]
		*line = (*line)[:len(*line)-1]
	}
}

// callName reads a word followed by '(' (a function's name, as no
// variable can be followed by one): a 17BII function in any case is
// written in capitals; a word that is a name, an x or X and a function's
// name (PMTxUSPV) is that name × the function; a word ending in a
// lower-case x (Bx() is the name × the group. (A function of another
// language is left for Parse, which names the 17BII's at its '(', where
// the calculator puts its cursor.) done reports that the word was
// written.
func (c *canonizer) callName(word []rune, j int) (bool, error) {
	plain := true // capitals with no X inside: nothing to rewrite (Parse names an unknown one)
	for k, r := range word {
		if unicode.IsLower(r) || r == 'X' && k > 0 && k < len(word)-1 {
			plain = false
			break
		}
	}
	if plain {
		return false, nil
	}
	w := string(word)
	if _, ok := lookupFn(w); ok {
		return false, nil
	}
	up := strings.ToUpper(w)
	if f, ok := lookupFn(up); ok && f.kind != fnNullary {
		c.emit(up, j-c.i)
		c.operand = false
		return true, nil
	}
	for k := 1; k < len(word)-1; k++ {
		if x := word[k]; x != 'x' && x != 'X' {
			continue
		}
		if f, ok := lookupFn(strings.ToUpper(string(word[k+1:]))); ok && f.kind != fnNullary && !isDigit(word[0]) {
			c.copyOut(k)
			c.emit("×", 1)
			c.operand = false
			return true, nil
		}
	}
	if n := len(word); n > 1 && word[n-1] == 'x' && !isDigit(word[0]) && joinedSolid(word[n-2]) {
		c.copyOut(n - 1)
		c.emit("×", 1)
		c.operand = false
		return true, nil
	}
	return false, nil
}

// joinedSolid reports whether r, beside an x, makes the x an operator
// rather than a letter of a name: a capital or a digit.
func joinedSolid(r rune) bool { return unicode.IsUpper(r) || isDigit(r) }

// timesBeforeSign is where a lower-case x stands in word right before a
// # or % that starts a name (Bx#C: B×#C), or 0.
func timesBeforeSign(word []rune) int {
	for k := 1; k < len(word)-1; k++ {
		if word[k] == 'x' && (word[k+1] == '#' || word[k+1] == '%') && !isDigit(word[0]) {
			return k
		}
	}
	return 0
}

// slashInName reports whether the '/' at src[j] is part of a name: the
// text writes × or ÷, a name's character stands before the '/' and a
// letter after it (HP's I%÷P/YR).
func (c *canonizer) slashInName(j int) bool {
	return c.glyphs && c.src[j] == '/' && j > c.i && nameChar(c.src[j-1]) && j+1 < len(c.src) && isLetter(c.src[j+1])
}

// slashAmbiguous is where a '/' read into a name stands in word when the
// text also writes '*', so that nothing tells a name from a quotient, or 0.
func (c *canonizer) slashAmbiguous(word []rune) int {
	if !c.starOp {
		return 0
	}
	for k, r := range word {
		if r == '/' {
			return k
		}
	}
	return 0
}

// isLetter reports whether r is an ASCII letter.
func isLetter(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }

// placeholder refuses a word holding _mult_, which an old forum's
// archive put in equations for ×.
func (c *canonizer) placeholder(word []rune) error {
	if !slices.Contains(word, '_') {
		return nil // most names: no string built
	}
	at := strings.Index(strings.ToLower(string(word)), "_mult_")
	if at < 0 {
		return nil
	}
	c.i += utf8.RuneCountInString(string(word)[:at])
	return c.fail("_mult_ is what the old HP Museum forum's archive put in place of ×: write ×")
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
