package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
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

// writeGrundy writes the game, G(0..to) on one line ("G(0)=0 G(1)=1 ...")
// and the period, each value as it is made: a million values are 16.8 MB
// of text, never held whole.
func writeGrundy(w *bufio.Writer, a octal.Analysis, to int) {
	fmt.Fprintf(w, "%s (%s)\n", a.Game.Name, a.Game)
	writeValues(w, a, to, false)
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
	writeValues(w, a, to, true)
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

// writeValues writes G(0..to) into blocks of text, a block going out when
// it is full: as text, "G(0)=0 G(1)=1 ...", or as JSON, "0,1,...". Past
// the values computed, a proven period gives them: G(pre+r+kp) is
// G(pre+r) plus k saltus (valueWriter.period).
func writeValues(w *bufio.Writer, a octal.Analysis, to int, asJSON bool) {
	vw := &valueWriter{w: w, a: a, buf: make([]byte, 0, 64<<10), asJSON: asJSON, sep: ' '}
	if asJSON {
		vw.sep = ','
	}
	// The values computed, one by one, up to the period's start (and G(0),
	// which has no separator before it).
	from := to + 1
	if a.HasPeriod && a.Period.Proven && a.Period.Saltus >= 0 {
		from = min(from, max(a.Period.Pre, 1))
	}
	for i := 0; i < from; i++ {
		vw.one(i)
	}
	if from <= to {
		vw.period(from, to)
	}
	vw.flush()
}

// valueWriter writes Grundy values into its block of text, buf.
type valueWriter struct {
	w      *bufio.Writer
	a      octal.Analysis
	buf    []byte
	asJSON bool
	sep    byte // before every value but G(0)'s: ' ' or ','
}

// room is more than one value takes in the block.
const room = 64

// flush sends the block out.
func (vw *valueWriter) flush() {
	_, _ = vw.w.Write(vw.buf)
	vw.buf = vw.buf[:0]
}

// one writes G(i), formatted.
func (vw *valueWriter) one(i int) {
	if len(vw.buf) > cap(vw.buf)-room {
		vw.flush()
	}
	v, ok := vw.a.G(int64(i))
	if !ok {
		v = vw.a.Extend(i)[i] // never: nimGrundyCmd asks for no more than was computed
	}
	if i > 0 {
		vw.buf = append(vw.buf, vw.sep)
	}
	if !vw.asJSON {
		vw.buf = append(vw.buf, "G("...)
		vw.buf = strconv.AppendInt(vw.buf, int64(i), 10)
		vw.buf = append(vw.buf, ")="...)
	}
	vw.buf = appendDecimal(vw.buf, v)
}

// period writes G(from..to), from past the preperiod and above 0. n and
// each G(pre+r) are kept as counters (decimal digits in a word, their
// width known), raised in place, the saltus once a period, so that each
// value is a few stores: never divided out or formatted again. Numbers
// past seven digits (never below the --to limit) are formatted one by one.
func (vw *valueWriter) period(from, to int) {
	a := vw.a
	p, saltus := a.Period.P, uint64(a.Period.Saltus)
	const most = 9_999_999 // the most a counter holds
	formatted := func(from int) {
		for i := from; i <= to; i++ {
			vw.one(i)
		}
	}
	if uint64(to) > most || saltus > most {
		formatted(from)
		return
	}
	// G(pre+r) for each r, raised to the period from is in.
	k, r := (from-a.Period.Pre)/p, (from-a.Period.Pre)%p
	base := make([]counter, p)
	for j := range base {
		g, _ := a.G(int64(a.Period.Pre + j))
		periods := k
		if j < r {
			periods++
		}
		v := uint64(g) + uint64(periods)*saltus
		if v > most {
			formatted(from)
			return
		}
		base[j] = counterOf(v)
	}
	n, step := counterOf(uint64(from)), digitsOf(saltus)
	// What goes before n and before the value: " G(" and ")=", or ",".
	before, after := uint32(vw.sep)|'G'<<8|'('<<16, uint16(')')|'='<<8
	if vw.asJSON {
		before, after = uint32(vw.sep), 0
	}
	end := digitsOf(uint64(to) + 1)
	// buf is the whole block, at where the next value goes: every
	// variable of the loop held in a register.
	buf, at := vw.buf[:cap(vw.buf)], len(vw.buf)
	for n.d != end {
		if at > len(buf)-room {
			vw.buf = buf[:at]
			vw.flush()
			buf, at = vw.buf[:cap(vw.buf)], 0
		}
		b := buf[at : at+room : at+room]
		binary.LittleEndian.PutUint32(b, before)
		j := 1
		if after != 0 {
			j = 3 + n.put(b[3:11])
			binary.LittleEndian.PutUint16(b[j:j+2], after)
			j += 2
		}
		v := &base[r]
		at += j + v.put(b[j:j+8])
		if wv, wn := v.add(step), n.add(1); wv || wn {
			if !v.widen() || !n.widen() {
				vw.buf = buf[:at]
				formatted(int(n.value()))
				return
			}
		}
		if r++; r == p {
			r = 0
		}
	}
	vw.buf = buf[:at]
}

// digits is a number below 10^8 as its decimal digits, one a byte, the
// last digit in the lowest byte: two of them add without a division or a
// branch, each byte's carry running into the next as an integer's does.
type digits uint64

// digitsOf is x as digits; x below 10^8.
func digitsOf(x uint64) digits {
	var d uint64
	for i := 0; ; i += 8 {
		d |= x % 10 << i
		if x /= 10; x == 0 {
			return digits(d)
		}
	}
}

// plus is d+x; the sum is below 10^8 when d and x are below 10^7. Each
// byte gets 246 more, so that a digit sum of 10 or more passes 255 and
// carries into the next byte; from the bytes that did not carry (their
// high bit set) the 246 is taken back.
func (d digits) plus(x digits) digits {
	const (
		more = 0xF6F6F6F6F6F6F6F6
		high = 0x8080808080808080
	)
	u := uint64(d) + uint64(x) + more
	return digits(u - (u&high)>>7*0xF6)
}

// width is how many digits d has: 1 to 8.
func (d digits) width() int {
	return max(1, (71-bits.LeadingZeros64(uint64(d)))/8)
}

// counter is a number of at most seven digits kept as digits with its
// width worked out once a width, so that writing it is a byte swap, a
// shift and one store, and adding to it is digits.plus and one comparison.
type counter struct {
	d     digits
	shift uint   // 8 × (8 − its digits)
	wider digits // 10^(its digits) as digits: the first number a digit wider
}

// counterOf is x as a counter; x below 10^7.
func counterOf(x uint64) counter {
	c := counter{d: digitsOf(x)}
	c.widen()
	return c
}

// widen works out the shift and the next width from d; false when the
// number has eight digits (the counter is then unusable).
func (c *counter) widen() bool {
	w := c.d.width()
	c.shift = uint(8 * (8 - w))
	c.wider = 1 << (8 * w & 63)
	return w < 8
}

// add adds x (below 10^7) and says when the sum is a digit wider: widen
// must follow before the counter is written again.
func (c *counter) add(x digits) bool {
	c.d = c.d.plus(x)
	return c.d >= c.wider
}

// put writes the number at the start of b (which has room for eight
// bytes), first digit first, and returns how many digits it has.
func (c *counter) put(b []byte) int {
	const zeros = 0x3030303030303030
	sh := c.shift & 63
	binary.LittleEndian.PutUint64(b, (bits.ReverseBytes64(uint64(c.d))|zeros)>>sh)
	return 8 - int(sh>>3)
}

// value is the number the counter holds.
func (c *counter) value() uint64 {
	var x uint64
	for i := 56; i >= 0; i -= 8 {
		x = x*10 + uint64(c.d)>>i&0xFF
	}
	return x
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
