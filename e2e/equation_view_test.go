package e2e

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/lcdtest"
	"github.com/hp17b/hp17b/ui/window"
)

// panelPaper is the colour at the top left of the panel's paper, where the
// whole-equation view (and the print-out) draws its sheet.
func panelPaper(img image.Image) (r, g, b uint32) {
	p := ui.NewLayout(true).Panel
	x, y := at(img, p.X+24, 40)
	r, g, b, _ = img.At(x, y).RGBA()
	return r, g, b
}

// TestLiveWholeEquation opens NIM for editing: the panel shows the whole
// equation; the PC keyboard's ↑ and ↓ move the cursor by a line of the
// view and back; Home and Ctrl+→ move the cursor through it
// by names and numbers to the 7 of L(D:7), Backspace and a typed 9 change
// that term, Enter stores it, and INIT solves the new equation: 1,359.
// With HP17B_CAPTURE set to a folder, the view is written there at 1× and
// 2× (docs/window.md shows them; the 2× one needs a screen of 1320×1080 or
// more: xvfb-run -s "-screen 0 1600x1200x24").
func TestLiveWholeEquation(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	idle, _ := waitLCD(t, win, "0.00", 5*time.Second)
	xdo("key", "--window", win, "F5") // SOLVE
	waitMenu(t, win, "CALC", 5*time.Second)
	xdo("key", "--window", win, "F2") // EDIT
	img, top := waitLCD(t, win, "0×(10×A+B)+C)+D-EVAL)", 5*time.Second)
	require.Equal(t, "0×(10×A+B)+C)+D-EVAL)", top, "EDIT leaves the cursor at the end")
	r0, g0, b0 := panelPaper(idle)
	r1, g1, b1 := panelPaper(img)
	assert.NotEqual(t, [3]uint32{r0, g0, b0}, [3]uint32{r1, g1, b1}, "the panel shows the equation's sheet")
	if dir := os.Getenv("HP17B_CAPTURE"); dir != "" {
		writeCapture(t, img, filepath.Join(dir, "equation-view-1x.png"))
	}

	// ↑ goes a line of the view back, keeping the column: the display's
	// 22 characters end at the cursor, one line's width before the end;
	// ↓ comes back to the end.
	grid, _, err := window.EquationGrid(ui.NewLayout(true), float64(img.Bounds().Dx()), float64(img.Bounds().Dy()))
	require.NoError(t, err)
	nim := []rune(programs.DefaultEquations()[0])
	up := len(nim) - grid.Cols
	xdo("key", "--window", win, "Up")
	want := string(nim[up-emulator.Width+1 : up+1])
	top = waitTop(t, win, func(s string) bool { return s == want }, 5*time.Second)
	require.Equal(t, want, top, "↑: the cursor %d characters back", grid.Cols)
	xdo("key", "--window", win, "Down")
	top = waitTop(t, win, func(s string) bool { return s == "0×(10×A+B)+C)+D-EVAL)" }, 5*time.Second)
	require.Equal(t, "0×(10×A+B)+C)+D-EVAL)", top, "↓: back at the end")

	xdo("key", "--window", win, "--delay", "12", "Home")
	top = waitTop(t, win, func(s string) bool { return strings.HasPrefix(s, "NIM:IF(") }, 5*time.Second)
	require.True(t, strings.HasPrefix(top, "NIM:IF("), "Home: %q", top)
	// NIM IF S INIT 10 10 10 L A 1 L B 3 L C 5 L D 7: each Ctrl+→ passes
	// one name or number; each press is seen on the display before the next
	// (the line scrolls, or the cursor moves along it: the first presses
	// stay within the 22 characters shown). Control is held down through
	// the presses, as a hand holds it.
	view := waitView(t, win, func(v lcdtest.Text) bool { return v.Top == top && v.Cursor >= 0 }, 5*time.Second)
	require.GreaterOrEqual(t, view.Cursor, 0, "the cursor is shown: %+v", view)
	xdo("keydown", "--window", win, "Control_L")
	for i := range 19 {
		before := view
		xdo("key", "--window", win, "Right")
		view = waitView(t, win, func(v lcdtest.Text) bool {
			return v.Top != before.Top || v.Cursor != before.Cursor
		}, 5*time.Second)
		require.False(t, view.Top == before.Top && view.Cursor == before.Cursor, "Ctrl+→ %d moved nothing: %+v", i+1, view)
	}
	top = view.Top
	xdo("keyup", "--window", win, "Control_L")
	require.True(t, strings.HasSuffix(top, "L(D:7)"), "the cursor stands after the 7: %q", top)
	xdo("key", "--window", win, "BackSpace")
	top = waitTop(t, win, func(s string) bool { return !strings.Contains(s, "L(D:7") }, 5*time.Second)
	require.NotContains(t, top, "L(D:7", "Backspace deletes the 7")
	xdo("key", "--window", win, "9")
	top = waitTop(t, win, func(s string) bool { return strings.Contains(s, "L(D:9") }, 5*time.Second)
	require.Contains(t, top, "L(D:9", "9 typed in its place")
	xdo("key", "--window", win, "Return")
	_, top = waitLCD(t, win, "NIM:IF(S(INIT):10×(10×", 5*time.Second)
	require.Equal(t, "NIM:IF(S(INIT):10×(10×", top, "INPUT stores the edited equation")
	// CALC, then INIT once CALC's menu is up: two presses of one key
	// within one frame reach the window as one (Ebitengine reads the keys'
	// state each frame), and a loaded machine draws few frames.
	xdo("key", "--window", win, "F1")
	_, top = waitLCD(t, win, "0.00", 5*time.Second)
	require.Equal(t, "0.00", top, "CALC shows the menu of the edited equation")
	xdo("key", "--window", win, "F1")
	_, top = waitLCD(t, win, "INIT=1,359.00", 5*time.Second)
	assert.Equal(t, "INIT=1,359.00", top, "the edited term counts: D starts at 9")

	if dir := os.Getenv("HP17B_CAPTURE"); dir != "" {
		xdo("key", "--window", win, "Escape") // back to the SOLVE list
		waitLCD(t, win, "NIM:IF(S(INIT):10×(10×", 5*time.Second)
		xdo("key", "--window", win, "F2") // EDIT again
		waitLCD(t, win, "0×(10×A+B)+C)+D-EVAL)", 5*time.Second)
		writeCapture(t, twice(t, win, xdo, img.Bounds(), panelDrawn), filepath.Join(dir, "equation-view-2x.png"))
	}
}

// twice resizes the live window to twice the size b and captures it once
// drawn anew there (drawn reports it).
func twice(t *testing.T, win string, xdo func(...string), b image.Rectangle, drawn func(image.Image) bool) image.Image {
	xdo("windowmove", "--sync", win, "0", "0")
	xdo("windowsize", "--sync", win, itoa(2*b.Dx()), itoa(2*b.Dy()))
	var big image.Image
	for deadline := time.Now().Add(scaled(10 * time.Second)); time.Now().Before(deadline); {
		var err error
		big, err = captureWindow(win)
		require.NoError(t, err)
		if big.Bounds().Dx() == 2*b.Dx() && drawn(big) {
			break
		}
	}
	return big
}

// panelDrawn reports whether the capture shows the equation's sheet in
// the panel (its paper's colour, as drawn at any size).
func panelDrawn(img image.Image) bool {
	r, g, b := panelPaper(img)
	return r > 0xd000 && g > 0xd000 && b > 0xc000
}

// waitTop captures the live window until its LCD's top line satisfies ok,
// and returns that line (the last one read at the deadline, d scaled by
// the machine's slowness).
func waitTop(t *testing.T, win string, ok func(string) bool, d time.Duration) string {
	t.Helper()
	var top string
	for deadline := time.Now().Add(scaled(d)); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		img, err := captureWindow(win)
		require.NoError(t, err)
		if top = lcdtest.Read(lcdDots(img)).Top; ok(top) {
			break
		}
	}
	return top
}

// waitView reads the window's display until ok holds of it or d (scaled
// to the machine's load) passes, and returns the last reading.
func waitView(t *testing.T, win string, ok func(lcdtest.Text) bool, d time.Duration) lcdtest.Text {
	t.Helper()
	var v lcdtest.Text
	for deadline := time.Now().Add(scaled(d)); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		img, err := captureWindow(win)
		require.NoError(t, err)
		if v = lcdtest.Read(lcdDots(img)); ok(v) {
			break
		}
	}
	return v
}

func writeCapture(t *testing.T, img image.Image, path string) {
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())
}

// markRed counts the pixels of the INVALID EQUATION mark's red in the
// panel's paper.
func markRed(img image.Image) int {
	p := ui.NewLayout(true).Panel
	x0, y0 := at(img, p.X+20, 36)
	x1, y1 := at(img, p.X+p.W-20, 36+float64(ui.PaperLines)*17+16)
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r > 0xa000 && g < 0x4000 && b < 0x4000 {
				n++
			}
		}
	}
	return n
}

// TestLiveInvalidEquationMark types an equation the Solver cannot read
// (A=B×÷C, typed A=B*/C) and CALCs it: INVALID EQUATION, the cursor at the
// ÷, and the panel's view underlines that place in red; a character typed
// there drops the mark.
func TestLiveInvalidEquationMark(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	waitLCD(t, win, "0.00", 5*time.Second)
	xdo("key", "--window", win, "F5") // SOLVE
	waitMenu(t, win, "CALC", 5*time.Second)
	xdo("key", "--window", win, "F4") // NEW
	waitLCD(t, win, "TYPE EQUATION; [INPUT]", 5*time.Second)
	xdo("type", "--window", win, "--delay", "12", "A=B*/C")
	waitLCD(t, win, "A=B×÷C", 5*time.Second)
	img, _ := waitLCD(t, win, "A=B×÷C", 5*time.Second)
	assert.Zero(t, markRed(img), "no mark before CALC")
	// INPUT, then CALC once the SOLVE list's menu is up: named keys within
	// one frame keep no order, and a loaded machine draws few frames.
	xdo("key", "--window", win, "Return")
	label := ""
	for deadline := time.Now().Add(scaled(5 * time.Second)); label != "CALC" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		shot, err := captureWindow(win)
		require.NoError(t, err)
		label = lcdtest.Read(lcdDots(shot)).Labels[0]
	}
	require.Equal(t, "CALC", label, "INPUT shows the SOLVE list's menu")
	xdo("key", "--window", win, "F1")
	img, top := waitLCD(t, win, "INVALID EQUATION", 5*time.Second)
	require.Equal(t, "INVALID EQUATION", top)
	for deadline := time.Now().Add(scaled(5 * time.Second)); markRed(img) == 0 && time.Now().Before(deadline); {
		var err error
		img, err = captureWindow(win)
		require.NoError(t, err)
	}
	assert.Greater(t, markRed(img), 20, "the ÷ underlined in red")
	if dir := os.Getenv("HP17B_CAPTURE"); dir != "" {
		writeCapture(t, img, filepath.Join(dir, "equation-mark-1x.png"))
		big := twice(t, win, xdo, img.Bounds(), func(img image.Image) bool { return markRed(img) > 80 })
		writeCapture(t, big, filepath.Join(dir, "equation-mark-2x.png"))
	}
	xdo("type", "--window", win, "--delay", "12", "D")
	img, top = waitLCD(t, win, "A=B×D÷C", 5*time.Second)
	require.Equal(t, "A=B×D÷C", top, "D typed at the mark, before the ÷")
	assert.Zero(t, markRed(img), "the mark gone with the edit")
}
