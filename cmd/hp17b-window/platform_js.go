//go:build js && wasm

package main

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"syscall/js"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/webstore"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// stateKey is the browser storage's item that holds continuous memory.
const stateKey = "hp17b-state"

// windowFlags reads the page address's query, the browser's command line,
// into the window's flags without a command-line parser (the page carries
// no kong): ?fresh&keys=SOLVE+CALC&click=540,200 is --fresh, --keys
// "SOLVE CALC" and --click 540,200; ?program=kayles --program kayles;
// ?report-startup --report-startup. Other names are ignored. A bad click
// point is a usage error, printed on the browser's console (exitUsage).
// It first marks hp17b-main on the page's timeline: main's start, the
// runtime and the packages' initialisation done.
func windowFlags() (f cli.Window, status int, done bool) {
	mark("hp17b-main")
	search := js.Global().Get("location").Get("search").String()
	q, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "hp17b-window: the page's address: %v\n", err)
		return f, exitUsage, true
	}
	_, f.Fresh = q["fresh"]
	_, f.ReportStartup = q["report-startup"]
	f.Keys, f.Program = q.Get("keys"), q.Get("program")
	for _, v := range q["click"] {
		var c cli.Click
		if err := c.UnmarshalText([]byte(v)); err != nil {
			fmt.Fprintf(os.Stderr, "hp17b-window: click: %v\n", err)
			return f, exitUsage, true
		}
		f.Click = append(f.Click, c)
	}
	return f, 0, false
}

// openMachine opens the calculator kept in this browser's local storage
// (statePath has no meaning here), or a fresh one that is not kept; a
// fresh calculator holds the default programs.
func openMachine(_ string, fresh bool) (*emulator.Machine, string, error) {
	return emulator.Open(emulator.OpenOptions{Store: webstore.Local{Key: stateKey}, Fresh: fresh,
		Equations: programs.DefaultEquations()})
}

// yieldToPage gives the page its main thread back once between the
// program's start (its packages' initialisation, the flags, continuous
// memory read) and the window's (Ebitengine's set-up and first frame),
// which the page would otherwise run as one task of 0.6 s (a 390×844
// phone page on a quiet 2-core machine, docs/speed.md): the page paints
// and answers between the two, each well under half a second.
// Ebitengine took the page's gated requestAnimationFrame while its
// packages started (web/hp17b.js), before this.
func yieldToPage() {
	done := make(chan struct{})
	var resume js.Func
	resume = js.FuncOf(func(js.Value, []js.Value) any {
		resume.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", resume, 0)
	<-done
}

// exposeFrame keeps the page's element #lcd holding the display's two
// lines as text, and #game the game kept in continuous memory in words
// (programs.Match.String, once programs.DecodeMatch has checked it), for
// the page's readers and tests (the canvas is pixels). It returns the
// window's FirstFrame hook: the first text is written as the window's
// first frame is drawn, in the same task of the page (the page takes the
// text as the sign that the calculator shows, web/hp17b.js's hp17b-shown,
// the second visit's figure: never before the frame, and not up to a
// poll's 100 ms after it), then every 100 ms when it changed. The hook
// also marks hp17b-drawn on the page's timeline.
func exposeFrame(m *emulator.Machine) (firstFrame func()) {
	doc := js.Global().Get("document")
	set := func(id, text string) bool {
		el := doc.Call("getElementById", id)
		if el.IsNull() {
			return false
		}
		el.Set("textContent", text)
		return true
	}
	drawn := make(chan struct{})
	go func() {
		<-drawn
		var last, lastGame string
		tick := time.NewTicker(100 * time.Millisecond)
		for ; ; <-tick.C {
			f := m.Frame()
			if text := f.Top + "\n" + f.MenuLine(); text != last && set("lcd", text) {
				last = text
			}
			game := ""
			if b := m.Section("game"); b != nil {
				if s, err := programs.DecodeMatch(b); err == nil {
					game = s.Match.String()
				}
			}
			if game != lastGame && set("game", game) {
				lastGame = game
			}
		}
	}()
	return func() {
		mark("hp17b-drawn")
		close(drawn)
	}
}

// mark puts a mark named name on the page's performance timeline, for the
// start-up's figures (e2e, TestBrowserLoadFigures).
func mark(name string) {
	if p := js.Global().Get("performance"); p.Type() == js.TypeObject && p.Get("mark").Type() == js.TypeFunction {
		p.Call("mark", name)
	}
}

// stateDir is "": the browser keeps one calculator, so Ctrl+N and
// Ctrl+Shift+S are off.
func stateDir(string, bool) string { return "" }
