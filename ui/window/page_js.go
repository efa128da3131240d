package window

import (
	"slices"
	"syscall/js"

	"github.com/hp17b/hp17b/ui"
)

// inPage is true in the browser build: the window is the page's canvas,
// whose size the page sets (ebiten.WindowSize is 0×0 there and
// ebiten.SetWindowSize panics on it), and the program never ends while
// the page is open.
const inPage = true

// In the page the window's menu, its key map and its Ctrl shortcuts offer
// only what a page can do: no Quit (closing the tab ends it, continuous
// memory already kept), no state files to open, make or save as (the
// browser keeps one calculator; the page's own menu exports and imports
// it), no SOLVE list written to a file.
func init() {
	commands = slices.DeleteFunc(commands, func(c command) bool { return c.desktop })
	if touchScreen() {
		ui.SetTouchWords(true) // "tap a match" in the heaps panel
		for i, n := range helpNotes {
			if w, ok := touchWords[n.keys+n.what]; ok {
				helpNotes[i].keys, helpNotes[i].what = w[0], w[1]
			}
		}
	}
}

// pageCommands is how many commands the page's menu offers (its rows'
// height follows it on a phone): here, every command left.
func pageCommands() int { return len(commands) }

// touchWords are the key map overlay's words for the mouse (helpNotes, by
// their keys and what) as a touch screen says them.
var touchWords = map[string][2]string{
	"THE MOUSE": {"", "TOUCH"},
	"click a keypress it (held: drawn pressed)":  {"tap a key", "press it (held: drawn pressed)"},
	"click a matchtake it and those right of it": {"tap a match", "take it and those right of it"},
	"right clickthe window's menu":               {"MENU", "the window's menu"},
}

// touchScreen reports whether the page's main pointer is a finger (the
// CSS media query pointer: coarse).
func touchScreen() bool {
	mm := js.Global().Get("matchMedia")
	return mm.Type() == js.TypeFunction && mm.Invoke("(pointer: coarse)").Get("matches").Bool()
}

// pageAwake tells the page that the window has something to do or show:
// the page (web/hp17b.js, hp17bAwake) lets Ebitengine's animation frames
// run for a moment more, where it otherwise holds them while nothing
// changes so that an idle page does no work. Update calls it each tick,
// and the controller whenever a new snapshot is ready.
func pageAwake() {
	if f := js.Global().Get("hp17bAwake"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}
