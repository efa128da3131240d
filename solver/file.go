package solver

import (
	"fmt"
	"strings"
)

// MaxFileSize is the largest equation file read, in bytes (the real
// calculator's whole memory is 6,750 bytes).
const MaxFileSize = 1 << 20

// ParseFile reads an equation file: one or more equations, each possibly
// spanning lines. Equations are separated by blank lines, except that a
// blank line met while a parenthesis is still open belongs to the equation
// (so the forum's NIM listing, whose blank line falls inside IF(, loads as
// one equation). Lines whose first non-space character is '#' are comments.
// The file name is used in errors, which are *SyntaxError with positions in
// the file's own lines and File set.
func ParseFile(name, text string) ([]*Equation, error) {
	return parseFile(name, text, false)
}

// ParseFileLenient is ParseFile that keeps going past a bad equation: it
// returns every good equation and the first error (nil when there is none).
func ParseFileLenient(name, text string) ([]*Equation, error) {
	eqs, err := parseFile(name, text, true)
	if err != nil && len(eqs) == 0 {
		return nil, err
	}
	return eqs, err
}

func parseFile(name, text string, lenient bool) ([]*Equation, error) {
	var first error
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var (
		eqs   []*Equation
		chunk []string
		start int
		depth int
	)
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		src := strings.Join(chunk, "\n")
		eq, err := Parse(src)
		if err != nil {
			se, ok := err.(*SyntaxError)
			if !ok {
				return err
			}
			se.Pos.Line += start
			se.Source = strings.Join(lines, "\n")
			se.File = name
			if !lenient {
				return se
			}
			if first == nil {
				first = se
			}
			chunk, depth = nil, 0
			return nil
		}
		eqs = append(eqs, eq)
		chunk, depth = nil, 0
		return nil
	}
	for i, line := range lines {
		trimmed := strings.TrimSpace(strings.Map(spaceToSpace, line))
		switch {
		case strings.HasPrefix(trimmed, "#"):
			if len(chunk) > 0 {
				chunk = append(chunk, "") // keep line numbers
			}
			continue
		case trimmed == "" && depth <= 0:
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if len(chunk) == 0 {
			start = i
		}
		chunk = append(chunk, line)
		depth += strings.Count(line, "(") - strings.Count(line, ")")
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(eqs) == 0 && first == nil {
		return nil, &SyntaxError{File: name, Pos: Pos{1, 1}, Msg: "no equation in the file", Source: text}
	}
	return eqs, first
}

// Title names an equation for lists: its label, or its text up to 22
// characters on one line.
func (eq *Equation) Title() string {
	if eq.Name != "" {
		return eq.Name
	}
	t := strings.Join(strings.Fields(strings.Map(spaceToSpace, eq.Source)), "")
	if r := []rune(t); len(r) > 22 {
		t = string(r[:22])
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
