package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/compare/games"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

type compareCmd struct {
	Program string      `arg:"" placeholder:"PROGRAM" help:"The program's ID (hp17b programs lists them), or all; with --ref, --ref-eq or --expect, the first step."`
	Steps   []string    `arg:"" optional:"" name:"step" sep:"none" help:"With a reference: NAME=VALUE stores, NAME=A..B [step S] and NAME=X,Y,Z store each value in turn, NAME solves (docs/compare.md)."`
	Eq      string      `placeholder:"FILE" help:"Compare this equation file instead of the program's own; with a reference, the equation compared."`
	JSON    bool        `name:"json" help:"Print the report as one JSON object."`
	Strict  bool        `help:"Fail on display disagreements too."`
	Timeout cli.Timeout `placeholder:"D" help:"${timeout_help}"`
	Model   cli.Model   `placeholder:"17bii|17bii+" help:"${model_help}"`
	User    userCompare `embed:""`
}

// run compares one program, or every one (all) within one --timeout for
// the whole command: the first Ctrl-C or the deadline stops it with the
// reports it has, and the programs not compared are named.
func (c *compareCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.User.given() {
		return c.runUser(e)
	}
	if len(c.Steps) > 0 {
		fmt.Fprintf(stderr, "hp17b: compare %s: steps (%s) need a reference: --ref, --ref-eq or --expect (docs/compare.md)\n", c.Program, c.Steps[0])
		return exitUsage
	}
	ctx, cancel := work.Context(c.Timeout)
	defer cancel()
	if c.Program != "all" {
		code := c.compare(ctx, c.Program, stdout, stderr)
		if code == stoppedEarly {
			work.Stopped(ctx, c.Timeout, stderr)
			return exitFailed
		}
		return code
	}
	if c.Eq != "" {
		fmt.Fprintln(stderr, "hp17b: compare all: --eq names one program's equation; give the program")
		return exitUsage
	}
	code := exitOK
	all := programs.All()
	for i, p := range all {
		r := stoppedEarly
		if ctx.Err() == nil {
			if i > 0 && !c.JSON {
				fmt.Fprintln(stdout)
			}
			r = c.compare(ctx, p.ID, stdout, stderr)
		}
		if r == stoppedEarly {
			work.Stopped(ctx, c.Timeout, stderr)
			var left []string
			for _, q := range all[i:] {
				left = append(left, q.ID)
			}
			fmt.Fprintf(stderr, "hp17b: compare all: not compared: %s\n", strings.Join(left, " "))
			return exitFailed
		}
		code = max(code, r)
	}
	return code
}

// stoppedEarly is compare's status when ctx ended its work: run says
// why, once for the whole command.
const stoppedEarly = -1

// compare checks one program, id, within ctx, and returns the exit status,
// or stoppedEarly (nothing printed) when ctx ended first.
func (c *compareCmd) compare(ctx context.Context, id string, stdout, stderr io.Writer) int {
	prog, err := programs.ByID(id)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	var eq *solver.Equation
	if c.Eq != "" {
		var ok bool
		if eq, ok = pickEquation(c.Eq, "", stderr); !ok { // its first valid equation
			return exitUsage
		}
	}
	rep, err := games.Compare(ctx, prog, eq, c.Model.Model)
	if ctx.Err() != nil {
		return stoppedEarly
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
