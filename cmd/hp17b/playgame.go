package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/text"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// heapLabel names heap i of a position: the slot's variable, or the
// digit's place (1 = the first digit) of a packed program.
func heapLabel(g *programs.Game, i int) string {
	if g.Packed == "" {
		return g.Slots[i]
	}
	return strconv.Itoa(i + 1)
}

func drawPosition(w io.Writer, g *programs.Game, p programs.Position) {
	for i, n := range p {
		fmt.Fprintf(w, "  %2s %-10s %d\n", heapLabel(g, i), strings.Repeat("|", n), n)
	}
}

// parseGameMove reads the person's move: for slots as terminal NIM reads
// it (B 4, B=4, take 2 from B); for a packed program the new number, or
// "take K from N" for the Nth digit.
func parseGameMove(g *programs.Game, line string, p programs.Position) (programs.Position, error) {
	if g.Packed == "" {
		i, v, err := parseSlotMove(g, line, p)
		if err == nil {
			err = heapMoveError(g.Slots[i], p[i], v, isTake(line))
		}
		if err != nil {
			return nil, err
		}
		q := append(programs.Position(nil), p...)
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
		q := append(programs.Position(nil), p...)
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

// parseSlotMove reads a move on a game program's slots (parseNamedMove).
func parseSlotMove(g *programs.Game, line string, p programs.Position) (int, int, error) {
	return parseNamedMove(g.Slots, line, p)
}

// parseNamedMove reads "B 4", "B=4", "b4" or "take 2 from B" into a heap
// index (names are the heaps' variables) and its new size (sizes are the
// heaps now, for "take").
func parseNamedMove(names []string, line string, sizes []int) (int, int, error) {
	f := strings.Fields(strings.ToUpper(strings.ReplaceAll(line, "=", " ")))
	heap := func(s string) (int, error) {
		for i, n := range names {
			if s == n {
				return i, nil
			}
		}
		list := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
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
			return 0, 0, fmt.Errorf("take how many? %s is not a whole number of at least 1", text.Quote(f[1]))
		}
		return i, sizes[i] - k, nil
	case len(f) == 1 && len(f[0]) >= 2:
		f = []string{f[0][:1], f[0][1:]}
		fallthrough
	case len(f) == 2:
		i, err := heap(f[0])
		if err != nil {
			return 0, 0, err
		}
		v, err := strconv.Atoi(f[1])
		if err != nil {
			return 0, 0, fmt.Errorf("%s is not a whole number", text.Quote(f[1]))
		}
		return i, v, nil
	}
	last := names[len(names)-1]
	return 0, 0, fmt.Errorf("say a heap and its new size (%s 6 or %s=6), or take 1 from %s", last, last, last)
}

// playHeapGame plays a heap-game program in the terminal: the person
// moves (or lets the calculator open with EVAL), the program answers.
func playHeapGame(prog programs.Program, k int, model solver.Model, in io.Reader, out, stderr io.Writer) int {
	g := prog.Game
	player, err := programs.NewGamePlayer(prog, nil)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	player.SetModel(model)
	ctx := context.Background()
	vars := solver.NewVars()
	if g.Param != "" && k > 0 {
		vars.Store(g.Param, hp17b.FromInt(int64(k)))
	}
	fmt.Fprintf(out, "%s: %s\n%s\n", prog.Title, prog.Description, prog.Rules)
	how := "Type the number your move leaves (such as " + g.Show(programs.Position{1, 3, 3, 7}) + "), or take 2 from 3 (the third heap)"
	if g.Packed == "" {
		how = fmt.Sprintf("Type a heap and its new size (%s 2 or %s=2), or take 1 from %s", g.Slots[0], g.Slots[0], g.Slots[0])
	}
	how += "; EVAL as your first move lets the calculator open. Ctrl-D quits."
	fmt.Fprintln(out, how)
	p, display, err := player.Init(ctx, vars)
	if err != nil {
		fmt.Fprintf(out, "INIT failed: %s\n", display)
		return exitFailed
	}
	fmt.Fprintf(out, "[INIT]  %s\n", display)
	if g.Param != "" {
		v, _ := vars.Value(g.Param).Int64()
		k = int(v)
		fmt.Fprintf(out, "%s=%d\n", g.Param, k)
	}
	rd := bufio.NewReader(in)
	first := true
	for {
		drawPosition(out, g, p)
		if len(g.Moves(p, k)) == 0 {
			fmt.Fprintln(out, "You have no move left: the calculator wins.")
			return exitOK
		}
		fmt.Fprint(out, "Your move> ")
		line, long, err := readLine(rd, maxLine)
		if err != nil {
			fmt.Fprintln(out, "\nGoodbye.")
			return exitOK
		}
		line = strings.TrimSpace(line)
		switch {
		case long:
			fmt.Fprintf(out, "That line is longer than %d characters.\n", maxLine)
			continue
		case line == "":
			continue
		case strings.EqualFold(line, "quit") || strings.EqualFold(line, "q"):
			fmt.Fprintln(out, "Goodbye.")
			return exitOK
		}
		if !(first && strings.EqualFold(line, "EVAL")) {
			q, err := parseGameMove(g, line, p)
			if err == nil && !g.Legal(p, q, k) {
				err = fmt.Errorf("%s does not follow from %s by one move of %s: see the rules above", shown(g, q), shown(g, p), prog.Title)
			}
			if err == nil && g.Packed != "" && len(q) > g.MaxHeaps {
				err = fmt.Errorf("that leaves %d heaps; the number holds %d after your move", len(q), g.MaxHeaps)
			}
			if err != nil {
				fmt.Fprintf(out, "%v\n", err)
				continue
			}
			p = q
			fmt.Fprintf(out, "you leave %s\n", shown(g, p))
			if p.Over() {
				return heapGameOver(out, g, p, "You")
			}
		}
		first = false
		t := player.Answer(ctx, vars, p, k)
		fmt.Fprintf(out, "[EVAL]  %s\n", t.Display)
		if !t.Moved && t.MovedPosition() {
			fmt.Fprintln(out, plusNote)
		}
		if !t.MovedPosition() {
			fmt.Fprintln(out, "The calculator has no winning move (SOLUTION NOT FOUND) and resigns.")
			fmt.Fprintln(out, "You win.")
			return exitOK
		}
		if !t.Readable || !g.Legal(p, t.After, k) {
			fmt.Fprintf(out, "disagreement: the equation's move from %s to %s is not legal\n", shown(g, p), shown(g, t.After))
			return exitFailed
		}
		p = t.After
		if p.Over() {
			return heapGameOver(out, g, p, "The calculator")
		}
	}
}

// heapGameOver announces the winner after who took the last object.
func heapGameOver(out io.Writer, g *programs.Game, p programs.Position, who string) int {
	drawPosition(out, g, p)
	return announceWinner(out, who, g.Misere)
}

// shown writes a position for the person: each slot's variable and size
// ("A=0 B=1 C=1"), or a packed program's number.
func shown(g *programs.Game, p programs.Position) string { return g.Spell(p, "%s=%d", " ") }
