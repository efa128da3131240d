package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// The heaps panel for the heap-game programs (programs.Game): the same
// play as NIM's, for any number of heaps in menu variables or packed into
// one number, with each program's own rule.

// gameParam is the game's parameter as the variables hold it (K of SUBK),
// or its default when none is stored.
func (c *Controller) gameParam(g *programs.Game) int {
	if g.Param == "" {
		return 0
	}
	v, _ := c.m.Vars().Value(g.Param).Int64()
	if v < 1 {
		return g.ParamDefault
	}
	return int(v)
}

// gameTitle names a game program and its game.
func gameTitle(p programs.Program) string { return p.Title + " · " + p.Game.Name }

// gameHint is the first status of a game program.
func gameHint(p programs.Program) string {
	return "New Game (or SOLVE, CALC, INIT) sets " + p.Game.Show(p.Game.Start) +
		". Then click a match, or key the position your move leaves and its menu key, and EVAL. " +
		"EVAL straight after INIT lets the calculator open."
}

// followGame reads a game program's position after a job, says what
// happened (a new game, the calculator's move or resignation, the
// player's move, the end), and fills the panel.
func (c *Controller) followGame(prog programs.Program, p *Panel) {
	g, st := prog.Game, &c.game
	if st.prog != prog.ID {
		*st = gameState{prog: prog.ID, status: gameHint(prog)}
	}
	k := c.gameParam(g)
	top := c.m.Frame().Top
	now, ok := g.Read(c.m.Vars())
	before := st.pos
	switch {
	case !ok:
		st.status = fmt.Sprintf("%s holds no position: key one such as %s and press %s, or New Game.",
			g.Packed, g.Show(g.Start), g.Packed)
	case strings.HasPrefix(top, "INIT="):
		st.pos, st.over = now, false
		how := "a heap's new size and its menu key"
		if g.Packed != "" {
			how = "the new number and " + g.Packed
		}
		st.status = "Your move: click a match, or key " + how + ", then EVAL. EVAL alone lets the calculator open."
	case top == hp17b.MsgSolutionNotFound && !st.over && !slices.Equal(now, before) && c.m.Model() == solver.Model17BIIPlus:
		st.gameMoved(g, before, now, k, " "+plusNote)
	case top == hp17b.MsgSolutionNotFound && !st.over && c.m.InVarMenu(flatText(prog)):
		st.pos, st.over = now, true
		st.status = "SOLUTION NOT FOUND: the calculator has no winning move in " + shown(g, now) + " and resigns. You win. New Game plays again."
	case strings.HasPrefix(top, "EVAL=") && !st.over && !slices.Equal(now, before):
		st.gameMoved(g, before, now, k, "")
	case !slices.Equal(now, before) && !st.over:
		st.pos = now
		if over, moverWon := g.Ended(now, k); over {
			st.over = true
			if moverWon {
				st.status = "The calculator has no move left: you win."
			} else {
				st.status = "You took the last object: the calculator wins."
			}
		} else {
			st.status = "You left " + shown(g, now) + ": press EVAL for the calculator's move."
		}
	}
	p.Title, p.Rule, p.Over, p.Status = gameTitle(prog), g.Move, st.over, st.status
	p.Rows = slices.Clone(st.pos)
	p.Grid = Grid{Rows: max(len(p.Rows), 3), Cols: max(7, min(g.Max, 9))}
	for _, n := range p.Rows {
		p.Grid.Cols = max(p.Grid.Cols, n) // long rows (KAYX) draw narrower
	}
	if g.Packed != "" {
		p.Grid.Rows = max(len(p.Rows), 4)
	}
	for i := range p.Rows {
		p.Rows[i] = max(0, min(p.Rows[i], p.Grid.Cols))
		if g.Packed == "" {
			p.Labels = append(p.Labels, g.Slots[i])
		} else {
			p.Labels = append(p.Labels, strconv.Itoa(i+1))
		}
	}
}

// gameMoved records a game program's move from before to now (note
// follows its description) and names the winner when the game ended.
func (st *gameState) gameMoved(g *programs.Game, before, now programs.Position, k int, note string) {
	st.pos = now
	st.status = "The calculator " + moved(g, before, now) + "." + note
	over, moverWon := g.Ended(now, k)
	switch {
	case !over:
		st.status += " Your move."
	case moverWon:
		st.over = true
		st.status += " You have no move left: the calculator wins."
	default:
		st.over = true
		st.status += " It took the last object: you win."
	}
}

// takeInGame plays a click on match j of heap h in a game program: the
// move programs.Game.TakeAt makes, keyed as a person would (the heap's new
// size and its menu key, or the packed number and its key), then EVAL
// unless the move ended the game. A move the rule does not allow is
// refused on the panel.
func (c *Controller) takeInGame(p Panel, h, j int) {
	prog := p.Program
	g := prog.Game
	if p.Over || h < 0 || h >= len(c.game.pos) || j >= c.game.pos[h] {
		return
	}
	k := c.gameParam(g)
	q, err := g.TakeAt(c.game.pos, h, j, k)
	if err != nil {
		c.after(fmt.Sprintf("%s: %v. %s", prog.Title, err, g.Move))
		return
	}
	if !c.ready(prog) {
		return
	}
	if g.Packed != "" {
		c.typeNumber(int(g.Number(q)))
		c.pressLabel(g.Packed)
	} else {
		c.typeNumber(q[h])
		c.pressLabel(g.Slots[h])
	}
	if over, _ := g.Ended(q, k); over {
		c.after("")
		return
	}
	c.game.pos = q // the calculator answers this position
	c.pressLabel("EVAL")
	c.after("")
}

// shown writes a position for the panel: a packed program's number, or
// each slot with its size ("A 0 · B 2 · C 2").
func shown(g *programs.Game, p programs.Position) string { return g.Spell(p, "%s %d", " · ") }

// moved says what the calculator's move did: "took 4 from A, leaving A 0 ·
// B 2 · C 2" for slots, "left 133331" for a packed number.
func moved(g *programs.Game, before, now programs.Position) string {
	if g.Packed == "" && len(before) == len(now) {
		for i := range now {
			if now[i] < before[i] {
				return fmt.Sprintf("took %d from %s, leaving %s", before[i]-now[i], g.Slots[i], shown(g, now))
			}
		}
	}
	return "left " + shown(g, now)
}
