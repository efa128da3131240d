package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/internal/text"
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
	stdout := e.stdout
	g := acronim.NewGame(c.variant())
	fmt.Fprintln(stdout, "Acro-Nim: you are South and move first; the solver plays North. Type a move's number; help lists the commands, q quits.")
	sc := bufio.NewScanner(stdin)
	finish := func(out acronim.Outcome, mover acronim.Side) int {
		switch out {
		case acronim.Drawn:
			fmt.Fprintln(stdout, "Two passes in succession: the game is drawn.")
		case acronim.MoverWins:
			fmt.Fprintf(stdout, "%s took the last stone. %s wins.\n", mover, mover)
		case acronim.MoverLoses:
			fmt.Fprintf(stdout, "%s took the poisoned stone alone. %s wins.\n", mover, 1-mover)
		}
		return exitOK
	}
	// The position and its numbered moves are listed once a turn: after
	// a line that is no move, "list" shows them again.
	listed := false
	for {
		moves := g.Moves()
		if !listed {
			fmt.Fprintln(stdout, g.State)
			for i, m := range moves {
				fmt.Fprintf(stdout, "  %d. %s\n", i+1, m)
			}
			listed = true
		}
		fmt.Fprint(stdout, "Your move> ")
		if !sc.Scan() {
			fmt.Fprintln(stdout, "\nGoodbye.")
			return exitOK
		}
		line := strings.TrimSpace(sc.Text())
		if line == "q" || line == "quit" {
			fmt.Fprintln(stdout, "Goodbye.")
			return exitOK
		}
		switch line {
		case "help", "h", "?":
			fmt.Fprintf(stdout, "Commands:\n  1 to %d   play that move of the list\n  list     the position and its moves again\n"+
				"  help     this list\n  quit, q  stop\n", len(moves))
			continue
		case "list", "l":
			listed = false
			continue
		}
		n, err := strconv.Atoi(line)
		if err != nil || n < 1 || n > len(moves) {
			fmt.Fprintf(stdout, "%s is not a move: type a number from 1 to %d (list shows the moves again, help the commands).\n", text.Quote(line), len(moves))
			continue
		}
		listed = false
		turns, _ := g.Play(moves[n-1]) // one of the moves: no error
		for _, t := range turns {
			fmt.Fprintf(stdout, "%s: %s\n", t.By, t.Move)
			if t.Outcome != acronim.Continues {
				return finish(t.Outcome, t.By)
			}
		}
	}
}

// nimZSpecCmd plays the specified 5-6-7 game from typed events, printing
// what the recorded model session shows after each.
type nimZSpecCmd struct{}

func (nimZSpecCmd) run(e *env) int {
	stdout := e.stdout
	g := zspec.NewGame()
	show := func(p, take int) {
		fmt.Fprintf(stdout, "  %s, p=%d take=%d\n", g.Describe(), p, take)
		fmt.Fprintf(stdout, "  TRACE=[%s]\n", strings.Join(g.Trace(), ","))
		if pile, n, winning, ok := g.PerfectMove(); ok {
			verdict := "wins"
			if !winning {
				verdict = "loses against perfect play"
			}
			fmt.Fprintf(stdout, "  perfect play: %s %s; best %sTake %d %d\n", g.Turn, verdict, g.Turn, pile, n)
		}
	}
	fmt.Fprintln(stdout, "5-6-7 Nim (McMorran and Powell): whoever takes the last stick loses. Events: JohnTake PILE STICKS.")
	show(0, 0)
	sc := bufio.NewScanner(stdin)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ev, ok := zspec.ParseEvent(line)
		if !ok {
			fmt.Fprintf(stdout, "%s is not an event: type JohnTake PILE STICKS or MaryTake PILE STICKS\n", text.Quote(line))
			continue
		}
		code := g.Play(ev)
		rc := "ok"
		switch {
		case code == zspec.Fin:
			rc = "fin"
		case code == zspec.TurnError:
			rc = fmt.Sprintf("error (it is %s's turn)", g.Turn)
		case code.IsError():
			rc = "error"
		}
		fmt.Fprintf(stdout, "%s: rc=%s\n", ev, rc)
		show(ev.Pile, ev.Take)
		if g.Over {
			fmt.Fprintf(stdout, "%s wins.\n", g.Winner)
		}
	}
	return exitOK
}
