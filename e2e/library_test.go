package e2e

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/library"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/lcdtest"
)

// libraryPlaces is where the window draws the library's view at 1× (the
// desktop's side-by-side layout).
func libraryPlaces() ui.LibraryPlaces {
	l := ui.NewLayout(true)
	return ui.PlaceLibrary(ui.Rect{W: l.Width, H: l.Height})
}

// goldAt reports whether the capture is the menu's gold at the layout
// point (x, y).
func goldAt(img image.Image, x, y float64) bool {
	px, py := at(img, x, y)
	return colourDistance(img.At(img.Bounds().Min.X+px, img.Bounds().Min.Y+py), menuGold) < 3000
}

// libraryListShown reports whether the library's list shows with its
// first equation (row 1, under its topic's heading) chosen.
func libraryListShown(img image.Image) bool {
	p := libraryPlaces()
	v := ui.NewLibraryView(nil)
	r, _ := p.Row(v, 1)
	return goldAt(img, r.X+2, r.Y+r.H/2) && goldAt(img, p.Search.X, p.Search.Y+p.Search.H/2)
}

// libraryDetailShown reports whether an equation shows whole: its Add
// button drawn.
func libraryDetailShown(img image.Image) bool {
	p := libraryPlaces()
	return goldAt(img, p.Add.X+2, p.Add.Y+2)
}

// exampleSteps reads a library entry's worked example, "PV=30000 I%YR=12 …
// PMT → PMT=-301.92": the values to store in order, the variable to solve
// and the display expected.
func exampleSteps(t *testing.T, ex string) (stores [][2]string, solve, want string) {
	t.Helper()
	steps, want, ok := strings.Cut(ex, "→")
	require.True(t, ok, "the example %q has no → before its display", ex)
	fields := strings.Fields(steps)
	require.NotEmpty(t, fields)
	for _, f := range fields[:len(fields)-1] {
		name, val, ok := strings.Cut(f, "=")
		require.True(t, ok, "%q in %q is no NAME=VALUE", f, ex)
		stores = append(stores, [2]string{name, val})
	}
	return stores, fields[len(fields)-1], strings.TrimSpace(want)
}

// TestLiveLibraryCanadianMortgage: a newcomer's way to the Canadian
// mortgage with the keyboard alone. F10 opens the window's menu, E jumps
// to "Equation library…", Enter opens it; "canad" typed goes to its
// search (not the calculator), Enter shows CANM whole, Enter adds it:
// the display says CANM ADDED over its menu of variables. The worked
// example keyed through that menu solves to the display the library
// gives. The whole way takes well under a minute. With HP17B_CAPTURE set
// to a folder, the library's list and CANM shown whole are written there
// (window-library.png, window-library-entry.png).
func TestLiveLibraryCanadianMortgage(t *testing.T) {
	e, ok := library.Find("CANM")
	require.True(t, ok, "the library holds the Canadian mortgage")
	eq, err := solver.Parse(solver.Flatten(e.Text))
	require.NoError(t, err)
	stores, solve, want := exampleSteps(t, e.Example)

	win, xdo := liveWindow(t, "--fresh")
	key := func(keys ...string) { xdo(append([]string{"key", "--window", win, "--delay", "20"}, keys...)...) }
	waitLCD(t, win, "0.00", 10*time.Second)
	start := time.Now()
	key("F10")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "Open") })
	require.True(t, ok, "F10 opens the menu")
	key("e")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "Equation library") })
	require.True(t, ok, "E chooses Equation library…")
	key("Return")
	img, ok := captureUntil(t, win, 10*time.Second, libraryListShown)
	require.True(t, ok, "Enter opens the library's list")
	if dir := os.Getenv("HP17B_CAPTURE"); dir != "" {
		writeCapture(t, img, filepath.Join(dir, "window-library.png"))
	}
	key("c", "a", "n", "a", "d")
	key("Return")
	img, ok = captureUntil(t, win, 10*time.Second, libraryDetailShown)
	require.True(t, ok, "Enter shows the equation whole")
	if dir := os.Getenv("HP17B_CAPTURE"); dir != "" {
		writeCapture(t, img, filepath.Join(dir, "window-library-entry.png"))
	}
	key("Return")
	v := waitView(t, win, func(v lcdtest.Text) bool { return strings.TrimSpace(v.Top) == "CANM ADDED" }, 10*time.Second)
	require.Equal(t, "CANM ADDED", strings.TrimSpace(v.Top), "the typed search reached no key of the calculator")
	require.LessOrEqual(t, len(eq.Menu), 6, "CANM's menu is one line")
	for i, name := range eq.Menu {
		assert.Equal(t, name, v.Labels[i], "its menu of variables is open")
	}

	fkey := func(name string) string {
		for i, n := range eq.Menu {
			if n == name {
				return "F" + itoa(i+1)
			}
		}
		t.Fatalf("%s is not in CANM's menu %v", name, eq.Menu)
		return ""
	}
	for _, s := range stores {
		var keys []string
		val := strings.TrimPrefix(s[1], "-")
		for _, r := range val {
			keys = append(keys, string(r))
		}
		if val != s[1] {
			keys = append(keys, "n") // +/-
		}
		key(append(keys, fkey(s[0]))...)
		top := waitTop(t, win, func(top string) bool { return strings.HasPrefix(strings.TrimSpace(top), s[0]+"=") }, 10*time.Second)
		require.True(t, strings.HasPrefix(strings.TrimSpace(top), s[0]+"="), "%s stored: %q", s[0], top)
	}
	key(fkey(solve))
	top := waitTop(t, win, func(top string) bool { return strings.TrimSpace(top) == want }, 30*time.Second)
	require.Equal(t, want, strings.TrimSpace(top), "the worked example's display")
	took := time.Since(start)
	t.Logf("from F10 to %s: %v", want, took.Round(time.Millisecond))
	assert.Less(t, took, time.Minute, "a newcomer's minute")
}
