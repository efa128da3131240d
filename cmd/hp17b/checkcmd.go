package main

import (
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

type checkCmd struct {
	File   string `arg:"" placeholder:"FILE" help:"The equation file."`
	Keys   bool   `help:"Print the keystrokes that type each equation into a real HP-17BII, as a key script (hp17b keys runs it)."`
	Spaces bool   `help:"With --keys: type every space of the equation, even those that change nothing (by default they are left out)."`
	Link   bool   `help:"Print for each equation the link that opens it in the browser's page (#eq=…, at --host)."`
	Host   string `placeholder:"URL" help:"With --link: the page's address, put in front of each link (default: none, the relative #eq=…)."`
}

func (c *checkCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	items, ok := loadItems(c.File, stderr)
	if !ok {
		return exitUsage
	}
	bad := 0
	for _, it := range items {
		if it.Err != nil {
			bad++
		}
	}
	if c.Keys || c.Link {
		if bad > 0 {
			reportBad(items, c.File, stderr)
			return exitUsage
		}
		entries := make([]solver.Entry, len(items))
		for i, it := range items {
			entries[i] = it.Entry
		}
		if c.Link && !writeLinks(entries, c.Host, stdout, stderr) || !c.Link && !writeKeys(entries, !c.Spaces, stdout, stderr) {
			return exitFailed
		}
		return exitOK
	}
	for i, it := range items {
		switch {
		case it.Err != nil:
			fmt.Fprintf(stdout, "%d. INVALID EQUATION on line %d: %s\n", i+1, it.Line, clip(printable(it.Text), 40))
		case it.Eq == nil:
			why := "INVALID EQUATION"
			if _, err := solver.Parse(it.Text); err != nil {
				why = err.Error()
			}
			fmt.Fprintf(stdout, "%d. %s  kept as typed (%s)\n", i+1, printable(it.Text), why)
		default:
			fmt.Fprintf(stdout, "%d. %s  menu: %s\n", i+1, printable(it.Eq.Title()), strings.Join(it.Eq.Menu, " "))
			if note := lowerNote(it.Eq); note != "" {
				fmt.Fprintf(stdout, "   %s\n", note)
			}
		}
	}
	for _, clash := range nameClashes(items) {
		fmt.Fprintf(stderr, "hp17b: %s: %s\n", c.File, clash)
	}
	if bad > 0 {
		reportBad(items, c.File, stderr)
		return exitUsage
	}
	return exitOK
}

// reportBad writes every bad equation's error of items (with its number,
// place, caret and what to do), then how many there are.
func reportBad(items []solver.FileItem, file string, stderr interface{ Write([]byte) (int, error) }) {
	bad := 0
	for i, it := range items {
		if it.Err != nil {
			bad++
			fmt.Fprintf(stderr, "%d. %s\n", i+1, solver.Explain(it.Err))
		}
	}
	switch {
	case len(items) == 1:
		fmt.Fprintf(stderr, "hp17b: the equation of %s is invalid\n", file)
	case bad == 1:
		fmt.Fprintf(stderr, "hp17b: 1 of the %d equations of %s is invalid\n", len(items), file)
	default:
		fmt.Fprintf(stderr, "hp17b: %d of the %d equations of %s are invalid\n", bad, len(items), file)
	}
}

// nameClashes says, for each name two or more equations of items share
// (solver.SharedNames), which they are and how to reach each one.
func nameClashes(items []solver.FileItem) []string {
	var out []string
	for _, sh := range solver.SharedNames(items) {
		s := make([]string, len(sh.Numbers))
		for j, k := range sh.Numbers {
			s[j] = fmt.Sprint(k)
		}
		out = append(out, fmt.Sprintf("warning: %d equations are named %s (numbers %s): --name takes the number of the one you mean",
			len(sh.Numbers), printable(sh.Name), strings.Join(s, ", ")))
	}
	return out
}

// lowerNote says which names of eq the 17BII keyboard cannot type (a
// small letter: emulator.AlphaSource) and what check --keys does with them: type
// them in capitals, or refuse where two names would become one. "" when
// every name is in capitals.
func lowerNote(eq *solver.Equation) string {
	lower, capitals, clash := emulator.LowerNames(eq)
	if len(lower) == 0 {
		return ""
	}
	upper := make([]string, len(lower))
	for i, n := range lower {
		upper[i] = capitals[n]
	}
	note := fmt.Sprintf("the 17BII keyboard cannot type %s (capitals only: 17bII+ owner's manual p.30)", printable(strings.Join(lower, " ")))
	if len(clash) > 0 {
		var c []string
		for _, g := range clash {
			c = append(c, printable(strings.Join(g, " and ")))
		}
		return note + "; in capitals " + strings.Join(c, ", ") + " would be one name: rename one for check --keys"
	}
	return note + "; check --keys types " + printable(strings.Join(upper, " "))
}
