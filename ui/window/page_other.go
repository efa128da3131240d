//go:build !js

package window

import (
	"fmt"
	"slices"

	"github.com/hp17b/hp17b/ui"
)

// inPage is false outside the browser: the window is the desktop's
// (page_js.go is the browser's).
const inPage = false

// pageMenu is the window's menu as the browser's page offers it (its
// desktop commands left out, its page commands in), taken before init
// leaves the page's commands out of the desktop's menu.
var pageMenu = func() []string {
	var what []string
	for _, c := range commands {
		if !c.desktop {
			what = append(what, c.what)
		}
	}
	return what
}()

// The desktop's menu leaves out the page's own commands (the share sheet,
// the equation's link).
func init() {
	commands = slices.DeleteFunc(commands, func(c command) bool { return c.page })
}

// PageMenu is the window's menu as the browser's page offers it (its
// desktop commands left out, page_js.go): each row's text, top to bottom,
// for the browser's tests.
func PageMenu() []string { return slices.Clone(pageMenu) }

// pageCommands is how many commands the page's menu offers (its rows'
// height follows it on a phone).
func pageCommands() int { return len(pageMenu) }

// PageMenuRow is the rectangle of the page's menu row i (PageMenu's
// order), layout units, while the menu shows.
func PageMenuRow(l ui.Layout, i int) ui.Rect { return menuRow(l, i) }

// pageAwake does nothing outside the browser (page_js.go).
func pageAwake() {}

// pageHooks sets where a failed job is reported: standard error (the page
// also has its status line: page_js.go).
func (g *Game) pageHooks() {
	g.ctrl.SetFailureReport(func(err error) { fmt.Fprintf(g.opt.Stderr, "hp17b: %s\n", ui.FailureAdvice(err)) })
}

// The page's own actions have no desktop counterpart: these are never
// called outside the browser (inPage is false, and the page's commands are
// not in the desktop's menu).
func pageStatus(string)                                       {}
func (g *Game) pageDownload(string, string, int)              {}
func pageOpenFile()                                           {}
func pastePending() bool                                      { return false }
func (g *Game) pagePlaceLCD(ui.Layout, ui.View, [2]int, bool) {}
func (g *Game) shareEquation() error                          { return nil }
func (g *Game) copyLink() error                               { return nil }
