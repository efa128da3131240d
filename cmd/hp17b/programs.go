package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/programs"
)

// runPrograms lists the library (ID, title, menu, what it plays), or
// shows one program's description, rules, source and equation.
func runPrograms(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		for _, p := range programs.All() {
			fmt.Fprintf(stdout, "%-20s %-6s %-28s %s\n", p.ID, p.Title, strings.Join(p.Keys, " "), firstSentence(p.Description))
		}
		return exitOK
	case 1:
		if args[0] == "-h" || args[0] == "--help" {
			fmt.Fprintln(stdout, "usage: hp17b programs [ID]: list the programs, or show one's rules and equation")
			return exitOK
		}
		p, err := programs.ByID(args[0])
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
	fmt.Fprintln(stderr, "usage: hp17b programs [ID]")
	return exitUsage
}

// firstSentence is a description's first sentence.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
