package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

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
		var rows [][]string
		for _, p := range programs.All() {
			rows = append(rows, []string{p.ID, p.Title, strings.Join(p.Keys, " "), firstSentence(p.Description)})
		}
		writeColumns(stdout, rows)
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

// writeColumns writes rows as columns, each as wide as its widest cell
// by display width (text/tabwriter counts runes: "NIM (as transcribed)"
// and "Σ" count as what the terminal shows), a space between columns, the
// last unpadded.
func writeColumns(w io.Writer, rows [][]string) {
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
}
