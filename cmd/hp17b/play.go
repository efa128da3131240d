package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

var stdin io.Reader = os.Stdin

// playCmd plays a game program against the calculator in the terminal.
// The game is a programs.Session whose match is kept beside the state
// file (programs.GameStore), so that quitting and playing again resumes
// it on the same turn.
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
	kept, store, notice := programs.LoadKept(store)
	if notice != "" {
		fmt.Fprintf(stderr, "hp17b: %s\n", notice)
	}
	id := c.Program
	if id == "" {
		id = kept.Program()
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
	_, inMemory := store.(*programs.MemStore)
	t.keeps = !inMemory
	game, ok := kept.Games[prog.ID]
	switch {
	case ok && !c.New && !game.Match.Over() && (c.K == 0 || c.K == game.Match.K) && t.resume(game) == nil:
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

// terminal is one run of terminal play: the game (a programs.Session,
// owned here, with the Solver's variables the calculator answers with)
// and where it is kept. Every change is saved at once.
type terminal struct {
	ctx         context.Context
	out, stderr io.Writer
	prog        programs.Program
	g           *programs.Game
	player      *programs.GamePlayer
	store       programs.GameStore
	keeps       bool // the store outlives the run (not --fresh)

	s       *programs.Session
	m       *programs.Match // s.Match
	vars    *solver.Vars
	saveErr error
}

// newGame starts a game with parameter k (0: the program's default): INIT
// is solved on fresh variables, as the calculator's first key.
func (t *terminal) newGame(k int) error {
	s, err := programs.NewSession(t.prog, k)
	if err != nil {
		fmt.Fprintf(t.out, "%v\n", err)
		return err
	}
	switch ev := s.Init(t.ctx, t.player); ev.Kind {
	case programs.Stopped:
		fmt.Fprintf(t.out, "INIT failed: %s\n", ev.Display)
		return ev.Err
	case programs.Refused:
		err := fmt.Errorf("INIT left %s, not the start %s", shown(t.g, ev.To), shown(t.g, ev.From))
		fmt.Fprintf(t.out, "[INIT]  %s\n%v\n", ev.Display, err)
		return err
	default:
		fmt.Fprintf(t.out, "[INIT]  %s\n", ev.Display)
	}
	t.s, t.m, t.vars = s, s.Match, s.Vars
	if t.g.Param != "" {
		fmt.Fprintf(t.out, "%s=%d\n", t.g.Param, t.m.K)
	}
	t.save()
	drawPosition(t.out, t.g, t.m.Position)
	return nil
}

// resume takes the kept game on (checked again: programs.KeptGame.Session),
// with its variables.
func (t *terminal) resume(k programs.KeptGame) error {
	s, err := k.Session()
	if err != nil {
		return err
	}
	m := s.Match
	t.s, t.m, t.vars = s, m, s.Vars
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
	return nil
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

// hint shows a winning move for the person.
func (t *terminal) hint() {
	ev := t.s.Hint()
	switch {
	case errors.Is(ev.Err, programs.ErrGameOver):
		fmt.Fprintln(t.out, "The game is over: y plays again.")
	case ev.Kind == programs.Refused:
		fmt.Fprintln(t.out, "It is the calculator's turn: type eval for its move.")
	case ev.Kind == programs.NoHint:
		fmt.Fprintln(t.out, "No winning move: every move loses against perfect play.")
	case t.g.Packed != "":
		// The move is the number it leaves: said once.
		fmt.Fprintf(t.out, "Hint: %s, the number your move leaves.\n", t.g.Show(ev.To))
	default:
		fmt.Fprintf(t.out, "Hint: %s; it leaves %s.\n", t.spellMove(ev.From, ev.To), t.g.Show(ev.To))
	}
}

// why prints the why view (programs.Session.Why).
func (t *terminal) why() {
	for _, l := range t.s.Why(t.vars) {
		fmt.Fprintln(t.out, l)
	}
}

// undo takes back the last move pair and stores the position in the
// variables again.
func (t *terminal) undo() {
	if t.s.Undo().Kind == programs.Nothing {
		fmt.Fprintln(t.out, "Nothing to undo.")
		return
	}
	t.stored("Undone: back to %s, your move.\n")
}

// stored keeps the game after undo or redo (the session put the position
// back in the variables) and says so with format (%s: the position).
func (t *terminal) stored(format string) {
	t.save()
	fmt.Fprintf(t.out, format, shown(t.g, t.m.Position))
	drawPosition(t.out, t.g, t.m.Position)
}

// redo plays again what undo took back.
func (t *terminal) redo() {
	if t.s.Redo().Kind == programs.Nothing {
		fmt.Fprintln(t.out, "Nothing to redo.")
		return
	}
	t.stored("Redone: %s.\n")
	if t.m.Over() {
		t.announce()
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
	q, err := g.ParseMove(line, m.Position)
	if err == nil {
		if ev := t.s.Move(q); ev.Kind == programs.Refused {
			err = ev.Err
			if g.Packed != "" {
				err = fmt.Errorf("%w: see the rules above", err)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(t.out, "%v\n", err)
		return
	}
	t.save()
	fmt.Fprintf(t.out, "you leave %s\n", shown(g, q))
	if m.Over() {
		drawPosition(t.out, g, m.Position)
		t.announce()
		return
	}
	t.answer()
}

// answer solves EVAL on the position and plays the calculator's answer
// (programs.Session.Answer): a resignation ends the game; a solve that
// stopped, a number that is not a position or an illegal move is
// reported and the game stays at the calculator's turn with the position
// stored back in the variables.
func (t *terminal) answer() {
	m, g := t.m, t.g
	turn, ev := t.s.Ask(t.ctx, t.player)
	fmt.Fprintf(t.out, "[EVAL]  %s\n", ev.Display)
	var err error
	switch ev.Kind {
	case programs.Stopped:
		err = fmt.Errorf("EVAL stopped (%v): type eval to ask again, or undo", ev.Err)
	case programs.Resigned:
		t.save()
		fmt.Fprintln(t.out, "The calculator has no winning move (SOLUTION NOT FOUND) and resigns.")
		t.announce()
		return
	case programs.Unreadable:
		err = fmt.Errorf("the equation left %s in %s, which is not a position: undo takes your move back", turn.Value, g.Packed)
	case programs.Refused:
		err = fmt.Errorf("the calculator's move from %s to %s is not legal (%v): undo takes your move back",
			shown(g, ev.From), shown(g, ev.To), ev.Err)
	case programs.Moved:
		switch ev.Note {
		case programs.PlusNote:
			fmt.Fprintln(t.out, ev.Note)
		case programs.SpellNote:
			fmt.Fprintf(t.out, "%s (%s)\n", ev.Note, g.Show(ev.To))
		}
	}
	if err != nil {
		t.save()
		fmt.Fprintf(t.out, "%v\n", err)
		return
	}
	t.save()
	drawPosition(t.out, g, m.Position)
	if m.Over() {
		t.announce()
	}
}

// save keeps the game, its variables and what EVAL answered last
// (programs.KeepGame); the first failure is reported once and makes the
// exit status failed.
func (t *terminal) save() {
	err := programs.KeepGame(t.store, t.prog.ID, programs.KeptGame{Match: *t.m, Vars: t.vars.Snapshot(), Evaluated: t.s.Evaluated})
	if err != nil && t.saveErr == nil {
		t.saveErr = err
		fmt.Fprintf(t.stderr, "hp17b: the game is not kept: %v\n", err)
	}
}
