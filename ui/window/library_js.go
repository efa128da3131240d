package window

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/ui"
)

// In the browser's page the menu's "Equation library…" opens the page's
// own dialog (web/hp17b.js, fed by hp17bPage.library): the view drawn over
// the window (library.go) is not built into the wasm, and the window's
// input never finds it open (Game.in.library stays nil).

// openLibrary has the page show its library's dialog.
func (g *Game) openLibrary() error {
	pageOpenLibrary()
	return nil
}

// The view drawn over the window is the desktop's alone.
func (g *Game) libraryKeys([]rune, []ebiten.Key) error          { return nil }
func (g *Game) libraryClick(int, int)                           {}
func (g *Game) libraryWheel(float64)                            {}
func (g *Game) drawLibrary(painter, ui.Layout, *ui.LibraryView) {}
