package octal

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"strconv"

	"github.com/hp17b/hp17b/nim"
)

// WriteText writes the analysis as hp17b nim grundy prints it: the game's
// name and code, G(0..to) on one line ("G(0)=0 G(1)=1 ..."), and the
// period ("period 12 from n = 71: proven (...)", "... observed, not
// proven", or "no period found"), each value as it is made: a million
// values are 16.8 MB of text, never held whole. Values past those
// computed come from a proven period, else from the mex rule
// (Analysis.Extend, slow past MexLimit). The error is w's.
func (a Analysis) WriteText(w io.Writer, to int) error {
	b := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(b, "%s (%s)\n", a.Game.Name, a.Game)
	writeValues(b, a, to, false)
	_ = b.WriteByte('\n')
	switch {
	case a.HasPeriod && a.Period.Proven:
		saltus := ""
		if a.Period.Saltus != 0 {
			saltus = fmt.Sprintf(", each period %d more", a.Period.Saltus)
		}
		fmt.Fprintf(b, "period %d from n = %d%s: proven (%s)\n", a.Period.P, a.Period.Pre, saltus, a.Period.Proof)
	case a.HasPeriod:
		fmt.Fprintf(b, "period %d from n = %d: observed, not proven\n", a.Period.P, a.Period.Pre)
	default:
		fmt.Fprintln(b, "no period found")
	}
	return b.Flush()
}

// analysisJSON is WriteJSON's line.
type analysisJSON struct {
	Game      string `json:"game"`
	Values    []int  `json:"values"`
	Period    *int   `json:"period"`
	Preperiod *int   `json:"preperiod"`
	Saltus    int    `json:"saltus,omitempty"`
	Proven    bool   `json:"proven"`
}

// WriteJSON writes the analysis as one line of JSON, as hp17b nim grundy
// --json prints it: {"game":NAME,"values":[G(0),...,G(to)],"period":P,
// "preperiod":PRE,"saltus":S,"proven":B} (period and preperiod null when
// no period was found, saltus left out when 0), each value as it is made,
// as WriteText makes them. The error is w's.
func (a Analysis) WriteJSON(w io.Writer, to int) error {
	b := bufio.NewWriterSize(w, 64<<10)
	name, _ := json.Marshal(a.Game.Name)
	_, _ = b.WriteString(`{"game":`)
	_, _ = b.Write(name)
	_, _ = b.WriteString(`,"values":[`)
	writeValues(b, a, to, true)
	rest := analysisJSON{Proven: a.HasPeriod && a.Period.Proven}
	if a.HasPeriod {
		rest.Period, rest.Preperiod, rest.Saltus = &a.Period.P, &a.Period.Pre, a.Period.Saltus
	}
	js, _ := json.Marshal(rest)
	// js is {"game":"","values":null,"period":...}: what follows the values.
	_ = b.WriteByte(']')
	_, _ = b.Write(js[bytes.Index(js, []byte(`,"period"`)):])
	_ = b.WriteByte('\n')
	return b.Flush()
}

// writeValues writes G(0..to) into blocks of text, a block going out when
// it is full: as text, "G(0)=0 G(1)=1 ...", or as JSON, "0,1,...". Past
// the values computed, a proven period gives them: G(pre+r+kp) is
// G(pre+r) plus k saltus (valueWriter.period).
func writeValues(w *bufio.Writer, a Analysis, to int, asJSON bool) {
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
	a      Analysis
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
		v = vw.a.Extend(i)[i] // past the values computed with no proven period: the mex rule
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

// WriteAnalysis writes what hp17b nim analyze prints of the position
// heaps of g: a heading ("Kayles, heaps [3 4]"), then, in normal play, the
// position's value with who wins ("value *2: won for the player to move")
// and for Nim its class (nim.Classify), or, in misère play (MisereMoves),
// who wins; then each winning move, or "no winning move". An error
// (PositionValue's or MisereMoves', such as a heap past its proven period
// or a misère search over its budget) comes after the heading, with
// nothing more written.
func WriteAnalysis(w io.Writer, g Game, heaps []int, misere bool) error {
	fmt.Fprintf(w, "%s, heaps %v\n", g.Name, heaps)
	var moves []HeapMove
	if misere {
		win, ms, err := MisereMoves(g, heaps)
		if err != nil {
			return err
		}
		moves = ms
		if win {
			fmt.Fprintln(w, "misère: won for the player to move")
		} else {
			fmt.Fprintln(w, "misère: lost for the player to move")
		}
	} else {
		v, ms, err := PositionValue(g, heaps)
		if err != nil {
			return err
		}
		moves = ms
		state := "won"
		if v == 0 {
			state = "lost"
		}
		fmt.Fprintf(w, "value *%d: %s for the player to move\n", v, state)
		if g.IsNim() {
			fmt.Fprintf(w, "class: %s\n", nim.Classify(heaps))
		}
	}
	if len(moves) == 0 {
		fmt.Fprintln(w, "no winning move")
	}
	for _, m := range moves {
		fmt.Fprintf(w, "winning move: %s\n", m)
	}
	return nil
}
