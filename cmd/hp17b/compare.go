package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	eqPath := fs.String("eq", "", "compare this equation file instead of the program's own")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	strict := fs.Bool("strict", false, "fail on display disagreements too")
	timeout := timeoutFlag(fs)
	model := modelFlag(fs)
	id, rest := "", args
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		id, rest = args[0], args[1:]
	}
	if err := fs.Parse(rest); err != nil {
		return parseFailed(err)
	}
	if id == "" && fs.NArg() == 1 {
		id = fs.Arg(0)
	}
	if id == "" {
		fmt.Fprintln(stderr, "usage: hp17b compare PROGRAM [--eq FILE] [--json] [--strict]")
		return exitUsage
	}
	if id == "all" {
		if *eqPath != "" {
			fmt.Fprintln(stderr, "hp17b: compare all: --eq names one program's equation; give the program")
			return exitUsage
		}
		code := exitOK
		for i, p := range programs.All() {
			if i > 0 && !*asJSON {
				fmt.Fprintln(stdout)
			}
			if c := runCompare(append([]string{p.ID}, rest...), stdout, stderr); c != exitOK {
				code = max(code, c)
			}
		}
		return code
	}
	prog, err := programs.ByID(id)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	var eq *solver.Equation
	if *eqPath != "" {
		eqs, ok := loadEquations(*eqPath, stderr)
		if !ok {
			return exitUsage
		}
		eq = eqs[0]
	}
	ctx, cancel := workContext(*timeout)
	defer cancel()
	if prog.Game != nil {
		return compareGame(ctx, prog, eq, model.m, *asJSON, *timeout, stdout, stderr)
	}
	rep, err := programs.CompareModel(ctx, prog, eq, model.m)
	if stopped(ctx, *timeout, stderr) {
		return exitFailed
	}
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	if *asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
	} else {
		rep.WriteText(stdout)
	}
	if !rep.OK() || (*strict && rep.DisplayWrong > 0) {
		return exitFailed
	}
	return exitOK
}

// compareGame is compare for a heap-game program: every position of its
// domain and every game from its start (programs.CompareGame).
func compareGame(ctx context.Context, prog programs.Program, eq *solver.Equation, model solver.Model, asJSON bool, timeout time.Duration, stdout, stderr io.Writer) int {
	rep, err := programs.CompareGameModel(ctx, prog, eq, model)
	if stopped(ctx, timeout, stderr) {
		return exitFailed
	}
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	if asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
	} else {
		rep.WriteText(stdout)
	}
	if !rep.OK() {
		return exitFailed
	}
	return exitOK
}
