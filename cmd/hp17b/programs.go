package main

import (
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/programs"
)

// programsCmd lists the library (ID, title, menu, what it plays), or
// shows one program's description, rules, source and equation.
type programsCmd struct {
	ID string `arg:"" optional:"" placeholder:"ID" help:"Show this program: its description, rules, source and equation."`
}

func (c *programsCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.ID == "" {
		for _, p := range programs.All() {
			fmt.Fprintf(stdout, "%-20s %-6s %-28s %s\n", p.ID, p.Title, strings.Join(p.Keys, " "), firstSentence(p.Description))
		}
		return exitOK
	}
	p, err := programs.ByID(c.ID)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "%s (%s)\nmenu: %s\n\n%s\n", p.Title, p.ID, strings.Join(p.Keys, " "), p.Description)
	if p.Rules != "" {
		fmt.Fprintf(stdout, "\n%s\n", p.Rules)
	}
	fmt.Fprintf(stdout, "\nsource: %s\n\n%s", p.Source, p.Text())
	return exitOK
}

// firstSentence is a description's first sentence.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
