package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/compare"
	"github.com/hp17b/hp17b/internal/files"
)

// userCompare is hp17b compare's flags for a user's equation against a
// reference (docs/compare.md); compare.Run does the work.
type userCompare struct {
	Name         string      `placeholder:"EQ" help:"With a reference: the equation of --eq's file, by its number as check prints it, its name or its text (default: the first valid one)."`
	Ref          string      `placeholder:"COMMAND" help:"Reference program, run once through the shell: a JSON line a point in, a JSON line a point out (docs/compare.md)."`
	RefEq        string      `name:"ref-eq" placeholder:"FILE" help:"Reference equation file (the same steps; --ref-name picks the equation)."`
	RefName      string      `name:"ref-name" placeholder:"EQ" help:"The reference equation of --ref-eq's file, by number, name or text (default: the first valid one)."`
	Expect       string      `placeholder:"FILE" help:"Expected results: CSV with a header (inputs and solved names) or JSON lines (.jsonl) {\"in\":{…},\"out\":{…}}."`
	Points       string      `placeholder:"FILE" help:"Compare at the points of this CSV file (a header of menu variables) or JSON lines (.jsonl)."`
	Random       int64       `placeholder:"N" help:"N random points of the steps' ranges and lists instead of every one."`
	Seed         uint64      `default:"1" placeholder:"S" help:"The random points' seed (default 1)."`
	Display      string      `placeholder:"MODE" help:"Compare the display in this mode (fix0 … fix11, all) instead of the 12-digit value."`
	Digits       int         `placeholder:"N" help:"Agree to N significant digits (relative difference at most 10^-N)."`
	Rel          string      `placeholder:"X" help:"Agree within relative difference X (1e-9)."`
	List         int         `default:"10" placeholder:"N" help:"List at most N disagreements (default 10)."`
	PointTimeout cli.Timeout `name:"point-timeout" default:"10s" placeholder:"D" help:"The longest a reference program may take over one point (default 10s)."`
}

// given reports whether a reference was named: the command compares the
// user's equation, not a shipped program.
func (u *userCompare) given() bool { return u.Ref != "" || u.RefEq != "" || u.Expect != "" }

// runUser compares the user's equation with a reference.
func (c *compareCmd) runUser(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	u := &c.User
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "hp17b: compare: "+format+"\n", a...)
		return exitUsage
	}
	refs := 0
	for _, s := range []string{u.Ref, u.RefEq, u.Expect} {
		if s != "" {
			refs++
		}
	}
	switch {
	case c.Eq == "":
		return usage("--eq FILE names the equation to compare with the reference")
	case refs > 1:
		return usage("give one reference: --ref, --ref-eq or --expect")
	case c.Strict:
		return usage("--strict is for the shipped programs; --display compares the display")
	case u.Points != "" && u.Expect != "":
		return usage("--expect gives its own points; drop --points")
	case u.Random < 0:
		return usage("--random %d: give a number of points above 0", u.Random)
	}
	eq, ok := pickEquation(c.Eq, u.Name, stderr)
	if !ok {
		return exitUsage
	}
	plan, err := compare.ParsePlan(eq, append([]string{c.Program}, c.Steps...))
	if err != nil {
		return usage("%v", err)
	}
	cfg := compare.Config{Plan: plan, Model: c.Model.Model, List: u.List, PointTimeout: time.Duration(u.PointTimeout),
		Name: eq.Title() + " of " + c.Eq}
	if cfg.Criterion, err = criterion(u); err != nil {
		return usage("%v", err)
	}
	switch {
	case u.Ref != "":
		cfg.Ref = compare.Program{Command: u.Ref}
	case u.RefEq != "":
		ref, ok := pickEquation(u.RefEq, u.RefName, stderr)
		if !ok {
			return exitUsage
		}
		cfg.Ref = compare.Equation{Eq: ref, File: u.RefEq}
	default:
		cfg.Ref = compare.Expected{Name: u.Expect}
	}
	file := u.Points
	if u.Expect != "" {
		file = u.Expect
	}
	switch {
	case file != "":
		if u.Random > 0 {
			return usage("--random draws from the steps' ranges, not from a file")
		}
		f, err := files.OpenRegular(file) // streamed: a file of points may be large
		if err != nil {
			return usage("%v", err)
		}
		defer f.Close()
		if cfg.Source, err = compare.File(plan, file, f, u.Expect != ""); err != nil {
			return usage("%v", err)
		}
		cfg.Domain = "the points of " + file
	case u.Random > 0:
		if len(plan.Vars) == 0 {
			return usage("--random needs a range or a list in the steps (A=0..7, A=1,2,5)")
		}
		cfg.Source = compare.Random(plan, u.Random, u.Seed)
		cfg.Domain = fmt.Sprintf("%d random points of %s (seed %d)", u.Random, strings.TrimSuffix(plan.Describe(), fmt.Sprintf(" (%d points)", plan.Size())), u.Seed)
	default:
		cfg.Source = compare.Grid(plan)
	}
	progress := work.NewProgressLine(stderr)
	cfg.Progress = progress.Update
	ctx, cancel := work.Context(c.Timeout)
	defer cancel()
	rep, err := compare.Run(ctx, cfg)
	progress.Clear()
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: compare: %s\n", printable(err.Error()))
		if _, bad := err.(*compare.RefError); !bad {
			return exitUsage
		}
		return exitFailed
	}
	if c.JSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintln(stdout, string(b))
	} else {
		// A reference's messages reach the terminal only as printable text.
		var b strings.Builder
		rep.WriteText(&b)
		fmt.Fprint(stdout, printable(b.String()))
	}
	if work.Stopped(ctx, c.Timeout, stderr) || !rep.OK() {
		return exitFailed
	}
	return exitOK
}

// criterion reads --display, --digits and --rel (one at most).
func criterion(u *userCompare) (compare.Criterion, error) {
	n := 0
	for _, b := range []bool{u.Display != "", u.Digits != 0, u.Rel != ""} {
		if b {
			n++
		}
	}
	switch {
	case n > 1:
		return compare.Criterion{}, fmt.Errorf("give one of --display, --digits and --rel")
	case u.Display != "":
		m, err := compare.ModeOf(u.Display)
		return compare.Criterion{Display: m}, err
	case u.Digits != 0:
		return compare.Digits(u.Digits)
	case u.Rel != "":
		return compare.Rel(u.Rel)
	}
	return compare.Default, nil
}
