package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
)

// loadEquations reads an equation file and reports a bad one with
// file:line:column and a caret.
func loadEquations(path string, stderr io.Writer) ([]*solver.Equation, bool) {
	b, err := files.ReadRegular(path, solver.MaxFileSize)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return nil, false
	}
	eqs, err := solver.ParseFile(path, string(b))
	if err != nil {
		reportEquationError(stderr, err)
		return nil, false
	}
	return eqs, true
}

func reportEquationError(w io.Writer, err error) {
	fmt.Fprintln(w, solver.Explain(err))
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	files, err := splitArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "usage: hp17b check FILE")
		return exitUsage
	}
	eqs, ok := loadEquations(files[0], stderr)
	if !ok {
		return exitUsage
	}
	for i, eq := range eqs {
		fmt.Fprintf(stdout, "%d. %s  menu: %s\n", i+1, eq.Title(), strings.Join(eq.Menu, " "))
	}
	return exitOK
}

// solveJSON is one line of `hp17b solve --json`.
type solveJSON struct {
	Name    string            `json:"name"`
	Value   string            `json:"value"`
	Display string            `json:"display"`
	Method  string            `json:"method"`
	Outcome string            `json:"outcome"`
	Error   string            `json:"error,omitempty"`
	Cause   string            `json:"cause,omitempty"`
	Vars    map[string]string `json:"vars"`
}

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	eqPath := fs.String("eq", "", "equation file (required)")
	name := fs.String("name", "", "the equation's name in the file (default: the first)")
	display := fs.String("display", "fix2", "display mode: fix0 … fix11 or all")
	asJSON := fs.Bool("json", false, "print one JSON object per solve")
	iterative := fs.Bool("iterative", false, "the iterative search alone, never a direct solution (a study tool; --model 17bii+ is the 17bII+)")
	model := modelFlag(fs)
	timeout := timeoutFlag(fs)
	stepArgs, err := splitArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	if *eqPath == "" || len(stepArgs) == 0 {
		fmt.Fprintln(stderr, "usage: hp17b solve --eq FILE [--name EQ] [--display MODE] [--json] [--model 17bii|17bii+] [--timeout D] STEP...")
		return exitUsage
	}
	mode, err := hp17b.ParseMode(*display)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	eqs, ok := loadEquations(*eqPath, stderr)
	if !ok {
		return exitUsage
	}
	eq := eqs[0]
	if *name != "" {
		eq = nil
		for _, e := range eqs {
			if e.Name == *name {
				eq = e
			}
		}
		if eq == nil {
			fmt.Fprintf(stderr, "hp17b: no equation named %s in %s\n", *name, *eqPath)
			return exitUsage
		}
	}
	// Check every step before doing any.
	steps, err := solver.ParseSteps(eq, stepArgs)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	vars := solver.NewVars()
	vars.Create(eq.Menu...)
	s := solver.New(eq, vars)
	status := exitOK
	ctx, cancel := workContext(*timeout)
	defer cancel()
	for _, st := range steps {
		if ctx.Err() != nil {
			break
		}
		r, lines, err := s.Do(ctx, st, solver.Options{Iterative: *iterative, Model: model.m}, mode)
		if st.Store {
			continue
		}
		if err != nil || !r.Found() || r.Overflow {
			status = exitFailed
		}
		if !*asJSON {
			fmt.Fprintln(stdout, strings.Join(lines, "  "))
			continue
		}
		out := solveJSON{Name: st.Name, Value: r.Value.String(), Display: strings.Join(lines, "  "),
			Method: r.Method.String(), Outcome: r.Outcome.String(), Cause: r.Cause, Vars: map[string]string{}}
		switch {
		case err != nil:
			out.Outcome, out.Error = "error", err.Error()
		case r.Overflow:
			out.Outcome = "overflow"
		}
		for n, v := range vars.Snapshot() {
			out.Vars[n] = v.String()
		}
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
	}
	if stopped(ctx, *timeout, stderr) {
		return exitFailed
	}
	return status
}
