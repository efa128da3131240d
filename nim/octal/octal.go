// Package octal analyses heap games in the octal notation (Nim, Kayles,
// Dawson's Kayles, Lasker's Nim, subtraction and splitting games): Grundy
// values by the mex rule, with the XOR rule for a sum of heaps and for the
// two heaps a split leaves; the period of the values, proven by the octal
// periodicity theorem; a position's value and its winning moves; misère
// play by search.
//
// Sources: the lecture slides "NIM-Type Games" (nimbers, the mex rule, the
// XOR rule, ten heap games with their nimber tables); R. K. Guy and
// C. A. B. Smith, "The G-values of various games" (the octal notation and
// the periodicity theorem); Berlekamp, Conway and Guy, "Winning Ways for
// your Mathematical Plays", chapter 4 (Lasker's Nim's closed form).
package octal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/internal/text"
)

// Game is a heap game in the standard octal notation d0.d1d2d3…: digit dk
// says what removing k coins from one heap may leave: +1 nothing (the whole
// heap), +2 one non-empty heap, +4 two non-empty heaps. d0 = 4 allows
// splitting a heap in two without removing any. A code written with a
// trailing "…" (repeat) has its last digit go on for ever (Nim is 0.3…,
// Lasker's Nim 4.3…). Every game is played under normal play: whoever
// cannot move loses. GameByName and Slides make them.
type Game struct {
	// Name is how the game is called ("Kayles", "0.77").
	Name string
	// Digits are d0, d1, …; Digits[k] is the digit for removing k coins.
	Digits []uint8
	// repeat makes the last digit apply to every larger removal.
	repeat bool
}

// String gives the code, "0.77" or "4.3…".
func (g Game) String() string {
	var b strings.Builder
	for i, d := range g.Digits {
		b.WriteByte('0' + d)
		if i == 0 {
			b.WriteByte('.')
		}
	}
	if g.repeat {
		b.WriteString("…")
	}
	return b.String()
}

// digit returns the digit for removing k coins.
func (g Game) digit(k int) uint8 {
	if k < len(g.Digits) {
		return g.Digits[k]
	}
	if g.repeat && len(g.Digits) > 1 {
		return g.Digits[len(g.Digits)-1]
	}
	return 0
}

// maxRemoval is the largest number of coins one move removes; -1 when
// unbounded (repeat).
func (g Game) maxRemoval() int {
	if g.repeat {
		return -1
	}
	return len(g.Digits) - 1
}

// MaxDigits is the most digits after the point of an octal code that
// GameByName reads (the games of Winning Ways have a few digits; each digit
// is a heap size the moves consider).
const MaxDigits = 32

// MaxK is the largest k of "take 1 to k" that GameByName makes (k from 1).
const MaxK = 1000

// parse reads an octal code such as "0.77", "4.3", ".07" or "0.3..."
// (a trailing "..." or "…" repeats the last digit for ever); at most
// MaxDigits digits after the point.
func parse(code string) (Game, error) {
	s := strings.TrimSpace(code)
	g := Game{Name: s}
	for _, suf := range []string{"...", "…"} {
		if strings.HasSuffix(s, suf) {
			s, g.repeat = strings.TrimSuffix(s, suf), true
		}
	}
	ip, fp, ok := strings.Cut(s, ".")
	if !ok || fp == "" {
		return Game{}, fmt.Errorf("octal code %s: want d0.d1d2… such as 0.77", text.Quote(code))
	}
	if len(fp) > MaxDigits {
		return Game{}, fmt.Errorf("octal code %s: at most %d digits after the point", text.Quote(code), MaxDigits)
	}
	if ip == "" {
		ip = "0"
	}
	for _, c := range ip + fp {
		if c < '0' || c > '7' {
			return Game{}, fmt.Errorf("octal code %s: digits are 0 to 7", text.Quote(code))
		}
		g.Digits = append(g.Digits, uint8(c-'0'))
	}
	if len(ip) != 1 || (g.Digits[0] != 0 && g.Digits[0] != 4) {
		return Game{}, fmt.Errorf("octal code %s: the digit before the point is 0 or 4 (4: a heap may be split without removing)", text.Quote(code))
	}
	return g, nil
}

// Slides are the ten games of the slides "NIM-Type Games", by their
// number 0 to 9. Game 3 ("take 1 to k") is given for k = 4;
// SubtractionUpTo makes it for another k.
var Slides = [10]Game{
	{Name: "Nim", Digits: []uint8{0, 3}, repeat: true},
	{Name: "take 1 or 2", Digits: []uint8{0, 3, 3}},
	{Name: "take 1, 2 or 3", Digits: []uint8{0, 3, 3, 3}},
	{Name: "take 1 to 4", Digits: []uint8{0, 3, 3, 3, 3}}, // SubtractionUpTo(4)
	{Name: "take 1 or 4", Digits: []uint8{0, 3, 0, 0, 3}},
	{Name: "take 1 or split", Digits: []uint8{4, 3}},
	{Name: "Lasker's Nim", Digits: []uint8{4, 3}, repeat: true},
	{Name: "Kayles", Digits: []uint8{0, 7, 7}},
	{Name: "Dawson's Kayles", Digits: []uint8{0, 0, 7}},
	{Name: "take 1 or 3 or split", Digits: []uint8{4, 3, 0, 3}},
}

// SubtractionUpTo is "take 1 to k coins" (0.33…3 with k threes), for
// k ≥ 0; GameByName allows k from 1 to MaxK.
func SubtractionUpTo(k int) Game {
	d := []uint8{0}
	for i := 0; i < k; i++ {
		d = append(d, 3)
	}
	return Game{Name: fmt.Sprintf("take 1 to %d", k), Digits: d}
}

var gameNames = map[string]int{
	"nim": 0, "sub12": 1, "sub123": 2, "sub1k": 3, "sub14": 4, "split1": 5,
	"lasker": 6, "kayles": 7, "dawson": 8, "split13": 9,
}

// GameByName finds a game: a slide number 0–9 (Slides), a name (nim,
// kayles, dawson, lasker, sub12, sub123, sub1k, sub14, split1, split13) or
// an octal code such as "0.77", "4.3", ".07" or "0.3..." (a trailing "..."
// or "…" repeats the last digit for ever), at most MaxDigits digits after
// the point. k applies to game 3 ("take 1 to k"). The error says what is
// wrong: an unknown name, a malformed code, k outside 1 to MaxK.
func GameByName(s string, k int) (Game, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(t); err == nil && n >= 0 && n <= 9 {
		if n == 3 {
			if k < 1 || k > MaxK {
				return Game{}, fmt.Errorf("take 1 to k: k is 1 to %d, not %d", MaxK, k)
			}
			return SubtractionUpTo(k), nil
		}
		return Slides[n], nil
	}
	if n, ok := gameNames[t]; ok {
		return GameByName(strconv.Itoa(n), k)
	}
	if strings.ContainsAny(t, ".") {
		return parse(t)
	}
	return Game{}, fmt.Errorf("unknown game %s: use 0-9, a name (nim, kayles, dawson, lasker, ...) or an octal code such as 0.77", text.Quote(s))
}

// Option is one move from a heap: remove Take coins (0 for a split without
// removal) and leave the heaps Leave, in coins (none, one, or two, the
// smaller first).
type Option struct {
	Take  int
	Leave []int
}

// Options lists the moves from a heap of n coins: the splits without
// removal first, then by the coins taken, 1 up.
func (g Game) Options(n int) []Option {
	var out []Option
	if g.digit(0)&4 != 0 {
		for a := 1; a <= n/2; a++ {
			out = append(out, Option{0, []int{a, n - a}})
		}
	}
	for k := 1; k <= n; k++ {
		d := g.digit(k)
		if d == 0 {
			if !g.repeat && k >= len(g.Digits) {
				break
			}
			continue
		}
		r := n - k
		if d&1 != 0 && r == 0 {
			out = append(out, Option{k, nil})
		}
		if d&2 != 0 && r > 0 {
			out = append(out, Option{k, []int{r}})
		}
		if d&4 != 0 {
			for a := 1; a <= r/2; a++ {
				out = append(out, Option{k, []int{a, r - a}})
			}
		}
	}
	return out
}

// Values computes G(0..n), n+1 Grundy values, by the mex rule (the slides
// "NIM-Type Games": "the smallest value which is not a nimber of any
// position reachable by a valid move"), with the XOR rule for the two heaps
// a split leaves.
func (g Game) Values(n int) []int {
	vals := make([]int, 0, n+1)
	seen := make([]int, 0, 64) // seen[v] == stamp: v is an option's value
	stamp := 0
	mark := func(v int) {
		for v >= len(seen) {
			seen = append(seen, 0)
		}
		seen[v] = stamp
	}
	nimLike := g.repeat && g.digit(0)&4 == 0 && g.digit(1) == 3 && len(g.Digits) == 2
	for m := 0; m <= n; m++ {
		stamp++
		if nimLike { // every smaller heap is an option: G(m) = mex{0 … m−1} = m
			vals = append(vals, m)
			continue
		}
		g.markOptions(m, vals, mark)
		v := 0
		for v < len(seen) && seen[v] == stamp {
			v++
		}
		vals = append(vals, v)
	}
	return vals
}

// markOptions marks the Grundy value of every move from a heap of m coins,
// vals holding G(0..m−1). It walks the moves as Options does without
// building them: the mex rule's inner loop, where a callback a move made it
// 1.6–2.7 times slower (BenchmarkGrundyKaylesMex3000);
// TestValuesAgreeWithOptions holds the two walks together.
func (g Game) markOptions(m int, vals []int, mark func(int)) {
	if g.digit(0)&4 != 0 {
		for a := 1; a <= m/2; a++ {
			mark(vals[a] ^ vals[m-a])
		}
	}
	for k := 1; k <= m; k++ {
		d := g.digit(k)
		if d == 0 {
			if !g.repeat && k >= len(g.Digits) {
				break
			}
			continue
		}
		r := m - k
		if d&1 != 0 && r == 0 {
			mark(0)
		}
		if d&2 != 0 && r > 0 {
			mark(vals[r])
		}
		if d&4 != 0 {
			for a := 1; a <= r/2; a++ {
				mark(vals[a] ^ vals[r-a])
			}
		}
	}
}

// Period is the periodic tail of a Grundy sequence: G(n + P) = G(n) for
// every n ≥ Pre, P and Pre in coins. Proven says it holds for every n
// (Proof says why); otherwise it was only observed in the values computed.
type Period struct {
	P, Pre int
	Proven bool
	// Saltus, when not 0, makes the period arithmetic: G(n+P) = G(n) +
	// Saltus for n ≥ Pre (Lasker's Nim).
	Saltus int
	// Proof names what proves the period: the octal periodicity theorem,
	// or a published closed form.
	Proof string
}

// findPeriod returns the shortest period p and, for it, the shortest
// pre-period i such that vals[n+p] == vals[n] for i ≤ n < len(vals)−p, the
// tail covering at least three periods; ok is false when there is none.
func findPeriod(vals []int) (Period, bool) {
	n := len(vals)
	for p := 1; 3*p <= n; p++ {
		// The longest run of n where vals[n+p] == vals[n], ending at the end.
		i := n - p
		for i > 0 && vals[i-1+p] == vals[i-1] {
			i--
		}
		if n-i >= 3*p+p { // three periods past the pre-period, and p to compare
			return Period{P: p, Pre: i}, true
		}
	}
	return Period{}, false
}

// Analysis is a game's Grundy values and, when found, their period, as
// Analyze gives them.
type Analysis struct {
	// Game is the game analysed.
	Game Game
	// Values are G(0..n) as asked for.
	Values []int
	// Period is the period found, when HasPeriod.
	Period Period
	// HasPeriod is false when no period was found.
	HasPeriod bool
	// computed holds every value computed, perhaps more than Values.
	computed []int
}

// Analyze computes G(0..n) (Values, n+1 of them) and looks for a period.
// For a game with a finite maximal removal k it then proves the period
// with the octal periodicity theorem (Guy and Smith, "The G-values of
// various games"): if G(m + p) = G(m) for every i ≤ m < 2i + p + k, then
// G(m + p) = G(m) for every m ≥ i. It computes as many more values by the
// mex rule as the proof needs, up to limit values, then reports Proven.
// Lasker's Nim (4.3…) follows its closed form instead (Berlekamp, Conway
// and Guy, "Winning Ways for your Mathematical Plays", chapter 4).
func Analyze(g Game, n, limit int) Analysis {
	if a, ok := closedForm(g, n); ok {
		return a
	}
	a := analyzePrefix(g, max(limit, n+1))
	a.Values = a.Extend(n)
	return a
}

// analyzePrefix computes values by the mex rule from 128 on, doubling,
// until the octal periodicity theorem proves a period (then only as many
// values as the proof needs were computed) or limit values are reached.
func analyzePrefix(g Game, limit int) Analysis {
	size := min(128, max(limit, 1))
	for {
		vals := g.Values(size - 1)
		per, ok := findPeriod(vals)
		a := Analysis{Game: g, Period: per, HasPeriod: ok, computed: vals}
		if !ok || g.maxRemoval() < 0 {
			if !ok && size < limit && g.maxRemoval() >= 0 {
				size = min(limit, size*2)
				continue
			}
			return a
		}
		need := 2*per.Pre + 2*per.P + g.maxRemoval()
		if need <= size {
			a.Period.Proven = provenBy(vals, per, g.maxRemoval())
			if a.Period.Proven {
				a.Period.Proof = "octal periodicity theorem"
			}
			if a.Period.Proven || size >= limit {
				return a
			}
		}
		if size >= limit {
			return a
		}
		size = min(limit, max(need+1, size*2))
	}
}

func provenBy(vals []int, per Period, k int) bool {
	for m := per.Pre; m < 2*per.Pre+per.P+k; m++ {
		if m+per.P >= len(vals) || vals[m+per.P] != vals[m] {
			return false
		}
	}
	return true
}

// G returns G(n) for any n ≥ 0 (up to 10^18 and beyond): from the values
// when computed, otherwise from a proven period. The bool is false when
// neither applies.
func (a Analysis) G(n int64) (int, bool) {
	if n >= 0 && n < int64(len(a.computed)) {
		return a.computed[n], true
	}
	if !a.HasPeriod || !a.Period.Proven || n < 0 {
		return 0, false
	}
	pre, p := int64(a.Period.Pre), int64(a.Period.P)
	return a.computed[pre+(n-pre)%p] + a.Period.Saltus*int((n-pre)/p), true
}

// Extend returns G(0..n), n+1 values, computed by the periodicity when it
// is proven and the mex rule otherwise (slow past MexLimit).
func (a Analysis) Extend(n int) []int {
	if n < len(a.computed) {
		return a.computed[:n+1]
	}
	if !a.HasPeriod || !a.Period.Proven {
		return a.Game.Values(n)
	}
	out := make([]int, n+1)
	copy(out, a.computed)
	for m := len(a.computed); m <= n; m++ {
		out[m] = out[m-a.Period.P] + a.Period.Saltus
	}
	return out
}

// closedForm answers a game whose values follow a proven closed form
// without the mex rule: Lasker's Nim (4.3…, a heap may also be split in
// two), G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
// (Berlekamp, Conway and Guy, Winning Ways, chapter 4; checked against the
// mex rule in the tests).
func closedForm(g Game, n int) (Analysis, bool) {
	if !g.repeat || len(g.Digits) != 2 || g.Digits[0] != 4 || g.Digits[1] != 3 {
		return Analysis{}, false
	}
	vals := make([]int, max(n+1, 8))
	for m := 1; m < len(vals); m++ {
		switch m % 4 {
		case 1, 2:
			vals[m] = m
		case 3:
			vals[m] = m + 1
		default:
			vals[m] = m - 1
		}
	}
	per := Period{P: 4, Pre: 1, Saltus: 4, Proven: true, Proof: "Lasker's Nim's closed form"}
	return Analysis{Game: g, Values: vals[:n+1], Period: per, HasPeriod: true, computed: vals}, true
}

// HeapMove is a move in a sum of heaps: heap Heap (0-based; String counts
// from 1) of From coins loses Take coins and becomes the heaps Leave.
type HeapMove struct {
	Heap, From int
	Option
}

// String gives "heap 2 (7): take 2, leave 1 and 4".
func (m HeapMove) String() string {
	leave := "nothing"
	switch len(m.Leave) {
	case 1:
		leave = strconv.Itoa(m.Leave[0])
	case 2:
		leave = fmt.Sprintf("%d and %d", m.Leave[0], m.Leave[1])
	}
	if m.Take == 0 {
		return fmt.Sprintf("heap %d (%d): split into %s", m.Heap+1, m.From, leave)
	}
	return fmt.Sprintf("heap %d (%d): take %d, leave %s", m.Heap+1, m.From, m.Take, leave)
}

// maxAnalyzeHeap bounds the heaps PositionValue analyses (their options are
// listed one by one).
const maxAnalyzeHeap = 100000

// MaxUnproven is how far PositionValue computes a game's values (heap
// sizes, in coins) by the mex rule for a game of up to 4 digits; past it a
// proven period gives them (MexLimit).
const MaxUnproven = 20_000

// MexLimit is how far a game's values are computed by the mex rule: the
// work per value grows with the code's digits, so a long code gets fewer
// values (MaxUnproven for up to 4 digits, at least 2,000).
func MexLimit(g Game) int {
	return max(2000, min(MaxUnproven, MaxUnproven*4/max(1, len(g.Digits))))
}

// PositionValue returns the Grundy value of a sum of heaps (the XOR rule;
// 0: lost for the player to move) and every winning move (those leaving
// value 0), heap by heap in the order of Options. Heaps are 0 to 100,000
// coins (an error otherwise); a heap past MexLimit(g) needs a proven
// period (an error otherwise).
func PositionValue(g Game, heaps []int) (int, []HeapMove, error) {
	top := 0
	for _, h := range heaps {
		if h < 0 || h > maxAnalyzeHeap {
			return 0, nil, fmt.Errorf("heap %d: heaps are 0 to %d", h, maxAnalyzeHeap)
		}
		top = max(top, h)
	}
	limit := MexLimit(g)
	a := Analyze(g, min(top, limit), limit)
	if top > limit && !(a.HasPeriod && a.Period.Proven) {
		return 0, nil, fmt.Errorf("heap %d: %s has no proven period, so values go only to %d", top, g.Name, limit)
	}
	vals := a.Extend(top)
	total := 0
	for _, h := range heaps {
		total ^= vals[h]
	}
	var wins []HeapMove
	if total == 0 {
		return 0, nil, nil
	}
	for i, h := range heaps {
		rest := total ^ vals[h]
		for _, o := range g.Options(h) {
			v := 0
			for _, l := range o.Leave {
				v ^= vals[l]
			}
			if v == rest {
				wins = append(wins, HeapMove{Heap: i, From: h, Option: o})
			}
		}
	}
	return total, wins, nil
}
