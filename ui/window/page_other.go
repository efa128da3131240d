//go:build !js

package window

import "github.com/hp17b/hp17b/ui"

// inPage is false outside the browser: the window is the desktop's
// (page_js.go is the browser's).
const inPage = false

// PageMenu is the window's menu as the browser's page offers it (its
// desktop commands left out, page_js.go): each row's text, top to bottom,
// for the browser's tests.
func PageMenu() []string {
	var what []string
	for _, c := range commands {
		if !c.desktop {
			what = append(what, c.what)
		}
	}
	return what
}

// PageMenuRow is the rectangle of the page's menu row i (PageMenu's
// order), layout units, while the menu shows.
func PageMenuRow(l ui.Layout, i int) ui.Rect { return menuRow(l, i) }

// pageAwake does nothing outside the browser (page_js.go).
func pageAwake() {}
