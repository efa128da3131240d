package main

import (
	"fmt"
	"io"
	"strconv"
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

// squeeze is an equation's text without its spaces, in the calculator's
// spelling when it has one: two texts that squeeze alike are one
// equation.
func squeeze(s string) string {
	if c, err := solver.Canonical(s); err == nil {
		s = c
	}
	return strings.Join(strings.Fields(s), "")
}

// findItem is the index of the equation of items that name means: a
// name an equation has (the only one of that name), a number as check
// prints it (1 is the first equation of the file, a bad one counted), or
// an equation's text (spaces aside). It says why when none or several
// match.
func findItem(items []solver.FileItem, name string) (int, error) {
	var named []int
	for i, it := range items {
		if it.Eq != nil && it.Eq.Name == name {
			named = append(named, i)
		}
	}
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(named) > 1:
		nums := make([]string, len(named))
		for j, i := range named {
			nums[j] = strconv.Itoa(i + 1)
		}
		return -1, fmt.Errorf("%d equations are named %s (numbers %s): give the number of the one you mean", len(named), name, strings.Join(nums, ", "))
	}
	if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(name), ".")); err == nil {
		if n < 1 || n > len(items) {
			return -1, fmt.Errorf("no equation number %d: the file holds %d", n, len(items))
		}
		return n - 1, nil
	}
	want := squeeze(name)
	for i, it := range items {
		if it.Err != nil {
			continue
		}
		body := it.Text
		if it.Eq != nil && it.Eq.Name != "" {
			body = strings.TrimPrefix(body, it.Eq.Name+":")
		}
		if squeeze(it.Text) == want || squeeze(body) == want {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no equation named %s, numbered so, or written so", name)
}

// pickEquation is the equation of file that name means (findItem; the
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
		if at, err = findItem(items, name); err != nil {
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
