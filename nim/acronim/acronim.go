// Package acronim plays Acro-Nim: 1-3-5-7 Nim, the taker of the last stone
// winning, with four rules: pass tokens, a poison stone, one equalize and
// one split for each player. South moves first. It gives the rules (State,
// Move, Variant) and perfect play by a search of the whole game (Solver).
//
// Source: "Acro-Nim" by Bart Massey, which specifies the game in Z.
//
// Where the text leaves a choice, this package decides:
//   - "Taking the poison stone without at least one other stone from the
//     pile" loses at once: the other stone must be a plain one (with several
//     poisoned stones, taking only poisoned ones loses). That holds even when
//     those are the last stones on the board.
//   - A pass token is earned by taking three or more stones, poisoned ones
//     counted; tokens add up.
//   - Two passes in succession (one by each player) draw the game.
//   - Equalize may be used when the piles are already as even as they can
//     be (it changes nothing but spends the token and the turn); it keeps
//     the number of piles. Poisoned stones go as evenly as possible, the
//     extra ones into the larger piles.
//   - Split takes a pile of two or more stones with no poison into ⌊n/2⌋
//     and ⌈n/2⌉.
//   - Piles are unordered: a state is the multiset of piles, each player's
//     tokens, whose turn it is and whether the last move was a pass.
package acronim

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Side is a player of Acro-Nim.
type Side int

// The players; South moves first.
const (
	South Side = iota
	North
)

// String gives "South" or "North".
func (s Side) String() string { return [...]string{"South", "North"}[s] }

// Pile is a pile of Stones stones, Poisoned of them poisoned
// (Poisoned ≤ Stones, Stones ≥ 1).
type Pile struct {
	Stones, Poisoned int
}

// tokens are a player's resources.
type tokens struct {
	Equalizes, Splits, Passes int
}

// Variant switches rules off: the zero Variant is the game as specified.
type Variant struct {
	NoPoison, NoEqualize, NoSplit, NoPass bool
}

// State is a position: the piles (sorted, largest first, as
// NormalizePiles leaves them), the player to move, and, unexported, the
// tokens of South and North and whether the last move was a pass.
type State struct {
	Piles    []Pile
	ToMove   Side
	tokens   [2]tokens
	lastPass bool
}

// Start returns the initial position of a variant: piles 1, 3, 5, 7
// with one poisoned stone in the 7, one equalize and one split each.
func Start(v Variant) State {
	s := State{Piles: []Pile{{7, 1}, {5, 0}, {3, 0}, {1, 0}}}
	if v.NoPoison {
		s.Piles[0].Poisoned = 0
	}
	for i := range s.tokens {
		if !v.NoEqualize {
			s.tokens[i].Equalizes = 1
		}
		if !v.NoSplit {
			s.tokens[i].Splits = 1
		}
	}
	return s
}

// moveKind is the kind of an Acro-Nim move.
type moveKind int

// The four moves.
const (
	takeMove moveKind = iota
	passMove
	splitMove
	equalizeMove
)

// Move is a move, as State.Moves lists it: taking plain and poisoned stones
// from a pile, passing, splitting a pile or equalizing; String describes
// it.
type Move struct {
	// kind is the move; takeMove takes plain plain and poison poisoned
	// stones from a pile like pile; splitMove splits a pile like pile;
	// passMove and equalizeMove need nothing more.
	kind          moveKind
	pile          Pile
	plain, poison int
}

// String describes the move: "take 2 from a pile of 5", "take 1 + 1
// poisoned from a pile of 7 (1 poisoned)", "take 1 poisoned alone from a
// pile of 7 (1 poisoned) (loses)", "pass", "split a pile of 5 into 2 and
// 3", "equalize".
func (m Move) String() string {
	pile := fmt.Sprintf("a pile of %d", m.pile.Stones)
	if m.pile.Poisoned > 0 {
		pile += fmt.Sprintf(" (%d poisoned)", m.pile.Poisoned)
	}
	switch m.kind {
	case passMove:
		return "pass"
	case equalizeMove:
		return "equalize"
	case splitMove:
		return fmt.Sprintf("split %s into %d and %d", pile, m.pile.Stones/2, m.pile.Stones-m.pile.Stones/2)
	}
	switch {
	case m.poison > 0 && m.plain == 0:
		return fmt.Sprintf("take %d poisoned alone from %s (loses)", m.poison, pile)
	case m.poison > 0:
		return fmt.Sprintf("take %d + %d poisoned from %s", m.plain, m.poison, pile)
	}
	return fmt.Sprintf("take %d from %s", m.plain, pile)
}

// Outcome is what a move does to the game.
type Outcome int

// The outcomes, for the player who moved: the game goes on, the mover took
// the last stone and wins, the mover took poisoned stones alone and loses,
// or the game is drawn (two passes in succession).
const (
	Continues Outcome = iota
	MoverWins
	MoverLoses
	Drawn
)

// NormalizePiles drops empty piles and sorts the rest, largest first (more
// poisoned stones first among equal piles): the canonical order of a
// state's piles. It works in place and returns ps resliced.
func NormalizePiles(ps []Pile) []Pile {
	n := 0
	for _, p := range ps {
		if p.Stones != 0 {
			ps[n] = p
			n++
		}
	}
	ps = ps[:n]
	// Insertion sort: a state has a handful of piles, nearly in order.
	for i := 1; i < len(ps); i++ {
		p := ps[i]
		j := i
		for ; j > 0 && pileBefore(p, ps[j-1]); j-- {
			ps[j] = ps[j-1]
		}
		ps[j] = p
	}
	return ps
}

// pileBefore reports whether pile a comes before b: more stones first,
// then more poisoned ones.
func pileBefore(a, b Pile) bool {
	if a.Stones != b.Stones {
		return a.Stones > b.Stones
	}
	return a.Poisoned > b.Poisoned
}

// Moves lists the legal moves of the player to move, each distinct pile
// once (piles are unordered).
func (s State) Moves(v Variant) []Move { return s.appendMoves(nil, v) }

// appendMoves appends the legal moves to out (Moves).
func (s State) appendMoves(out []Move, v Variant) []Move {
	t := s.tokens[s.ToMove]
	for i, p := range s.Piles {
		if i > 0 && p == s.Piles[i-1] {
			continue
		}
		for np := 0; np <= p.Poisoned; np++ {
			for n := 0; n <= p.Stones-p.Poisoned; n++ {
				if n+np > 0 {
					out = append(out, Move{kind: takeMove, pile: p, plain: n, poison: np})
				}
			}
		}
	}
	if t.Passes > 0 && !v.NoPass {
		out = append(out, Move{kind: passMove})
	}
	if t.Splits > 0 {
		for i, p := range s.Piles {
			if (i == 0 || p != s.Piles[i-1]) && p.Stones >= 2 && p.Poisoned == 0 {
				out = append(out, Move{kind: splitMove, pile: p})
			}
		}
	}
	if t.Equalizes > 0 && len(s.Piles) > 0 {
		out = append(out, Move{kind: equalizeMove})
	}
	return out
}

// levelPiles puts all the stones of the piles into n piles as even as
// possible, the poisoned stones spread as evenly, the extra ones in the
// larger piles (the specification's pile_up and level_piles).
func levelPiles(ps []Pile, n int) []Pile { return level(make([]Pile, n), ps) }

// level is levelPiles into the piles of out, which may be ps itself.
func level(out, ps []Pile) []Pile {
	total, poison := 0, 0
	for _, p := range ps {
		total += p.Stones
		poison += p.Poisoned
	}
	n := len(out)
	for i := range out {
		out[i].Stones = total / n
		if i < total%n {
			out[i].Stones++
		}
		out[i].Poisoned = poison / n
		if i < poison%n {
			out[i].Poisoned++
		}
	}
	return NormalizePiles(out)
}

// Apply makes a legal move (one of s.Moves(v)) and returns the new state,
// its piles a new slice, and the outcome for the player who moved.
func (s State) Apply(m Move, v Variant) (State, Outcome) {
	return s.applyTo(m, v, slices.Clone(s.Piles))
}

// applyTo is Apply with the new state's piles made in piles, which holds a
// copy of s's.
func (s State) applyTo(m Move, v Variant, piles []Pile) (State, Outcome) {
	n := State{Piles: piles, tokens: s.tokens, ToMove: 1 - s.ToMove}
	me := &n.tokens[s.ToMove]
	switch m.kind {
	case passMove:
		me.Passes--
		if s.lastPass {
			return n, Drawn
		}
		n.lastPass = true
		return n, Continues
	case equalizeMove:
		me.Equalizes--
		n.Piles = level(n.Piles, n.Piles)
		return n, Continues
	case splitMove:
		me.Splits--
		i := slices.Index(n.Piles, m.pile)
		n.Piles[i] = Pile{Stones: m.pile.Stones / 2}
		n.Piles = append(n.Piles, Pile{Stones: m.pile.Stones - m.pile.Stones/2})
		n.Piles = NormalizePiles(n.Piles)
		return n, Continues
	}
	if m.poison > 0 && m.plain == 0 {
		return n, MoverLoses
	}
	i := slices.Index(n.Piles, m.pile)
	n.Piles[i].Stones -= m.plain + m.poison
	n.Piles[i].Poisoned -= m.poison
	n.Piles = NormalizePiles(n.Piles)
	if m.plain+m.poison >= 3 && !v.NoPass {
		me.Passes++
	}
	if len(n.Piles) == 0 {
		return n, MoverWins
	}
	return n, Continues
}

// legal reports whether m is one of the moves of s.
func (s State) legal(m Move, v Variant) bool {
	return slices.Contains(s.Moves(v), m)
}

// String shows the piles (a poisoned count as "7(1☠)"), each player's
// tokens and the player to move: "piles 7(1☠) 5 3 1; South: equalize 1,
// split 1, pass 0; North: …; South to move".
func (s State) String() string {
	var ps []string
	for _, p := range s.Piles {
		if p.Poisoned > 0 {
			ps = append(ps, fmt.Sprintf("%d(%d☠)", p.Stones, p.Poisoned))
		} else {
			ps = append(ps, fmt.Sprint(p.Stones))
		}
	}
	tok := func(t tokens) string {
		return fmt.Sprintf("equalize %d, split %d, pass %d", t.Equalizes, t.Splits, t.Passes)
	}
	return fmt.Sprintf("piles %s; South: %s; North: %s; %s to move",
		strings.Join(ps, " "), tok(s.tokens[South]), tok(s.tokens[North]), s.ToMove)
}

// Solver finds perfect play by a memoised search of the whole game
// (it is finite: every move spends stones or a token). Values are for the
// player to move: 1 a win, 0 a draw, −1 a loss.
type Solver struct {
	v Variant
	// memo holds the states whose key fits 64 bits (up to seven piles),
	// memo2 those that fit 128 bits (up to sixteen), wide any other,
	// keyed by wideKey's bytes; buf is wideKey's reused buffer.
	memo  memo64
	memo2 memo128
	wide  map[string]int8
	buf   []byte
	// moves, piles and known are the search's reused lists: the moves of
	// the state at each depth, the piles of the state each of them leads
	// to, and what is known of each move before it is searched.
	moves [][]Move
	piles [][]Pile
	known [][]moveKnown
	depth int
	// Stop, when set, is asked every few thousand states whether to give
	// up (a timeout, Ctrl-C); after it says yes, Stopped reports true and
	// the values found are meaningless.
	Stop    func() bool
	calls   int
	stopped bool
	// moved counts the moves of every state valued: the search's edges,
	// whose number grows faster than the states' as piles are added.
	moved int
}

// Stopped reports whether Stop ended the search.
func (sv *Solver) Stopped() bool { return sv.stopped }

// NewSolver returns a solver for a variant.
func NewSolver(v Variant) *Solver {
	return &Solver{v: v, memo: newMemo64(1 << 16), memo2: newMemo128(1 << 10), wide: map[string]int8{}}
}

// wideKey writes a state seen from the player to move as bytes, for any
// number and size of piles and tokens: each pile's stones and poisoned
// stones, a 0 (no pile has 0 stones), then each player's tokens, the mover
// first, then the pass flag, all as unsigned varints.
func (sv *Solver) wideKey(s State) []byte {
	b := sv.buf[:0]
	for _, p := range s.Piles {
		b = binary.AppendUvarint(b, uint64(p.Stones))
		b = binary.AppendUvarint(b, uint64(p.Poisoned))
	}
	b = append(b, 0)
	for _, side := range [2]Side{s.ToMove, 1 - s.ToMove} {
		t := s.tokens[side]
		b = binary.AppendUvarint(b, uint64(max(t.Equalizes, 0)))
		b = binary.AppendUvarint(b, uint64(max(t.Splits, 0)))
		b = binary.AppendUvarint(b, uint64(max(t.Passes, 0)))
	}
	if s.lastPass {
		b = append(b, 1)
	}
	sv.buf = b
	return b
}

// key packs a state seen from the player to move into at most 123 bits:
// each pile's 5 bits of stones and 2 of poison (up to sixteen piles; fewer
// than seven are followed by empty ones), then each player's tokens (1 bit
// of equalize, 1 of split, 3 of passes), then the pass flag. The first
// pile has a stone, so keys of different numbers of piles differ in length.
// The key of up to seven piles fits the low 60 bits (wide false). A state
// that does not fit (ok false) is keyed by wideKey.
func key(s State) (k key128, wide, ok bool) {
	if len(s.Piles) > 16 {
		return key128{}, false, false
	}
	for _, p := range s.Piles {
		if p.Stones > 31 || p.Poisoned > 3 {
			return key128{}, false, false
		}
		k.push(uint64(p.Stones)<<2|uint64(p.Poisoned), 7)
	}
	if len(s.Piles) < 7 {
		k.push(0, 7*uint(7-len(s.Piles)))
	}
	for _, side := range [2]Side{s.ToMove, 1 - s.ToMove} {
		t := s.tokens[side]
		if t.Equalizes > 1 || t.Splits > 1 || t.Passes > 7 || t.Equalizes < 0 || t.Splits < 0 || t.Passes < 0 {
			return key128{}, false, false
		}
		k.push(uint64(t.Equalizes)<<4|uint64(t.Splits)<<3|uint64(t.Passes), 5)
	}
	var pass uint64
	if s.lastPass {
		pass = 1
	}
	k.push(pass, 1)
	return k, len(s.Piles) > 7, true
}

// value returns the value of s for the player to move.
func (sv *Solver) value(s State) int {
	if sv.stopped {
		return 0
	}
	if sv.calls++; sv.calls&4095 == 0 && sv.Stop != nil && sv.Stop() {
		sv.stopped = true
		return 0
	}
	k, wide, ok := key(s)
	var v int8
	var seen bool
	switch {
	case ok && !wide:
		v, seen = sv.memo.get(k.lo)
	case ok:
		v, seen = sv.memo2.get(k)
	default:
		v, seen = sv.wide[string(sv.wideKey(s))]
	}
	if seen {
		return int(v)
	}
	d := sv.depth
	sv.grow(d)
	sv.depth++
	moves := s.appendMoves(sv.moves[d][:0], sv.v)
	sv.moves[d] = moves
	sv.moved += len(moves)
	// The values already known of the states the moves lead to are looked
	// up first, all together, so that the processor fetches their memo
	// slots at once instead of one cache miss at a time between searches
	// (on a memo of millions of states, most of the search's time); only
	// the moves left unknown are searched.
	known := sv.known[d][:0]
	for _, m := range moves {
		sv.piles[d] = append(sv.piles[d][:0], s.Piles...)
		next, out := s.applyTo(m, sv.v, sv.piles[d])
		sv.piles[d] = next.Piles[:0]
		switch out {
		case MoverWins:
			known = append(known, moveKnown{value: 1})
		case MoverLoses:
			known = append(known, moveKnown{value: -1})
		case Drawn:
			known = append(known, moveKnown{})
		default:
			k, wide, ok := key(next)
			known = append(known, moveKnown{key: k, wide: wide, unknown: true, keyed: ok})
		}
	}
	for i := range known {
		c := &known[i]
		if !c.unknown || !c.keyed {
			continue
		}
		var v int8
		var seen bool
		if c.wide {
			v, seen = sv.memo2.get(c.key)
		} else {
			v, seen = sv.memo.get(c.key.lo)
		}
		if seen {
			c.value, c.unknown = -v, false
		}
	}
	sv.known[d] = known
	best := -2
	for i, m := range moves {
		if c := known[i]; !c.unknown {
			best = max(best, int(c.value))
			continue
		}
		best = max(best, sv.moveValue(s, m, d))
	}
	sv.depth--
	if best == -2 {
		best = -1 // no move at all (cannot happen while stones remain)
	}
	switch {
	case sv.stopped:
	case ok && !wide:
		sv.memo.put(k.lo, int8(best))
	case ok:
		sv.memo2.put(k, int8(best))
	default:
		sv.wide[string(sv.wideKey(s))] = int8(best)
	}
	return best
}

// BestMoves returns the value of s for the player to move (1 a win, 0 a
// draw, −1 a loss) and every move that achieves it, in the order of
// s.Moves. After Stop has ended the search, both are meaningless.
func (sv *Solver) BestMoves(s State) (int, []Move) {
	value := sv.value(s)
	var best []Move
	d := sv.depth
	sv.depth++
	defer func() { sv.depth-- }()
	for _, m := range s.Moves(sv.v) {
		if sv.moveValue(s, m, d) == value {
			best = append(best, m)
		}
	}
	return value, best
}

// moveKnown is what the search knows of a move before searching it: its
// value for the player making it, or unknown, with the key of the state
// it leads to (keyed: it has one of 128 bits or less; wide: more than 64).
type moveKnown struct {
	key                  key128
	value                int8
	unknown, keyed, wide bool
}

// grow makes the lists of depth d.
func (sv *Solver) grow(d int) {
	for d >= len(sv.piles) {
		sv.moves = append(sv.moves, nil)
		sv.piles = append(sv.piles, nil)
		sv.known = append(sv.known, nil)
	}
}

// moveValue is the value of move m for the player making it; the state
// it leads to is made in the piles list of depth d.
func (sv *Solver) moveValue(s State, m Move, d int) int {
	sv.grow(d)
	sv.piles[d] = append(sv.piles[d][:0], s.Piles...)
	next, out := s.applyTo(m, sv.v, sv.piles[d])
	sv.piles[d] = next.Piles[:0]
	switch out {
	case MoverWins:
		return 1
	case MoverLoses:
		return -1
	case Drawn:
		return 0
	}
	return -sv.value(next)
}

// BytesPerState is what one state may cost the solver's tables in
// memory, for a budget of states (Stop, States): measured about 32 bytes a
// state live (the heap after 254,091 states from seven piles of 31),
// doubled for a table growing into a new one while the old one is still
// held.
const BytesPerState = 64

// States returns how many distinct states the solver has valued: after
// BestMoves from a start position, every state reachable from it.
func (sv *Solver) States() int { return sv.memo.n + sv.memo2.n + len(sv.wide) }

// Winner names the result of a value (1, 0 or −1, as BestMoves gives it)
// for the side to move: "south", "north" or "draw".
func Winner(value int, toMove Side) string {
	switch {
	case value == 0:
		return "draw"
	case (value > 0) == (toMove == South):
		return "south"
	}
	return "north"
}

// key128 is a 128-bit key, filled from the low end by push.
type key128 struct{ hi, lo uint64 }

// push shifts the key left by w bits (1 to 63) and puts v (less than
// 2^w) in them.
func (k *key128) push(v uint64, w uint) {
	k.hi = k.hi<<w | k.lo>>(64-w)
	k.lo = k.lo<<w | v
}

// The memo tables are open-addressing hash tables from a state's key to
// its value, probed linearly and doubled when three quarters full. A slot
// holds the key shifted left by 2 and the value plus 2 (never 0, the empty
// slot) in those bits: 8 bytes a slot for keys of 64 bits, 16 for 128,
// against 17 for a Go map[uint64]int8, so that the memo of millions of
// states stays in the processor's caches longer.

// memo64 is the table of keys of up to 62 bits.
type memo64 struct {
	slots []uint64
	n     int
	shift uint // 64 − log2(len(slots))
}

func newMemo64(size int) memo64 {
	return memo64{slots: make([]uint64, size), shift: uint(64 - bits.TrailingZeros(uint(size)))}
}

// hash spreads a key over the table (Fibonacci hashing).
func hash(k uint64, shift uint) uint64 { return (k * 0x9E3779B97F4A7C15) >> shift }

func (t *memo64) get(k uint64) (int8, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := hash(k, t.shift); ; i = (i + 1) & mask {
		s := t.slots[i]
		switch {
		case s == 0:
			return 0, false
		case s>>2 == k:
			return int8(s&3) - 2, true
		}
	}
}

func (t *memo64) put(k uint64, v int8) {
	if 4*(t.n+1) > 3*len(t.slots) {
		old := t.slots
		*t = newMemo64(2 * len(old))
		for _, s := range old {
			if s != 0 {
				t.put(s>>2, int8(s&3)-2)
			}
		}
	}
	mask := uint64(len(t.slots) - 1)
	i := hash(k, t.shift)
	for ; t.slots[i] != 0; i = (i + 1) & mask {
	}
	t.slots[i] = k<<2 | uint64(v+2)
	t.n++
}

// memo128 is the table of 128-bit keys whose top 2 bits are 0.
type memo128 struct {
	slots []key128
	n     int
	shift uint
}

func newMemo128(size int) memo128 {
	return memo128{slots: make([]key128, size), shift: uint(64 - bits.TrailingZeros(uint(size)))}
}

// slot is the key as stored: shifted left by 2, value bits 0.
func (k key128) slot() key128 { return key128{k.hi<<2 | k.lo>>62, k.lo << 2} }

func (t *memo128) get(k key128) (int8, bool) {
	mask := uint64(len(t.slots) - 1)
	want := k.slot()
	for i := hash(k.lo^k.hi*0xff51afd7ed558ccd, t.shift); ; i = (i + 1) & mask {
		s := t.slots[i]
		switch {
		case s == key128{}:
			return 0, false
		case s.hi == want.hi && s.lo&^3 == want.lo:
			return int8(s.lo&3) - 2, true
		}
	}
}

func (t *memo128) put(k key128, v int8) {
	if 4*(t.n+1) > 3*len(t.slots) {
		old := t.slots
		*t = newMemo128(2 * len(old))
		for _, s := range old {
			if s != (key128{}) {
				t.put(key128{s.hi >> 2, s.hi<<62 | s.lo>>2}, int8(s.lo&3)-2)
			}
		}
	}
	mask := uint64(len(t.slots) - 1)
	i := hash(k.lo^k.hi*0xff51afd7ed558ccd, t.shift)
	for ; t.slots[i] != (key128{}); i = (i + 1) & mask {
	}
	s := k.slot()
	s.lo |= uint64(v + 2)
	t.slots[i] = s
	t.n++
}
