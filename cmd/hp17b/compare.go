package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hp17b/hp17b/internal/cli"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

type compareCmd struct {
	Program string    `arg:"" placeholder:"PROGRAM" help:"The program's ID (hp17b programs lists them), or all."`
	Eq      string    `placeholder:"FILE" help:"Compare this equation file instead of the program's own."`
	JSON    bool      `name:"json" help:"Print the report as one JSON object."`
	Strict  bool      `help:"Fail on display disagreements too."`
	Timeout timeout   `placeholder:"D" help:"${timeout_help}"`
	Model   cli.Model `placeholder:"17bii|17bii+" help:"${model_help}"`
}

func (c *compareCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.Program != "all" {
		return c.compare(c.Program, stdout, stderr)
	}
	if c.Eq != "" {
		fmt.Fprintln(stderr, "hp17b: compare all: --eq names one program's equation; give the program")
		return exitUsage
	}
	code := exitOK
	for i, p := range programs.All() {
		if i > 0 && !c.JSON {
			fmt.Fprintln(stdout)
		}
		code = max(code, c.compare(p.ID, stdout, stderr))
	}
	return code
}

// compare checks one program, id, and returns the exit status.
func (c *compareCmd) compare(id string, stdout, stderr io.Writer) int {
	prog, err := programs.ByID(id)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	var eq *solver.Equation
	if c.Eq != "" {
		eqs, ok := loadEquations(c.Eq, stderr)
		if !ok {
			return exitUsage
		}
		eq = eqs[0]
	}
	ctx, cancel := workContext(c.Timeout)
	defer cancel()
	rep, err := programs.Compare(ctx, prog, eq, c.Model.Model)
	if stopped(ctx, c.Timeout, stderr) {
		return exitFailed
	}
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	if c.JSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
	} else {
		rep.WriteText(stdout)
	}
	if !rep.OK() || (c.Strict && rep.DisplayWrong > 0) {
		return exitFailed
	}
	return exitOK
}
