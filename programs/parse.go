package programs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/text"
)

// ParseMove reads the person's move from p as typed at the terminal:
// for slots a heap and its new size (B 4, B=4, b4) or a take (take 2 from
// B); for a packed program the new number, or "take K from N" for the Nth
// heap. An error names the heap and says what to type instead; a packed
// position of more than MaxHeaps heaps is refused (the calculator's answer
// must still fit in 12 digits). Whether the rule allows the move is
// Match.Check's.
func (g *Game) ParseMove(line string, p Position) (Position, error) {
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
		return g.fits(q.Compact())
	}
	s := strings.ReplaceAll(strings.TrimPrefix(strings.ReplaceAll(strings.ToUpper(line), " ", ""), g.Packed+"="), ",", "")
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n >= 1e12 {
		return nil, fmt.Errorf("%s is not a position: type the number your move leaves (12 digits at most), or take K from N", text.Quote(line))
	}
	q, _ := g.Unpack(hp17b.FromInt(n))
	return g.fits(q)
}

// fits is q, or an error when a packed position holds more heaps than
// the number keeps after the person's move.
func (g *Game) fits(q Position) (Position, error) {
	if len(q) > g.MaxHeaps {
		return nil, fmt.Errorf("that leaves %d heaps; the number holds %d after your move", len(q), g.MaxHeaps)
	}
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
