package programs

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/nim"
	"github.com/hp17b/hp17b/nim/octal"
	"github.com/hp17b/hp17b/solver"
)

// Game is what a heap-game program plays: its rule, how its position sits
// in the calculator's variables, its start and the domain its comparison
// covers. Every game program keeps NIM's workflow: INIT sets the start,
// the player stores the position left by a move from the menu, and EVAL
// answers with the calculator's move and shows the position as one number
// (SOLUTION NOT FOUND, from INV(0), in a position it cannot win). Source:
// the workflow of the HP Museum forum thread "(17B) NIM", the games of the
// slides "NIM-Type Games" and the 5-6-7 game of "The Game of Nim in Z and
// STATECRUNCHER" (docs/facts.md lists these documents).
type Game struct {
	// Name is the game's name and Move what a move may do and who wins,
	// one short sentence each, for the heaps panel.
	Name, Move string
	// Rule is the move rule as an octal game (nim/octal), played under
	// normal play; with Misere the rule is Nim's and whoever takes the last
	// object loses. A game with a Param uses RuleFor.
	Rule   octal.Game
	Misere bool
	// Slots are the heap variables in order (A, B, C…), one menu variable
	// a heap, each heap one digit of the number shown; Packed instead names
	// the one variable that holds every heap as a digit of one number
	// (1357 is four heaps), as many heaps as 12 digits allow.
	Slots  []string
	Packed string
	// Start is the position INIT sets, heap by heap as shown.
	Start []int
	// Max is the largest heap of the domain compared (a digit: at most 9);
	// Limits, when set, is the largest of each slot instead (1-3-5-7 Nim's
	// equation reads A as one bit, B as two and C, D as three: A 0..1,
	// B 0..3, C 0..5, D 0..7).
	Max    int
	Limits []int
	// Param is the menu variable of the rule's parameter (K of "take 1 to
	// K"), "" when none; ParamValues are the values the comparison covers
	// and ParamDefault the one INIT stores when the variable holds none.
	Param        string
	ParamValues  []int
	ParamDefault int
	// Width is, for a packed program, how many digits each heap takes in
	// the number (1 when 0: 1357 is four heaps; 2: 1030507 is 1 3 5 7).
	Width int
	// Exhaustive is, for a packed program, the most heaps of the positions
	// compared one by one (every multiset of heaps 1..Max); Sample random
	// positions of up to MaxHeaps heaps (0..Max each, seeded) are added.
	Exhaustive, Sample, MaxHeaps int

	// grundy caches the rule's Grundy values for each parameter value:
	// k → []int of G(0..maxGrundyHeap).
	grundy sync.Map
}

// maxGrundyHeap is the largest heap whose Grundy value Winning takes from
// the cache; a larger one asks the octal package.
const maxGrundyHeap = 64

// SlotMax is the largest size slot i may hold in the domain compared and
// on the heaps panel: Limits[i], or Max.
func (g *Game) SlotMax(i int) int {
	if i < len(g.Limits) {
		return g.Limits[i]
	}
	return g.Max
}

// RuleFor is the rule for the parameter's value k (the Rule itself when
// the game has no parameter): "take 1 to k" is octal.SubtractionUpTo(k).
func (g *Game) RuleFor(k int) octal.Game {
	if g.Param == "" {
		return g.Rule
	}
	return octal.SubtractionUpTo(k)
}

// Position is a game position as the program shows it: one entry a slot
// (A, B, C…), or for a packed program one entry a heap of Width digits,
// most significant first (1357 is {1, 3, 5, 7}; a 0 inside is an empty
// heap).
type Position []int

// Heaps are the position's non-empty heaps, smallest first: the multiset
// the game's theory sees.
func (p Position) Heaps() []int {
	var out []int
	for _, h := range p {
		if h > 0 {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// Over reports whether every heap is empty.
func (p Position) Over() bool { return len(p.Heaps()) == 0 }

// Compact is p without its empty heaps, {0} when every heap is empty: a
// packed position as a person writes it after a move.
func (p Position) Compact() Position {
	q := Position{}
	for _, h := range p {
		if h > 0 {
			q = append(q, h)
		}
	}
	if len(q) == 0 {
		return Position{0}
	}
	return q
}

// base is 10 to the heap's width: what one heap weighs in the number.
func (g *Game) base() int64 {
	b := int64(1)
	for range max(1, g.Width) {
		b *= 10
	}
	return b
}

// Number is the number the display shows for p, as the equations compute
// it: each heap Width digits (one for slots), the first without its
// leading zeros (1357; Width 2: {1, 3, 5, 7} is 1030507).
func (g *Game) Number(p Position) int64 {
	var n int64
	b := g.base()
	for _, h := range p {
		n = n*b + int64(h)
	}
	return n
}

// Show writes Number(p) in plain digits ("1030507").
func (g *Game) Show(p Position) string { return strconv.FormatInt(g.Number(p), 10) }

// ShowWhole is Show with a slot program's leading empty heaps kept as
// zeros, one digit a heap, so that no heap is lost from a list of moves
// (0,0,1,0 is "0010", where Show gives "10"); a packed program's number
// is Show's, the number keyed into it.
func (g *Game) ShowWhole(p Position) string {
	s := g.Show(p)
	if g.Packed == "" && len(s) < len(p) {
		s = strings.Repeat("0", len(p)-len(s)) + s
	}
	return s
}

// Spell writes a slot program's position for people, each slot with
// pair (a format of its name and size, "%s=%d") and sep between them
// ("A=0 B=2 C=2"); a packed program's is Show's number.
func (g *Game) Spell(p Position, pair, sep string) string {
	if g.Packed != "" {
		return g.Show(p)
	}
	f := make([]string, len(p))
	for i, n := range p {
		f[i] = fmt.Sprintf(pair, g.Slots[i], n)
	}
	return strings.Join(f, sep)
}

// Unpack reads a packed program's number into its heaps, most significant
// first, Width digits each ({0} for 0); false for a negative, fractional
// or over-12-digit number.
func (g *Game) Unpack(x hp17b.Number) (Position, bool) {
	n, ok := x.Int64()
	if !ok || n < 0 || n >= 1e12 || !x.Equal(hp17b.FromInt(n)) {
		return nil, false
	}
	p, b := Position{}, g.base()
	for ; n > 0; n /= b {
		p = append(Position{int(n % b)}, p...)
	}
	if len(p) == 0 {
		p = Position{0}
	}
	return p, true
}

// Winning reports whether the player to move in p wins with perfect play
// (the rule for parameter k); an error when a heap is past what the octal
// package analyses.
func (g *Game) Winning(p Position, k int) (bool, error) {
	h := p.Heaps()
	if g.Misere {
		return nim.Winning(h, true), nil
	}
	vals := g.values(k)
	v := 0
	for _, n := range h {
		if n > maxGrundyHeap {
			x, _, err := octal.PositionValue(g.RuleFor(k), h)
			return x != 0, err
		}
		v ^= vals[n]
	}
	return v != 0, nil
}

// values are the Grundy values G(0..maxGrundyHeap) of the rule for k,
// computed once per k and kept in g.grundy.
func (g *Game) values(k int) []int {
	vals, ok := g.grundy.Load(k)
	if !ok {
		vals, _ = g.grundy.LoadOrStore(k, g.RuleFor(k).Values(maxGrundyHeap))
	}
	return vals.([]int)
}

// Legal reports whether after follows from before by one move of the rule
// for parameter k. For slots exactly one slot changes; for a packed
// program the heaps that changed are compared as multisets: one heap n
// gave way to the heaps an option of n leaves.
func (g *Game) Legal(before, after Position, k int) bool {
	rule := g.RuleFor(k)
	if g.Packed == "" {
		if len(before) != len(after) {
			return false
		}
		changed := -1
		for i := range before {
			if after[i] != before[i] {
				if changed >= 0 {
					return false
				}
				changed = i
			}
		}
		if changed < 0 {
			return false
		}
		from, to := before[changed], after[changed]
		for _, o := range rule.Options(from) {
			if len(o.Leave) == 0 && to == 0 || len(o.Leave) == 1 && o.Leave[0] == to {
				return true
			}
		}
		return false
	}
	gone, came := multisetDiff(before.Heaps(), after.Heaps())
	if len(gone) != 1 {
		return false
	}
	for _, o := range rule.Options(gone[0]) {
		leave := slices.Clone(o.Leave)
		slices.Sort(leave)
		if slices.Equal(leave, came) {
			return true
		}
	}
	return false
}

// multisetDiff returns a − b and b − a of two sorted multisets.
func multisetDiff(a, b []int) (onlyA, onlyB []int) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			onlyA = append(onlyA, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			onlyB = append(onlyB, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return onlyA, onlyB
}

// Moves lists the player's moves from p under the rule for parameter k, as
// terminal play and the comparison make them: a slot takes a smaller size;
// in a packed program the heap's digit becomes what the move leaves (the
// second heap of a split goes last) and empty heaps are dropped. A packed
// position never grows past MaxHeaps digits, so that the calculator's
// answer (which may split once more) still fits in 12.
func (g *Game) Moves(p Position, k int) []Position {
	rule := g.RuleFor(k)
	var out []Position
	for i, n := range p {
		for _, o := range rule.Options(n) {
			q := slices.Clone(p)
			switch len(o.Leave) {
			case 0:
				q[i] = 0
			case 1:
				q[i] = o.Leave[0]
			case 2:
				q[i] = o.Leave[1]
				q = append(q, o.Leave[0])
			}
			if g.Packed != "" {
				q = q.Compact()
				if len(q) > g.MaxHeaps {
					continue
				}
			}
			out = append(out, q)
		}
	}
	return out
}

// GameTurn is a game program's answer to one position: what a calculator
// with fresh variables shows after the position and the parameter are
// stored and EVAL is solved.
type GameTurn struct {
	// Before is the position stored, After the one the variables hold
	// after EVAL (Before when the program resigned).
	Before, After Position
	// Moved is false when EVAL found no value (SOLUTION NOT FOUND: the
	// program resigns), or stopped with Err.
	Moved bool
	Err   error
	// Value is EVAL's value, Display the display line.
	Value   hp17b.Number
	Display string
	// Readable is false when a packed program left a number that is not a
	// position (negative, fractional or past 12 digits).
	Readable bool
	// Term is E0×E1×E2×(the new size of the heap moved) from the Solver's
	// variables after EVAL, when the equation has the NIM equation's
	// nim-sum bits E0, E1, E2 (HasTerm): the product term the forum's
	// listing adds to the heaps' number (seed "(17B) NIM").
	Term    hp17b.Number
	HasTerm bool
}

// GamePlayer runs a game program's equation in the Solver as a calculator
// would: the one player of every game program, 1-3-5-7 Nim's included. It
// compiles the equation once per variable store it is given; it is not
// safe for concurrent use.
type GamePlayer struct {
	prog    Program
	model   solver.Model
	eq      *solver.Equation
	solvers map[*solver.Vars]*solver.Solver
	scratch *solver.Vars
}

// NewGamePlayer checks that eq (the program's own when nil) has the
// program's menu keys (INIT, the heaps or the packed variable, the
// parameter, EVAL) and returns a player. An error is the program's parse
// error or the missing key.
func NewGamePlayer(prog Program, eq *solver.Equation) (*GamePlayer, error) {
	if prog.Game == nil {
		return nil, fmt.Errorf("%s is not a heap-game program", prog.ID)
	}
	if eq == nil {
		var err error
		if eq, err = prog.Equation(); err != nil {
			return nil, err
		}
	}
	have := map[string]bool{}
	for _, n := range eq.Menu {
		have[n] = true
	}
	for _, k := range prog.Game.Vars() {
		if !have[k] {
			return nil, fmt.Errorf("%s: the equation has no menu key %s; %s needs %s", eq.Title(), k, prog.ID, strings.Join(prog.Game.Vars(), " "))
		}
	}
	return &GamePlayer{prog: prog, eq: eq, solvers: map[*solver.Vars]*solver.Solver{}}, nil
}

// Vars are the menu variables the game uses: INIT, the heaps (or the
// packed variable), the parameter, EVAL.
func (g *Game) Vars() []string {
	return append(append([]string{"INIT"}, g.Names()...), "EVAL")
}

// SetModel makes the player solve as the given calculator does (the
// HP-17BII by default).
func (p *GamePlayer) SetModel(m solver.Model) { p.model = m }

// MovedPosition reports whether EVAL changed the position, whatever the
// display says (the HP-17bII+ shows SOLUTION NOT FOUND after moving).
func (t GameTurn) MovedPosition() bool {
	return t.Moved || t.Err == nil && t.Readable && !slices.Equal(t.After, t.Before)
}

// solverFor returns the equation compiled against vars, compiling it
// once per variable store.
func (p *GamePlayer) solverFor(vars *solver.Vars) *solver.Solver {
	s, ok := p.solvers[vars]
	if !ok {
		s = solver.New(p.eq, vars)
		p.solvers[vars] = s
	}
	return s
}

// Read reads the position from the variables (a slot holding a fraction
// reads as its integer part); false when a packed variable holds no
// position.
func (g *Game) Read(vars *solver.Vars) (Position, bool) { return g.positionBy(vars.Value) }

// Store stores a position (and k, when the game has a parameter) in the
// variables, as keying them from the menu would.
func (g *Game) Store(vars *solver.Vars, pos Position, k int) { g.eachValue(pos, k, vars.Store) }

// Init solves INIT, as a game's first key does, and returns the position
// and the display line.
func (p *GamePlayer) Init(ctx context.Context, vars *solver.Vars) (Position, string, error) {
	vars.Create(p.eq.Menu...)
	r, err := p.solverFor(vars).Solve(ctx, "INIT", solver.Options{Model: p.model})
	if err != nil {
		return nil, err.Error(), err
	}
	pos, _ := p.prog.Game.Read(vars)
	return pos, strings.Join(r.Lines(p.prog.Display), "  "), nil
}

// Answer stores the position (and k) from the menu and solves EVAL.
func (p *GamePlayer) Answer(ctx context.Context, vars *solver.Vars, pos Position, k int) GameTurn {
	vars.Create(p.eq.Menu...)
	p.prog.Game.Store(vars, pos, k)
	r, err := p.solverFor(vars).Solve(ctx, "EVAL", solver.Options{Model: p.model})
	return p.turn(vars, pos, r, err)
}

// turn is the answer to pos read from EVAL's result r (or its error) and
// the variables after it. It only reads p: the comparison engine's workers
// call it at once.
func (p *GamePlayer) turn(vars *solver.Vars, pos Position, r solver.Result, err error) GameTurn {
	t := GameTurn{Before: pos}
	t.After, t.Readable = p.prog.Game.Read(vars)
	if err != nil {
		t.Err, t.Display = err, err.Error()
		return t
	}
	t.Moved, t.Value, t.Display = r.Found(), r.Value, strings.Join(r.Lines(p.prog.Display), "  ")
	t.Term, t.HasTerm = productTerm(vars, pos, t.After)
	return t
}

// productTerm is E0×E1×E2×(the new size of the heap that changed from
// before to after, 0 when none did), read from vars; false when vars hold
// no E0.
func productTerm(vars *solver.Vars, before, after Position) (hp17b.Number, bool) {
	e0, ok := vars.Get("E0")
	if !ok || len(before) != len(after) {
		return hp17b.Number{}, false
	}
	e1, _ := vars.Get("E1")
	e2, _ := vars.Get("E2")
	newSize := 0
	for i := range before {
		if after[i] != before[i] {
			newSize = after[i]
		}
	}
	term, _ := hp17b.Mul(e0, e1)
	term, _ = hp17b.Mul(term, e2)
	term, _ = hp17b.Mul(term, hp17b.FromInt(int64(newSize)))
	return term, true
}

// AnswerFresh is Answer on a calculator whose variables are all fresh.
func (p *GamePlayer) AnswerFresh(ctx context.Context, pos Position, k int) GameTurn {
	if p.scratch == nil {
		p.scratch = solver.NewVars()
	}
	p.scratch.Delete(p.eq.Names...)
	return p.Answer(ctx, p.scratch, pos, k)
}

// CanMove reports whether the player to move has any move in p (a packed
// position's size limit aside): under normal play the player who cannot
// move has lost.
func (g *Game) CanMove(p Position, k int) bool {
	rule := g.RuleFor(k)
	for _, n := range p {
		if n > 0 && len(rule.Options(n)) > 0 {
			return true
		}
	}
	return false
}

// Ended reports whether the game is over once the player who just moved
// left p, and whether that player won: under normal play when the next
// player cannot move (the mover won); under misère play when every heap
// is empty (the mover took the last object and lost).
func (g *Game) Ended(p Position, k int) (over, moverWon bool) {
	if g.Misere {
		return p.Over(), false
	}
	return !g.CanMove(p, k), true
}

// TakeAt is the move a click on match j (0-based, from the left) of heap
// h makes, as the heaps panel plays it: the match and every one to its
// right are taken when the rule allows it (Nim's move); otherwise the
// match alone is knocked out, leaving the matches on each side as two
// heaps (Kayles), or it and its right neighbour (Dawson's Kayles). The
// new position lists the left part in the heap's place and the right part
// last (a packed position drops its empty heaps). The error says what the
// rule allows instead.
func (g *Game) TakeAt(p Position, h, j, k int) (Position, error) {
	if h < 0 || h >= len(p) || j < 0 || j >= p[h] {
		heap := fmt.Sprintf("heap %d", h+1)
		if h >= 0 && h < len(g.Slots) {
			heap = g.Slots[h] // the panel's label for it
		}
		return nil, fmt.Errorf("there is no match %d in %s", j+1, heap)
	}
	n := p[h]
	tries := [][2]int{{j, 0}, {j, n - j - 1}}
	if j+1 < n {
		tries = append(tries, [2]int{j, n - j - 2})
	}
	for _, t := range tries {
		q := slices.Clone(p)
		q[h] = t[0]
		if t[1] > 0 {
			if g.Packed == "" {
				continue // a slot holds one heap
			}
			q = append(q, t[1])
		}
		if g.Packed != "" {
			if _, err := g.fits(q.Compact()); err != nil {
				return nil, err
			}
			q = q.Compact()
		}
		if g.Legal(p, q, k) {
			return q, nil
		}
	}
	return nil, fmt.Errorf("%s does not allow that move", g.RuleFor(k).Name)
}
