package e2e

import (
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/lcdtest"
	"github.com/hp17b/hp17b/ui/window"
)

// menuGold is the colour of the menu's row chosen by the keyboard
// (ui/window's colGold).
var menuGold = color.RGBA{0xd4, 0xa3, 0x3b, 0xff}

// menuChosen reports whether the menu's row that starts with what is
// drawn chosen in the capture (its left edge, where no text is, gold).
func menuChosen(img image.Image, what string) bool {
	l := ui.NewLayout(true)
	r, ok := window.MenuRow(l, what)
	if !ok {
		return false
	}
	x, y := at(img, r.X+2, r.Y+r.H/2)
	return colourDistance(img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y), menuGold) < 3000
}

// windowSize reads the live window's size from xdotool ("660x540").
func windowSize(t *testing.T, win string) string {
	out, err := exec.Command("xdotool", "getwindowgeometry", win).Output()
	require.NoError(t, err)
	s := string(out)
	return strings.Fields(s[strings.Index(s, "Geometry:"):])[1]
}

// waitWindowSize waits up to 10 s for the window's size to be want.
func waitWindowSize(t *testing.T, win, want string) string {
	size := windowSize(t, win)
	for deadline := time.Now().Add(scaled(10 * time.Second)); size != want && time.Now().Before(deadline); size = windowSize(t, win) {
		time.Sleep(50 * time.Millisecond)
	}
	return size
}

// TestLiveMenuByKeyboard: F10 opens the window's menu with its first row
// chosen; while it is open a digit does not reach the calculator; ▼ moves
// the choice, a letter jumps to the rows that start with it, Enter runs a
// zoom preset (the window resizes to 1.5× and back to 1×), Escape closes
// the menu.
func TestLiveMenuByKeyboard(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	key := func(keys ...string) { xdo(append([]string{"key", "--window", win}, keys...)...) }
	require.Equal(t, "660x540", windowSize(t, win))
	key("F10")
	_, ok := captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "Open") })
	require.True(t, ok, "F10 opens the menu, its first row chosen")
	key("5", "Down")
	img, ok := captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "New calculator") })
	require.True(t, ok, "▼ chooses the second row")
	assert.False(t, menuChosen(img, "Open"))
	assert.Equal(t, "0.00", lcdtest.Read(lcdDots(img)).Top, "the 5 typed over the menu did not reach the calculator")
	key("z", "Down")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "Zoom 1.5×") })
	require.True(t, ok, "z jumps to Zoom 1×, ▼ to Zoom 1.5×")
	key("Return")
	assert.Equal(t, "990x810", waitWindowSize(t, win, "990x810"), "Zoom 1.5×")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return !menuChosen(img, "Zoom 1.5×") })
	require.True(t, ok, "the menu closes after its command")
	key("F10")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "Open") })
	require.True(t, ok, "opened again, the first row chosen")
	key("z", "Return")
	assert.Equal(t, "660x540", waitWindowSize(t, win, "660x540"), "Zoom 1×")
	_, top := waitLCD(t, win, "0.00", 10*time.Second)
	assert.Equal(t, "0.00", top, "nothing typed over the menu reached the calculator")
	key("F10")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return menuChosen(img, "Open") })
	require.True(t, ok)
	key("Escape")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return !menuChosen(img, "Open") })
	require.True(t, ok, "Escape closes the menu")
	key("7")
	_, top = waitLCD(t, win, "7", 10*time.Second)
	assert.Equal(t, "7", top, "with the menu closed, keys reach the calculator again")
}

// regionDiffers reports whether captures a and b differ in the rectangle r
// (layout units) in more than a few pixels.
func regionDiffers(a, b image.Image, r ui.Rect) bool {
	x0, y0 := at(a, r.X, r.Y)
	x1, y1 := at(a, r.X+r.W, r.Y+r.H)
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if colourDistance(a.At(a.Bounds().Min.X+x, a.Bounds().Min.Y+y), b.At(b.Bounds().Min.X+x, b.Bounds().Min.Y+y)) > 3000 {
				n++
			}
		}
	}
	return n > 20
}

// TestLivePanelKeys: every button of the heaps panel by its PC key (the
// default key map): g New Game, z Undo, y Redo (the display follows the
// game), c Hint (the status changes), b Why (the why view in place of the
// heaps, and back).
func TestLivePanelKeys(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	key := func(keys ...string) { xdo(append([]string{"key", "--window", win}, keys...)...) }
	l := ui.NewLayout(true)
	key("g")
	_, top := waitLCD(t, win, "INIT=1,357.00", 10*time.Second)
	require.Equal(t, "INIT=1,357.00", top, "g: New Game")
	key("6", "F5", "F6") // D=6, EVAL
	_, top = waitLCD(t, win, "EVAL=1,346.00", 10*time.Second)
	require.Equal(t, "EVAL=1,346.00", top)
	key("z")
	_, top = waitLCD(t, win, "INIT=1,357.00", 10*time.Second)
	require.Equal(t, "INIT=1,357.00", top, "z: Undo, the display back at the start")
	key("y")
	before, top := waitLCD(t, win, "EVAL=1,346.00", 10*time.Second)
	require.Equal(t, "EVAL=1,346.00", top, "y: Redo")
	status := ui.Rect{X: l.Panel.X, Y: 462, W: l.Panel.W, H: 40}
	_, ok := captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return true })
	require.True(t, ok)
	key("c")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return regionDiffers(before, img, status) })
	assert.True(t, ok, "c: Hint says its move on the panel")
	heaps := ui.Rect{X: l.Panel.X + 10, Y: 90, W: l.Panel.W - 20, H: 240}
	key("b")
	shown, ok := captureUntil(t, win, 10*time.Second, func(img image.Image) bool { return regionDiffers(before, img, heaps) })
	assert.True(t, ok, "b: Why shows the why view in place of the heaps")
	key("b")
	_, ok = captureUntil(t, win, 10*time.Second, func(img image.Image) bool {
		return regionDiffers(shown, img, heaps) && !regionDiffers(before, img, heaps)
	})
	assert.True(t, ok, "b again: the heaps again")
}

// waitTitle waits (scaled) until the window's title contains want.
func waitTitle(t *testing.T, win, want string, d time.Duration) {
	t.Helper()
	var title []byte
	for deadline := time.Now().Add(scaled(d)); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		title, _ = exec.Command("xdotool", "getwindowname", win).Output()
		if strings.Contains(string(title), want) {
			return
		}
	}
	t.Fatalf("the title %q never said %s", strings.TrimSpace(string(title)), want)
}

// TestLiveRecordKeys: F7 starts recording in the live window, keys typed
// at machine speed are recorded, F7 writes the key script to a file in the
// working folder, and hp17b keys plays that file to the display the
// window showed.
func TestLiveRecordKeys(t *testing.T) {
	dir := t.TempDir()
	bin := liveBinary(t)
	cli := buildCLI(t)
	win, _ := launchIn(t, dir, bin, "--fresh")
	xdo := xdoFor(t)
	key := func(keys ...string) { xdo(append([]string{"key", "--window", win}, keys...)...) }
	// A named key and the characters typed after it within one frame keep
	// no order (docs/window.md: a frame's characters go before its named
	// keys), so each named key's effect is seen before the next characters:
	// F7's REC in the title, Enter's 6.00, CLR's 0.00.
	key("F7")
	waitTitle(t, win, "REC", 10*time.Second)
	key("2", "asterisk", "3", "Return")
	_, top := waitLCD(t, win, "6.00", 10*time.Second)
	require.Equal(t, "6.00", top, "2×3=")
	key("n", "s", "1")
	_, top = waitLCD(t, win, "-6.00", 10*time.Second)
	require.Equal(t, "-6.00", top)
	key("Delete")
	_, top = waitLCD(t, win, "0.00", 10*time.Second)
	require.Equal(t, "0.00", top, "CLR")
	key("r", "1", "plus", "4", "Return")
	shown, top := waitLCD(t, win, "-2.00", 10*time.Second)
	require.Equal(t, "-2.00", top, "2×3=6, +/-, STO 1, CLR, RCL 1 + 4 =")
	key("F7")
	var files []string
	for deadline := time.Now().Add(scaled(10 * time.Second)); len(files) == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		files, _ = filepath.Glob(filepath.Join(dir, "hp17b-keys-*.txt"))
	}
	require.Len(t, files, 1, "F7 wrote the recording")
	script, err := os.ReadFile(files[0])
	require.NoError(t, err)
	played, err := exec.Command(cli, "keys", "--fresh", strings.TrimSpace(string(script))).Output()
	require.NoError(t, err, "hp17b keys %s", script)
	lines := strings.Split(string(played), "\n")
	want := lcdtest.Read(lcdDots(shown))
	assert.Equal(t, want.Top, strings.TrimSpace(lines[0]), "hp17b keys %s", script)
	assert.Equal(t, strings.Join(want.Labels[:], " "), strings.Join(strings.Fields(lines[1]), " "), "the menu line")
}
