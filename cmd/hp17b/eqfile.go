package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/solver"
)

// loadItems reads an equation file whole (solver.ReadFileAll): every
// equation in the file's order, the bad ones with their error. A file
// that cannot be read, or holds no equation, is reported on stderr.
func loadItems(path string, stderr io.Writer) ([]solver.FileItem, bool) {
	b, ok := readEquationFile(path, stderr)
	if !ok {
		return nil, false
	}
	items, err := solver.ReadFileAll(path, string(b))
	if err != nil {
		reportEquationError(stderr, err)
		return nil, false
	}
	return items, true
}

// itemLabel is how a list names equation i (0-based) of a file: its
// number as check prints it, its title, and where a bad one starts.
func itemLabel(i int, it solver.FileItem) string {
	switch {
	case it.Err != nil:
		return fmt.Sprintf("%d. INVALID EQUATION on line %d: %s", i+1, it.Line, clip(printable(it.Text), 40))
	case it.Eq == nil:
		return fmt.Sprintf("%d. %s (kept as typed)", i+1, clip(printable(it.Text), 40))
	}
	return fmt.Sprintf("%d. %s", i+1, clip(printable(it.Text), 40))
}

// clip cuts s to n characters, the last of them "…" when it is longer:
// a cut is never silent.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// pickEquation is the equation of file that name means (solver.FindItem; the
// first good one when name is ""). The file may hold bad equations: one
// line on stderr names those skipped, as the window's BAD FILE does. An
// unknown name lists what the file holds; a bad equation chosen is
// reported with its error.
func pickEquation(file, name string, stderr io.Writer) (*solver.Equation, bool) {
	items, ok := loadItems(file, stderr)
	if !ok {
		return nil, false
	}
	at := -1
	if name == "" {
		for i, it := range items {
			if it.Eq != nil {
				at = i
				break
			}
		}
		if at < 0 {
			for _, it := range items {
				if it.Err != nil {
					reportEquationError(stderr, it.Err)
				}
			}
			fmt.Fprintf(stderr, "hp17b: %s holds no valid equation\n", file)
			return nil, false
		}
	} else {
		var err error
		if at, err = solver.FindItem(items, name); err != nil {
			fmt.Fprintf(stderr, "hp17b: %s: %v; it holds:\n", file, err)
			for i, it := range items {
				fmt.Fprintf(stderr, "  %s\n", itemLabel(i, it))
			}
			return nil, false
		}
	}
	it := items[at]
	switch {
	case it.Err != nil:
		reportEquationError(stderr, it.Err)
		return nil, false
	case it.Eq == nil:
		fmt.Fprintf(stderr, "hp17b: %s: equation %d is kept as typed (%s), not one the Solver reads\n", file, at+1, printable(it.Text))
		return nil, false
	}
	var skipped []string
	for i, it := range items {
		if it.Err != nil {
			skipped = append(skipped, fmt.Sprintf("%d (line %d)", i+1, it.Line))
		}
	}
	if len(skipped) > 0 {
		word := "equation"
		if len(skipped) > 1 {
			word += "s"
		}
		fmt.Fprintf(stderr, "hp17b: %s: skipped invalid %s %s; hp17b check %s says why\n", file, word, strings.Join(skipped, ", "), file)
	}
	return it.Eq, true
}
