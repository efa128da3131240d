package solver

import (
	"fmt"
	"strconv"
	"strings"
)

// FindItem is the index of the equation of items (an equation file read
// whole, ReadFileAll) that name means, as hp17b's --name and --ref-name
// take it: a name an equation has (the only one of that name), a number
// as hp17b check prints it (1 is the first equation of the file, a bad
// one counted; "3." as well as "3"), or an equation's text, spaces aside
// and in the calculator's spelling (Canonical), with or without its
// label. The error says why when none or several match: two equations
// of that name (their numbers), a number past the file's, or nothing.
func FindItem(items []FileItem, name string) (int, error) {
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
	want := squeezed(name)
	for i, it := range items {
		if it.Err != nil {
			continue
		}
		body := it.Text
		if it.Eq != nil && it.Eq.Name != "" {
			body = strings.TrimPrefix(body, it.Eq.Name+":")
		}
		if squeezed(it.Text) == want || squeezed(body) == want {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no equation named %s, numbered so, or written so", name)
}

// squeezed is an equation's text without its spaces, in the calculator's
// spelling when it has one: two texts that squeeze alike are one
// equation.
func squeezed(s string) string {
	if c, err := Canonical(s); err == nil {
		s = c
	}
	return strings.Join(strings.Fields(s), "")
}

// SharedName is a name two or more equations of a file share: Numbers
// are theirs as hp17b check prints them (from 1), in the file's order.
type SharedName struct {
	Name    string
	Numbers []int
}

// SharedNames lists the names that two or more good equations of items
// share, in the order each first appears: FindItem takes such a name for
// none of them, and the calculator's SOLVE list would hold both.
func SharedNames(items []FileItem) []SharedName {
	byName := map[string][]int{}
	var order []string
	for i, it := range items {
		if it.Eq == nil || it.Eq.Name == "" {
			continue
		}
		if byName[it.Eq.Name] == nil {
			order = append(order, it.Eq.Name)
		}
		byName[it.Eq.Name] = append(byName[it.Eq.Name], i+1)
	}
	var out []SharedName
	for _, n := range order {
		if len(byName[n]) > 1 {
			out = append(out, SharedName{Name: n, Numbers: byName[n]})
		}
	}
	return out
}
