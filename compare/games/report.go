package games

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hp17b/hp17b/compare"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
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
	turn        programs.GameTurn
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
	// Smallest is the first answer that fails the comparison (a move
	// against a native reference; a move or a display against the rule)
	// shrunk toward the domain's start by the comparison engine (its
	// Report.Smallest, the parameter and each slot or the packed list
	// lowered while the answer there still fails); nil when none fails.
	Smallest *Mismatch
	// Engine is the comparison engine's report of the domain: the points
	// solved, those the verdicts pass and fail (Disagree is MovesDisagree
	// against a native reference, Disagree against the rule), what
	// stopped it, its shrunk case.
	Engine *compare.Report

	g *programs.Game // the program's game, which shows its positions
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

// add counts one position's answer, m (Why "" when its move is right),
// from a position the player to move wins (win) or loses.
func (r *Report) add(g *programs.Game, m Mismatch, win bool) {
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
	displayRight := displayRight(g, m.turn)
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
		writeRuleLine(w, g, m)
	}
	if r.Smallest != nil {
		fmt.Fprintln(w, smallestTitle)
		writeRuleLine(w, g, *r.Smallest)
	}
}

// smallestTitle heads the shrunk case in the text report.
const smallestTitle = "smallest failing position (shrunk toward the domain's start):"

// writeRuleLine writes one wrong answer of a program judged by the rule:
// the parameter, the position and the equation's as shown, the display,
// why.
func writeRuleLine(w io.Writer, g *programs.Game, m Mismatch) {
	k := ""
	if m.K != 0 {
		k = fmt.Sprintf("K=%d ", m.K)
	}
	fmt.Fprintf(w, "  %s%s → %s  %s: %s\n", k, g.Show(m.Position), g.Show(m.Equation), m.Display, m.Why)
}

// game is the report's program's game (a Game of one-digit heaps for a
// report not made by Compare).
func (r Report) game() *programs.Game {
	if r.g == nil {
		return &programs.Game{}
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
		ex, term := writeNativeLine(w, g, m)
		if ex {
			explained++
		}
		if term {
			termCause++
		}
	}
	if explained > 0 && termCause == explained {
		fmt.Fprintf(w, "cause: at all %d wrong displays the moves are right and EVAL adds the product term\n"+
			"  L(E0:…)×L(E1:…)×L(E2:…)×IF(…) = E0×E1×E2×(new heap size) to the heaps' number;\n"+
			"  it is 0 only when one of E0, E1, E2 is. nim.eq multiplies the term by 0 (0× before L(E0:)).\n", explained)
	}
	if r.Smallest != nil {
		fmt.Fprintln(w, smallestTitle)
		writeNativeLine(w, g, *r.Smallest)
	}
}

// writeNativeLine writes one wrong answer of a program judged by its
// native reference: the position, the equation's move, the display and
// the native's move, one digit a heap; for a wrong display the difference
// from the heaps' number (explained), and whether it is the product term
// E0×E1×E2×new heap (term).
func writeNativeLine(w io.Writer, g *programs.Game, m Mismatch) (explained, term bool) {
	nat := Digits(m.Native)
	if !m.NativeMoves {
		nat = "no move"
	}
	eqText := Digits(m.Equation)
	if !m.turn.MovedPosition() {
		eqText = "no move"
	}
	fmt.Fprintf(w, "  %s → %s  %-18s native %s", Digits(m.Position), eqText, m.Display, nat)
	if m.turn.Moved && !displayRight(g, m.turn) {
		diff, _ := hp17b.Sub(m.turn.Value, hp17b.FromInt(g.Number(m.turn.After)))
		fmt.Fprintf(w, "  (display − heaps = %s", diff)
		if m.turn.HasTerm && diff.Equal(m.turn.Term) {
			fmt.Fprint(w, " = E0×E1×E2×new heap")
			term = true
		}
		fmt.Fprint(w, ")")
		explained = true
	}
	fmt.Fprintln(w)
	return explained, term
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
// why); then, when an answer fails, smallest: the shrunk case (Smallest)
// as a mismatch.
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
		var small *mismatch
		if m := r.Smallest; m != nil {
			small = &mismatch{m.Position, m.Equation, m.Display, m.Native}
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
			Smallest              *mismatch  `json:"smallest,omitempty"`
		}{r.Program, r.Model, r.Positions, r.NoMove, r.MovesAgree, r.MovesDisagree, r.DisplayWrong,
			r.NativesAgree, games, always, wrong, ms, small})
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
	var small *mismatch
	if m := r.Smallest; m != nil {
		small = &mismatch{m.K, g.Show(m.Position), g.Show(m.Equation), m.Display, m.Why}
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
		Smallest   *mismatch  `json:"smallest,omitempty"`
	}{r.Program, r.Model, r.Domain, r.Positions, r.Lost, r.Won, r.Agree, r.Disagree, r.Games, ms, small})
}
