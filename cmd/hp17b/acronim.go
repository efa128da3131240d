package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/nim/acronim"
	"github.com/hp17b/hp17b/nim/zspec"
)

// acroCmd is hp17b acronim and its commands.
type acroCmd struct {
	Solve acroSolveCmd `cmd:"" help:"Solve Acro-Nim with perfect play: who wins, and South's best first moves."`
	Play  acroPlayCmd  `cmd:"" help:"Play Acro-Nim as South against the solver."`
}

// acroRules are the flags that leave rules out of Acro-Nim.
type acroRules struct {
	NoPoison   bool `help:"No poison stone."`
	NoEqualize bool `help:"No equalize."`
	NoSplit    bool `help:"No split."`
	NoPass     bool `help:"No pass tokens."`
}

// variant is the game the flags leave.
func (r acroRules) variant() acronim.Variant {
	return acronim.Variant{NoPoison: r.NoPoison, NoEqualize: r.NoEqualize, NoSplit: r.NoSplit, NoPass: r.NoPass}
}

// defaultAcroStates is acronim solve's state budget when --max-states is
// not given: a quarter of the machine's memory (work.MachineMemory), at
// acronim.BytesPerState a state.
func defaultAcroStates() int {
	return int(work.MachineMemory() / 4 / acronim.BytesPerState)
}

type acroJSON struct {
	Value     string   `json:"value"`
	States    int      `json:"states"`
	BestMoves []string `json:"best_moves"`
}

type acroSolveCmd struct {
	acroRules `embed:""`
	JSON      bool        `name:"json" help:"Print JSON."`
	Piles     string      `placeholder:"PILES" help:"Solve from these piles instead of 1 3 5 7: \"7/1 5 3 1\" (7 stones, 1 poisoned)."`
	Timeout   cli.Timeout `placeholder:"D" help:"${timeout_help}"`
	MaxStates int         `placeholder:"N" help:"Stop after N states in memory (0: a quarter of the machine's memory, at 64 bytes a state)."`
}

func (c *acroSolveCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.MaxStates < 0 {
		fmt.Fprintln(stderr, "hp17b: --max-states: want 0 (a quarter of the memory) or more")
		return exitUsage
	}
	budget := c.MaxStates
	if budget == 0 {
		budget = defaultAcroStates()
	}
	v := c.variant()
	ctx, cancel := work.Context(c.Timeout)
	defer cancel()
	sv := acronim.NewSolver(v)
	full := false
	sv.Stop = func() bool {
		full = full || sv.States() > budget
		return full || ctx.Err() != nil
	}
	s := acronim.Start(v)
	if c.Piles != "" {
		ps, err := acronim.ParsePiles(c.Piles)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: --piles: %v\n", err)
			return exitUsage
		}
		s.Piles = acronim.NormalizePiles(ps)
	}
	value, best := sv.BestMoves(s)
	if sv.Stopped() && full {
		fmt.Fprintf(stderr, "hp17b: stopped at %d states, the memory budget (--max-states %d): give fewer or smaller piles, or a larger --max-states\n", sv.States(), budget)
		return exitFailed
	}
	if sv.Stopped() && work.Stopped(ctx, c.Timeout, stderr) {
		return exitFailed
	}
	out := acroJSON{Value: acronim.Winner(value, s.ToMove), States: sv.States(), BestMoves: []string{}}
	for _, m := range best {
		out.BestMoves = append(out.BestMoves, m.String())
	}
	if c.JSON {
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintln(stdout, s)
	switch out.Value {
	case "draw":
		fmt.Fprintln(stdout, "With perfect play the game is drawn.")
	default:
		fmt.Fprintf(stdout, "With perfect play %s%s wins.\n", strings.ToUpper(out.Value[:1]), out.Value[1:])
	}
	fmt.Fprintf(stdout, "%d reachable states.\nSouth's best first moves:\n", out.States)
	for _, m := range out.BestMoves {
		fmt.Fprintf(stdout, "  %s\n", m)
	}
	return exitOK
}

type acroPlayCmd struct {
	acroRules `embed:""`
}

func (c *acroPlayCmd) run(e *env) int {
	acronim.Converse(acronim.NewGame(c.variant()), stdin, e.stdout)
	return exitOK
}

// nimZSpecCmd plays the specified 5-6-7 game from typed events, printing
// what the recorded model session shows after each (zspec.Session).
type nimZSpecCmd struct{}

func (nimZSpecCmd) run(e *env) int {
	zspec.Session(stdin, e.stdout)
	return exitOK
}
