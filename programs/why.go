package programs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// bitNames are the NIM equation's bit-decomposition variables, in the
// order the post explains them (seed "(17B) NIM"): heap X is X0 + X1 + X2
// with Xi either 0 or 2^i (A is one bit, B two), and E0, E1, E2 are the
// bits of the nim-sum.
var bitNames = [][]string{{"A"}, {"B0", "B1"}, {"C0", "C1", "C2"}, {"D0", "D1", "D2"}, {"E0", "E1", "E2"}}

// Why explains a position for the "why" view: each heap with its Grundy
// value in binary (a heap's own size in Nim), the nim-sum of those, what
// it means for the player to move, and the winning move when there is
// one. vars, when not nil, are the Solver's variables after the
// calculator's EVAL: where they hold the NIM equation's L() values (B0 B1
// C0 C1 C2 D0 D1 D2 E0 E1 E2) they are shown beside the native bits, for
// the position EVAL answered. Lines of at most about 60 characters.
func (m *Match) Why(vars *solver.Vars) []string {
	var bits map[string]hp17b.Number
	if vars != nil && hasBits(vars) {
		bits = map[string]hp17b.Number{}
		for _, n := range BitNames() {
			bits[n] = vars.Value(n)
		}
	}
	return m.WhyFrom(bits)
}

// BitNames are the NIM equation's L() variables the why view shows: A,
// B0 B1, C0 C1 C2, D0 D1 D2, E0 E1 E2.
func BitNames() []string {
	var out []string
	for _, names := range bitNames {
		out = append(out, names...)
	}
	return out
}

// WhyView is the why view's content as a table for a reader that lays
// it out itself (the heaps panel): a title, the table's column heads and
// rows (one a heap, then the nim-sum, "sum"; each cell a string: the
// heap's name, its size or Grundy value, that in binary padded to one
// width, and with the NIM equation's L() values, those as "B0=1 B1=2"),
// and the sentences that follow it.
type WhyView struct {
	Title string
	Head  []string
	Rows  [][]string
	Notes []string
}

// WhyFrom is Why with the equation's L() values given by name (nil or
// empty when the equation has none, or has not answered yet): WhyViewFrom
// written as lines, the table in fixed-width columns.
func (m *Match) WhyFrom(bits map[string]hp17b.Number) []string {
	v, err := m.WhyViewFrom(bits)
	if err != nil {
		return []string{err.Error()}
	}
	width := 6
	for _, r := range v.Rows {
		width = max(width, len(r[2]))
	}
	line := func(cells []string) string {
		s := fmt.Sprintf("%-4s  %-6s %-*s", cells[0], cells[1], width, cells[2])
		if len(cells) > 3 {
			s += "  " + cells[3]
		}
		return strings.TrimRight(s, " ")
	}
	out := []string{v.Title, line(v.Head)}
	for _, r := range v.Rows {
		out = append(out, line(r))
	}
	return append(out, v.Notes...)
}

// WhyViewFrom is the why view as a table (WhyView), with the equation's
// L() values given by name as WhyFrom takes them. The error is the
// match's program unknown, or a heap past what the analysis holds.
func (m *Match) WhyViewFrom(bits map[string]hp17b.Number) (WhyView, error) {
	_, g, err := m.Game()
	if err != nil {
		return WhyView{}, err
	}
	p := m.Position
	answered := m.answered()
	if answered != nil && len(bits) > 0 {
		p = answered
	}
	vals, err := g.grundyValues(p, m.K)
	if err != nil {
		return WhyView{}, err
	}
	width := 3
	sum := 0
	for _, v := range vals {
		sum ^= v
		width = max(width, len(strconv.FormatInt(int64(v), 2)))
	}
	var out WhyView
	out.Title = "Position " + g.Show(p)
	if !slices.Equal(p, m.Position) {
		out.Title += " (what EVAL answered)"
	}
	what := "Grundy value"
	if g.Rule.Name == "Nim" && g.Param == "" {
		what = "size"
	}
	eqBits := len(bits) > 0 && len(p) == len(bitNames)-1
	out.Head = []string{"heap", what, "binary"}
	if eqBits {
		out.Head = append(out.Head, "the equation's L()")
	}
	row := func(name string, v int, vars []string) {
		cells := []string{name, strconv.Itoa(v), fmt.Sprintf("%0*b", width, v)}
		if eqBits {
			f := make([]string, len(vars))
			for i, n := range vars {
				f[i] = n + "=" + bits[n].String()
			}
			cells = append(cells, strings.Join(f, " "))
		}
		out.Rows = append(out.Rows, cells)
	}
	for i, v := range vals {
		row(g.HeapLabel(i), v, bitNames[min(i, len(bitNames)-1)])
	}
	row("sum", sum, bitNames[len(bitNames)-1])
	if eqBits {
		out.Notes = append(out.Notes, fmt.Sprintf("E0+E1+E2 = %s: the equation's nim-sum", sumOf(bits, "E0", "E1", "E2")))
	}
	switch {
	case g.Misere && allSmall(p):
		out.Notes = append(out.Notes, "Misère, every heap 0 or 1: whoever faces an odd count of 1s loses.")
	case g.Misere:
		out.Notes = append(out.Notes, "Misère with a heap of 2 or more: play the nim-sum, but leave an odd count of 1s at the end.")
	}
	switch {
	case sum == 0 && !g.Misere || g.Misere && !mustWin(g, p, m.K):
		out.Notes = append(out.Notes, "Every move loses against perfect play (the nim-sum is 0).")
	default:
		mm := Match{Program: m.Program, K: m.K, Position: p}
		if q, ok := mm.Hint(); ok {
			out.Notes = append(out.Notes, "Winning move: leave "+g.Spell(q, "%s=%d", " "))
		}
	}
	return out, nil
}

// answered is the position the calculator's last move answered (the
// position the person left), nil when the calculator has not moved.
func (m *Match) answered() Position {
	for i := len(m.Moves) - 1; i >= 0; i-- {
		if m.Moves[i].By == Calculator {
			return m.Moves[i].From
		}
	}
	return nil
}

// grundyValues are the Grundy values of p's heaps under the rule for k.
func (g *Game) grundyValues(p Position, k int) ([]int, error) {
	vals := g.values(k)
	out := make([]int, len(p))
	for i, n := range p {
		if n > maxGrundyHeap || n < 0 {
			return nil, fmt.Errorf("heap %d is past what the analysis holds", n)
		}
		out[i] = vals[n]
	}
	return out, nil
}

// HeapLabel names heap i of a position as every front-end labels it: the
// slot's variable (A, B…), or a packed program's heap place (1 = the
// first digit).
func (g *Game) HeapLabel(i int) string {
	if g.Packed == "" && i < len(g.Slots) {
		return g.Slots[i]
	}
	return strconv.Itoa(i + 1)
}

func hasBits(vars *solver.Vars) bool {
	_, ok := vars.Get("E2")
	_, ok2 := vars.Get("D2")
	return ok && ok2
}

func sumOf(bits map[string]hp17b.Number, names ...string) string {
	t := 0
	for _, n := range names {
		v, _ := bits[n].Int64()
		t += int(v)
	}
	return strconv.Itoa(t)
}

func allSmall(p Position) bool {
	for _, n := range p {
		if n > 1 {
			return false
		}
	}
	return true
}

// mustWin reports whether the player to move in p wins under g's rule.
func mustWin(g *Game, p Position, k int) bool {
	w, err := g.Winning(p, k)
	return err == nil && w && !p.Over()
}
