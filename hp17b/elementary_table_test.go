package hp17b

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

// The differential table: for every function of elemFuncs, tableSize
// arguments (two thirds drawn at random, one third drawn until the result
// lies within 10^-3 of a unit of the 12th digit of a rounding midpoint) and
// the result of apd at 50 digits rounded once to 12, ties to even
// (refValue), with the apd code path's result where it differs. The
// arguments are drawn again at test time from the same seeded PCG; the
// file holds, a function, the skips of the midpoint draws and, an
// argument, the result's kind and sign, exponent and last four digits of
// its coefficient: the test reads the rest from the result it checks, so
// a result off in its last four digits, or in exponent, sign or error,
// fails. Regenerate with
//
//	go test ./hp17b -run TestElementaryTable -update
//
// (about an hour of one core; ELEMENTARY_ONLY and ELEMENTARY_SHARD split
// it). ELEMENTARY_LONG=N draws N further arguments a function
// (TestElementaryLong; make fuzz-long draws 10^7).

var update = flag.Bool("update", false, "regenerate testdata/elementary/*.bin.gz (ELEMENTARY_ONLY=LN,LOG: those functions only)")

const (
	tableSize  = 100000
	tableDir   = "testdata/elementary"
	midSlack   = 1e-3
	residueMod = 10000
)

// ctxRef50 is the reference's precision: 50 digits (60 where a difference
// cancels).
var ctxRef50 = apd.Context{Precision: 50, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundHalfEven}

var ctxRefWide = apd.Context{Precision: 60, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundHalfEven}

// refValue is the reference result of fn at (a, b): apd at 50 or more
// digits rounded once to 12, ties to even, with the calculator's range;
// where the argument is outside the function's domain it is the apd code
// path's result (the fast path never decides those).
func refValue(name string, a, b Number) (Number, error) {
	a0, b0 := a, b
	today := func() (Number, error) {
		a, b := a0, b0
		var r Number
		var err error
		for _, fn := range elemFuncs {
			if fn.name == name {
				r, err = fn.f(apdPaths, a, b)
			}
		}
		return r, err
	}
	var ta, tb apd.Decimal
	x, y := a.in(&ta), b.in(&tb)
	var w apd.Decimal
	switch name {
	case "LN", "LOG":
		if a.Sign() <= 0 {
			return today()
		}
		if name == "LN" {
			_, _ = ctxRef50.Ln(&w, x)
		} else {
			_, _ = ctxRef50.Log10(&w, x)
		}
	case "EXP":
		if a.Exponent() > 5 {
			return today()
		}
		_, _ = ctxRef50.Exp(&w, x)
	case "SQRT":
		if a.Sign() < 0 {
			return today()
		}
		_, _ = ctxRef50.Sqrt(&w, x)
	case "EXPM1":
		if a.Exponent() > 5 && a.Sign() > 0 || a.Cmp(FromInt(-60)) < 0 {
			return today()
		}
		expm1Ref(&w, x)
	case "LNP1":
		if a.Cmp(Neg(One)) <= 0 {
			return today()
		}
		ln1pRef(&w, x)
	case "POW", "ALOG":
		if name == "ALOG" {
			a, b = Ten, a
			x, y = a.in(&ta), b.in(&tb)
		}
		if a.IsZero() || b.IsZero() || a.Sign() < 0 && !b.IsInteger() {
			return today()
		}
		if bi, ok := b.Int64(); ok && bi >= -64 && bi <= 64 {
			_, _ = ctxRefWide.Pow(&w, x, y) // exact below 60 digits, as any tie is
			break
		}
		var la, p apd.Decimal
		ax := new(apd.Decimal).Abs(x)
		_, _ = ctxRefWide.Ln(&la, ax)
		_, _ = ctxRefWide.Mul(&p, &la, y)
		if p.Cmp(apd.New(5000, 0)) > 0 {
			return saturate(a.Sign() < 0 && isOdd(b)), ErrOverflow
		}
		if p.Cmp(apd.New(-5000, 0)) < 0 {
			return Zero, nil
		}
		_, _ = ctxRef50.Exp(&w, &p)
		if a.Sign() < 0 && isOdd(b) {
			w.Neg(&w)
		}
	case "SPFV", "USFV", "USPV":
		if name != "SPFV" && a.IsZero() {
			return b, nil
		}
		var pct, l, p apd.Decimal
		_, _ = ctxRef50.Quo(&pct, x, apd.New(100, 0)) // exact: a shift
		if pct.Cmp(apd.New(-1, 0)) <= 0 {
			return today()
		}
		ln1pRef(&l, &pct)
		_, _ = ctxRefWide.Mul(&p, &l, y)
		if name == "USPV" {
			p.Neg(&p)
		}
		if p.Cmp(apd.New(5000, 0)) > 0 {
			if name == "SPFV" {
				return saturate(false), ErrOverflow
			}
			return today() // (huge ± 1) ÷ i: saturated, sign as today's
		}
		if p.Cmp(apd.New(-5000, 0)) < 0 {
			if name == "SPFV" {
				return Zero, nil
			}
			return today()
		}
		if name == "SPFV" {
			_, _ = ctxRef50.Exp(&w, &p)
			break
		}
		var em apd.Decimal
		expm1Ref(&em, &p)
		_, _ = ctxRefWide.Quo(&w, &em, &pct)
		if name == "USPV" {
			w.Neg(&w)
		}
	default:
		panic(name)
	}
	snapTie(&w)
	return round12(&w)
}

// snapTie makes w an exact tie of the 12th digit when it lies within
// 10^-40 relative of one: the result was exact and the 50 digits blurred
// it (14185² ^ 1.5 = 2854223781625). An inexact result of the table's
// 10^6 arguments lies that close to a midpoint with a probability near
// 10^6·10^12·10^-40 = 10^-22.
func snapTie(w *apd.Decimal) {
	if w.IsZero() || w.Form != apd.Finite {
		return
	}
	var t, m, d apd.Decimal
	c13 := apd.Context{Precision: 13, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundDown}
	_, _ = c13.Round(&t, w)
	// t has 13 digits; the midpoint below w or above: its last digit 5.
	m.Set(&t)
	last := new(apd.BigInt).Rem(&m.Coeff, apd.NewBigInt(10)).Int64()
	for _, cand := range []int64{5 - last, 15 - last, -5 - last} {
		var adj, mid apd.Decimal
		adj.SetFinite(cand, t.Exponent)
		if t.Negative {
			adj.Neg(&adj)
		}
		_, _ = ctxRefWide.Add(&mid, &t, &adj)
		_, _ = ctxRefWide.Sub(&d, w, &mid)
		if d.IsZero() || int64(d.Exponent)+d.NumDigits() < int64(w.Exponent)+w.NumDigits()-40 {
			w.Set(&mid)
			return
		}
	}
}

// expm1Ref is e^x − 1 within 10^-40 relative: the series to x³ below
// 10^-20, e^x at 60 digits less 1 otherwise (at most 20 digits cancel).
func expm1Ref(w, x *apd.Decimal) {
	if x.IsZero() {
		w.SetInt64(0)
		return
	}
	if int64(x.Exponent)+x.NumDigits() <= -20 {
		var x2, x3, t apd.Decimal
		_, _ = ctxRefWide.Mul(&x2, x, x)
		_, _ = ctxRefWide.Mul(&x3, &x2, x)
		_, _ = ctxRefWide.Quo(&x2, &x2, apd.New(2, 0))
		_, _ = ctxRefWide.Quo(&x3, &x3, apd.New(6, 0))
		_, _ = ctxRefWide.Add(&t, x, &x2)
		_, _ = ctxRefWide.Add(w, &t, &x3)
		return
	}
	var e apd.Decimal
	_, _ = ctxRefWide.Exp(&e, x)
	_, _ = ctxRefWide.Sub(w, &e, apd.New(1, 0))
}

// ln1pRef is ln(1 + x) within 10^-40 relative: the series to x³ below
// 10^-20, the logarithm at 60 digits of 1 + x otherwise (exact at 80
// digits below 10^70, within 10^-80 above).
func ln1pRef(w, x *apd.Decimal) {
	if int64(x.Exponent)+x.NumDigits() <= -20 {
		var x2, x3, t apd.Decimal
		_, _ = ctxRefWide.Mul(&x2, x, x)
		_, _ = ctxRefWide.Mul(&x3, &x2, x)
		_, _ = ctxRefWide.Quo(&x2, &x2, apd.New(2, 0))
		_, _ = ctxRefWide.Quo(&x3, &x3, apd.New(3, 0))
		_, _ = ctxRefWide.Sub(&t, x, &x2)
		_, _ = ctxRefWide.Add(w, &t, &x3)
		return
	}
	exact := apd.Context{Precision: 80, MaxExponent: 100000, MinExponent: -100000, Rounding: apd.RoundHalfEven}
	var s apd.Decimal
	_, _ = exact.Add(&s, x, apd.New(1, 0))
	_, _ = ctxRefWide.Ln(w, &s)
}

// tableArgs draws fn's table arguments: the random ones from stream 1,
// the midpoint ones from stream 2 skipping skips[i] draws before each.
func tableArgs(fn elemFunc, skips []uint64) [][2]Number {
	seed := uint64(0)
	for _, c := range fn.name {
		seed = seed*131 + uint64(c)
	}
	r1 := rand.New(rand.NewPCG(seed, 1))
	r2 := rand.New(rand.NewPCG(seed, 2))
	args := make([][2]Number, 0, tableSize)
	for len(args) < tableSize-len(skips) {
		a, b := fn.draw(r1)
		args = append(args, [2]Number{a, b})
	}
	for _, k := range skips {
		for ; k > 0; k-- {
			fn.draw(r2)
		}
		a, b := fn.draw(r2)
		args = append(args, [2]Number{a, b})
	}
	return args
}

// nearMidpoint reports whether fn's fast path at (a, b) falls back when
// every rounding test is widened by midSlack units: the result is within
// midSlack of a midpoint (or the kernel cannot decide it at all).
func nearMidpoint(fn elemFunc, a, b Number) bool {
	fell := false
	testSlack = midSlack
	defer func() { testSlack = 0 }()
	_, _ = fn.f(paths{fell: func() { fell = true }}, a, b)
	return fell
}

// Result kinds of the table.
const (
	kindValue = iota
	kindZero
	kindOverflow
	kindError
)

var tableErrors = []error{ErrLogZero, ErrLogNeg, ErrPower, ErrInvalidInput, ErrSqrtNeg, ErrDivideByZero}

// entry encodes a result: kind (with its error index) and sign, exponent,
// coefficient mod residueMod.
type entry struct {
	kind, sign byte
	exp        int16
	residue    uint16
}

func encode(n Number, err error) entry {
	neg, c, e := n.parts()
	var s byte
	if neg {
		s = 1
	}
	switch {
	case err == ErrOverflow:
		return entry{kind: kindOverflow, sign: s}
	case err != nil:
		for i, te := range tableErrors {
			if err == te {
				return entry{kind: kindError + byte(i)}
			}
		}
		panic(err)
	case c == 0:
		return entry{kind: kindZero}
	}
	return entry{kind: kindValue, sign: s, exp: int16(e), residue: uint16(c % residueMod)}
}

// matches reports whether the result (n, err) is the one e encodes.
func (e entry) matches(n Number, err error) bool { return encode(n, err) == e }

func (e entry) String() string {
	switch {
	case e.kind == kindValue:
		return fmt.Sprintf("sign %d, …%04d E%d", e.sign, e.residue, e.exp)
	case e.kind == kindZero:
		return "0"
	case e.kind == kindOverflow:
		return fmt.Sprintf("overflow, sign %d", e.sign)
	}
	return tableErrors[e.kind-kindError].Error()
}

// A function's file holds its midpoint skips, its entries, and the
// arguments where the apd code path differs from the reference (with that
// path's result, in full).

func writeTable(t *testing.T, name string, skips []uint64, es []entry, differ map[int]string) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	var scratch [binary.MaxVarintLen64]byte
	uv := func(v uint64) { _, _ = w.Write(scratch[:binary.PutUvarint(scratch[:], v)]) }
	str := func(s string) { uv(uint64(len(s))); _, _ = w.WriteString(s) }
	uv(uint64(len(skips)))
	for _, k := range skips {
		uv(k)
	}
	for _, e := range es {
		_ = w.WriteByte(e.kind<<1 | e.sign)
		_ = binary.Write(w, binary.LittleEndian, e.exp)
		_ = binary.Write(w, binary.LittleEndian, e.residue)
	}
	uv(uint64(len(differ)))
	for i, s := range differ {
		uv(uint64(i))
		str(s)
	}
	require.NoError(t, w.Flush())
	require.NoError(t, zw.Close())
	require.NoError(t, os.MkdirAll(tableDir, 0o755))
	require.NoError(t, os.WriteFile(tableDir+"/"+name+".bin.gz", buf.Bytes(), 0o644))
}

func readTable(t *testing.T, name string) (skips []uint64, es []entry, differ map[int]string) {
	raw, err := os.ReadFile(tableDir + "/" + name + ".bin.gz")
	require.NoError(t, err, "run go test ./hp17b -run TestElementaryTable -update")
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	require.NoError(t, err)
	r := bufio.NewReader(zr)
	uv := func() uint64 { v, err := binary.ReadUvarint(r); require.NoError(t, err); return v }
	str := func() string {
		b := make([]byte, uv())
		_, err := io.ReadFull(r, b)
		require.NoError(t, err)
		return string(b)
	}
	skips = make([]uint64, uv())
	for i := range skips {
		skips[i] = uv()
	}
	es = make([]entry, tableSize)
	for i := range es {
		b, err := r.ReadByte()
		require.NoError(t, err)
		es[i].kind, es[i].sign = b>>1, b&1
		require.NoError(t, binary.Read(r, binary.LittleEndian, &es[i].exp))
		require.NoError(t, binary.Read(r, binary.LittleEndian, &es[i].residue))
	}
	differ = map[int]string{}
	for n := uv(); n > 0; n-- {
		i := int(uv())
		differ[i] = str()
	}
	return skips, es, differ
}

// show is a result as the table's differ lists hold it.
func show(n Number, err error) string {
	if err != nil {
		return n.String() + " " + err.Error()
	}
	return n.String()
}

// TestElementaryTable holds every function, on tableSize arguments each,
// to the 50-digit reference rounded once (the file's entries), and to the
// apd code path wherever that path is itself correctly rounded; where it
// is not, the argument must be one of the known classes (knownApdMiss).
func TestElementaryTable(t *testing.T) {
	if *update {
		generateTable(t) // testSlack: alone
	} else {
		t.Parallel()
	}
	only := os.Getenv("ELEMENTARY_ONLY")
	for _, fn := range elemFuncs {
		if only != "" && !strings.Contains(","+only+",", ","+fn.name+",") {
			continue
		}
		skips, es, differ := readTable(t, fn.name)
		args := tableArgs(fn, skips)
		bad, fellRandom, fellMid := 0, 0, 0
		// Under the race detector every 50th argument (the whole table
		// runs without it: make test).
		stride := 1
		if raceEnabled {
			stride = 50
		}
		for i, ab := range args {
			if i%stride != 0 {
				continue
			}
			fell := false
			got, err := fn.f(paths{fell: func() { fell = true }}, ab[0], ab[1])
			if fell && i < len(args)-len(skips) {
				fellRandom++
			} else if fell {
				fellMid++
			}
			if !es[i].matches(got, err) {
				bad++
				if bad <= 10 {
					t.Errorf("%s(%s, %s) = %s, reference %s", fn.name, ab[0], ab[1], show(got, err), es[i])
				}
			}
		}
		for i, s := range differ {
			ab := args[i]
			if !knownApdMiss(fn.name, ab[0], ab[1]) {
				t.Errorf("%s(%s, %s): the apd path gives %s, not the reference: not a known class", fn.name, ab[0], ab[1], s)
			}
		}
		t.Logf("%s: %d arguments (%d near a midpoint), %d where the apd path is not correctly rounded, %d failures; the apd path reached by %d random and %d near-midpoint arguments",
			fn.name, len(args), len(skips), len(differ), bad, fellRandom, fellMid)
	}
}

// knownApdMiss: the arguments where the apd code paths are not correctly
// rounded, for want of digits: EXPM1 and LNP1 below 10^-25 in magnitude
// (1 + a at 40 digits), USFV and USPV at rates below 10^-15 % or below
// 10^-15 periods (SPFV − 1 at 34 digits cancels), SPFV at rates below
// 10^-34 % (1 + i/100 at 34 digits is 1), y^x of an exact tie (powHalf).
func knownApdMiss(name string, a, b Number) bool {
	switch name {
	case "EXPM1", "LNP1":
		return !a.IsZero() && a.Exponent() < -25
	case "POW":
		_, exact := powHalf(a, b) // an exact tie, which exp(b × ln a) rounds either way
		return exact
	case "SPFV": // and 1^n for a huge n, which apd's Pow gives as 0
		return !a.IsZero() && a.Exponent() < -15 || a.IsZero() && b.Exponent() > 15
	case "USFV", "USPV":
		return !a.IsZero() && a.Exponent() < -15 || !b.IsZero() && b.Exponent() < -15
	case "SQRT":
		return true // apd's Sqrt at 12 digits is faithful, not correctly rounded (the fast path's fallback is exact)
	}
	return false
}

// generateTable computes the reference of every argument.
func generateTable(t *testing.T) {
	only := os.Getenv("ELEMENTARY_ONLY")
	for _, fn := range elemFuncs {
		if only != "" && !strings.Contains(","+only+",", ","+fn.name+",") {
			continue
		}
		seed := uint64(0)
		for _, c := range fn.name {
			seed = seed*131 + uint64(c)
		}
		r2 := rand.New(rand.NewPCG(seed, 2))
		var skips []uint64
		for len(skips) < tableSize/3 {
			k := uint64(0)
			for {
				a, b := fn.draw(r2)
				if nearMidpoint(fn, a, b) {
					break
				}
				k++
			}
			skips = append(skips, k)
		}
		args := tableArgs(fn, skips)
		es := make([]entry, len(args))
		differ := map[int]string{}
		// ELEMENTARY_SHARD=k/n computes the arguments i ≡ k (mod n) only,
		// into NAME.k.bin.gz; ELEMENTARY_MERGE=n joins n such shards.
		var k, nsh int
		if sh := os.Getenv("ELEMENTARY_SHARD"); sh != "" {
			_, err := fmt.Sscanf(sh, "%d/%d", &k, &nsh)
			require.NoError(t, err)
		}
		if m, _ := strconv.Atoi(os.Getenv("ELEMENTARY_MERGE")); m > 0 {
			for j := range m {
				_, ej, dj := readTable(t, fmt.Sprintf("%s.%d", fn.name, j))
				for i := j; i < len(es); i += m {
					es[i] = ej[i]
					if d, ok := dj[i]; ok {
						differ[i] = d
					}
				}
			}
			writeTable(t, fn.name, skips, es, differ)
			continue
		}
		for i, ab := range args {
			if nsh > 0 && i%nsh != k {
				continue
			}
			a, b := ab[0], ab[1]
			ref, rerr := refValue(fn.name, a, b)
			es[i] = encode(ref, rerr)
			var old Number
			var oerr error
			old, oerr = fn.f(apdPaths, a, b)
			if oerr != rerr || old.String() != ref.String() {
				differ[i] = show(old, oerr)
			}
		}
		name := fn.name
		if nsh > 0 {
			name = fmt.Sprintf("%s.%d", fn.name, k)
		}
		writeTable(t, name, skips, es, differ)
		t.Logf("%s: generated, %d apd-path differences", name, len(differ))
	}
}

// TestElementaryLong draws ELEMENTARY_LONG further arguments a function
// (stream 3; make fuzz-long draws 10^7; ELEMENTARY_ONLY=USFV,USPV names
// the functions, as for the table). On each, the two stages are run
// alone (stageResult) and must agree wherever both decide (a float64
// kernel over the library's functions against a double-double one of its
// own: independent computations), and the function's result is held to
// the 50-digit reference on every 1,000th argument and wherever no stage
// decides or a stage disagrees (about 2 ms each: 10^7 arguments take
// about 30 minutes of one core a function).
func TestElementaryLong(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ELEMENTARY_LONG"))
	if n <= 0 {
		t.Skip("set ELEMENTARY_LONG=N to check N more arguments a function")
	}
	t.Parallel()
	only := os.Getenv("ELEMENTARY_ONLY")
	for _, fn := range elemFuncs {
		if only != "" && !strings.Contains(","+only+",", ","+fn.name+",") {
			continue
		}
		r := rand.New(rand.NewPCG(uint64(len(fn.name)), 3))
		bad, refs := 0, 0
		for j := range n {
			a, b := fn.draw(r)
			got, err := fn.f(paths{}, a, b)
			s1, e1, ok1 := stageResult(fn.name, 1, a, b)
			s2, e2, ok2 := stageResult(fn.name, 2, a, b)
			agree := true
			if ok1 && ok2 && (e1 != e2 || s1.String() != s2.String()) {
				agree = false
			}
			if ok1 && (e1 != err || s1.String() != got.String()) {
				agree = false
			}
			if j%1000 != 0 && agree && (ok1 || ok2) {
				continue
			}
			refs++
			ref, rerr := refValue(fn.name, a, b)
			if !agree || !errors.Is(err, rerr) || got.String() != ref.String() {
				bad++
				if bad <= 10 {
					t.Errorf("%s(%s, %s) = %s (stage 1 %s %v, stage 2 %s %v), reference %s",
						fn.name, a, b, show(got, err), s1, ok1, s2, ok2, show(ref, rerr))
				}
			}
		}
		t.Logf("%s: %d arguments, %d held to the reference, %d failures", fn.name, n, refs, bad)
	}
}
