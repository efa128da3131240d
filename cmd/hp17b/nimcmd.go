package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

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

type grundyJSON struct {
	Game      string `json:"game"`
	Values    []int  `json:"values"`
	Period    *int   `json:"period"`
	Preperiod *int   `json:"preperiod"`
	Saltus    int    `json:"saltus,omitempty"`
	Proven    bool   `json:"proven"`
}

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
	limit := octal.MexLimit(g)
	a := octal.Analyze(g, min(c.To, limit), limit)
	proven := a.HasPeriod && a.Period.Proven
	if c.To > limit && !proven {
		fmt.Fprintf(stderr, "hp17b: %s has no proven period, so G(n) is computed by the mex rule only up to %d (--to %d asks for more)\n", g.Name, limit, c.To)
		return exitFailed
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	if c.JSON {
		writeGrundyJSON(w, a, c.To)
	} else {
		writeGrundy(w, a, c.To)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitFailed
	}
	if c.At != "" {
		n, err := strconv.ParseInt(c.At, 10, 64)
		if err != nil || n < 0 {
			fmt.Fprintf(stderr, "hp17b: --at %s: want a whole number from 0 to 10^18\n", text.Quote(c.At))
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

// writeGrundy writes the game, G(0..to) on one line ("G(0)=0 G(1)=1 ...")
// and the period, each value as it is made: a million values are 16.8 MB
// of text, never held whole.
func writeGrundy(w *bufio.Writer, a octal.Analysis, to int) {
	fmt.Fprintf(w, "%s (%s)\n", a.Game.Name, a.Game)
	writeValues(w, a, to, func(buf, n []byte, v int) []byte {
		if n[0] != '0' || len(n) > 1 {
			buf = append(buf, ' ')
		}
		buf = append(buf, "G("...)
		buf = append(buf, n...)
		buf = append(buf, ")="...)
		return appendDecimal(buf, v)
	})
	_ = w.WriteByte('\n')
	switch {
	case a.HasPeriod && a.Period.Proven:
		saltus := ""
		if a.Period.Saltus != 0 {
			saltus = fmt.Sprintf(", each period %d more", a.Period.Saltus)
		}
		fmt.Fprintf(w, "period %d from n = %d%s: proven (%s)\n", a.Period.P, a.Period.Pre, saltus, a.Period.Proof)
	case a.HasPeriod:
		fmt.Fprintf(w, "period %d from n = %d: observed, not proven\n", a.Period.P, a.Period.Pre)
	default:
		fmt.Fprintln(w, "no period found")
	}
}

// writeGrundyJSON writes grundyJSON's encoding with G(0..to) as values,
// each value as it is made.
func writeGrundyJSON(w *bufio.Writer, a octal.Analysis, to int) {
	name, _ := json.Marshal(a.Game.Name)
	_, _ = w.WriteString(`{"game":`)
	_, _ = w.Write(name)
	_, _ = w.WriteString(`,"values":[`)
	writeValues(w, a, to, func(buf, n []byte, v int) []byte {
		if n[0] != '0' || len(n) > 1 {
			buf = append(buf, ',')
		}
		return appendDecimal(buf, v)
	})
	rest := grundyJSON{Proven: a.HasPeriod && a.Period.Proven}
	if a.HasPeriod {
		rest.Period, rest.Preperiod, rest.Saltus = &a.Period.P, &a.Period.Pre, a.Period.Saltus
	}
	b, _ := json.Marshal(rest)
	// b is {"game":"","values":null,"period":...}: what follows the values.
	_ = w.WriteByte(']')
	_, _ = w.Write(b[bytes.Index(b, []byte(`,"period"`)):])
	_ = w.WriteByte('\n')
}

// writeValues writes G(0..to), each appended to a block of text by put
// with n, in decimal, and its value; a block goes out when it is full.
// Past the values computed, a proven period gives them: G(pre+r+kp) is
// G(pre+r) plus k saltus, with r and k counted along, not divided out.
func writeValues(w *bufio.Writer, a octal.Analysis, to int, put func(buf, n []byte, v int) []byte) {
	buf := make([]byte, 0, 64<<10)
	n := []byte{'0'}
	var base []int // G(pre .. pre+p-1)
	r, k := 0, 0   // the value's place in its period, and how many periods
	for i := 0; i <= to; i++ {
		if len(buf) > cap(buf)-64 {
			_, _ = w.Write(buf)
			buf = buf[:0]
		}
		var v int
		switch {
		case !a.HasPeriod || !a.Period.Proven || i < a.Period.Pre:
			var ok bool
			if v, ok = a.G(int64(i)); !ok {
				v = a.Extend(i)[i] // never: nimGrundyCmd asks for no more than was computed
			}
		case base == nil:
			// From here on, the period gives every value.
			for j := range a.Period.P {
				b, _ := a.G(int64(a.Period.Pre + j))
				base = append(base, b)
			}
			r, k = (i-a.Period.Pre)%a.Period.P, (i-a.Period.Pre)/a.Period.P
			fallthrough
		default:
			v = base[r] + k*a.Period.Saltus
			if r++; r == a.Period.P {
				r, k = 0, k+1
			}
		}
		buf = put(buf, n, v)
		n = increment(n)
	}
	_, _ = w.Write(buf)
}

// appendDecimal appends v in decimal, two digits a step.
func appendDecimal(buf []byte, v int) []byte {
	if v < 0 {
		return strconv.AppendInt(buf, int64(v), 10)
	}
	const pairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
		"8081828384858687888990919293949596979899"
	var d [20]byte
	i := len(d)
	for v >= 100 {
		q := v / 100
		r := (v - q*100) * 2
		i -= 2
		d[i], d[i+1] = pairs[r], pairs[r+1]
		v = q
	}
	if v >= 10 {
		i -= 2
		d[i], d[i+1] = pairs[v*2], pairs[v*2+1]
	} else {
		i--
		d[i] = byte('0' + v)
	}
	return append(buf, d[i:]...)
}

// increment adds 1 to the decimal number n, in place when it keeps its
// length.
func increment(n []byte) []byte {
	for i := len(n) - 1; i >= 0; i-- {
		if n[i] < '9' {
			n[i]++
			return n
		}
		n[i] = '0'
	}
	return append([]byte{'1'}, n...)
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

type nimAnalyzeCmd struct {
	Heaps   []string `arg:"" sep:"none" placeholder:"HEAP" help:"The heaps' sizes, as arguments or in one separated by commas."`
	Game    string   `default:"nim" placeholder:"GAME" help:"${game_help}"`
	K       int      `default:"4" help:"K of game 3, take 1 to K."`
	Misere  bool     `help:"Misère play: whoever makes the last move loses."`
	Timeout timeout  `placeholder:"D" help:"${timeout_help}"`
}

func (c *nimAnalyzeCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	heaps, err := parseHeaps(c.Heaps)
	if err == nil && len(heaps) > 0 {
		var g octal.Game
		if g, err = octal.GameByName(c.Game, c.K); err == nil {
			if err := movesWithin(g, heaps, c.Misere); err != nil {
				fmt.Fprintf(stderr, "hp17b: nim analyze: %v\n", err)
				return exitUsage
			}
			ctx, cancel := workContext(c.Timeout)
			defer cancel()
			code, done := runBounded(ctx, stdout, func(w io.Writer) int { return analyze(g, heaps, c.Misere, w, stderr) })
			if !done {
				stopped(ctx, c.Timeout, stderr)
			}
			return code
		}
	}
	fmt.Fprintf(stderr, "hp17b: %v\nrun hp17b nim analyze --help for its usage\n", err)
	return exitUsage
}

func analyze(g octal.Game, heaps []int, misere bool, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "%s, heaps %v\n", g.Name, heaps)
	var moves []octal.HeapMove
	if misere {
		var win bool
		var err error
		if g.String() == octal.Slides[0].String() {
			win = nim.Winning(heaps, true)
			for _, m := range nim.WinningMoves(heaps, true) {
				moves = append(moves, octal.HeapMove{Heap: m.Heap, From: m.From, Option: octal.Option{Take: m.From - m.To, Leave: leave(m.To)}})
			}
		} else if win, moves, err = octal.MisereWinning(g, heaps); err != nil {
			fmt.Fprintf(stderr, "hp17b: %v\n", err)
			return exitUsage
		}
		if win {
			fmt.Fprintln(stdout, "misère: won for the player to move")
		} else {
			fmt.Fprintln(stdout, "misère: lost for the player to move")
		}
	} else {
		v, ms, err := octal.PositionValue(g, heaps)
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
		if g.String() == octal.Slides[0].String() {
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

type nimLostCmd struct {
	Heaps int  `default:"3" placeholder:"H" help:"The number of heaps, 1 to 8."`
	Max   int  `default:"15" placeholder:"M" help:"The largest heap, 1 to 64."`
	JSON  bool `name:"json" help:"Print JSON: a list of lists, each sorted ascending."`
}

func (c *nimLostCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if err := checkHeaps("lost", c.Heaps, c.Max, 8, 64); err != nil {
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
		fmt.Fprintln(stdout, listText(p))
	}
	return exitOK
}

// MaxPositions bounds the positions that nim lost and nim moves go
// through: the multisets of h heaps of 0 to max coins, C(max+h, h).
const MaxPositions = 1_000_000

// checkHeaps refuses h heaps up to max outside 1..maxH and 1..maxM, or
// beyond MaxPositions, saying why (command names the nim command).
func checkHeaps(command string, h, max, maxH, maxM int) error {
	if h < 1 || h > maxH || max < 1 || max > maxM {
		return fmt.Errorf("nim %s needs 1 to %d heaps and a largest heap of 1 to %d", command, maxH, maxM)
	}
	if err := positionsWithin(h, max); err != nil {
		return fmt.Errorf("nim %s: %w", command, err)
	}
	return nil
}

// movesWithin says whether nim analyze's search for winning moves stays
// within MaxPositions: every option of every heap is tried, about
// (heap+1) × the code's digits of them a heap. Misère Nim finds its moves
// directly (nim.WinningMoves), a heap at a time.
func movesWithin(g octal.Game, heaps []int, misere bool) error {
	if misere && g.String() == octal.Slides[0].String() {
		return nil
	}
	n := 0.0
	for _, h := range heaps {
		n += float64(h+1) * float64(max(1, len(g.Digits)))
	}
	if n > MaxPositions {
		return fmt.Errorf("%d heaps of %s are about %.3g moves to try, more than the %d this command goes through: give fewer or smaller heaps", len(heaps), g.Name, n, MaxPositions)
	}
	return nil
}

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
		fmt.Fprintln(stdout, listText(p))
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
	if err := checkHeaps("moves", c.Heaps, c.Max, 6, 32); err != nil {
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
		fmt.Fprintf(stdout, "%-9s %13d %17d\n", listText(c.Heaps), c.Moves, c.Results)
	}
	return exitOK
}
