package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/internal/text"
	"github.com/hp17b/hp17b/nim"
	"github.com/hp17b/hp17b/nim/octal"
)

// nimCmd is hp17b nim and its commands.
type nimCmd struct {
	Grundy  nimGrundyCmd  `cmd:"" help:"The Grundy values G(0..N) of a heap game, its period and whether it is proven."`
	Analyze nimAnalyzeCmd `cmd:"" help:"A position's value and its winning moves."`
	Lost    nimLostCmd    `cmd:"" help:"The lost positions of Nim that are not lost at a glance."`
	Start   nimStartCmd   `cmd:"" help:"Initial positions: H heaps in which every move can be answered."`
	Moves   nimMovesCmd   `cmd:"" help:"How many winning moves each position of Nim has, and how many results they give."`
	XOR     nimXORCmd     `cmd:"" name:"xor" help:"The XOR table (nim-sums) of small numbers."`
	ZSpec   nimZSpecCmd   `cmd:"" name:"zspec" help:"Play the specified 5-6-7 game from events typed on standard input (JohnTake 2 4)."`
}

// gameHelp says what a GAME argument or flag may be.
const gameHelp = "A slide number 0-9, a name (nim, kayles, dawson, lasker, sub12, sub123, sub1k, sub14, split1, split13) or an octal code such as 0.77."

type nimGrundyCmd struct {
	Game string `arg:"" placeholder:"GAME" help:"${game_help}"`
	To   int    `default:"30" placeholder:"N" help:"Compute G(0..N), N up to 1000000."`
	At   string `placeholder:"N" help:"Also give G(N) for one N (up to 10^18 once a period is proven)."`
	K    int    `default:"4" help:"K of game 3, take 1 to K."`
	JSON bool   `name:"json" help:"Print JSON."`
}

func (c *nimGrundyCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.To < 0 || c.To > 1_000_000 {
		fmt.Fprintln(stderr, "hp17b: nim grundy: --to is 0 to 1000000")
		return exitUsage
	}
	g, err := octal.GameByName(c.Game, c.K)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	var at int64 = -1
	if c.At != "" {
		n, err := strconv.ParseInt(c.At, 10, 64)
		if err != nil || n < 0 {
			fmt.Fprintf(stderr, "hp17b: --at %s: want a whole number from 0 to 10^18\n", text.Quote(c.At))
			return exitUsage
		}
		at = n
	}
	limit := octal.MexLimit(g)
	a := octal.Analyze(g, min(c.To, limit), limit)
	proven := a.HasPeriod && a.Period.Proven
	if c.To > limit && !proven {
		fmt.Fprintf(stderr, "hp17b: %s has no proven period, so G(n) is computed by the mex rule only up to %d (--to %d asks for more)\n", g.Name, limit, c.To)
		return exitFailed
	}
	write := a.WriteText
	if c.JSON {
		write = a.WriteJSON
	}
	if err := write(stdout, c.To); err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitFailed
	}
	if at >= 0 {
		n := at
		v, ok := a.G(n)
		if !ok && n <= int64(limit) {
			v, ok = a.Extend(int(n))[n], true
		}
		if !ok {
			fmt.Fprintf(stderr, "hp17b: G(%d) needs a proven period, and %s has none\n", n, g.Name)
			return exitFailed
		}
		fmt.Fprintf(stdout, "G(%d)=%d\n", n, v)
	}
	return exitOK
}

type nimAnalyzeCmd struct {
	Heaps   []string    `arg:"" sep:"none" placeholder:"HEAP" help:"The heaps' sizes, as arguments or in one separated by commas."`
	Game    string      `default:"nim" placeholder:"GAME" help:"${game_help}"`
	K       int         `default:"4" help:"K of game 3, take 1 to K."`
	Misere  bool        `help:"Misère play: whoever makes the last move loses."`
	Timeout cli.Timeout `placeholder:"D" help:"${timeout_help}"`
}

func (c *nimAnalyzeCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	heaps, err := nim.ParseHeaps(c.Heaps)
	if err == nil && len(heaps) > 0 {
		var g octal.Game
		if g, err = octal.GameByName(c.Game, c.K); err == nil {
			if err := octal.MovesWithin(g, heaps, c.Misere); err != nil {
				fmt.Fprintf(stderr, "hp17b: nim analyze: %v\n", err)
				return exitUsage
			}
			ctx, cancel := work.Context(c.Timeout)
			defer cancel()
			code, done := work.Bounded(ctx, stdout, func(w io.Writer) int {
				if err := octal.WriteAnalysis(w, g, heaps, c.Misere); err != nil {
					fmt.Fprintf(stderr, "hp17b: %v\n", err)
					return exitUsage
				}
				return exitOK
			})
			if !done {
				work.Stopped(ctx, c.Timeout, stderr)
			}
			return code
		}
	}
	fmt.Fprintf(stderr, "hp17b: %v\nrun hp17b nim analyze --help for its usage\n", err)
	return exitUsage
}

type nimLostCmd struct {
	Heaps int  `default:"3" placeholder:"H" help:"The number of heaps, 1 to 8."`
	Max   int  `default:"15" placeholder:"M" help:"The largest heap, 1 to 64."`
	JSON  bool `name:"json" help:"Print JSON: a list of lists, each sorted ascending."`
}

func (c *nimLostCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if err := nim.CheckHeaps("lost", c.Heaps, c.Max, 8, 64); err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	lost := nim.LostPositions(c.Heaps, c.Max)
	if c.JSON {
		if lost == nil {
			lost = [][]int{}
		}
		b, _ := json.Marshal(lost)
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintf(stdout, "%d non-obviously lost positions of %d heaps up to %d (largest heap first, then the next):\n", len(lost), c.Heaps, c.Max)
	for _, p := range lost {
		fmt.Fprintln(stdout, nim.ListText(p))
	}
	return exitOK
}

type startJSON struct {
	Heaps     int     `json:"heaps"`
	Coins     int     `json:"coins"`
	Positions [][]int `json:"positions"`
}

type nimStartCmd struct {
	Heaps int  `default:"4" placeholder:"H" help:"The number of heaps, 1 to 30."`
	JSON  bool `name:"json" help:"Print JSON."`
}

func (c *nimStartCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.Heaps < 1 || c.Heaps > 30 {
		fmt.Fprintln(stderr, "hp17b: nim start takes 1 to 30 heaps")
		return exitUsage
	}
	ps, coins := nim.StartPositions(c.Heaps)
	if c.JSON {
		b, _ := json.Marshal(startJSON{Heaps: c.Heaps, Coins: coins, Positions: ps})
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintf(stdout, "%d heaps, %d coins:\n", c.Heaps, coins)
	for _, p := range ps {
		fmt.Fprintln(stdout, nim.ListText(p))
	}
	return exitOK
}

type nimXORCmd struct {
	Bits int `default:"4" help:"Bits of the numbers, 1 to 6."`
}

func (c *nimXORCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.Bits < 1 || c.Bits > 6 {
		fmt.Fprintln(stderr, "hp17b: --bits is 1 to 6")
		return exitUsage
	}
	fmt.Fprint(stdout, nim.XORTable(c.Bits))
	return exitOK
}

type moveCountJSON struct {
	Heaps   []int `json:"heaps"`
	Moves   int   `json:"moves"`
	Results int   `json:"results"`
}

type nimMovesCmd struct {
	Heaps int  `default:"3" placeholder:"H" help:"The number of heaps, 1 to 6."`
	Max   int  `default:"5" placeholder:"M" help:"The largest heap, 1 to 32."`
	JSON  bool `name:"json" help:"Print JSON."`
}

func (c *nimMovesCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if err := nim.CheckHeaps("moves", c.Heaps, c.Max, 6, 32); err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	counts := nim.WinningMoveCounts(c.Heaps, c.Max)
	if c.JSON {
		out := make([]moveCountJSON, len(counts))
		for i, c := range counts {
			out[i] = moveCountJSON{c.Heaps, c.Moves, c.Results}
		}
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintln(stdout, "position  winning moves  distinct results")
	for _, c := range counts {
		fmt.Fprintf(stdout, "%-9s %13d %17d\n", nim.ListText(c.Heaps), c.Moves, c.Results)
	}
	return exitOK
}
