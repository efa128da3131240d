package ui

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/programs"
)

// The heaps panel's drawing and words (games.go plays the game): the
// panel of the game or of a game program's start, and the sentences that
// say positions, moves, whose turn it is and who won.

// gamePanel is the panel for the game (or, with none, for the current
// equation's game program before its first INIT).
func (c *Controller) gamePanel() Panel {
	st := &c.game
	mt := st.match
	cur, isGame := c.currentProgram()
	var prog programs.Program
	var pos programs.Position
	preview := false
	switch {
	case isGame && (mt == nil || mt.Program != cur.ID):
		// Another game program made current: its start, until New Game
		// or INIT (the game being played is kept until then, and a
		// click plays neither).
		prog, pos = cur, programs.Position(cur.Game.Start)
		preview = mt != nil
		mt = nil
	case mt != nil:
		p, _, err := mt.Game()
		if err != nil {
			return Panel{Status: st.status}
		}
		prog, pos = p, mt.Position
	default:
		return Panel{Status: st.status}
	}
	g := prog.Game
	p := Panel{Active: true, Program: prog, Title: prog.Title + " · " + g.Name, Rule: g.Move, Status: st.status, Preview: preview}
	if mt != nil {
		v := st.sess.View()
		p.Turn, p.Over, p.Outcome, p.CanUndo, p.CanRedo = v.Turn, mt.Over(), v.Outcome, v.CanUndo, v.CanRedo
		for _, mv := range v.Moves {
			who := "You"
			if mv.By == programs.Calculator {
				who = "Calculator"
			}
			p.Moves = append(p.Moves, who+": "+movedText(g, mv.From, mv.To))
		}
		if v.Resigned {
			p.Moves = append(p.Moves, "Calculator: resigns")
		}
		if st.why {
			p.Why = mt.WhyFrom(st.bits)
			if v, err := mt.WhyViewFrom(st.bits); err == nil {
				p.WhyView = &v
			}
		}
	} else if preview {
		p.Status = c.previewText(prog)
	} else {
		p.Status = startHint(prog)
	}
	p.Rows, p.Labels, p.Grid = rows(g, pos)
	return p
}

// rows lays a position out as the panel draws it.
func rows(g *programs.Game, pos programs.Position) ([]int, []string, Grid) {
	r := slices.Clone(pos)
	grid := Grid{Rows: max(len(r), 3), Cols: max(7, min(g.Max, 9))}
	if g.Limits != nil {
		grid = NimGrid
	}
	for _, n := range r {
		grid.Cols = max(grid.Cols, n) // long rows (KAYX) draw narrower
	}
	if g.Packed != "" {
		grid.Rows = max(len(r), 4)
	}
	var labels []string
	for i := range r {
		r[i] = max(0, min(r[i], grid.Cols))
		labels = append(labels, g.HeapLabel(i))
	}
	return r, labels, grid
}

// touchWords is true where the pointer is a finger (SetTouchWords).
var touchWords atomic.Bool

// SetTouchWords makes the heaps panel's words a touch screen's when on
// ("tap a match") and a mouse's when off ("click a match", the default).
// The browser's page sets it where its main pointer is a finger (CSS
// pointer: coarse; issue 44). Safe for concurrent use.
func SetTouchWords(on bool) { touchWords.Store(on) }

// pointerWord is the word for pressing with the pointer: "click" with a
// mouse, "tap" on a touch screen, capitalised when upper.
func pointerWord(upper bool) string {
	w := "click"
	if touchWords.Load() {
		w = "tap"
	}
	if upper {
		return strings.ToUpper(w[:1]) + w[1:]
	}
	return w
}

// yourMove is the status after INIT.
func yourMove(p programs.Program) string {
	how := "a heap's new size, its menu key"
	if p.Game.Packed != "" {
		how = "the new number, " + p.Game.Packed
	}
	return "Your move: " + pointerWord(false) + " a match, or key " + how + " and EVAL. EVAL alone lets the calculator open."
}

// previewText is the panel's status while prog, another game program
// than the kept game's, is the current equation: what New Game does, and
// the game kept (and how to go back to it).
func (c *Controller) previewText(prog programs.Program) string {
	s := prog.Title + " is the current equation and its game has not begun: New Game plays it."
	kept := c.game.match
	if kept == nil {
		return s
	}
	kp, g, err := kept.Game()
	if err != nil {
		return s
	}
	turn := "your move"
	if kept.Turn == programs.Calculator {
		turn = "the calculator's move"
	}
	s += " Your game of " + kp.Title + " (" + shown(g, kept.Position) + ", " + turn + ") is kept until then"
	if eqs, _ := c.m.Equations(); slices.Contains(eqs, flatText(kp)) {
		return s + ": SOLVE ▲ ▼ back to " + kp.Title + " goes on with it."
	}
	return s + " (" + kp.Title + " is no longer in the SOLVE list)."
}

// startHint is the panel's status before a game program's first game.
func startHint(p programs.Program) string {
	return "New Game (or SOLVE, CALC, INIT) sets " + shown(p.Game, p.Game.Start) +
		". Then " + pointerWord(false) + " a match, or key the position your move leaves and its menu key, and EVAL."
}

// outcome says whose move it is or who won (programs.Match.Ending).
func outcome(mt *programs.Match) string {
	switch reason, winner, _ := mt.Ending(); {
	case mt.Over() && reason == "":
		return programs.Capital(winner) + "."
	case mt.Over():
		return reason + ": " + winner + "."
	case mt.Turn == programs.Calculator:
		return "The calculator's move: press EVAL."
	}
	return "Your move."
}

// shown writes a position for the panel: a packed program's number
// (133331), 1-3-5-7 Nim's as the display shows it (1,346) with a digit
// for every heap (0,010 for 0,0,1,0, where the display shows 10), each
// slot with its size for the others ("A 0 · B 2 · C 2").
func shown(g *programs.Game, p programs.Position) string {
	switch {
	case g.Packed != "":
		return g.Show(p)
	case g.Limits != nil:
		return hp17b.Group(g.ShowWhole(p))
	}
	return g.Spell(p, "%s %d", " · ")
}

// movedText says what a move did: "took 2 from C, leaving 1,336" for
// slots, "left 133331" for a packed number.
func movedText(g *programs.Game, before, now programs.Position) string {
	if g.Packed == "" && len(before) == len(now) {
		for i := range now {
			if now[i] < before[i] {
				return fmt.Sprintf("took %d from %s, leaving %s", before[i]-now[i], g.Slots[i], shown(g, now))
			}
		}
	}
	return "left " + shown(g, now)
}
