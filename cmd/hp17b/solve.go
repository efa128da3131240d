package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
)

// readEquationFile reads an equation file (a regular file of at most
// solver.MaxFileSize bytes of text the calculator can hold) and reports
// why it cannot, with file:line:column and a caret where the text is at
// fault.
func readEquationFile(path string, stderr io.Writer) ([]byte, bool) {
	b, err := files.ReadRegular(path, solver.MaxFileSize)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return nil, false
	}
	if err := emulator.CheckFileText(path, string(b)); err != nil {
		reportEquationError(stderr, err)
		return nil, false
	}
	return b, true
}

func reportEquationError(w io.Writer, err error) {
	fmt.Fprintln(w, solver.Explain(err))
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

type solveCmd struct {
	Eq        string      `required:"" placeholder:"FILE" help:"The equation file."`
	Name      string      `placeholder:"EQ" help:"The equation: its number as check prints it, its name, or its text (default: the first valid one)."`
	Display   string      `default:"fix2" placeholder:"MODE" help:"Display mode: fix0 … fix11 or all (default fix2)."`
	JSON      bool        `name:"json" help:"Print one JSON object per solve."`
	Iterative bool        `help:"The iterative search alone, never a direct solution (a study tool; --model 17bii+ is the 17bII+)."`
	Model     cli.Model   `placeholder:"17bii|17bii+" help:"${model_help}"`
	Timeout   cli.Timeout `placeholder:"D" help:"${timeout_help}"`
	State     string      `placeholder:"FILE" help:"The state file whose CFLO and SUM lists FLOW, #T, SIZEC, ITEM and SIZES read (default: the calculator's)."`
	Steps     []string    `arg:"" name:"step" sep:"none" help:"In order: NAME=VALUE stores a value, NAME solves for that variable."`
}

func (c *solveCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	mode, err := hp17b.ParseMode(c.Display)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	eq, ok := pickEquation(c.Eq, c.Name, stderr)
	if !ok {
		return exitUsage
	}
	// Check every step before doing any.
	steps, err := solver.ParseSteps(eq, c.Steps)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	vars := solver.NewVars()
	vars.Create(eq.Menu...)
	s := solver.New(eq, vars)
	s.UseLists(emulator.NewStateLists(c.State))
	status := exitOK
	ctx, cancel := work.Context(c.Timeout)
	defer cancel()
	for _, st := range steps {
		if ctx.Err() != nil {
			break
		}
		r, lines, err := s.Do(ctx, st, solver.Options{Iterative: c.Iterative, Model: c.Model.Model}, mode)
		if st.Store {
			continue
		}
		if err != nil || !r.Found() || r.Overflow {
			status = exitFailed
		}
		if !c.JSON {
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
	if work.Stopped(ctx, c.Timeout, stderr) {
		return exitFailed
	}
	return status
}
