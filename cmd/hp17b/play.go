package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/text"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

var stdin io.Reader = os.Stdin

// playCmd plays a game program against the calculator in the terminal.
// The game is a programs.Match kept beside the state file (gameStore), so
// that quitting and playing again resumes it on the same turn.
type playCmd struct {
	cli.Memory `embed:""`
	New        bool      `help:"Start a new game even when one is kept."`
	Program    string    `placeholder:"ID" help:"The program to play (hp17b programs lists them); default: the one played last, else nim."`
	K          int       `placeholder:"K" help:"K of subk (take 1 to K), 1 to 9; 0: INIT stores 3."`
	Model      cli.Model `placeholder:"17bii|17bii+" help:"${model_help}"`
}

func (c *playCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	usage := func(err error) int {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	if c.Fresh && c.State != "" {
		return usage(fmt.Errorf("--state and --fresh exclude each other"))
	}
	store, err := openGameStore(c.Memory)
	if err != nil {
		return usage(err)
	}
	kept, store, notice := loadKept(store)
	if notice != "" {
		fmt.Fprintf(stderr, "hp17b: %s\n", notice)
	}
	id := c.Program
	if id == "" {
		id = "nim"
		if _, ok := kept.Games[kept.Last]; ok {
			id = kept.Last
		}
	}
	prog, err := programs.ByID(id)
	if err == nil && prog.Game == nil {
		err = fmt.Errorf("%s is not a game", prog.ID)
	}
	if err == nil && (c.K < 0 || c.K > 9) {
		err = fmt.Errorf("--k %d: K is 1 to 9", c.K)
	}
	if err == nil && c.K != 0 && prog.Game.Param == "" {
		err = fmt.Errorf("--k: %s has no K (subk takes one)", prog.ID)
	}
	if err != nil {
		return usage(err)
	}
	player, err := programs.NewGamePlayer(prog, nil)
	if err != nil {
		return usage(err)
	}
	player.SetModel(c.Model.Model)
	t := &terminal{ctx: context.Background(), out: stdout, stderr: stderr, prog: prog, g: prog.Game,
		player: player, store: store}
	_, inMemory := store.(*memGameStore)
	t.keeps = !inMemory
	game, ok := kept.Games[prog.ID]
	switch {
	case ok && !c.New && !game.Match.Over() && (c.K == 0 || c.K == game.Match.K):
		t.resume(game)
	default:
		if ok && !c.New && !game.Match.Over() {
			fmt.Fprintf(stdout, "A new game with %s=%d (the game kept had %s=%d).\n", prog.Game.Param, c.K, prog.Game.Param, game.Match.K)
		}
		t.introduce()
		if err := t.newGame(c.K); err != nil {
			return exitFailed
		}
	}
	return t.loop(stdin)
}

// loadKept reads the kept games. A store that cannot be read as games is
// set aside when it can be (notice says where) and nothing is resumed;
// when it cannot be set aside either, the game of this run is kept in
// memory only (the store returned), so that nothing is overwritten.
func loadKept(store gameStore) (keptGames, gameStore, string) {
	b, err := store.LoadGame()
	var kg keptGames
	if err == nil {
		if kg, err = decodeKept(b); err == nil {
			return kg, store, ""
		}
	}
	kg, _ = decodeKept(nil)
	notice := fmt.Sprintf("the kept games could not be read (%v)", err)
	s, ok := store.(interface{ SetAside() (string, error) })
	if !ok {
		return kg, store, notice + "; a new game starts"
	}
	name, aerr := s.SetAside()
	if aerr != nil {
		return kg, &memGameStore{}, notice + "; they could not be moved aside either (" + aerr.Error() + "): a new game starts and is not kept"
	}
	return kg, store, notice + "; they are kept in " + name + " and a new game starts"
}

// terminal is one run of terminal play: the game (its Match, owned here),
// the Solver's variables the calculator answers with, and where the game
// is kept. Every change is saved at once.
type terminal struct {
	ctx         context.Context
	out, stderr io.Writer
	prog        programs.Program
	g           *programs.Game
	player      *programs.GamePlayer
	store       gameStore
	keeps       bool // the store outlives the run (not --fresh)

	m    *programs.Match
	vars *solver.Vars
	// evaluated is the position the variables' last EVAL answered (its
	// L() values belong to it), nil when none.
	evaluated programs.Position
	saveErr   error
}

// introduce prints the program's title, description, rules and how to
// type a move.
func (t *terminal) introduce() {
	g := t.g
	fmt.Fprintf(t.out, "%s: %s\n%s\n", t.prog.Title, t.prog.Description, t.prog.Rules)
	how := "Type the number your move leaves (such as " + g.Show(programs.Position{1, 3, 3, 7}) + "), or take 2 from 3 (the third heap)"
	if g.Packed == "" {
		how = fmt.Sprintf("Type a heap and its new size (%s 2 or %s=2), or take 1 from %s", g.Slots[0], g.Slots[0], g.Slots[0])
	}
	fmt.Fprintln(t.out, how+"; EVAL as your first move lets the calculator open.")
	fmt.Fprintln(t.out, "help lists the commands (hint, why, undo, redo, moves, new, quit).")
}

// newGame starts a game with parameter k (0: the program's default): INIT
// is solved on fresh variables, as the calculator's first key.
func (t *terminal) newGame(k int) error {
	m, err := programs.NewMatch(t.prog, k)
	if err != nil {
		fmt.Fprintf(t.out, "%v\n", err)
		return err
	}
	t.m, t.vars, t.evaluated = m, solver.NewVars(), nil
	if t.g.Param != "" {
		t.vars.Store(t.g.Param, hp17b.FromInt(int64(m.K)))
	}
	p, display, err := t.player.Init(t.ctx, t.vars)
	if err != nil {
		fmt.Fprintf(t.out, "INIT failed: %s\n", display)
		return err
	}
	fmt.Fprintf(t.out, "[INIT]  %s\n", display)
	if !slices.Equal(p, m.Position) {
		err := fmt.Errorf("INIT left %s, not the start %s", shown(t.g, p), shown(t.g, m.Position))
		fmt.Fprintf(t.out, "%v\n", err)
		return err
	}
	t.g.Store(t.vars, m.Position, m.K)
	if t.g.Param != "" {
		fmt.Fprintf(t.out, "%s=%d\n", t.g.Param, m.K)
	}
	t.save()
	drawPosition(t.out, t.g, m.Position)
	return nil
}

// resume takes the kept game on: its match and variables.
func (t *terminal) resume(k keptGame) {
	m := k.Match
	t.m, t.vars, t.evaluated = &m, solver.NewVars(), k.Evaluated
	for name, v := range k.Vars {
		t.vars.Store(name, v)
	}
	t.g.Store(t.vars, m.Position, m.K)
	moves := "no moves yet"
	if n := len(m.Moves); n > 0 {
		moves = strconv.Itoa(n) + " moves so far"
		if n == 1 {
			moves = "1 move so far"
		}
	}
	param := ""
	if t.g.Param != "" {
		param = fmt.Sprintf(", %s=%d", t.g.Param, m.K)
	}
	fmt.Fprintf(t.out, "%s: the game kept resumes (%s%s); hp17b play --new starts another, help lists the commands.\n", t.prog.Title, moves, param)
	drawPosition(t.out, t.g, m.Position)
	if m.Turn == programs.Calculator {
		fmt.Fprintln(t.out, "It is the calculator's turn: type eval for its move, or undo to take yours back.")
	} else {
		fmt.Fprintln(t.out, "It is your move.")
	}
}

// loop reads lines from in and plays them until quit or the end of the
// input, and returns the exit status: failed when a save failed.
func (t *terminal) loop(in io.Reader) int {
	rd := bufio.NewReader(in)
	for {
		fmt.Fprint(t.out, t.prompt())
		line, long, err := readLine(rd, maxLine)
		if err != nil {
			fmt.Fprintln(t.out)
			t.quit()
			break
		}
		if long {
			fmt.Fprintf(t.out, "That line is longer than %d characters: %s\n", maxLine, t.howToMove())
			continue
		}
		if t.step(line) {
			break
		}
	}
	if t.saveErr != nil {
		return exitFailed
	}
	return exitOK
}

// prompt is what the terminal asks: a move, or after the end whether to
// play again.
func (t *terminal) prompt() string {
	if t.m.Over() {
		return "Play again? (y/n) "
	}
	return "Your move> "
}

// step does one line: a command or a move. It reports whether play
// stops.
func (t *terminal) step(line string) bool {
	line = strings.TrimSpace(line)
	switch cmd := strings.ToLower(line); {
	case line == "":
	case cmd == "q" || cmd == "quit":
		t.quit()
		return true
	case cmd == "help" || cmd == "?":
		t.help()
	case cmd == "hint":
		t.hint()
	case cmd == "why":
		t.why()
	case cmd == "undo":
		t.undo()
	case cmd == "redo":
		t.redo()
	case cmd == "moves":
		t.listMoves()
	case cmd == "new":
		_ = t.newGame(t.m.K)
	case cmd == "eval":
		t.eval()
	case t.m.Over() && (cmd == "y" || cmd == "yes"):
		_ = t.newGame(t.m.K)
	case t.m.Over() && (cmd == "n" || cmd == "no"):
		t.quit()
		return true
	case t.m.Over():
		fmt.Fprintln(t.out, "The game is over: y plays again, n quits, undo takes the last moves back (help lists the commands).")
	default:
		t.move(line)
	}
	return false
}

// quit says goodbye, and where the game waits when it is kept.
func (t *terminal) quit() {
	if t.keeps && !t.m.Over() && t.saveErr == nil {
		fmt.Fprintln(t.out, "Goodbye. hp17b play resumes this game.")
		return
	}
	fmt.Fprintln(t.out, "Goodbye.")
}

// howToMove says how to type a move of this program.
func (t *terminal) howToMove() string {
	if t.g.Packed != "" {
		return "type the number your move leaves, or take K from N (N the heap's place)"
	}
	last := t.g.Slots[len(t.g.Slots)-1]
	return fmt.Sprintf("type a move such as %s 6 or take 1 from %s", last, last)
}

// help lists every command.
func (t *terminal) help() {
	move := "B 4, B=4, b4, take 2 from B   your move: a heap and its new size, or what to take"
	if t.g.Packed != "" {
		move = "1337, take 2 from 3           your move: the number it leaves, or take K from heap N"
	} else if len(t.g.Slots) > 1 {
		s := t.g.Slots[1]
		move = fmt.Sprintf("%s 4, %s=4, %s4, take 2 from %s   your move: a heap and its new size, or what to take",
			s, s, strings.ToLower(s), s)
	}
	for _, l := range []string{
		"Commands:",
		"  " + move,
		"  eval    let the calculator open (your first move), or ask it again for its move",
		"  hint    a winning move, when there is one",
		"  why     each heap's Grundy value and the nim-sum in binary (with NIM, the equation's L() values after EVAL)",
		"  undo    take back your last move and the calculator's answer",
		"  redo    play again what undo took back",
		"  moves   the moves so far: who made each, from what to what",
		"  new     start a new game",
		"  help    this list",
		"  quit, q stop (the game is kept: hp17b play resumes it; --fresh keeps nothing)",
	} {
		fmt.Fprintln(t.out, l)
	}
}

// hint shows a winning move for the person.
func (t *terminal) hint() {
	m := t.m
	switch {
	case m.Over():
		fmt.Fprintln(t.out, "The game is over: y plays again.")
		return
	case m.Turn == programs.Calculator:
		fmt.Fprintln(t.out, "It is the calculator's turn: type eval for its move.")
		return
	}
	q, ok := m.Hint()
	if !ok {
		fmt.Fprintln(t.out, "No winning move: every move loses against perfect play.")
		return
	}
	if t.g.Packed != "" {
		// The move is the number it leaves: said once.
		fmt.Fprintf(t.out, "Hint: %s, the number your move leaves.\n", t.g.Show(q))
		return
	}
	fmt.Fprintf(t.out, "Hint: %s; it leaves %s.\n", t.spellMove(m.Position, q), t.g.Show(q))
}

// spellMove writes the move from p to q as the person would type it: the
// heap and its new size with the take beside it ("D 6 (take 1 from D)"),
// or a packed program's number.
func (t *terminal) spellMove(p, q programs.Position) string {
	if t.g.Packed != "" || len(p) != len(q) {
		return t.g.Show(q)
	}
	for i := range p {
		if p[i] != q[i] {
			return fmt.Sprintf("%s %d (take %d from %s)", t.g.Slots[i], q[i], p[i]-q[i], t.g.Slots[i])
		}
	}
	return t.g.Show(q)
}

// why prints the why view; the variables' L() values go with it only
// when their EVAL answered the position the view explains.
func (t *terminal) why() {
	var vars *solver.Vars
	if a := answeredBy(t.m); a != nil && slices.Equal(a, t.evaluated) {
		vars = t.vars
	}
	for _, l := range t.m.Why(vars) {
		fmt.Fprintln(t.out, l)
	}
}

// answeredBy is the position the calculator's last move answered, nil
// when it has not moved.
func answeredBy(m *programs.Match) programs.Position {
	for i := len(m.Moves) - 1; i >= 0; i-- {
		if m.Moves[i].By == programs.Calculator {
			return m.Moves[i].From
		}
	}
	return nil
}

// undo takes back the last move pair and stores the position in the
// variables again.
func (t *terminal) undo() {
	if !t.m.Undo() {
		fmt.Fprintln(t.out, "Nothing to undo.")
		return
	}
	t.stored("Undone: back to %s, your move.\n")
}

// stored puts the game's position back in the variables after undo or
// redo, keeps the game, and says so with format (%s: the position).
func (t *terminal) stored(format string) {
	t.g.Store(t.vars, t.m.Position, t.m.K)
	t.save()
	fmt.Fprintf(t.out, format, shown(t.g, t.m.Position))
	drawPosition(t.out, t.g, t.m.Position)
}

// redo plays again what undo took back.
func (t *terminal) redo() {
	if !t.m.Redo() {
		fmt.Fprintln(t.out, "Nothing to redo.")
		return
	}
	t.stored("Redone: %s.\n")
	if t.m.Over() {
		t.announce()
	}
}

// listMoves prints the moves so far: who made each, from what to what.
func (t *terminal) listMoves() {
	m := t.m
	if len(m.Moves) == 0 {
		fmt.Fprintln(t.out, "No moves yet.")
	}
	width := 0
	for _, mv := range m.Moves {
		width = max(width, len(t.g.ShowWhole(mv.From)), len(t.g.ShowWhole(mv.To)))
	}
	for i, mv := range m.Moves {
		line := fmt.Sprintf("%3d. %-15s %*s → %-*s", i+1, mv.By, width, t.g.ShowWhole(mv.From), width, t.g.ShowWhole(mv.To))
		if t.g.Packed == "" && len(mv.From) == len(mv.To) {
			for j := range mv.From {
				if mv.From[j] != mv.To[j] {
					line += fmt.Sprintf("   %s %d → %d", t.g.Slots[j], mv.From[j], mv.To[j])
				}
			}
		}
		fmt.Fprintln(t.out, strings.TrimRight(line, " "))
	}
	if m.Resigned {
		fmt.Fprintln(t.out, "     the calculator resigned")
	}
	if n := len(m.Undone); n > 0 {
		fmt.Fprintf(t.out, "(%d undone: redo plays them again)\n", n)
	}
}

// eval lets the calculator open, or asks it again for its move.
func (t *terminal) eval() {
	m := t.m
	switch {
	case m.Over():
		fmt.Fprintln(t.out, "The game is over: y plays again.")
	case m.Turn == programs.Person && len(m.Moves) > 0:
		fmt.Fprintln(t.out, "It is your move: EVAL lets the calculator open only before the first move.")
	default:
		t.answer()
	}
}

// move plays the person's move typed as line, and the calculator's
// answer.
func (t *terminal) move(line string) {
	m, g := t.m, t.g
	if m.Turn == programs.Calculator {
		fmt.Fprintln(t.out, "It is the calculator's turn: type eval for its move, or undo to take yours back.")
		return
	}
	q, err := parseGameMove(g, line, m.Position)
	if err == nil && g.Packed != "" && len(q) > g.MaxHeaps {
		err = fmt.Errorf("that leaves %d heaps; the number holds %d after your move", len(q), g.MaxHeaps)
	}
	if err == nil {
		if err = m.Check(programs.Person, q); err != nil && g.Packed != "" {
			err = fmt.Errorf("%w: see the rules above", err)
		}
	}
	if err != nil {
		fmt.Fprintf(t.out, "%v\n", err)
		return
	}
	_ = m.Play(programs.Person, q) // checked above
	g.Store(t.vars, q, m.K)
	t.save()
	fmt.Fprintf(t.out, "you leave %s\n", shown(g, q))
	if m.Over() {
		drawPosition(t.out, g, m.Position)
		t.announce()
		return
	}
	t.answer()
}

// answer solves EVAL on the position and plays the move the equation
// left in the variables, after checking it against the rule; the
// calculator resigns when EVAL finds no move. An illegal move, or a solve
// that stopped, is reported and the game stays at the calculator's turn
// with the position stored back in the variables.
func (t *terminal) answer() {
	m, g := t.m, t.g
	turn := t.player.Answer(t.ctx, t.vars, m.Position, m.K)
	t.evaluated = turn.Before
	fmt.Fprintf(t.out, "[EVAL]  %s\n", turn.Display)
	var err error
	switch {
	case turn.Err != nil:
		err = fmt.Errorf("EVAL stopped (%v): type eval to ask again, or undo", turn.Err)
	case !turn.MovedPosition():
		_ = m.Resign() // the calculator's turn: checked by eval and move
		g.Store(t.vars, m.Position, m.K)
		t.save()
		fmt.Fprintln(t.out, "The calculator has no winning move (SOLUTION NOT FOUND) and resigns.")
		t.announce()
		return
	case !turn.Readable:
		err = fmt.Errorf("the equation left %s in %s, which is not a position: undo takes your move back", turn.Value, g.Packed)
	default:
		if cerr := m.Check(programs.Calculator, turn.After); cerr != nil {
			err = fmt.Errorf("the calculator's move from %s to %s is not legal (%v): undo takes your move back",
				shown(g, m.Position), shown(g, turn.After), cerr)
		}
	}
	if err != nil {
		g.Store(t.vars, m.Position, m.K)
		t.save()
		fmt.Fprintf(t.out, "%v\n", err)
		return
	}
	if !turn.Moved {
		fmt.Fprintln(t.out, plusNote)
	} else if !turn.Value.Equal(hp17b.FromInt(g.Number(turn.After))) {
		fmt.Fprintf(t.out, "note: the display does not spell the heaps (%s)\n", g.Show(turn.After))
	}
	_ = m.Play(programs.Calculator, turn.After) // checked above
	t.save()
	drawPosition(t.out, g, m.Position)
	if m.Over() {
		t.announce()
	}
}

// announce says who won the game just ended.
func (t *terminal) announce() {
	m := t.m
	if m.Resigned {
		fmt.Fprintln(t.out, "You win.")
		return
	}
	last := m.Moves[len(m.Moves)-1]
	who := "You"
	if last.By == programs.Calculator {
		who = "The calculator"
	}
	switch {
	case t.g.Misere:
		fmt.Fprintf(t.out, "%s took the last object.\n", who)
	case !last.To.Over() && m.Outcome == programs.CalculatorWon:
		fmt.Fprintln(t.out, "You have no move left: the calculator wins.")
		return
	case !last.To.Over():
		fmt.Fprintln(t.out, "The calculator has no move left: you win.")
		return
	}
	if m.Outcome == programs.PersonWon {
		fmt.Fprintln(t.out, "You win.")
	} else {
		fmt.Fprintln(t.out, "The calculator wins.")
	}
}

// save keeps the game, its variables and what EVAL answered last in the
// store, beside the other programs' games; the first failure is reported
// once and makes the exit status failed.
func (t *terminal) save() {
	b, err := t.store.LoadGame()
	kg, derr := decodeKept(b)
	if err != nil || derr != nil {
		kg, _ = decodeKept(nil) // set aside at the start, or damaged since: replaced
	}
	kg.Games[t.prog.ID] = keptGame{Match: *t.m, Vars: t.vars.Snapshot(), Evaluated: t.evaluated}
	kg.Last = t.prog.ID
	out, err := json.Marshal(kg)
	if err == nil {
		err = t.store.SaveGame(append(out, '\n'))
	}
	if err != nil && t.saveErr == nil {
		t.saveErr = err
		fmt.Fprintf(t.stderr, "hp17b: the game is not kept: %v\n", err)
	}
}

// drawPosition draws each heap as a row of matches with its label and
// size.
func drawPosition(w io.Writer, g *programs.Game, p programs.Position) {
	for i, n := range p {
		fmt.Fprintf(w, "  %2s %-10s %d\n", heapLabel(g, i), strings.Repeat("|", n), n)
	}
}

// heapLabel names heap i of a position: the slot's variable, or the
// digit's place (1 = the first digit) of a packed program.
func heapLabel(g *programs.Game, i int) string {
	if g.Packed == "" {
		return g.Slots[i]
	}
	return strconv.Itoa(i + 1)
}

// shown writes a position for the person: each slot's variable and size
// ("A=0 B=1 C=1"), or a packed program's number.
func shown(g *programs.Game, p programs.Position) string { return g.Spell(p, "%s=%d", " ") }

// parseGameMove reads the person's move from p: for slots a heap and its
// new size (B 4, B=4, b4) or a take (take 2 from B); for a packed program
// the new number, or "take K from N" for the Nth heap. An error names the
// heap and says what to type instead.
func parseGameMove(g *programs.Game, line string, p programs.Position) (programs.Position, error) {
	if g.Packed == "" {
		i, v, err := parseNamedMove(g.Slots, line, p)
		if err == nil {
			err = heapMoveError(g.Slots[i], p[i], v, isTake(line))
		}
		if err != nil {
			return nil, err
		}
		q := slices.Clone(p)
		q[i] = v
		return q, nil
	}
	f := strings.Fields(strings.ToUpper(line))
	if len(f) == 4 && f[0] == "TAKE" && f[2] == "FROM" {
		k, err1 := strconv.Atoi(f[1])
		i, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || i < 1 || i > len(p) {
			return nil, fmt.Errorf("say take K from N, N the heap's place 1 to %d", len(p))
		}
		if k < 1 {
			return nil, fmt.Errorf("take how many? %s is not a whole number of at least 1", text.Quote(f[1]))
		}
		if err := heapMoveError(strconv.Itoa(i), p[i-1], p[i-1]-k, true); err != nil {
			return nil, err
		}
		q := slices.Clone(p)
		q[i-1] -= k
		return q.Compact(), nil
	}
	s := strings.ReplaceAll(strings.TrimPrefix(strings.ReplaceAll(strings.ToUpper(line), " ", ""), g.Packed+"="), ",", "")
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n >= 1e12 {
		return nil, fmt.Errorf("%s is not a position: type the number your move leaves (12 digits at most), or take K from N", text.Quote(line))
	}
	q, _ := g.Unpack(hp17b.FromInt(n))
	return q, nil
}

// parseNamedMove reads "B 4", "B=4", "b4" or "take 2 from B" into a heap
// index (names are the heaps' variables) and its new size (sizes are the
// heaps now, for "take").
func parseNamedMove(names []string, line string, sizes []int) (int, int, error) {
	orig := strings.Fields(strings.ReplaceAll(line, "=", " ")) // as typed, for messages
	f := strings.Fields(strings.ToUpper(strings.ReplaceAll(line, "=", " ")))
	if len(f) != len(orig) { // an upper case that splits differently: read as typed
		f = slices.Clone(orig)
	}
	heap := func(s string) (int, error) {
		for i, n := range names {
			if s == n {
				return i, nil
			}
		}
		list := names[0]
		if len(names) > 1 {
			list = strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
		}
		return 0, fmt.Errorf("%s is not a heap: use %s", text.Quote(s), list)
	}
	switch {
	case len(f) == 4 && f[0] == "TAKE" && f[2] == "FROM":
		i, err := heap(f[3])
		if err != nil {
			return 0, 0, err
		}
		k, err := strconv.Atoi(f[1])
		if err != nil || k < 1 {
			return 0, 0, fmt.Errorf("take how many? %s is not a whole number of at least 1", text.Quote(orig[1]))
		}
		return i, sizes[i] - k, nil
	case len(f) == 1 && utf8.RuneCountInString(f[0]) >= 2:
		// b4: the heap's name is the first character (a rune: 日本 is "日"
		// and "本", not bytes).
		split := func(s string) []string { r := []rune(s); return []string{string(r[:1]), string(r[1:])} }
		f, orig = split(f[0]), split(orig[0])
		fallthrough
	case len(f) == 2:
		i, err := heap(f[0])
		if err != nil {
			return 0, 0, err
		}
		v, err := strconv.Atoi(f[1])
		if err != nil {
			if sizes[i] == 0 {
				return 0, 0, heapMoveError(names[i], 0, 0, false)
			}
			return 0, 0, fmt.Errorf("%s is not a size for heap %s: type its new size, a whole number 0 to %d",
				text.Quote(orig[1]), names[i], sizes[i]-1)
		}
		return i, v, nil
	}
	last := names[len(names)-1]
	return 0, 0, fmt.Errorf("say a heap and its new size (%s 6 or %s=6), or take 1 from %s", last, last, last)
}

// isTake reports whether a move was typed as "take K from X".
func isTake(line string) bool {
	return strings.HasPrefix(strings.ToUpper(strings.TrimSpace(line)), "TAKE")
}

// heapMoveError says what is wrong with leaving newSize on the heap called
// name that holds size, nil when it is a reduction (take says the move was
// typed as "take K from X"); which reductions a game allows is its own rule.
func heapMoveError(name string, size, newSize int, take bool) error {
	switch {
	case size == 0:
		return fmt.Errorf("heap %s is empty: choose another heap", name)
	case newSize < 0 && take:
		return fmt.Errorf("heap %s has only %d: take 1 to %d from it", name, size, size)
	case newSize < 0 || newSize >= size:
		return fmt.Errorf("heap %s has %d: its new size must be 0 to %d", name, size, size-1)
	}
	return nil
}

// maxLine is the longest line terminal play reads as a move.
const maxLine = 1024

// readLine reads one line of at most limit bytes; a longer one is read to
// its end and reported as long. err is io.EOF at the end of the input.
func readLine(r *bufio.Reader, limit int) (line string, long bool, err error) {
	var b []byte
	for {
		frag, isPrefix, err := r.ReadLine()
		if err != nil {
			if len(b) > 0 || long {
				return string(b), long, nil
			}
			return "", false, err
		}
		if !long {
			b = append(b, frag...)
			if len(b) > limit {
				b, long = nil, true
			}
		}
		if !isPrefix {
			return string(b), long, nil
		}
	}
}

// plusNote explains the HP-17bII+'s SOLUTION NOT FOUND after a move.
const plusNote = "(the 17bII+ runs EVAL twice: the second run finds no move after the calculator's own and stops with SOLUTION NOT FOUND; the heaps hold the move)"
