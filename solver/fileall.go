package solver

import "strings"

// FileItem is one equation of an equation file read whole (ReadFileAll):
// the entry read, or the error that kept it out (Entry then holds only
// the line where it starts and its text as written, on one line).
type FileItem struct {
	Entry
	// Err is the equation's *SyntaxError, nil for a good one or a
	// KeptMark line.
	Err error
}

// ReadFileAll reads an equation file as ReadFile does, but goes on past
// every bad equation: it returns every equation in the file's order, the
// bad ones with their error, so that a report lists every error at once
// and an equation is numbered as it stands in the file. The error is a
// file with no equation at all (good or bad).
func ReadFileAll(name, text string) ([]FileItem, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	r := newFileReader(name, text)
	var items []FileItem
	for r.i < len(r.lines) {
		start := r.i
		e, err := r.next()
		switch {
		case err != nil:
			text := make([]string, 0, r.i-start)
			for _, l := range r.lines[start:r.i] {
				if t := trimmed(l); t != "" && !strings.HasPrefix(t, "#") {
					text = append(text, t)
				}
			}
			items = append(items, FileItem{Entry: Entry{Text: strings.Join(text, " "), Line: firstLine(r.lines, start, r.i)}, Err: err})
		case e != nil:
			items = append(items, FileItem{Entry: *e})
		}
	}
	if len(items) == 0 {
		return nil, &SyntaxError{File: name, Pos: Pos{1, 1}, Msg: "no equation in the file", Source: text}
	}
	return items, nil
}

// firstLine is the 1-based number of the first line of lines[from:to]
// that is neither blank nor a comment (from+1 when none is).
func firstLine(lines []string, from, to int) int {
	for i := from; i < to && i < len(lines); i++ {
		if t := trimmed(lines[i]); t != "" && !strings.HasPrefix(t, "#") {
			return i + 1
		}
	}
	return from + 1
}
