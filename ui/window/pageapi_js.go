//go:build js && wasm

package window

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/hp17b/hp17b/internal/link"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/clipboard"
)

// The page's way in and out (web/hp17b.js): the window gives the page an
// object, globalThis.hp17bPage, whose methods the page's own menu, its
// paste zone over the display, its file input, its link offer and the
// share target call; the window calls the page's hp17bStatus,
// hp17bDownload, hp17bOpenFile and hp17bShare. Every call across
// syscall/js checks the type of what it gets before it uses it, and every
// method runs inside ui.Guard: a method that fails returns {error: why}
// and reports it on the display and in the page's status line, and the
// calculator goes on.

// pageCall is one of hp17bPage's methods: it gets the call's arguments and
// returns a value for the page (a string, a number, a bool, a map of
// those) or an error.
type pageCall func(args []js.Value) (any, error)

// textArg is argument i as a string, or an error naming the method and
// what it wanted (a string of at most clipboard.MaxRead bytes).
func textArg(method string, args []js.Value, i int) (string, error) {
	if i >= len(args) || args[i].Type() != js.TypeString {
		return "", fmt.Errorf("%s: argument %d is not text", method, i+1)
	}
	// Measured before Go copies it: a string's UTF-16 units through a
	// String object (a string's own Length panics), each at least a byte.
	if units := js.Global().Get("Object").Invoke(args[i]).Get("length"); units.Type() == js.TypeNumber && units.Int() > clipboard.MaxRead {
		return "", clipboard.ErrTooLarge
	}
	s := args[i].String()
	if len(s) > clipboard.MaxRead {
		return "", clipboard.ErrTooLarge
	}
	return s, nil
}

// pageStatus shows text in the page's status line (web/hp17b.js).
func pageStatus(text string) {
	callPage("hp17bStatus", text)
}

// callPage calls the page's function name with args, when the page has
// it; it reports whether it did.
func callPage(name string, args ...any) bool {
	f := js.Global().Get(name)
	if f.Type() != js.TypeFunction {
		return false
	}
	f.Invoke(args...)
	return true
}

// pageDownload has the page download text as a file called name; n is
// how many equations it holds, for the display (ui.SavedMessage).
func (g *Game) pageDownload(name, text string, n int) {
	if !callPage("hp17bDownload", name, text) {
		pageStatus("This page cannot save files: reload it.")
		return
	}
	g.ctrl.Message(ui.SavedMessage(n))
}

// pastePending reports whether the page is about to deliver a paste
// through its paste event (Ctrl+V: web/hp17b.js focuses its paste zone
// and the browser pastes there, no permission asked), so that the Paste
// command does not also read navigator.clipboard.
func pastePending() bool {
	f := js.Global().Get("hp17bPastePending")
	if f.Type() != js.TypeFunction {
		return false
	}
	due := f.Invoke()
	return due.Type() == js.TypeBoolean && due.Bool()
}

// pageOpenFile has the page ask for an equation file (its file input).
func pageOpenFile() {
	if !callPage("hp17bOpenFile") {
		pageStatus("This page cannot open files: reload it.")
	}
}

// pageOpenLibrary has the page show its equation library's dialog
// (web/hp17b.js, fed by hp17bPage.library).
func pageOpenLibrary() {
	if !callPage("hp17bLibrary") {
		pageStatus("This page cannot show the library: reload it.")
	}
}

// shareEquation hands the current equation's text to the phone's share
// sheet, or copies it where the browser has none (web/hp17b.js).
func (g *Game) shareEquation() error {
	text := g.ctrl.CurrentEquation()
	if text == "" {
		g.ctrl.Message("NO EQUATION TO SHARE")
		pageStatus("The SOLVE list is empty: type or paste an equation first.")
		return nil
	}
	callPage("hp17bShare", text)
	return nil
}

// copyLink copies a link that opens the current equation in this page
// (internal/link), or says why there is none.
func (g *Game) copyLink() error {
	text := g.ctrl.CurrentEquation()
	if text == "" {
		g.ctrl.Message("NO EQUATION TO LINK")
		pageStatus("The SOLVE list is empty: type or paste an equation first.")
		return nil
	}
	l, err := link.Make(pageAddress(), text)
	if err != nil {
		g.ctrl.Message("LINK TOO LONG")
		pageStatus(err.Error())
		return nil
	}
	callPage("hp17bCopyLink", l)
	return nil
}

// pageAddress is the page's address without its fragment.
func pageAddress() string {
	loc := js.Global().Get("location")
	if loc.Type() != js.TypeObject {
		return ""
	}
	href := loc.Get("href")
	if href.Type() != js.TypeString {
		return ""
	}
	s, _, _ := strings.Cut(href.String(), "#")
	return s
}

// pageHooks gives the page its object hp17bPage and sets where a failed
// job is reported (the page's status line and console).
func (g *Game) pageHooks() {
	g.ctrl.SetFailureReport(func(err error) {
		fmt.Fprintf(g.opt.Stderr, "hp17b: %s\n", ui.FailureAdvice(err))
		pageStatus(ui.FailureAdvice(err))
	})
	methods := map[string]pageCall{
		// paste(text): text pasted in the page (its paste event, the
		// paste zone over the display, a shared text), given to the
		// calculator as Ctrl+V gives it.
		"paste": func(args []js.Value) (any, error) {
			text, err := textArg("paste", args, 0)
			if err != nil {
				if errors.Is(err, clipboard.ErrTooLarge) {
					g.ctrl.Message("PASTE TOO LARGE: 1 MB")
				}
				return nil, err
			}
			g.ctrl.Paste(text)
			return true, nil
		},
		// openText(name, text): an equation file opened through the page's
		// file input, added as a dropped file's equations are.
		"openText": func(args []js.Value) (any, error) {
			name, err := textArg("openText", args, 0)
			if err != nil {
				return nil, err
			}
			text, err := textArg("openText", args, 1)
			if err != nil {
				if errors.Is(err, clipboard.ErrTooLarge) {
					g.ctrl.Message("FILE TOO LARGE: 1 MB")
				}
				return nil, err
			}
			g.ctrl.LoadText(name, text, g.opt.Stderr)
			return true, nil
		},
		// offerLink(fragment): the equations of an #eq= link, read but not
		// added: {text, offer}, the offer as ui.Offer's JSON text.
		"offerLink": func(args []js.Value) (any, error) {
			frag, err := textArg("offerLink", args, 0)
			if err != nil {
				return nil, err
			}
			text, err := link.Parse(frag)
			if err != nil {
				return nil, err
			}
			offer, err := json.Marshal(g.ctrl.Offer(text))
			if err != nil {
				return nil, err
			}
			return map[string]any{"text": text, "offer": string(offer)}, nil
		},
		// add(text): the equations of an accepted offer, added to the
		// SOLVE list (never replacing it).
		"add": func(args []js.Value) (any, error) {
			text, err := textArg("add", args, 0)
			if err != nil {
				return nil, err
			}
			g.ctrl.LoadText("the link", text, g.opt.Stderr)
			return true, nil
		},
		// library(): the equation library as ui.LibraryEntry's JSON text,
		// by topic, each marked known when the SOLVE list holds an
		// equation of its name.
		"library": func([]js.Value) (any, error) {
			b, err := json.Marshal(g.ctrl.Library())
			return string(b), err
		},
		// addLibrary(name): the library's equation name added to the SOLVE
		// list and its menu opened (ui.Controller.AddFromLibrary: one of
		// that name already there is never replaced, and the display and
		// a notice say so).
		"addLibrary": func(args []js.Value) (any, error) {
			name, err := textArg("addLibrary", args, 0)
			if err != nil {
				return nil, err
			}
			g.ctrl.AddFromLibrary(name)
			return true, nil
		},
		// solveList(): the SOLVE list as Ctrl+S writes it: {text, count}.
		"solveList": func([]js.Value) (any, error) {
			text, n := g.ctrl.SolveListText()
			return map[string]any{"text": text, "count": n}, nil
		},
		// link(address): the link that opens the current equation at the
		// page's address (internal/link), or why there is none.
		"link": func(args []js.Value) (any, error) {
			host, err := textArg("link", args, 0)
			if err != nil {
				return nil, err
			}
			text := g.ctrl.CurrentEquation()
			if text == "" {
				return nil, errors.New("the SOLVE list is empty: type or paste an equation first")
			}
			return link.Make(host, text)
		},
		// current(): the SOLVE list's current equation ("" for none).
		"current": func([]js.Value) (any, error) {
			return g.ctrl.CurrentEquation(), nil
		},
	}
	if testHooks() {
		// failNow(): an action that fails, for the page's tests: the
		// calculator must go on with its memory.
		methods["failNow"] = func(args []js.Value) (any, error) {
			return args[len(args)], nil // out of range: a runtime panic
		}
	}
	api := js.Global().Get("Object").New()
	for name, call := range methods {
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			return g.pageMethod(name, call, args)
		}))
	}
	js.Global().Set("hp17bPage", api)
	callPage("hp17bReady")
}

// pageMethod runs one of hp17bPage's methods inside ui.Guard and returns
// {value} or {error} to the page; a failure is also reported as any
// failed action is (Game.failed).
func (g *Game) pageMethod(name string, call pageCall, args []js.Value) any {
	var v any
	var err error
	if failed := ui.Guard("the page's "+name, func() { v, err = call(args) }); failed != nil {
		g.failed(failed)
		return map[string]any{"error": ui.FailureAdvice(failed)}
	}
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	if v == nil {
		v = true
	}
	return map[string]any{"value": v}
}

// testHooks reports whether the page's address asks for the test hooks
// (?test-hooks).
func testHooks() bool {
	loc := js.Global().Get("location")
	if loc.Type() != js.TypeObject {
		return false
	}
	s := loc.Get("search")
	return s.Type() == js.TypeString && strings.Contains(s.String(), "test-hooks")
}

// pagePlaceLCD tells the page where the display is drawn on the canvas
// (device pixels, of a canvas size×size), so that its paste zone lies over
// it: a long press there offers the browser's Paste. Told when it moves;
// while covered (the window's menu, the key map or About drawn over the
// display, whose rows a tap must reach) the zone is given no size.
func (g *Game) pagePlaceLCD(l ui.Layout, view ui.View, size [2]int, covered bool) {
	x0, y0 := view.Body.Pixel(l.Bezel.X, l.Bezel.Y)
	x1, y1 := view.Body.Pixel(l.Bezel.X+l.Bezel.W, l.Bezel.Y+l.Bezel.H)
	r := [6]float64{x0, y0, x1 - x0, y1 - y0, float64(size[0]), float64(size[1])}
	if covered {
		r[2], r[3] = 0, 0
	}
	if r == g.lcdPlace {
		return
	}
	g.lcdPlace = r
	callPage("hp17bPlaceLCD", r[0], r[1], r[2], r[3], r[4], r[5])
}
