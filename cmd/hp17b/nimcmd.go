package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/internal/text"
	"github.com/hp17b/hp17b/nim"
)

var nimCommands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"grundy":  runNimGrundy,
	"analyze": runNimAnalyze,
	"lost":    runNimLost,
	"start":   runNimStart,
	"xor":     runNimXOR,
	"zspec":   runNimZSpec,
	"moves":   runNimMoves,
}

const nimUsage = `usage:
  hp17b nim grundy GAME [--to N] [--at N] [--k K] [--json]
  hp17b nim analyze HEAP... [--game GAME] [--misere]
  hp17b nim lost --heaps H --max M [--json]
  hp17b nim start --heaps H [--json]
  hp17b nim moves --heaps H --max M [--json]
  hp17b nim xor [--bits 4]
  hp17b nim zspec
GAME: a slide number 0-9, a name (nim, kayles, dawson, lasker, sub12, sub123,
sub1k, sub14, split1, split13) or an octal code such as 0.77`

func runNim(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, nimUsage)
		return exitUsage
	}
	f, ok := nimCommands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "hp17b nim: unknown command %s\n%s\n", text.Quote(args[0]), nimUsage)
		return exitUsage
	}
	return f(args[1:], stdout, stderr)
}

// splitArgs separates positional arguments from flags, so that flags may
// follow them ("hp17b nim grundy kayles --to 20").
func splitArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	return pos, nil
}

type grundyJSON struct {
	Game      string `json:"game"`
	Values    []int  `json:"values"`
	Period    *int   `json:"period"`
	Preperiod *int   `json:"preperiod"`
	Saltus    int    `json:"saltus,omitempty"`
	Proven    bool   `json:"proven"`
}

func runNimGrundy(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nim grundy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	to := fs.Int("to", 30, "compute G(0..N)")
	at := fs.String("at", "", "also give G(N) for one N (up to 10^18 once a period is proven)")
	k := fs.Int("k", 4, "k of game 3, take 1 to k")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := splitArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	if len(pos) != 1 || *to < 0 || *to > 1_000_000 {
		fmt.Fprintln(stderr, "usage: hp17b nim grundy GAME [--to N] [--at N] [--k K] [--json] (N up to 1000000)")
		return exitUsage
	}
	g, err := nim.GameByName(pos[0], *k)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	limit := nim.MexLimit(g)
	a := nim.Analyze(g, min(*to, limit), limit)
	proven := a.HasPeriod && a.Period.Proven
	if *to > limit && !proven {
		fmt.Fprintf(stderr, "hp17b: %s has no proven period, so G(n) is computed by the mex rule only up to %d (--to %d asks for more)\n", g.Name, limit, *to)
		return exitFailed
	}
	vals := a.Extend(*to)
	if *asJSON {
		out := grundyJSON{Game: g.Name, Values: vals, Proven: a.HasPeriod && a.Period.Proven}
		if a.HasPeriod {
			out.Period, out.Preperiod, out.Saltus = &a.Period.P, &a.Period.Pre, a.Period.Saltus
		}
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintf(stdout, "%s (%s)\n", g.Name, g)
		var b strings.Builder
		for i, v := range vals {
			fmt.Fprintf(&b, "G(%d)=%d ", i, v)
		}
		fmt.Fprintln(stdout, strings.TrimSpace(b.String()))
		switch {
		case a.HasPeriod && a.Period.Proven:
			saltus := ""
			if a.Period.Saltus != 0 {
				saltus = fmt.Sprintf(", each period %d more", a.Period.Saltus)
			}
			fmt.Fprintf(stdout, "period %d from n = %d%s: proven (%s)\n", a.Period.P, a.Period.Pre, saltus, a.Period.Proof)
		case a.HasPeriod:
			fmt.Fprintf(stdout, "period %d from n = %d: observed, not proven\n", a.Period.P, a.Period.Pre)
		default:
			fmt.Fprintln(stdout, "no period found")
		}
	}
	if *at != "" {
		n, err := strconv.ParseInt(*at, 10, 64)
		if err != nil || n < 0 {
			fmt.Fprintf(stderr, "hp17b: --at %s: want a whole number from 0 to 10^18\n", text.Quote(*at))
			return exitUsage
		}
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

func parseHeaps(args []string) ([]int, error) {
	var heaps []int
	for _, a := range args {
		for _, p := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' }) {
			v, err := strconv.Atoi(p)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("heap %s: want a whole number of coins, 0 or more", text.Quote(p))
			}
			heaps = append(heaps, v)
		}
	}
	if len(heaps) == 0 {
		return nil, fmt.Errorf("no heaps given")
	}
	return heaps, nil
}

func runNimAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nim analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "nim", "the game (see hp17b nim)")
	k := fs.Int("k", 4, "k of game 3, take 1 to k")
	misere := fs.Bool("misere", false, "misère play: whoever makes the last move loses")
	pos, err := splitArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	heaps, err := parseHeaps(pos)
	if err == nil && len(heaps) > 0 {
		var g nim.Octal
		if g, err = nim.GameByName(*game, *k); err == nil {
			return analyze(g, heaps, *misere, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "hp17b: %v\nusage: hp17b nim analyze HEAP... [--game GAME] [--misere]\n", err)
	return exitUsage
}

func analyze(g nim.Octal, heaps []int, misere bool, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "%s, heaps %v\n", g.Name, heaps)
	var moves []nim.HeapMove
	if misere {
		var win bool
		var err error
		if g.String() == nim.Slides[0].String() {
			win = nim.Winning(heaps, true)
			for _, m := range nim.WinningMoves(heaps, true) {
				moves = append(moves, nim.HeapMove{Heap: m.Heap, From: m.From, Option: nim.Option{Take: m.From - m.To, Leave: leave(m.To)}})
			}
		} else if win, moves, err = nim.MisereWinning(g, heaps); err != nil {
			fmt.Fprintf(stderr, "hp17b: %v\n", err)
			return exitUsage
		}
		if win {
			fmt.Fprintln(stdout, "misère: won for the player to move")
		} else {
			fmt.Fprintln(stdout, "misère: lost for the player to move")
		}
	} else {
		v, ms, err := nim.PositionValue(g, heaps)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: %v\n", err)
			return exitUsage
		}
		moves = ms
		state := "won"
		if v == 0 {
			state = "lost"
		}
		fmt.Fprintf(stdout, "value *%d: %s for the player to move\n", v, state)
		if g.String() == nim.Slides[0].String() {
			fmt.Fprintf(stdout, "class: %s\n", nim.Classify(heaps))
		}
	}
	if len(moves) == 0 {
		fmt.Fprintln(stdout, "no winning move")
	}
	for _, m := range moves {
		fmt.Fprintf(stdout, "winning move: %s\n", m)
	}
	return exitOK
}

func leave(to int) []int {
	if to == 0 {
		return nil
	}
	return []int{to}
}

func runNimLost(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nim lost", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := fs.Int("heaps", 3, "number of heaps")
	m := fs.Int("max", 15, "largest heap")
	asJSON := fs.Bool("json", false, "print JSON: a list of lists, each sorted ascending")
	if err := fs.Parse(args); err != nil {
		return parseFailed(err)
	}
	if *h < 1 || *h > 8 || *m < 1 || *m > 64 {
		fmt.Fprintln(stderr, "hp17b: nim lost needs 1 to 8 heaps and a largest heap of 1 to 64")
		return exitUsage
	}
	if err := positionsWithin(*h, *m); err != nil {
		fmt.Fprintf(stderr, "hp17b: nim lost: %v\n", err)
		return exitUsage
	}
	lost := nim.LostPositions(*h, *m)
	if *asJSON {
		if lost == nil {
			lost = [][]int{}
		}
		b, _ := json.Marshal(lost)
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintf(stdout, "%d non-obviously lost positions of %d heaps up to %d (largest heap first, then the next):\n", len(lost), *h, *m)
	for _, p := range lost {
		fmt.Fprintln(stdout, listText(p))
	}
	return exitOK
}

// MaxPositions bounds the positions that nim lost and nim moves go
// through: the multisets of h heaps of 0 to max coins, C(max+h, h).
const MaxPositions = 1_000_000

// positionsWithin says whether h heaps up to max stay within MaxPositions.
func positionsWithin(h, max int) error {
	n := 1.0
	for i := 1; i <= h; i++ {
		n = n * float64(max+i) / float64(i)
	}
	if n > MaxPositions {
		return fmt.Errorf("%d heaps up to %d are about %.3g positions, more than the %d this command goes through: use fewer heaps or a smaller --max", h, max, n, MaxPositions)
	}
	return nil
}

func listText(p []int) string {
	s := make([]string, len(p))
	for i, v := range p {
		s[i] = strconv.Itoa(v)
	}
	return "[" + strings.Join(s, ",") + "]"
}

type startJSON struct {
	Heaps     int     `json:"heaps"`
	Coins     int     `json:"coins"`
	Positions [][]int `json:"positions"`
}

func runNimStart(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nim start", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := fs.Int("heaps", 4, "number of heaps")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return parseFailed(err)
	}
	if *h < 1 || *h > 30 {
		fmt.Fprintln(stderr, "hp17b: nim start takes 1 to 30 heaps")
		return exitUsage
	}
	ps, coins := nim.StartPositions(*h)
	if *asJSON {
		b, _ := json.Marshal(startJSON{Heaps: *h, Coins: coins, Positions: ps})
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	fmt.Fprintf(stdout, "%d heaps, %d coins:\n", *h, coins)
	for _, p := range ps {
		fmt.Fprintln(stdout, listText(p))
	}
	return exitOK
}

func runNimXOR(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nim xor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bits := fs.Int("bits", 4, "bits of the numbers (1 to 6)")
	if err := fs.Parse(args); err != nil {
		return parseFailed(err)
	}
	if *bits < 1 || *bits > 6 {
		fmt.Fprintln(stderr, "hp17b: --bits is 1 to 6")
		return exitUsage
	}
	fmt.Fprint(stdout, nim.XORTable(*bits))
	return exitOK
}

type moveCountJSON struct {
	Heaps   []int `json:"heaps"`
	Moves   int   `json:"moves"`
	Results int   `json:"results"`
}

func runNimMoves(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nim moves", flag.ContinueOnError)
	fs.SetOutput(stderr)
	h := fs.Int("heaps", 3, "number of heaps")
	m := fs.Int("max", 5, "largest heap")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return parseFailed(err)
	}
	if *h < 1 || *h > 6 || *m < 1 || *m > 32 {
		fmt.Fprintln(stderr, "hp17b: nim moves needs 1 to 6 heaps and a largest heap of 1 to 32")
		return exitUsage
	}
	if err := positionsWithin(*h, *m); err != nil {
		fmt.Fprintf(stderr, "hp17b: nim moves: %v\n", err)
		return exitUsage
	}
	counts := nim.WinningMoveCounts(*h, *m)
	if *asJSON {
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
		fmt.Fprintf(stdout, "%-9s %13d %17d\n", listText(c.Heaps), c.Moves, c.Results)
	}
	return exitOK
}
