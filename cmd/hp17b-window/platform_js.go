//go:build js && wasm

package main

import (
	"encoding/json"
	"net/url"
	"syscall/js"
	"time"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/webstore"
	"github.com/hp17b/hp17b/programs"
)

// stateKey is the browser storage's item that holds continuous memory.
const stateKey = "hp17b-state"

// programArgs are the page address's query turned into flags, the
// browser's command line: ?fresh&keys=SOLVE+CALC&click=540,200 gives
// --fresh, --keys "SOLVE CALC" and --click 540,200 (and ?program=kayles
// --program kayles). No query gives no
// flags: the calculator as kept in this browser.
func programArgs() []string {
	search := js.Global().Get("location").Get("search").String()
	if len(search) > 0 {
		search = search[1:] // the '?'
	}
	q, err := url.ParseQuery(search)
	if err != nil {
		return nil
	}
	var args []string
	for _, name := range []string{"fresh", "keys", "click", "report-startup", "program"} {
		vs, ok := q[name]
		switch {
		case !ok:
		case len(vs) == 0 || vs[0] == "":
			args = append(args, "--"+name)
		default:
			for _, v := range vs { // --click may repeat
				args = append(args, "--"+name, v)
			}
		}
	}
	return args
}

// openMachine opens the calculator kept in this browser's local storage
// (statePath has no meaning here), or a fresh one that is not kept.
func openMachine(_ string, fresh bool) (*emulator.Machine, string, error) {
	if fresh {
		return emulator.New(), "", nil
	}
	return emulator.OpenStore(webstore.Local{Key: stateKey})
}

// exposeFrame keeps the page's element #lcd holding the display's two
// lines as text, and #game the game kept in continuous memory in words
// (programs.Match.String), for the page's readers and tests (the canvas is
// pixels).
func exposeFrame(m *emulator.Machine) {
	doc := js.Global().Get("document")
	set := func(id, text string) bool {
		el := doc.Call("getElementById", id)
		if el.IsNull() {
			return false
		}
		el.Set("textContent", text)
		return true
	}
	go func() {
		var last, lastGame string
		for range time.Tick(100 * time.Millisecond) {
			f := m.Frame()
			if text := f.Top + "\n" + f.MenuLine(); text != last && set("lcd", text) {
				last = text
			}
			game := ""
			var mt programs.Match
			if b := m.Section("game"); b != nil && json.Unmarshal(b, &mt) == nil {
				game = mt.String()
			}
			if game != lastGame && set("game", game) {
				lastGame = game
			}
		}
	}()
}

// stateDir is "": the browser keeps one calculator, so Ctrl+N and
// Ctrl+Shift+S are off.
func stateDir(string, bool) string { return "" }
