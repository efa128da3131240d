package programs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Mismatch is a position where a game program's answer is wrong: it
// resigned in a winning position, moved in a losing one, made an illegal
// move or one its native reference does not make, left a winning position
// to the opponent, or showed a number that is not the position.
type Mismatch struct {
	// K is the parameter's value (0 without one), Position the position
	// stored, Equation the one the variables hold after EVAL, Display the
	// display line then, Why what is wrong.
	K        int
	Position Position
	Equation Position
	Display  string
	Why      string
	// Native is the position the program's native reference leaves
	// (Position itself when it has no move; NativeMoves is then false).
	// Programs with a native reference only.
	Native      Position
	NativeMoves bool
	turn        GameTurn
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
	// Games are the distinct games, each a sequence of moves played to
	// its end, and DisplayWrong the calculator's turns with a wrong
	// display summed over them (both saturate at the largest int). The
	// report of a program with a native reference gives them.
	Games        int `json:"-"`
	DisplayWrong int `json:"-"`
}

// Report is the result of Compare; its JSON form is `hp17b compare --json`.
// Every game program is checked against the nim packages' analysis of its
// rule; a program with a native reference (Program.Native, the 1-3-5-7
// Nim programs) is checked against that instead, its moves against the
// native's, and its text and JSON give the native's figures (moves agree,
// no move, display wrong, natives agree, the games from the start counted
// one by one).
type Report struct {
	// Program is the program's ID (programs.ByID), Native its native
	// reference ("" when none).
	Program, Native string
	// Model is the calculator modelled: "17bii" or "17bii+".
	Model string
	// Domain says which positions were compared.
	Domain string
	// Positions compared (over every parameter value).
	Positions int
	// Lost: positions the player to move loses, where the program must
	// resign (SOLUTION NOT FOUND); Won: the others, where it must make a
	// legal move that leaves a lost position.
	Lost, Won int
	// Agree counts positions answered right, display included, Disagree
	// the others.
	Agree, Disagree int
	// NoMove: positions where EVAL left the position as it was (SOLUTION
	// NOT FOUND, or an error). MovesAgree: EVAL moved and the move is
	// right; MovesDisagree: the move or the resignation is wrong.
	// DisplayWrong: EVAL moved and its value is not the position's number.
	NoMove, MovesAgree, MovesDisagree, DisplayWrong int
	// NativesAgree: the native reference and the plain nim-sum (XORMove)
	// agree on every position; true when the program has no native
	// reference or plays misère.
	NativesAgree bool
	// Games are the games from the start, one line a parameter value.
	Games []GameLine
	// Mismatches are the wrong answers, every one.
	Mismatches []Mismatch

	g *Game // the program's game, which shows its positions
}

// OK reports whether the program passed: against a native reference
// every move agrees (wrong displays aside: `hp17b compare --strict` also
// fails on DisplayWrong); against the rule's analysis every position is
// answered right, display included, and the program won every game.
func (r Report) OK() bool {
	if r.Native != "" {
		return r.MovesDisagree == 0
	}
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
// which in words: every slot 0..SlotMax; for a packed program every
// multiset of up to Exhaustive heaps of 1..Max (largest first) and Sample
// seeded random positions of 1..MaxHeaps digits 0..Max. The first slot
// changes slowest.
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

// displayRight reports whether a turn that moved shows the position's
// number (true for a turn that did not move: nothing to show).
func (g *Game) displayRight(t GameTurn) bool {
	return !t.MovedPosition() || t.Moved && t.Value.Equal(hp17b.FromInt(g.Number(t.After)))
}

// moveWhy says what is wrong with turn t's move (or resignation) from a
// position the player to move wins (win) or loses, judged by the rule's
// analysis; "" when it is right. The error is Winning's.
func (g *Game) moveWhy(t GameTurn, k int, win bool) (string, error) {
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
	return "", nil
}

// nativeWhy says what is wrong with turn t's move judged by the native
// reference's move want (nativeMoves false: it has none); "" when the
// equation does the same.
func nativeWhy(t GameTurn, want Position, nativeMoves bool) string {
	switch moved := t.MovedPosition(); {
	case !moved && nativeMoves:
		return "no move; the native reference moves"
	case !moved:
		return ""
	case !nativeMoves:
		return "moved; the native reference has no move"
	case !slices.Equal(t.After, want):
		return "not the native reference's move"
	}
	return ""
}

// Digits writes a position heap by heap without separators, as a person
// reads a 1-3-5-7 position one digit a heap ("0016" for A 0, B 0, C 1,
// D 6).
func (p Position) Digits() string {
	var b strings.Builder
	for _, n := range p {
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// Compare runs a game program's equation (eq, or its own when nil) over
// its domain for every parameter value as the given calculator solves:
// each position solved as the calculator would (fresh variables, the
// position stored, EVAL), its answer checked against the program's native
// reference when it has one, else against the nim packages' analysis of
// the rule; then every game from the start, the person trying every move.
// A move is read from the position, so that the HP-17bII+'s SOLUTION NOT
// FOUND after a move counts as a wrong display, not a resignation. ctx
// stops it (its error); an error is also the equation's parse error, a
// missing menu key, or an unknown native reference. The report's figures
// are in the program table of docs/programs.md.
func Compare(ctx context.Context, prog Program, eq *solver.Equation, model solver.Model) (Report, error) {
	g := prog.Game
	if g == nil {
		return Report{}, fmt.Errorf("%s is not a heap-game program", prog.ID)
	}
	var native Native
	if prog.Native != "" {
		if native = Natives[prog.Native]; native == nil {
			return Report{}, fmt.Errorf("%s: no native reference %q", prog.ID, prog.Native)
		}
	}
	player, err := NewGamePlayer(prog, eq)
	if err != nil {
		return Report{}, err
	}
	player.SetModel(model)
	domain, words := g.Domain()
	rep := Report{Program: prog.ID, Native: prog.Native, Model: model.String(), Domain: words, g: g,
		NativesAgree: true, Games: []GameLine{}, Mismatches: []Mismatch{}}
	if g.Param != "" {
		rep.Domain += fmt.Sprintf("; %s %d..%d", g.Param, g.ParamValues[0], g.ParamValues[len(g.ParamValues)-1])
	}
	for _, k := range g.params() {
		// The program answers a position the same way every time: the
		// domain is solved by the comparison engine on every core, the
		// native reference its reference, and the games reuse its answers.
		turns := make(map[string]GameTurn, len(domain))
		natives := make(map[string]nativeAnswer, len(domain))
		if err := player.answerAll(ctx, domain, k, native, turns, natives); err != nil {
			return rep, err
		}
		answer := func(p Position) GameTurn {
			key := fmt.Sprint(p)
			t, ok := turns[key]
			if !ok {
				t = player.AnswerFresh(ctx, p, k)
				turns[key] = t
			}
			return t
		}
		for _, pos := range domain {
			if err := ctx.Err(); err != nil {
				return rep, err
			}
			t := answer(pos)
			win, err := g.Winning(pos, k)
			if err != nil {
				return rep, err
			}
			win = win && !pos.Over() // no move is left at all
			m := Mismatch{K: k, Position: pos, Equation: t.After, Display: t.Display, turn: t}
			if native != nil {
				n := natives[fmt.Sprint(pos)]
				m.Native, m.NativeMoves = n.after, n.moves
				if x, ok := XORMove(pos); !g.Misere && (ok != m.NativeMoves || !slices.Equal(x, m.Native)) {
					rep.NativesAgree = false
				}
				m.Why = nativeWhy(t, m.Native, m.NativeMoves)
			} else if m.Why, err = g.moveWhy(t, k, win); err != nil {
				return rep, err
			}
			rep.add(g, m, win)
		}
		line, err := g.playAll(ctx, answer, k)
		if err != nil {
			return rep, err
		}
		rep.Games = append(rep.Games, line)
	}
	return rep, nil
}

// add counts one position's answer, m (Why "" when its move is right),
// from a position the player to move wins (win) or loses.
func (r *Report) add(g *Game, m Mismatch, win bool) {
	r.Positions++
	if win {
		r.Won++
	} else {
		r.Lost++
	}
	moved := m.turn.MovedPosition()
	switch {
	case !moved:
		r.NoMove++
		if m.Why != "" {
			r.MovesDisagree++
		}
	case m.Why == "":
		r.MovesAgree++
	default:
		r.MovesDisagree++
	}
	displayRight := g.displayRight(m.turn)
	if !displayRight {
		r.DisplayWrong++
		if m.Why == "" {
			m.Why = "the display is not the position"
		}
	}
	if m.Why == "" {
		r.Agree++
		return
	}
	r.Disagree++
	r.Mismatches = append(r.Mismatches, m)
}

// satAdd is a + b, at most the largest int (a, b ≥ 0).
func satAdd(a, b int) int {
	if a > maxInt-b {
		return maxInt
	}
	return a + b
}

// satMul is a × b, at most the largest int (a, b ≥ 0).
func satMul(a, b int) int {
	if a != 0 && b > maxInt/a {
		return maxInt
	}
	return a * b
}

const maxInt = int(^uint(0) >> 1)

// tally is what the games from one position the person faces come to:
// how many there are, and the calculator's turns with a wrong display
// summed over them.
type tally struct{ n, wrong int }

// playAll plays every game from the start for parameter k: the person
// moves first and tries every move, and the program answers each (answer
// is its turn from a position); from a start the first player wins, the
// program opens instead. A position is followed once (the program answers
// a position the same way every time) and its games counted once for
// every way to reach it.
func (g *Game) playAll(ctx context.Context, answer func(Position) GameTurn, k int) (GameLine, error) {
	start := Position(g.Start)
	line := GameLine{K: k, Start: g.Show(start), AlwaysWins: true}
	var err error
	line.StartWinning, err = g.Winning(start, k)
	if err != nil {
		return line, err
	}
	seen := map[string]tally{}
	var play func(p Position) (tally, error)
	play = func(p Position) (tally, error) {
		key := fmt.Sprint(p)
		if n, ok := seen[key]; ok {
			return n, nil
		}
		line.Positions++
		if err := ctx.Err(); err != nil {
			return tally{}, err
		}
		moves := g.Moves(p, k)
		all := tally{}
		if len(moves) == 0 {
			all.n = 1 // the person cannot move: the game ends here
		}
		for _, q := range moves {
			if q.Over() { // the person took the last object
				if !g.Misere {
					line.AlwaysWins = false
				}
				all.n = satAdd(all.n, 1)
				continue
			}
			t := answer(q)
			wrong := 0
			if !g.displayRight(t) {
				wrong = 1
			}
			after, err := g.answered(t, q, k, &line, play)
			if err != nil {
				return tally{}, err
			}
			all.n = satAdd(all.n, after.n)
			all.wrong = satAdd(all.wrong, satAdd(after.wrong, satMul(wrong, after.n)))
		}
		seen[key] = all
		return all, nil
	}
	var all tally
	if line.StartWinning {
		t := answer(start)
		all, err = g.answered(t, start, k, &line, play)
		if err == nil && !g.displayRight(t) {
			all.wrong = satAdd(all.wrong, all.n)
		}
	} else {
		all, err = play(start)
	}
	line.Games, line.DisplayWrong = all.n, all.wrong
	return line, err
}

// answered goes on after the program's answer t to q: a wrong or missing
// move ends the game lost, taking the last object ends it, otherwise the
// games go on from the position left (play). It returns the games from q
// on, the wrong displays of their later turns summed.
func (g *Game) answered(t GameTurn, q Position, k int, line *GameLine, play func(Position) (tally, error)) (tally, error) {
	switch {
	case !t.MovedPosition() || !g.Legal(q, t.After, k):
		line.AlwaysWins = false
		return tally{n: 1}, nil
	case t.After.Over(): // the program took the last object
		if g.Misere {
			line.AlwaysWins = false
		}
		return tally{n: 1}, nil
	}
	return play(t.After)
}

// WriteText writes the report: for a program with a native reference the
// native's summary table, each disagreement, and the cause of wrong
// displays where the equation's hidden variables show it; otherwise the
// summary, the games and each disagreement.
func (r Report) WriteText(w io.Writer) {
	if r.Native != "" {
		r.writeNative(w)
		return
	}
	fmt.Fprintf(w, "compare %s\n", r.Program)
	if r.Model != "" && r.Model != solver.Model17BII.String() {
		fmt.Fprintf(w, "  model: %s\n", r.Model)
	}
	fmt.Fprintf(w, "  domain: %s\n", r.Domain)
	writeRows(w, [][2]string{
		{"positions", fmt.Sprint(r.Positions)},
		{"lost (must resign)", fmt.Sprint(r.Lost)},
		{"won (must win)", fmt.Sprint(r.Won)},
		{"answered right", fmt.Sprint(r.Agree)},
		{"answered wrong", fmt.Sprint(r.Disagree)},
	})
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
	g := r.game()
	for _, m := range r.Mismatches {
		k := ""
		if m.K != 0 {
			k = fmt.Sprintf("K=%d ", m.K)
		}
		fmt.Fprintf(w, "  %s%s → %s  %s: %s\n", k, g.Show(m.Position), g.Show(m.Equation), m.Display, m.Why)
	}
}

// game is the report's program's game (a Game of one-digit heaps for a
// report not made by Compare).
func (r Report) game() *Game {
	if r.g == nil {
		return &Game{}
	}
	return r.g
}

func writeRows(w io.Writer, rows [][2]string) {
	for _, row := range rows {
		fmt.Fprintf(w, "  %-26s %s\n", row[0], row[1])
	}
}

// alwaysWins reports whether the program won every game, and games and
// wrong the games and their wrong displays, summed over the lines.
func (r Report) alwaysWins() (always bool, games, wrong int) {
	always = true
	for _, g := range r.Games {
		always = always && g.AlwaysWins
		games, wrong = satAdd(games, g.Games), satAdd(wrong, g.DisplayWrong)
	}
	return always, games, wrong
}

// writeNative is WriteText for a program with a native reference.
func (r Report) writeNative(w io.Writer) {
	fmt.Fprintf(w, "compare %s\n", r.Program)
	if r.Model != "" && r.Model != solver.Model17BII.String() {
		fmt.Fprintf(w, "  model: %s (EVAL runs twice: after its move the second run stops with SOLUTION NOT FOUND)\n", r.Model)
	}
	always, games, wrong := r.alwaysWins()
	start := "the start"
	if len(r.Games) > 0 {
		start = r.Games[0].Start
	}
	writeRows(w, [][2]string{
		{"positions", fmt.Sprint(r.Positions)},
		{"moves agree", fmt.Sprint(r.MovesAgree)},
		{"moves disagree", fmt.Sprint(r.MovesDisagree)},
		{"no move (SOLUTION NOT FOUND)", fmt.Sprint(r.NoMove)},
		{"display wrong", fmt.Sprint(r.DisplayWrong)},
		{"natives agree", yesNo(r.NativesAgree)},
		{"games from " + start, fmt.Sprint(games)},
		{"equation always wins", yesNo(always)},
		{"game turns display wrong", fmt.Sprint(wrong)},
	})
	if len(r.Mismatches) == 0 {
		fmt.Fprintln(w, "no disagreement")
		return
	}
	fmt.Fprintln(w, "disagreements (position → equation, display, native):")
	explained, termCause := 0, 0
	g := r.game()
	for _, m := range r.Mismatches {
		nat := m.Native.Digits()
		if !m.NativeMoves {
			nat = "no move"
		}
		eqText := m.Equation.Digits()
		if !m.turn.MovedPosition() {
			eqText = "no move"
		}
		fmt.Fprintf(w, "  %s → %s  %-18s native %s", m.Position.Digits(), eqText, m.Display, nat)
		if m.turn.Moved && !g.displayRight(m.turn) {
			diff, _ := hp17b.Sub(m.turn.Value, hp17b.FromInt(g.Number(m.turn.After)))
			fmt.Fprintf(w, "  (display − heaps = %s", diff)
			if m.turn.HasTerm && diff.Equal(m.turn.Term) {
				fmt.Fprint(w, " = E0×E1×E2×new heap")
				termCause++
			}
			fmt.Fprint(w, ")")
			explained++
		}
		fmt.Fprintln(w)
	}
	if explained > 0 && termCause == explained {
		fmt.Fprintf(w, "cause: at all %d wrong displays the moves are right and EVAL adds the product term\n"+
			"  L(E0:…)×L(E1:…)×L(E2:…)×IF(…) = E0×E1×E2×(new heap size) to the heaps' number;\n"+
			"  it is 0 only when one of E0, E1, E2 is. nim.eq multiplies the term by 0 (0× before L(E0:)).\n", explained)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// MarshalJSON writes the report as `hp17b compare --json` prints it: for
// a program with a native reference program, model, positions, no_move,
// moves_agree, moves_disagree, display_wrong, natives_agree, games (how
// many), equation_always_wins, game_turns_display_wrong and mismatches
// (position, equation, native as heap arrays, and display); otherwise
// program, model, domain, positions, lost, won, agree, disagree, games
// (GameLine) and mismatches (k, position and equation as shown, display,
// why).
func (r Report) MarshalJSON() ([]byte, error) {
	if r.Native != "" {
		type mismatch struct {
			Position Position `json:"position"`
			Equation Position `json:"equation"`
			Display  string   `json:"display"`
			Native   Position `json:"native"`
		}
		ms := make([]mismatch, len(r.Mismatches))
		for i, m := range r.Mismatches {
			ms[i] = mismatch{m.Position, m.Equation, m.Display, m.Native}
		}
		always, games, wrong := r.alwaysWins()
		return json.Marshal(struct {
			Program               string     `json:"program"`
			Model                 string     `json:"model"`
			Positions             int        `json:"positions"`
			NoMove                int        `json:"no_move"`
			MovesAgree            int        `json:"moves_agree"`
			MovesDisagree         int        `json:"moves_disagree"`
			DisplayWrong          int        `json:"display_wrong"`
			NativesAgree          bool       `json:"natives_agree"`
			Games                 int        `json:"games"`
			EquationAlwaysWins    bool       `json:"equation_always_wins"`
			GameTurnsDisplayWrong int        `json:"game_turns_display_wrong"`
			Mismatches            []mismatch `json:"mismatches"`
		}{r.Program, r.Model, r.Positions, r.NoMove, r.MovesAgree, r.MovesDisagree, r.DisplayWrong,
			r.NativesAgree, games, always, wrong, ms})
	}
	type mismatch struct {
		K        int    `json:"k,omitempty"`
		Position string `json:"position"`
		Equation string `json:"equation"`
		Display  string `json:"display"`
		Why      string `json:"why"`
	}
	g := r.game()
	ms := make([]mismatch, len(r.Mismatches))
	for i, m := range r.Mismatches {
		ms[i] = mismatch{m.K, g.Show(m.Position), g.Show(m.Equation), m.Display, m.Why}
	}
	return json.Marshal(struct {
		Program    string     `json:"program"`
		Model      string     `json:"model"`
		Domain     string     `json:"domain"`
		Positions  int        `json:"positions"`
		Lost       int        `json:"lost"`
		Won        int        `json:"won"`
		Agree      int        `json:"agree"`
		Disagree   int        `json:"disagree"`
		Games      []GameLine `json:"games"`
		Mismatches []mismatch `json:"mismatches"`
	}{r.Program, r.Model, r.Domain, r.Positions, r.Lost, r.Won, r.Agree, r.Disagree, r.Games, ms})
}
