package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

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
	rep, err := programs.Compare(ctx, prog, eq)
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
