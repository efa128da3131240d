package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/hp17b/hp17b/programs"
)

// The words and drawing of terminal play (play.go): how to type a move,
// the commands, the moves so far and the heaps as rows of matches.

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

// drawPosition draws each heap as a row of matches with its label and
// size.
func drawPosition(w io.Writer, g *programs.Game, p programs.Position) {
	for i, n := range p {
		fmt.Fprintf(w, "  %2s %-10s %d\n", g.HeapLabel(i), strings.Repeat("|", n), n)
	}
}

// shown writes a position for the person: each slot's variable and size
// ("A=0 B=1 C=1"), or a packed program's number.
func shown(g *programs.Game, p programs.Position) string { return g.Spell(p, "%s=%d", " ") }

// announce says who won the game just ended (programs.Match.Ending).
func (t *terminal) announce() {
	reason, winner, emptied := t.m.Ending()
	switch {
	case reason == "" || emptied:
	case t.g.Misere:
		fmt.Fprintf(t.out, "%s.\n", reason)
	default:
		fmt.Fprintf(t.out, "%s: %s.\n", reason, winner)
		return
	}
	fmt.Fprintf(t.out, "%s.\n", programs.Capital(winner))
}
