package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
)

// The heaps panel's game: one programs.Session for every game program,
// owned by the controller's goroutine, its match kept in continuous
// memory (the state file's "game" section, the browser's storage) and
// taken on again only after its moves are played again, so that a window
// closed and opened again goes on with the same game on the same turn.
// Moves are read from the Solver's variables, never from the display:
// each run of the Solver over a game program (emulator.Machine.SolvedSince)
// gives the position EVAL answered and the one it left
// (Session.Observe), and any other change of the heaps is the person's
// move (Session.Held). A move the rule does not allow is named on the
// panel and the heaps are put back. This file words the session's events;
// gamepanel.go draws the panel.

// gameSection is the game's section of continuous memory.
const gameSection = "game"

// gameState is the game and what the panel says of it.
type gameState struct {
	// sess is the game (nil before the first), match its Match.
	sess   *programs.Session
	match  *programs.Match
	seen   uint64 // the last run of the Solver read
	status string
	// bits are the NIM equation's L() values after its last answer, for
	// the why view; why says the view shows.
	bits map[string]hp17b.Number
	why  bool
	// confirm is set when New Game asked to leave an equation being
	// edited; asked keeps it for the job that asked.
	confirm, asked bool
	saved          []byte // the match as last kept
	// away is set while the game's program is not the SOLVE list's
	// current equation: the variables then belong to the equation that
	// is (they are shared), and a change of the heaps is no move.
	away bool
	// note, when set, is added to the next status: a program the panel
	// added to the SOLVE list.
	note string
}

// load takes the game kept in continuous memory, if any, once its moves
// played again from the start lead to it (programs.DecodeMatch); a game
// that does not is set aside in the section gameAside, with a word on the
// panel. The Solver's runs before it (a --keys script's INIT and EVAL)
// are read by the first job, as moves of the game.
func (st *gameState) load(m Machine) {
	b := m.Section(gameSection)
	if b == nil {
		return
	}
	s, err := programs.DecodeMatch(b)
	if err != nil {
		m.SetSection(gameAside, b)
		m.SetSection(gameSection, nil)
		st.status = "The kept game could not be read (" + err.Error() + "); it is kept in the state's " +
			strconv.Quote(gameAside) + " section, and New Game starts one."
		return
	}
	st.set(s)
	st.saved = b
	mt, prog, g := s.Match, s.Prog, s.Game
	switch {
	case mt.Over():
		st.status = "The last game of " + prog.Title + " is over: " + outcome(mt) + " New Game plays again."
	case mt.Turn == programs.Calculator:
		st.status = "Game resumed: you left " + shown(g, mt.Position) + ". Press EVAL for the calculator's move."
	default:
		st.status = "Game resumed at " + shown(g, mt.Position) + ": your move."
	}
}

// gameAside is the section a kept game that could not be read is moved
// to: nothing kept is lost.
const gameAside = "game-damaged"

// set makes s the game.
func (st *gameState) set(s *programs.Session) {
	st.sess, st.match = s, s.Match
}

// keep writes the match to continuous memory when it changed.
func (st *gameState) keep(m Machine) {
	var b []byte
	if st.match != nil {
		b, _ = json.Marshal(st.match)
	}
	if bytes.Equal(b, st.saved) {
		return
	}
	st.saved = b
	m.SetSection(gameSection, b)
}

// after reads what the job did to the game and publishes the panel (msg,
// when set, is its status). It runs on the controller's goroutine.
func (c *Controller) after(msg string) {
	st := &c.game
	if !st.asked {
		st.confirm = false
	}
	st.asked = false
	c.followGame()
	p := c.gamePanel()
	if msg != "" {
		p.Status = msg
	}
	if st.note != "" {
		p.Status += " " + st.note
		st.note = ""
	}
	c.showGame(p)
	c.mu.Lock()
	c.panel = p
	c.mu.Unlock()
	c.publish()
}

// followGame reads the Solver's runs since the last look, then the
// heaps, and keeps the game.
func (c *Controller) followGame() {
	st := &c.game
	for _, run := range c.m.SolvedSince(st.seen) {
		st.seen = run.Seq
		c.gameRun(run)
	}
	switch {
	case st.match == nil:
	case !c.matchCurrent():
		st.away = true
	case st.away:
		st.away = false
		if !st.match.Over() { // after the end, the variables are the person's
			c.backFromAway()
		}
	default:
		c.gameVars()
	}
	st.keep(c.m)
}

// matchCurrent reports whether the game's program is the SOLVE list's
// current equation: only then are the heaps the game's.
func (c *Controller) matchCurrent() bool {
	mt := c.game.match
	if mt == nil {
		return false
	}
	cur, ok := c.currentProgram()
	return ok && cur.ID == mt.Program
}

// backFromAway puts the game's heaps back when its program is current
// again and the variables were changed meanwhile (by another equation
// that shares them): that was no move of this game.
func (c *Controller) backFromAway() {
	mt := c.game.match
	prog, g, err := mt.Game()
	if err != nil {
		return
	}
	vals := c.m.Values(g.Names()...)
	if pos, ok := g.PositionFrom(vals); ok && slices.Equal(pos, mt.Position) && (g.Param == "" || g.ParamOf(vals) == mt.K) {
		return
	}
	c.putBack()
	c.game.status = "Back to " + prog.Title + "'s game: its heaps are put back at " + shown(g, mt.Position) +
		" (another equation had changed them). " + outcome(mt)
}

// gameRun follows one run of the Solver: INIT of a game program starts a
// game; EVAL is the calculator's answer to the position it was given
// (the person's move first, when the heaps changed since).
func (c *Controller) gameRun(run emulator.Solved) {
	prog, ok := programByText(run.Equation)
	if !ok {
		return
	}
	g, st := prog.Game, &c.game
	switch run.Var {
	case "INIT":
		pos, ok := g.PositionFrom(run.After)
		if !ok || run.Err != nil {
			return
		}
		s, err := programs.NewSession(prog, g.ParamOf(run.After))
		if err != nil {
			return
		}
		s.Match.Position = pos
		st.set(s)
		st.why, st.bits = false, nil
		st.status = yourMove(prog)
	case "EVAL":
		c.calculatorRun(prog, run)
	}
}

// calculatorRun follows EVAL of prog (programs.Session.Observe): the
// person's move stored before it, then the calculator's move,
// resignation or stop.
func (c *Controller) calculatorRun(prog programs.Program, run emulator.Solved) {
	st := &c.game
	if st.sess == nil || st.match.Program != prog.ID {
		st.status = "No game of " + prog.Title + " is being played: New Game (or INIT) starts one."
		return
	}
	for _, ev := range st.sess.Observe(run.Before, run.After, run.Found, run.Err) {
		c.word(ev)
	}
}

// gameVars follows the heaps as the variables hold them
// (programs.Session.Held): a change is the person's move (or a new K,
// which the game refuses).
func (c *Controller) gameVars() {
	if s := c.game.sess; s != nil {
		c.word(s.Held(c.m.Values(s.Game.Names()...)))
	}
}

// word says on the panel what ev did; after a move refused the heaps are
// put back.
func (c *Controller) word(ev programs.Event) {
	st := &c.game
	mt, g := st.match, st.sess.Game
	switch {
	case ev.Kind == programs.Nothing:
	case ev.Kind == programs.Refused && ev.By == programs.Calculator && !slices.Equal(ev.To, ev.From):
		c.refuse(fmt.Errorf("EVAL's move from %s to %s is refused: %w", shown(g, ev.From), shown(g, ev.To), ev.Err))
	case ev.Kind == programs.Refused:
		c.refuse(ev.Err)
	case ev.Kind == programs.TookBack:
		st.status = "Move taken back: " + shown(g, ev.To) + ", your move."
	case ev.By == programs.Person && mt.Over():
		st.status = "You left " + shown(g, ev.To) + ". " + outcome(mt)
	case ev.By == programs.Person:
		st.status = "You left " + shown(g, ev.To) + ": press EVAL for the calculator's move."
	case ev.Kind == programs.Stopped:
		c.putBack()
		st.status = "EVAL stopped (" + ev.Err.Error() + "): press EVAL again for the calculator's move."
	case ev.Kind == programs.Unreadable:
		c.refuse(errors.New("the equation left a number that is not a position"))
	case ev.Kind == programs.Resigned:
		st.status = "SOLUTION NOT FOUND: the calculator has no winning move in " + shown(g, ev.From) +
			" and resigns. " + outcome(mt) + " New Game plays again."
	default:
		st.status = "The calculator " + movedText(g, ev.From, ev.To) + "."
		if ev.Note == programs.PlusNote {
			st.status += " " + ev.Note.String()
		}
		st.status += " " + outcome(mt)
		if st.sess.Prog.Native == "nim-post" {
			st.bits = c.m.Values(programs.BitNames()...)
		}
	}
}

// refuse says why the game does not go on from what the calculator's
// variables hold, and puts the game's heaps back in them.
func (c *Controller) refuse(err error) {
	_, g, _ := c.game.match.Game()
	c.putBack()
	c.showPosition()
	c.game.status = programs.Capital(err.Error()) + ". The heaps are back at " + shown(g, c.game.match.Position) + "."
}

// showPosition shows the game's position on the display as INIT (before
// any move) or EVAL shows it ("EVAL=1,346.00"), in its program's CALC
// menu, adding the program to the SOLVE list with a note when it is
// missing there.
func (c *Controller) showPosition() {
	mt := c.game.match
	prog, g, err := mt.Game()
	if err != nil {
		return
	}
	name := "EVAL"
	if len(mt.Moves) == 0 && !mt.Resigned {
		name = "INIT"
	}
	text := c.ensureListed(prog)
	_ = c.m.ShowValue(text, name, hp17b.FromInt(g.Number(mt.Position)))
}

// ensureListed returns prog's equation text, noting on the panel that
// the SOLVE list gets it when it is not there: whatever opens the
// equation adds it (emulator.Machine.OpenEquation), never silently.
func (c *Controller) ensureListed(prog programs.Program) string {
	text := flatText(prog)
	eqs, _ := c.m.Equations()
	if !slices.Contains(eqs, text) {
		c.game.note = prog.Title + " was not in the SOLVE list: it is added at the end."
	}
	return text
}

// putBack stores the game's position (and K) in the variables.
func (c *Controller) putBack() {
	_, g, err := c.game.match.Game()
	if err == nil {
		_ = c.m.SetValues(g.ValuesOf(c.game.match.Position, c.game.match.K))
	}
}

// NewGame starts a game as a person would with SOLVE, CALC and INIT, of
// the SOLVE list's current equation when it is a game program, else of
// the game being played, else NIM: whatever the calculator is doing (a
// number keyed, a prompt, another application) it computes INIT and
// stores nothing else. While an equation is edited it asks first (New
// Game again leaves the edit unsaved); during a solve it interrupts it.
func (c *Controller) NewGame() {
	if c.m.Busy() {
		c.m.Interrupt() // the solve's job ends; this one runs after it
	}
	c.enqueue(func() { c.newGame(programs.Program{}) })
}

// Play starts a game of prog, adding it to the SOLVE list first when it is
// not there (the window's --program).
func (c *Controller) Play(prog programs.Program) {
	c.enqueue(func() {
		c.ensureListed(prog)
		if _, err := c.m.LoadEquations(prog.File, prog.Text(), emulator.LoadLenient); err != nil {
			c.after(err.Error())
			return
		}
		c.newGame(prog)
	})
}

// NewGameWhileEditing is the panel's status after New Game while an
// equation is typed or edited: the first press only warns. The
// whole-equation view, which the panel shows then, shows it too.
const NewGameWhileEditing = "An equation is being typed or edited: New Game again leaves it unsaved and starts a game; INPUT keeps it."

// newGame is NewGame's job, for prog (the chosen one when zero).
func (c *Controller) newGame(prog programs.Program) {
	st := &c.game
	if prog.Game == nil {
		prog = c.gameProgram()
	}
	if c.m.Pending() == emulator.PendingEdit {
		if !st.confirm {
			st.confirm, st.asked = true, true
			c.after(NewGameWhileEditing)
			return
		}
		c.m.Press(emulator.KeyShift)
		c.m.Press(emulator.KeyEXIT) // MAIN abandons the entry
	}
	if err := c.m.Calculate(c.ensureListed(prog), "INIT"); err != nil {
		st.note = "" // nothing was added
		c.after(programs.Capital(err.Error()) + ".")
		return
	}
	c.after("")
}

// gameProgram is the program New Game plays: the current equation's, the
// game's, or NIM.
func (c *Controller) gameProgram() programs.Program {
	if p, ok := c.currentProgram(); ok {
		return p
	}
	if mt := c.game.match; mt != nil {
		if p, _, err := mt.Game(); err == nil {
			return p
		}
	}
	p, _ := programs.ByID("nim")
	return p
}

// TakeMatch takes match j of heap h as the heaps panel plays it
// (programs.Game.TakeAt: that match and those to its right in Nim),
// keying what a person would: the heap's new size (or the new number) and
// its menu key, then EVAL unless the move ended the game. A number being
// keyed and a prompt are dropped first; while an equation is edited, or
// when the rule does not allow the move, the panel says why.
func (c *Controller) TakeMatch(h, j int) {
	if c.m.Busy() {
		c.m.Interrupt()
		return
	}
	seen := c.Snapshot().Panel // the heaps the person clicked on
	c.enqueue(func() {
		c.followGame()
		now := c.gamePanel()
		if now.Preview {
			c.after("Not played: " + c.previewText(now.Program))
			return
		}
		mt := c.game.match
		if mt == nil {
			c.after("New Game first: it sets the heaps.")
			return
		}
		prog, g, err := mt.Game()
		if err != nil || mt.Over() {
			c.after("")
			return
		}
		if mt.Turn == programs.Calculator {
			c.after("It is the calculator's turn: press EVAL for its move (or Undo).")
			return
		}
		if seen.Title != now.Title || !slices.Equal(seen.Rows, now.Rows) || len(seen.Moves) != len(now.Moves) {
			c.after("Not played: the heaps changed to " + shown(g, mt.Position) +
				" before your " + pointerWord(false) + " was taken. " + pointerWord(true) + " again on the heaps as they are now.")
			return
		}
		q, err := g.TakeAt(mt.Position, h, j, mt.K)
		if err != nil {
			c.after(fmt.Sprintf("%s: %v. %s", prog.Title, err, g.Move))
			return
		}
		name, value := g.Packed, g.Number(q)
		if g.Packed == "" {
			name, value = g.Slots[h], int64(q[h])
		}
		text := c.ensureListed(prog)
		c.putBack() // what another equation left in the heaps is no move
		if err := c.m.StoreVar(text, name, hp17b.FromInt(value)); err != nil {
			c.game.note = ""
			c.after(programs.Capital(err.Error()) + ", then play.")
			return
		}
		c.game.away = false // the program is current, its heaps the game's
		c.followGame()
		if mt := c.game.match; mt != nil && !mt.Over() && mt.Turn == programs.Calculator {
			_ = c.m.Calculate(text, "EVAL")
		}
		c.after("")
	})
}

// Undo takes back the last move pair and puts the heaps back.
func (c *Controller) Undo() { c.undoRedo(true) }

// Redo plays again the move pair Undo took back.
func (c *Controller) Redo() { c.undoRedo(false) }

func (c *Controller) undoRedo(undo bool) {
	c.enqueue(func() {
		c.followGame()
		st := &c.game
		mt := st.match
		if p := c.gamePanel(); p.Preview {
			c.after("Nothing undone or redone: " + c.previewText(p.Program))
			return
		}
		switch {
		case mt == nil:
			c.after("No game is being played.")
			return
		case undo && st.sess.Undo().Kind == programs.Nothing:
			c.after("Nothing to undo.")
			return
		case !undo && st.sess.Redo().Kind == programs.Nothing:
			c.after("Nothing to redo.")
			return
		}
		c.putBack()
		c.showPosition()
		st.bits = nil
		_, g, _ := mt.Game()
		st.status = "The heaps are " + shown(g, mt.Position) + " again. "
		if mt.Turn == programs.Calculator {
			st.status += "Press EVAL for the calculator's move."
		} else {
			st.status += outcome(mt)
		}
		c.after("")
	})
}

// Hint says on the panel the move that wins from the position, or that
// every move loses.
func (c *Controller) Hint() {
	c.enqueue(func() {
		c.followGame()
		mt := c.game.match
		p := c.gamePanel()
		switch {
		case p.Preview:
			c.after("No hint: " + c.previewText(p.Program))
		case mt == nil:
			c.after("New Game first: it sets the heaps.")
		default:
			g := c.game.sess.Game
			switch ev := c.game.sess.Hint(); {
			case errors.Is(ev.Err, programs.ErrGameOver):
				c.after("The game is over: New Game plays again.")
			case ev.Kind == programs.Refused:
				c.after("It is the calculator's turn: press EVAL for its move.")
			case ev.Kind == programs.Hinted:
				c.after("Hint: leave " + shown(g, ev.To) + " (" + movedText(g, ev.From, ev.To) + ").")
			default:
				c.after("Every move from " + shown(g, ev.From) + " loses against perfect play: take one and hope.")
			}
		}
	})
}

// ToggleWhy shows or hides the why view (programs.Match.Why).
func (c *Controller) ToggleWhy() {
	c.enqueue(func() {
		c.game.why = !c.game.why
		c.after("")
	})
}

// currentProgram is the game program that is the SOLVE list's current
// equation.
func (c *Controller) currentProgram() (programs.Program, bool) {
	eqs, cur := c.m.Equations()
	if cur < len(eqs) {
		return programByText(eqs[cur])
	}
	return programs.Program{}, false
}

// programByText finds the game program whose equation is text (as the
// SOLVE list holds it).
func programByText(text string) (programs.Program, bool) {
	for _, prog := range programs.All() {
		if prog.Game != nil && flatText(prog) == text {
			return prog, true
		}
	}
	return programs.Program{}, false
}
