package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/library"
)

// libraryCmd lists the equation library (package library, which builds
// every text), shows one equation, or adds it to the state's SOLVE list.
type libraryCmd struct {
	Name  string `arg:"" optional:"" placeholder:"NAME" help:"Show this equation whole: its variables, example, notes, source, size and keystrokes (or, when no equation has this name, the equations whose words match)."`
	Add   bool   `help:"Put the equation NAME in the SOLVE list of the state file (never in place of one already there under that name)."`
	State string `placeholder:"FILE" help:"The state file --add writes (default: the user's config folder)."`
}

func (c *libraryCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.Name == "" {
		if c.Add {
			fmt.Fprintln(stderr, "hp17b: --add needs the equation's NAME (hp17b library lists them)")
			return exitUsage
		}
		fmt.Fprint(stdout, library.Listing())
		return exitOK
	}
	entry, ok := library.Find(c.Name)
	if !ok {
		var names []string
		for _, m := range library.Search(c.Name) {
			names = append(names, m.Name)
		}
		if len(names) == 0 || c.Add {
			fmt.Fprintf(stderr, "hp17b: no equation named %s in the library (hp17b library lists them)\n", printable(c.Name))
		} else {
			fmt.Fprintf(stderr, "hp17b: no equation named %s; these match: %s\n", printable(c.Name), strings.Join(names, " "))
		}
		return exitUsage
	}
	if !c.Add {
		fmt.Fprint(stdout, entry.Describe())
		return exitOK
	}
	m, status := openMachine(context.Background(), c.State, false, 0, stderr)
	if m == nil {
		return status
	}
	list, _ := m.Equations()
	if existing, found := entry.InList(list); found {
		_ = m.Close()
		fmt.Fprintf(stderr, "hp17b: %s\n", printable(entry.NamedMessage(existing)))
		return exitFailed
	}
	if _, err := m.LoadEquations("library "+entry.Name, entry.Text, emulator.LoadStrict); err != nil {
		_ = m.Close()
		fmt.Fprintf(stderr, "hp17b: %s was not added: %s\n", entry.Name, printable(err.Error()))
		return exitFailed
	}
	if err := m.Close(); err != nil {
		fmt.Fprintf(stderr, "hp17b: the state was not saved: %s\n", printable(err.Error()))
		return exitFailed
	}
	fmt.Fprintf(stdout, "%s added to the SOLVE list, its last equation (SOLVE, then shift ▼)\n", entry.Name)
	return exitOK
}
