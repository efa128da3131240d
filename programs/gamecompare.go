package programs

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// GameMismatch is a position where a game program's answer is wrong: it
// resigned in a winning position, moved in a losing one, made an illegal
// move, left a winning position to the opponent, or showed a number that
// is not the position.
type GameMismatch struct {
	// K is the parameter's value (0 without one), Position the position
	// stored, Equation the one the variables hold after EVAL, Display the
	// display line then, Why what is wrong.
	K        int    `json:"k,omitempty"`
	Position string `json:"position"`
	Equation string `json:"equation"`
	Display  string `json:"display"`
	Why      string `json:"why"`
}

// GameLine is the games from the start for one parameter value: the player
// tries every move at every turn and the program answers.
type GameLine struct {
	// K is the parameter's value (0 without one), Start the start as shown.
	K     int    `json:"k,omitempty"`
	Start string `json:"start"`
	// StartWinning: the player moving first wins the start with perfect
	// play; the calculator then opens (EVAL straight after INIT) and the
	// person answers.
	StartWinning bool `json:"start_winning"`
	// Positions are the distinct positions the person faced.
	Positions int `json:"positions"`
	// AlwaysWins: the program won every game.
	AlwaysWins bool `json:"always_wins"`
}

// GameReport is the result of CompareGame; its JSON form is `hp17b
// compare --json` for a game program.
type GameReport struct {
	// Program is the program's ID (programs.ByID).
	Program string `json:"program"`
	// Model is the calculator modelled: "17bii" or "17bii+".
	Model string `json:"model"`
	// Domain says which positions were compared.
	Domain string `json:"domain"`
	// Positions compared (over every parameter value).
	Positions int `json:"positions"`
	// Lost: positions the player to move loses, where the program must
	// resign (SOLUTION NOT FOUND); Won: the others, where it must make a
	// legal move that leaves a lost position.
	Lost int `json:"lost"`
	Won  int `json:"won"`
	// Agree counts positions answered right, Disagree the others.
	Agree    int `json:"agree"`
	Disagree int `json:"disagree"`
	// Games are the games from the start, one line a parameter value.
	Games []GameLine `json:"games"`
	// Mismatches are the wrong answers, every one.
	Mismatches []GameMismatch `json:"mismatches"`
}

// OK reports whether every position was answered right and the program
// won every game.
func (r GameReport) OK() bool {
	if r.Disagree > 0 {
		return false
	}
	for _, g := range r.Games {
		if !g.AlwaysWins {
			return false
		}
	}
	return true
}

// sampleSeed seeds the random positions of a packed program's comparison,
// so that every run compares the same ones.
const sampleSeed = 17

// Domain lists the positions a game program's comparison covers, and says
// which in words: every slot 0..Max; for a packed program every multiset
// of up to Exhaustive heaps of 1..Max (largest first) and Sample seeded
// random positions of 1..MaxHeaps digits 0..Max.
func (g *Game) Domain() ([]Position, string) {
	if g.Packed == "" {
		var out []Position
		var rec func(p Position)
		rec = func(p Position) {
			if len(p) == len(g.Slots) {
				out = append(out, p)
				return
			}
			for v := 0; v <= g.SlotMax(len(p)); v++ {
				rec(append(p[:len(p):len(p)], v))
			}
		}
		rec(Position{})
		if g.Limits != nil {
			f := make([]string, len(g.Slots))
			for i, n := range g.Slots {
				f[i] = fmt.Sprintf("%s 0..%d", n, g.Limits[i])
			}
			return out, "every position: " + strings.Join(f, ", ")
		}
		names := strings.Join(g.Slots, ", ")
		return out, fmt.Sprintf("every position: %s each 0..%d", names, g.Max)
	}
	out := []Position{{0}}
	var rec func(p Position, top int)
	rec = func(p Position, top int) {
		if len(p) > 0 {
			out = append(out, p)
		}
		if len(p) == g.Exhaustive {
			return
		}
		for v := 1; v <= top; v++ {
			rec(append(p[:len(p):len(p)], v), v)
		}
	}
	rec(Position{}, g.Max)
	rng := rand.New(rand.NewPCG(sampleSeed, uint64(len(g.Rule.Digits))))
	for range g.Sample {
		n := 1 + rng.IntN(g.MaxHeaps)
		p := Position{1 + rng.IntN(g.Max)}
		for len(p) < n {
			p = append(p, rng.IntN(g.Max+1))
		}
		out = append(out, p)
	}
	return out, fmt.Sprintf("every position of up to %d heaps of 1..%d, and %d random positions of up to %d heaps of 0..%d (seed %d)",
		g.Exhaustive, g.Max, g.Sample, g.MaxHeaps, g.Max, sampleSeed)
}

// params are the parameter values compared (one 0 when none).
func (g *Game) params() []int {
	if g.Param == "" {
		return []int{0}
	}
	return g.ParamValues
}

// check says what is wrong with a turn, "" when it is right.
func (g *Game) check(t GameTurn, k int) (why string, win bool, err error) {
	win, err = g.Winning(t.Before, k)
	if err != nil {
		return "", false, err
	}
	win = win && !t.Before.Over() // no move is left at all
	why, err = g.answer(t, k, win)
	return why, win, err
}

// answer says what is wrong with turn t from a position the player to
// move wins (win) or loses, "" when it is right; the error is Winning's.
func (g *Game) answer(t GameTurn, k int, win bool) (string, error) {
	switch {
	case t.Err != nil:
		return "stopped: " + t.Err.Error(), nil
	case !win && t.MovedPosition():
		return "moved in a lost position (should resign)", nil
	case !win:
		return "", nil
	case !t.MovedPosition():
		return "resigned in a winning position", nil
	case !t.Readable:
		return "left a number that is not a position", nil
	case !g.Legal(t.Before, t.After, k):
		return "illegal move", nil
	}
	if w, err := g.Winning(t.After, k); err != nil || w {
		return "left the opponent a winning position", err
	}
	if !t.Moved || !t.Value.Equal(hp17b.FromInt(g.Number(t.After))) {
		return "the display is not the position", nil
	}
	return "", nil
}

// CompareGame runs a game program's equation (eq, or its own when nil)
// over its domain for every parameter value: each position solved as the
// calculator would (fresh variables, the position stored, EVAL), its
// answer checked against the nim package's analysis of the rule; then
// every game from the start, the person trying every move. ctx stops it
// (its error). The report's figures are in README's program table.
func CompareGame(ctx context.Context, prog Program, eq *solver.Equation) (GameReport, error) {
	return CompareGameModel(ctx, prog, eq, solver.Model17BII)
}

// CompareGameModel is CompareGame as the given calculator solves; a move
// is read from the position, so that the HP-17bII+'s SOLUTION NOT FOUND
// after a move counts as a wrong display, not a resignation.
func CompareGameModel(ctx context.Context, prog Program, eq *solver.Equation, model solver.Model) (GameReport, error) {
	g := prog.Game
	if g == nil {
		return GameReport{}, fmt.Errorf("%s is not a heap-game program", prog.ID)
	}
	if eq == nil {
		var err error
		if eq, err = prog.Equation(); err != nil {
			return GameReport{}, err
		}
	}
	player, err := NewGamePlayer(prog, eq)
	if err != nil {
		return GameReport{}, err
	}
	player.SetModel(model)
	domain, words := g.Domain()
	rep := GameReport{Program: prog.ID, Model: model.String(), Domain: words, Games: []GameLine{}, Mismatches: []GameMismatch{}}
	if g.Param != "" {
		rep.Domain += fmt.Sprintf("; %s %d..%d", g.Param, g.ParamValues[0], g.ParamValues[len(g.ParamValues)-1])
	}
	for _, k := range g.params() {
		for _, pos := range domain {
			if err := ctx.Err(); err != nil {
				return rep, err
			}
			t := player.AnswerFresh(ctx, pos, k)
			rep.Positions++
			why, win, err := g.check(t, k)
			if err != nil {
				return rep, err
			}
			if win {
				rep.Won++
			} else {
				rep.Lost++
			}
			if why == "" {
				rep.Agree++
				continue
			}
			rep.Disagree++
			rep.Mismatches = append(rep.Mismatches, GameMismatch{K: k, Position: g.Show(pos),
				Equation: g.Show(t.After), Display: t.Display, Why: why})
		}
		line, err := g.playAll(ctx, player, k)
		if err != nil {
			return rep, err
		}
		rep.Games = append(rep.Games, line)
	}
	return rep, nil
}

// playAll plays every game from the start for parameter k: the person
// moves first and tries every move, and the program answers each; from a
// start the first player wins, the program opens instead. A position
// is followed once (the program answers a position the same way every
// time).
func (g *Game) playAll(ctx context.Context, player *GamePlayer, k int) (GameLine, error) {
	start := Position(g.Start)
	line := GameLine{K: k, Start: g.Show(start), AlwaysWins: true}
	var err error
	line.StartWinning, err = g.Winning(start, k)
	if err != nil {
		return line, err
	}
	seen := map[string]bool{}
	var play func(p Position) error
	play = func(p Position) error {
		key := fmt.Sprint(p)
		if seen[key] {
			return nil
		}
		seen[key] = true
		line.Positions++
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, q := range g.Moves(p, k) {
			if q.Over() { // the person took the last object
				if !g.Misere {
					line.AlwaysWins = false
				}
				continue
			}
			t := player.AnswerFresh(ctx, q, k)
			if !t.MovedPosition() || !g.Legal(q, t.After, k) {
				line.AlwaysWins = false
				continue
			}
			if t.After.Over() { // the program took the last object
				if g.Misere {
					line.AlwaysWins = false
				}
				continue
			}
			if err := play(t.After); err != nil {
				return err
			}
		}
		return nil
	}
	if line.StartWinning {
		t := player.AnswerFresh(ctx, start, k)
		if !t.MovedPosition() || !g.Legal(start, t.After, k) {
			line.AlwaysWins = false
			return line, nil
		}
		return line, play(t.After)
	}
	return line, play(start)
}

// WriteText writes the summary, the games and each disagreement.
func (r GameReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "compare %s\n", r.Program)
	if r.Model != "" && r.Model != solver.Model17BII.String() {
		fmt.Fprintf(w, "  model: %s\n", r.Model)
	}
	fmt.Fprintf(w, "  domain: %s\n", r.Domain)
	rows := [][2]string{
		{"positions", fmt.Sprint(r.Positions)},
		{"lost (must resign)", fmt.Sprint(r.Lost)},
		{"won (must win)", fmt.Sprint(r.Won)},
		{"answered right", fmt.Sprint(r.Agree)},
		{"answered wrong", fmt.Sprint(r.Disagree)},
	}
	for _, row := range rows {
		fmt.Fprintf(w, "  %-26s %s\n", row[0], row[1])
	}
	for _, g := range r.Games {
		k := ""
		if g.K != 0 {
			k = fmt.Sprintf("K=%d, ", g.K)
		}
		who := "you open"
		if g.StartWinning {
			who = "the calculator opens (EVAL after INIT)"
		}
		verdict := "the program always wins"
		if !g.AlwaysWins {
			verdict = "the program LOST a game"
		}
		fmt.Fprintf(w, "  games from %s%s, %s: %d positions, %s\n", k, g.Start, who, g.Positions, verdict)
	}
	if len(r.Mismatches) == 0 {
		fmt.Fprintln(w, "no disagreement")
		return
	}
	fmt.Fprintln(w, "disagreements (position → equation, display: why):")
	for _, m := range r.Mismatches {
		k := ""
		if m.K != 0 {
			k = fmt.Sprintf("K=%d ", m.K)
		}
		fmt.Fprintf(w, "  %s%s → %s  %s: %s\n", k, m.Position, m.Equation, m.Display, m.Why)
	}
}
