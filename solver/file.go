package solver

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxFileSize is the largest equation file read, in bytes (the real
// calculator's whole memory is 6,750 bytes).
const MaxFileSize = 1 << 20

// FileRule is how an equation file's lines make equations, in the words
// the documentation and every error about it use.
const FileRule = "an equation ends at the end of its line unless a parenthesis is still open there, " +
	"the line ends with an operator, '(' or ':', or the next line starts with an operator; " +
	"a blank line ends it too unless a parenthesis is open or the line before ends with an operator; " +
	"{…} holds one whole, a line starting with # is a comment, " +
	"and in a printed listing (no line longer than 24 characters) a line of exactly 24 goes on in the next without a space"

// KeptMark starts a line that holds an equation exactly as the SOLVE list
// keeps it, unread: an invalid equation (the calculator keeps one in its
// list: INVALID EQUATION shows at CALC), or one not in the calculator's
// spelling. The loader puts the rest of the line in the list as it is;
// for other readers it is a comment.
const KeptMark = "#KEPT AS TYPED: "

// Entry is one equation of an equation file.
type Entry struct {
	// Text is the equation as the SOLVE list keeps it: in the
	// calculator's spelling (Canonical), on one line (Flatten joins the
	// lines of one written on several), or a KeptMark line's text.
	Text string
	// Eq is the equation read, or nil for a KeptMark line.
	Eq *Equation
	// Line is the file's line where it starts (1-based).
	Line int
}

// ParseFile reads an equation file: one or more equations, by FileRule;
// a UTF-8 byte-order mark and CRLF line ends are read as well. KeptMark
// lines are left out. The file name is used in errors, which are
// *SyntaxError with positions in the file's own lines and File set; one
// about where an equation ends says which line joined or started it and
// FileRule.
func ParseFile(name, text string) ([]*Equation, error) {
	entries, err := ReadFile(name, text, false)
	return equationsOf(entries), err
}

func equationsOf(entries []Entry) []*Equation {
	var eqs []*Equation
	for _, e := range entries {
		if e.Eq != nil {
			eqs = append(eqs, e.Eq)
		}
	}
	return eqs
}

// ReadFile reads an equation file's entries, by FileRule, with the
// KeptMark lines. Strict (lenient false), the first bad equation is the
// error and nothing is returned; lenient, every other entry is returned
// with the first error. A file with no equation at all is an error.
func ReadFile(name, text string, lenient bool) ([]Entry, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	r := newFileReader(name, text)
	var first error
	for r.i < len(r.lines) {
		e, err := r.next()
		switch {
		case err != nil && !lenient:
			return nil, err
		case err != nil && first == nil:
			first = err
		case e != nil:
			r.entries = append(r.entries, *e)
		}
	}
	if len(r.entries) == 0 && first == nil {
		return nil, &SyntaxError{File: name, Pos: Pos{1, 1}, Msg: "no equation in the file", Source: text}
	}
	return r.entries, first
}

// newFileReader is a reader of text (its byte-order mark taken off) at
// its first line: its lines without their CR, and whether it is a printed
// listing (its widest line exactly ListingWidth), as ReadFile and
// ReadFileAll both read it.
func newFileReader(name, text string) *fileReader {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	r := &fileReader{name: name, lines: lines, source: strings.Join(lines, "\n")}
	widest := 0
	for _, l := range lines {
		widest = max(widest, utf8.RuneCountInString(l))
	}
	r.listing = widest == ListingWidth
	return r
}

// fileReader is an equation file being read: lines[i:] are unread.
type fileReader struct {
	name    string
	lines   []string
	source  string
	i       int
	entries []Entry
	// ended is the line (1-based) of the last line of the equation just
	// read, when no blank line followed it, for the hint that a line
	// started a new equation.
	ended int
	// prevSrc is the text of that equation ("" after a bad one).
	prevSrc string
	// listing is set when the file is a printed listing: no line is
	// longer than ListingWidth and one is exactly that wide.
	listing bool
}

// parses reports whether src, in the calculator's spelling, is an
// equation.
func parses(src string) bool {
	canon, err := Canonical(src)
	if err != nil {
		return false
	}
	_, err = Parse(canon)
	return err == nil
}

// wrongJoin finds the line of chunk (the file's line start+1 on) that
// joined it by FileRule (why) although the lines above it were a whole
// equation and the lines from it on read alone, at or before the error's
// line errLine: its number and why it joined, or 0.
func (r *fileReader) wrongJoin(chunk []string, glue []bool, start int, why map[int]string, errLine int) (int, string) {
	for i := 1; i < len(chunk) && start+i+1 <= errLine; i++ {
		line := start + i + 1
		if reason := why[line]; reason != "" && !glue[i-1] {
			above, _ := joinChunk(chunk[:i], glue[:i])
			rest, _ := joinChunk(chunk[i:], glue[i:])
			if parses(above) && parses(rest) {
				return line, reason
			}
		}
	}
	return 0, ""
}

// trimmed is a line without its spaces at either end.
func trimmed(line string) string { return strings.TrimSpace(strings.Map(spaceToSpace, line)) }

// next reads the next entry: nil at a blank or comment line.
func (r *fileReader) next() (*Entry, error) {
	line := r.lines[r.i]
	t := trimmed(line)
	switch {
	case t == "":
		r.i++
		r.ended = 0
		return nil, nil
	case strings.HasPrefix(t, strings.TrimSpace(KeptMark)):
		r.i++
		r.ended = 0
		kept := strings.TrimPrefix(strings.TrimLeft(line, " \t"), strings.TrimSpace(KeptMark))
		return &Entry{Text: strings.Map(spaceToSpace, strings.TrimPrefix(kept, " ")), Line: r.i}, nil
	case strings.HasPrefix(t, "#"):
		r.i++
		return nil, nil
	case strings.HasPrefix(t, "{"):
		return r.braced()
	}
	start := r.i
	chunk := []string{line}
	glue := []bool{false}
	why := map[int]string{}
	depth := parenDepth(line)
	last, lastAt := t, r.i
	r.i++
	for r.i < len(r.lines) {
		j := r.i
		// A printed listing's line cut in a name may start the next with
		// '#' (#ADV): that line is no comment.
		full := r.listing && utf8.RuneCountInString(chunk[len(chunk)-1]) == ListingWidth
		for j < len(r.lines) && !(full && j == r.i) && strings.HasPrefix(trimmed(r.lines[j]), "#") && !strings.HasPrefix(trimmed(r.lines[j]), strings.TrimSpace(KeptMark)) {
			j++ // comment lines decide nothing
		}
		if j == len(r.lines) {
			break
		}
		nt := trimmed(r.lines[j])
		reason := ""
		cut := false
		switch {
		case nt == "" && depth > 0:
			reason = "a parenthesis is still open"
		case nt == "" && endsWithOperator(last):
			reason = fmt.Sprintf("line %d ends with %q", r.lineNo(lastAt), lastOperator(last))
		case nt == "":
		case full && j == r.i && r.cut(chunk, glue, r.lines[j]):
			reason, cut = fmt.Sprintf("line %d is full (%d characters, as the printer cuts a listing)", r.lineNo(j-1), ListingWidth), true
		case strings.HasPrefix(nt, "#") || strings.HasPrefix(nt, "{"):
		case depth > 0:
			reason = "a parenthesis is still open"
		case endsWithOperator(last):
			reason = fmt.Sprintf("line %d ends with %q", r.lineNo(lastAt), lastOperator(last))
		case startsWithOperator(nt):
			reason = fmt.Sprintf("it starts with %q", firstOperator(nt))
		case startsWithTimes(nt) && (!parses(nt) || !strings.ContainsRune(nt, '=')):
			so, _ := joinChunk(chunk, glue)
			if parses(so + "\n" + r.lines[j]) {
				reason = fmt.Sprintf("it starts with %q, read as ×", nt[:1])
			}
		}
		if reason == "" {
			break
		}
		for ; r.i < j; r.i++ {
			chunk = append(chunk, "")
			glue = append(glue, false)
		}
		glue[len(glue)-1] = cut
		chunk = append(chunk, r.lines[j])
		glue = append(glue, false)
		why[j+1] = reason
		depth += parenDepth(r.lines[j])
		if nt != "" {
			if cut {
				last += nt
			} else {
				last = nt
			}
			lastAt = j
		}
		r.i = j + 1
	}
	prev := r.ended
	r.ended = start + len(chunk)
	return r.parse(chunk, glue, start, why, prev)
}

// ListingWidth is how many characters a line of a printed listing holds:
// the HP 82240 infrared printer's 24 columns, where the calculator's
// PRINT cuts an equation (docs/spellings.md, Listings as printed).
const ListingWidth = 24

// cut reports whether the last line of chunk, exactly ListingWidth wide
// in a printed listing (no line longer, r.listing), continues on next
// without a line break: it does unless the equation so far is whole while the two lines glued are
// not (two equations, the first of them exactly a line).
func (r *fileReader) cut(chunk []string, glue []bool, next string) bool {
	so, _ := joinChunk(chunk, glue)
	if !parses(so) {
		return true
	}
	glued := append(append([]bool(nil), glue...), false)
	glued[len(glue)-1] = true
	both, _ := joinChunk(append(append([]string(nil), chunk...), next), glued)
	return parses(both)
}

// joinChunk joins an equation's lines, chunk, with a line break, or
// nothing after a line glue marks: the text, and for each line of chunk
// the line (0-based) and the column offset where it stands in the text.
func joinChunk(chunk []string, glue []bool) (string, [][2]int) {
	var b strings.Builder
	at := make([][2]int, len(chunk))
	line, col := 0, 0
	for i, l := range chunk {
		at[i] = [2]int{line, col}
		b.WriteString(l)
		col += utf8.RuneCountInString(l)
		if i < len(chunk)-1 && !glue[i] {
			b.WriteByte('\n')
			line, col = line+1, 0
		}
	}
	return b.String(), at
}

// lineNo is line index j as a 1-based line number.
func (r *fileReader) lineNo(j int) int { return j + 1 }

// braced reads an equation inside { and }, over one line or several: the
// HP-200LX's SOLVER.EQN writes each equation so (B. Smithville, "Using
// Solver on the PC", HP Museum forum thread 109713, 6 Mar 2007).
func (r *fileReader) braced() (*Entry, error) {
	start := r.i
	var chunk []string
	for r.i < len(r.lines) {
		l := r.lines[r.i]
		if r.i == start {
			at := strings.IndexByte(l, '{')
			l = l[:at] + " " + l[at+1:]
		}
		r.i++
		if t := trimmed(l); strings.HasSuffix(t, "}") {
			at := strings.LastIndexByte(l, '}')
			chunk = append(chunk, l[:at]+" "+l[at+1:])
			r.ended = 0
			return r.parse(chunk, make([]bool, len(chunk)), start, nil, 0)
		}
		chunk = append(chunk, l)
	}
	col := utf8.RuneCountInString(r.lines[start][:strings.IndexByte(r.lines[start], '{')]) + 1
	return nil, &SyntaxError{File: r.name, Pos: Pos{start + 1, col}, Source: r.source,
		Msg: "this '{' is never closed: end the equation with '}' (" + FileRule + ")"}
}

// parse reads one equation from its lines, chunk, the first of which is
// the file's line start+1; why says why each later line (by its number)
// joined it, and prev is the last line of the equation before it when no
// blank line came between (0 otherwise).
func (r *fileReader) parse(chunk []string, glue []bool, start int, why map[int]string, prev int) (*Entry, error) {
	src, at := joinChunk(chunk, glue)
	canon, cols, err := canonical(src)
	var eq *Equation
	if err == nil {
		eq, err = Parse(canon)
		if se, ok := err.(*SyntaxError); ok {
			se.Pos = origin(se.Pos, cols)
		}
	}
	if se, ok := err.(*SyntaxError); ok {
		se.Pos = unglue(se.Pos, at)
	}
	if err != nil {
		se, ok := err.(*SyntaxError)
		if !ok {
			return nil, err
		}
		se.Pos.Line += start
		se.Source = r.source
		se.File = r.name
		joined, reason := r.wrongJoin(chunk, glue, start, why, se.Pos.Line)
		switch {
		case se.spelling:
			// a character or a spelling: no joining of lines explains it
		case joined > 0:
			se.Msg += fmt.Sprintf("; line %d was read as part of the equation that starts on line %d because %s (%s); put a blank line before it if it is an equation of its own",
				joined, start+1, reason, FileRule)
		case se.Pos.Line == start+1 && prev > 0 && r.prevSrc != "" && parses(r.prevSrc+"\n"+src):
			se.Msg += fmt.Sprintf("; line %d starts a new equation because the one on line %d was whole (%s); end line %d with an operator if it continues there",
				start+1, prev, FileRule, prev)
		case strings.HasPrefix(se.Msg, "the equation ends too soon"):
			end := len(chunk)
			for end > 1 && trimmed(chunk[end-1]) == "" {
				end--
			}
			se.Msg += fmt.Sprintf(" (the equation that starts on line %d ends on line %d: %s)", start+1, start+end, FileRule)
		}
		r.prevSrc = ""
		return nil, se
	}
	r.prevSrc = src
	eq.Source = canon
	text := strings.TrimSpace(canon)
	if strings.ContainsRune(text, '\n') {
		text = Flatten(canon)
	} else {
		text = strings.Map(spaceToSpace, text) // a tab between words is a space on the calculator
	}
	return &Entry{Text: text, Eq: eq, Line: start + 1}, nil
}

// unglue places pos, in the text joinChunk made of an equation's lines,
// in those lines, as its map at says: the line of the chunk (1-based)
// and the column in it.
func unglue(pos Pos, at [][2]int) Pos {
	best := -1
	for i, a := range at {
		if a[0] == pos.Line-1 && a[1] <= pos.Col-1 {
			best = i
		}
	}
	if best < 0 {
		return pos
	}
	return Pos{best + 1, pos.Col - at[best][1]}
}

// parenDepth is how many more '(' than ')' a line holds.
func parenDepth(line string) int { return strings.Count(line, "(") - strings.Count(line, ")") }

// operators are the characters that join two parts of an equation.
const operators = "+-−×÷*/^=<>≤≥≠:"

// lastOperator is the operator a line ends with ("AND" and the like
// included), or "".
func lastOperator(t string) string {
	r, _ := utf8.DecodeLastRuneInString(t)
	if strings.ContainsRune(operators+"(", r) {
		return string(r)
	}
	for _, w := range []string{"AND", "OR", "NOT"} {
		if strings.HasSuffix(t, w) {
			before, _ := utf8.DecodeLastRuneInString(t[:len(t)-len(w)])
			if len(t) == len(w) || IsSpace(before) || before == ')' {
				return w
			}
		}
	}
	return ""
}

func endsWithOperator(t string) bool { return lastOperator(t) != "" }

// firstOperator is the operator (or ')') a line starts with, or "".
func firstOperator(t string) string {
	r, _ := utf8.DecodeRuneInString(t)
	if strings.ContainsRune(operators+")", r) {
		return string(r)
	}
	for _, w := range []string{"AND", "OR"} {
		if rest, ok := strings.CutPrefix(t, w); ok {
			after, _ := utf8.DecodeRuneInString(rest)
			if IsSpace(after) || after == '(' {
				return w
			}
		}
	}
	return ""
}

func startsWithOperator(t string) bool { return firstOperator(t) != "" }

// startsWithTimes reports whether a line starts with an x or X that may be
// × (Canonical reads "B⏎ xG" as B×G): one followed by a space, '(', a
// digit or a name.
func startsWithTimes(t string) bool {
	return len(t) > 1 && (t[0] == 'x' || t[0] == 'X') && (IsSpace(rune(t[1])) || t[1] == '(' || isDigit(rune(t[1])) || nameStart(rune(t[1])))
}

// FormatFile writes equation texts (the SOLVE list's) as an equation file
// that ReadFile reads back to the same texts, byte for byte: one equation
// a line, a blank line between two; a text that starts with '{' or '#'
// inside {…}; and one that would not read back as itself (an invalid
// equation, or one not in the calculator's spelling) on a KeptMark line.
// An empty list gives "".
func FormatFile(texts []string) string {
	var b strings.Builder
	for i, t := range texts {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(fileLine(t))
		b.WriteString("\n")
	}
	return b.String()
}

// fileLine is the line FormatFile writes for text.
func fileLine(text string) string {
	line := text
	if strings.HasPrefix(text, "{") || strings.HasPrefix(text, "#") {
		line = "{" + text + "}"
	}
	entries, err := ReadFile("", line, false)
	if err == nil && len(entries) == 1 && entries[0].Text == text && entries[0].Eq != nil {
		return line
	}
	return KeptMark + text
}

// Title names an equation for lists: its label, or its text on one line,
// cut to 22 characters with "…" as the last when it is longer (a cut is
// never silent: "…×DAYS÷3" read as ÷3 where the equation said ÷30).
func (eq *Equation) Title() string {
	if eq.Name != "" {
		return eq.Name
	}
	t := strings.Join(strings.Fields(strings.Map(spaceToSpace, eq.Source)), "")
	if r := []rune(t); len(r) > 22 {
		t = string(r[:21]) + "…"
	}
	return t
}

// Where gives "file:line:col" for the error (or "line:col" without a file).
func (e *SyntaxError) Where() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d:%d", e.File, e.Pos.Line, e.Pos.Col)
	}
	return fmt.Sprintf("%d:%d", e.Pos.Line, e.Pos.Col)
}
