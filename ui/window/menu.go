package window

import (
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// The window's menu by the keyboard: while it is open it takes every key
// (none reaches the calculator): ▲ ▼ (and Home, End) move through its
// rows, Enter or Space chooses the row, Escape or F10 closes it, a letter
// jumps to the next row that starts with it; a Control shortcut runs its
// command. The row chosen is drawn highlighted.

// menuKeys handles the frame's keys while the menu is open (chars are
// the typed characters, pressed the keys pressed); the error is the
// command's (Quit ends the window).
func (g *Game) menuKeys(chars []rune, pressed []ebiten.Key) error {
	g.in.shiftTap = false // Control tapped over the menu is no shift key
	n := len(commands)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	// A frame's typed letters go before its named keys, as on the
	// calculator (keyboard): Ebitengine does not tell their order, and a
	// letter then ▼ or Enter is what arrives together when keys come
	// faster than frames.
	if !ctrl {
		for _, r := range chars {
			g.menuJump(r)
		}
	}
	for _, k := range pressed {
		if ctrl {
			if c, ok := g.shortcut(k, ebiten.IsKeyPressed(ebiten.KeyShift)); ok {
				g.ctrl.SetMenu(false)
				return c.do(g)
			}
			continue
		}
		switch k {
		case ebiten.KeyArrowDown:
			g.in.menuSel = (g.in.menuSel + 1) % n
		case ebiten.KeyArrowUp:
			g.in.menuSel = (g.in.menuSel + n - 1) % n
		case ebiten.KeyHome, ebiten.KeyPageUp:
			g.in.menuSel = 0
		case ebiten.KeyEnd, ebiten.KeyPageDown:
			g.in.menuSel = n - 1
		case ebiten.KeyEscape, ebiten.KeyF10:
			g.ctrl.SetMenu(false)
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeySpace:
			g.ctrl.SetMenu(false)
			return commands[g.in.menuSel].do(g)
		}
	}
	for _, k := range inpututil.AppendJustReleasedKeys(nil) {
		g.keyUp(k)
	}
	g.redraw()
	return nil
}

// menuJump moves the menu's choice to the next row (after the chosen one,
// round to the first) whose text starts with the letter r, in either case.
func (g *Game) menuJump(r rune) {
	if !unicode.IsLetter(r) {
		return
	}
	n := len(commands)
	for d := 1; d <= n; d++ {
		i := (g.in.menuSel + d) % n
		if first := []rune(commands[i].what)[0]; unicode.ToLower(first) == unicode.ToLower(r) {
			g.in.menuSel = i
			return
		}
	}
}

// MenuChoice is the window's menu's row chosen by the keyboard (0 the
// first): for tests.
func (g *Game) MenuChoice() int { return g.in.menuSel }
