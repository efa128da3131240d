// Package library is the equation library: Solver equations for the
// business problems the HP-17BII's built-in menus leave to the Solver (a
// Canadian mortgage, an odd first period, an APR with fees, a lease with a
// residual, a bond's yield to call, a break-even, an economic order
// quantity…), each written from its mathematics, with its name as the
// SOLVE menu shows it, its purpose, its variables, a worked example and
// the source of its method. Each is an equation file embedded in the
// binary (*.eq: a header of notes in comment lines, then the equation as
// typed into the calculator), read by solver.ReadFile as any equation file
// is; the tests prove each against a reference written from the textbook
// formula through package compare.
//
// `hp17b library` lists it beside the game programs (package programs).
package library

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/solver"
)

//go:embed *.eq
var files embed.FS

// Var is one menu variable of an entry: its name as the menu shows it,
// what it means and its unit ("%/yr", "$", "months"; "" for a plain
// number).
type Var struct{ Name, Meaning, Unit string }

// Entry is one equation of the library.
type Entry struct {
	Name    string // the equation's name as the SOLVE menu shows it (the text before ':')
	Topic   string // one of Topics()
	Purpose string // one line
	Vars    []Var
	Example string // the worked example: values to store, the variable to solve, the display expected
	Source  string // where the method comes from (manual page, HP application book, forum thread, textbook)
	Text    string // the equation exactly as typed into the calculator
	// File is the embedded file the entry comes from ("canmort.eq"), Notes
	// the file's further notes (its "note:" lines), one paragraph each.
	File  string
	Notes []string
}

// topics is the listing order of the topics.
var topics = []string{
	"Loans and mortgages",
	"Savings and annuities",
	"Leases",
	"Bonds and notes",
	"Interest and rates",
	"Business",
	"Statistics",
	"Dates",
}

// Topics returns the topics in listing order.
func Topics() []string { return slices.Clone(topics) }

// All returns every entry in listing order: by topic (Topics' order),
// then by name.
func All() []Entry { return slices.Clone(load()) }

// Find returns the entry named name (case-insensitive), false when none.
func Find(name string) (Entry, bool) {
	for _, e := range load() {
		if strings.EqualFold(e.Name, name) {
			return e, true
		}
	}
	return Entry{}, false
}

// Search returns the entries, in listing order, that every word of query
// matches (case-insensitive, a word matching part of the name, the topic,
// the purpose, or a variable's name, meaning or unit). An empty query
// returns every entry.
func Search(query string) []Entry {
	words := strings.Fields(strings.ToLower(query))
	var out []Entry
	for _, e := range load() {
		hay := e.haystack()
		ok := true
		for _, w := range words {
			if !strings.Contains(hay, w) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, e)
		}
	}
	return out
}

// haystack is the text Search matches: name, topic, purpose and
// variables, lower case.
func (e Entry) haystack() string {
	var b strings.Builder
	b.WriteString(e.Name + "\n" + e.Topic + "\n" + e.Purpose + "\n")
	for _, v := range e.Vars {
		b.WriteString(v.Name + " " + v.Meaning + " " + v.Unit + "\n")
	}
	return strings.ToLower(b.String())
}

// load reads the embedded files once; a bad file is a bug of the library
// that its tests catch (TestFilesRead), so load panics on one.
var load = sync.OnceValue(func() []Entry {
	all, err := readAll(files)
	if err != nil {
		panic(err)
	}
	return all
})

// readAll reads every *.eq file of fsys and sorts the entries.
func readAll(fsys fs.FS) ([]Entry, error) {
	names, err := fs.Glob(fsys, "*.eq")
	if err != nil {
		return nil, err
	}
	var all []Entry
	seen := map[string]string{}
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		e, err := parseEntry(n, string(b))
		if err != nil {
			return nil, err
		}
		if f, ok := seen[strings.ToUpper(e.Name)]; ok {
			return nil, fmt.Errorf("%s: the name %s is %s's already", n, e.Name, f)
		}
		seen[strings.ToUpper(e.Name)] = n
		all = append(all, e)
	}
	sort.SliceStable(all, func(i, j int) bool {
		ti, tj := slices.Index(topics, all[i].Topic), slices.Index(topics, all[j].Topic)
		if ti != tj {
			return ti < tj
		}
		return all[i].Name < all[j].Name
	})
	return all, nil
}

// headerKeys are the notes a file's header may hold, "# key: text".
var headerKeys = []string{"topic", "purpose", "var", "example", "source", "note"}

// parseEntry reads one library file: its header lines "# key: text" (key
// one of headerKeys; var's text is "NAME | meaning | unit"; example and
// note may repeat, each line kept), then one equation by solver.FileRule.
// Every menu variable must be described, once, and nothing else; Vars
// come in the menu's order.
func parseEntry(file, text string) (Entry, error) {
	e := Entry{File: file}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		rest, ok := strings.CutPrefix(line, "#")
		if !ok {
			continue
		}
		key, val, ok := strings.Cut(rest, ":")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || !slices.Contains(headerKeys, key) {
			if strings.TrimSpace(rest) == "" {
				continue
			}
			return e, fmt.Errorf("%s:%d: a header line is \"# KEY: text\" with KEY one of %s", file, i+1, strings.Join(headerKeys, ", "))
		}
		switch key {
		case "topic":
			e.Topic = val
		case "purpose":
			e.Purpose = val
		case "source":
			e.Source = val
		case "example":
			if e.Example != "" {
				e.Example += "\n"
			}
			e.Example += val
		case "note":
			e.Notes = append(e.Notes, val)
		case "var":
			f := strings.Split(val, "|")
			if len(f) != 3 {
				return e, fmt.Errorf("%s:%d: a variable is \"# var: NAME | meaning | unit\"", file, i+1)
			}
			e.Vars = append(e.Vars, Var{Name: strings.TrimSpace(f[0]), Meaning: strings.TrimSpace(f[1]), Unit: strings.TrimSpace(f[2])})
		}
	}
	entries, err := solver.ReadFile(file, text, false)
	if err != nil {
		return e, err
	}
	if len(entries) != 1 || entries[0].Eq == nil {
		return e, fmt.Errorf("%s: a library file holds exactly one equation, %d found", file, len(entries))
	}
	eq := entries[0].Eq
	e.Text, e.Name = entries[0].Text, eq.Name
	switch {
	case e.Name == "":
		return e, fmt.Errorf("%s: the equation has no name (NAME: before it)", file)
	case !slices.Contains(topics, e.Topic):
		return e, fmt.Errorf("%s: topic %q is not one of %s", file, e.Topic, strings.Join(topics, ", "))
	case e.Purpose == "" || e.Example == "" || e.Source == "":
		return e, fmt.Errorf("%s: purpose, example and source are each needed", file)
	}
	// The variables in the menu's order, each described once.
	described := map[string]Var{}
	var names []string
	for _, v := range e.Vars {
		described[v.Name] = v
		names = append(names, v.Name)
	}
	sorted := slices.Sorted(slices.Values(names))
	if len(described) != len(names) || !slices.Equal(sorted, slices.Sorted(slices.Values(eq.Menu))) {
		return e, fmt.Errorf("%s: the variables described (%s) are not the menu's (%s), each once",
			file, strings.Join(names, " "), strings.Join(eq.Menu, " "))
	}
	e.Vars = e.Vars[:0]
	for _, m := range eq.Menu {
		e.Vars = append(e.Vars, described[m])
	}
	return e, nil
}

// InList returns the equation of list (the SOLVE list's texts) named as e
// is (the text before its ':', case aside), and whether there is one. The
// library never replaces it: adding e then would leave the list two
// equations of one name, so `hp17b library --add` and the window refuse
// and say so (NamedMessage).
func (e Entry) InList(list []string) (string, bool) {
	for _, t := range list {
		if name, _, ok := strings.Cut(t, ":"); ok && strings.EqualFold(strings.TrimSpace(name), e.Name) {
			return t, true
		}
	}
	return "", false
}

// NamedMessage says why e was not added to a SOLVE list that holds
// existing, an equation of its name.
func (e Entry) NamedMessage(existing string) string {
	return fmt.Sprintf("the SOLVE list already holds an equation named %s (%s); it stays as it is: delete or rename it first to add the library's", e.Name, existing)
}
