package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
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

// liveWindow starts the window program for real (not in screenshot mode,
// which redraws every tick), waits for its first frame and returns its X
// window id and a function that runs xdotool.
//
// These tests drive the live window at machine speed: each click follows
// its mouse move within 0-2 ms. They start once the first frame is shown
// (--report-startup prints it on the tick after its presentation).
func liveWindow(t *testing.T, args ...string) (win string, xdo func(...string)) {
	t.Helper()
	return startWindow(t, liveBinary(t), args...)
}

// liveBinary skips the test when xdotool or xwd is not installed, and
// otherwise builds the window program and returns its path.
func liveBinary(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"xdotool", "xwd"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (make test installs it)", tool)
		}
	}
	return buildWindow(t)
}

// startWindow runs the window program live with args, waits for its first
// frame, and returns its X window id and a function that runs xdotool.
func startWindow(t *testing.T, bin string, args ...string) (win string, xdo func(...string)) {
	t.Helper()
	win, _ = launch(t, bin, args...)
	return win, xdoFor(t)
}

// xdoFor returns a function that runs xdotool with its arguments and
// fails t, with xdotool's output, when xdotool fails.
func xdoFor(t *testing.T) func(...string) {
	return func(a ...string) {
		b, err := exec.Command("xdotool", a...).CombinedOutput()
		require.NoError(t, err, string(b))
	}
}

// quitByCtrlQ presses Ctrl+Q in the window win and waits up to 10 s (scaled) for
// its process to end without an error (wait is launch's). xdotool cannot
// release Control on a window that has gone, so Control is released
// afterwards, or the X server would hold it down for the tests that
// follow.
func quitByCtrlQ(t *testing.T, win string, wait func() error) {
	t.Helper()
	_ = exec.Command("xdotool", "key", "--window", win, "ctrl+q").Run() // the window may be gone first
	_ = exec.Command("xdotool", "keyup", "Control_L", "Control_R").Run()
	done := make(chan error, 1)
	go func() { done <- wait() }()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(scaled(10 * time.Second)):
		t.Fatal("Ctrl+Q did not quit")
	}
}

// signalWindow sends sig to the process of window win and waits up to
// within (scaled) for it to end cleanly; the test fails with what, the
// process's state, otherwise.
func signalWindow(t *testing.T, win string, wait func() error, sig syscall.Signal, within time.Duration, what string) {
	t.Helper()
	out, err := exec.Command("xdotool", "getwindowpid", win).Output()
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	require.NoError(t, err)
	require.NoError(t, syscall.Kill(pid, sig))
	exited := make(chan error, 1)
	go func() { exited <- wait() }()
	select {
	case err := <-exited:
		assert.NoError(t, err, "a clean exit")
	case <-time.After(scaled(within)):
		t.Fatalf("the window's process did not end at %s", what)
	}
}

// launch starts the window program with args, waits until its first frame
// is shown, and returns its X window id and a function that waits for the
// process to end (the test's cleanup kills it if it has not).
func launch(t *testing.T, bin string, args ...string) (win string, wait func() error) {
	t.Helper()
	return launchIn(t, "", bin, args...)
}

// launchIn is launch with the window's working folder dir ("" for the
// test's).
func launchIn(t *testing.T, dir, bin string, args ...string) (win string, wait func() error) {
	t.Helper()
	// A modifier left down by an earlier test (a window gone before
	// xdotool released it) would reach this window: release them first.
	_ = exec.Command("xdotool", "keyup", "Control_L", "Control_R", "Shift_L", "Shift_R", "Alt_L", "Alt_R").Run()
	cmd := exec.Command(bin, append(args, "--report-startup")...)
	cmd.Dir = dir
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var once sync.Once
	var werr error
	wait = func() error {
		once.Do(func() { werr = cmd.Wait() })
		return werr
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = wait() })
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "first frame") {
				close(ready)
				break
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case <-ready:
	case <-time.After(scaled(20 * time.Second)):
		t.Fatal("the window drew no frame")
	}
	// This process's window: a window of an earlier test (an orphan
	// that ends itself, one still being unmapped) bears the same name.
	ctx, cancel := context.WithTimeout(context.Background(), scaled(20*time.Second))
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--onlyvisible", "--pid", strconv.Itoa(cmd.Process.Pid), "--name", "HP-17BII").Output()
	require.NoError(t, err, "no visible window of process %d", cmd.Process.Pid)
	return strings.Fields(string(out))[0], wait
}

// at converts a point in layout units to window pixels for a capture's
// size.
func at(img image.Image, x, y float64) (int, int) {
	b := img.Bounds()
	scale, ox, oy := ui.NewLayout(true).Fit(float64(b.Dx()), float64(b.Dy()))
	return int(ox + x*scale), int(oy + y*scale)
}

// waitLCD captures the live window until its LCD's top line reads want,
// for at most d scaled to the machine's load (scaled).
// waitMenu waits (scaled) until the menu line's first label is want, and
// fails the test if it never is: a menu key pressed, seen before the
// next key (two named keys in one frame keep no order, docs/window.md).
func waitMenu(t *testing.T, win, want string, d time.Duration) {
	t.Helper()
	v := waitView(t, win, func(v lcdtest.Text) bool { return v.Labels[0] == want }, d)
	require.Equal(t, want, v.Labels[0], "the menu line: %v", v.Labels)
}

func waitLCD(t *testing.T, win, want string, d time.Duration) (image.Image, string) {
	t.Helper()
	deadline := time.Now().Add(scaled(d))
	var img image.Image
	var top string
	for time.Now().Before(deadline) {
		var err error
		img, err = captureWindow(win)
		require.NoError(t, err)
		top = lcdtest.Read(lcdDots(img)).Top
		if top == want || (want == "" && strings.HasSuffix(top, "7")) {
			return img, top
		}
		time.Sleep(20 * time.Millisecond)
	}
	return img, top
}

func clickAt(xdo func(...string), win string, img image.Image, r ui.Rect) {
	x, y := at(img, r.X+r.W/2, r.Y+r.H/2)
	// The click follows the move at once (0-2 ms), as a quick hand does.
	xdo("mousemove", "--window", win, strconv.Itoa(x), strconv.Itoa(y), "click", "1")
}

// TestLiveClicksLand: quick clicks on keys, each right after a mouse move,
// all land; the state file then holds their sum.
func TestLiveClicksLand(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	win, xdo := liveWindow(t, "--state", state)
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	const n = 12 // "1 + 1 + … + 1 =": 12 ones, 11 pluses, "=": 24 clicks
	for i := range n {
		clickAt(xdo, win, img, l.Keys[emulator.Key1])
		if i < n-1 {
			clickAt(xdo, win, img, l.Keys[emulator.KeyAdd])
		}
	}
	clickAt(xdo, win, img, l.Keys[emulator.KeyEquals])
	_, top := waitLCD(t, win, "12.00", 10*time.Second)
	assert.Equal(t, "12.00", top, "all 24 quick clicks landed")
	var st struct {
		Calculator struct {
			X string `json:"x"`
		} `json:"calculator"`
	}
	// The window writes the state a few times a second at most.
	deadline := time.Now().Add(scaled(5 * time.Second))
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(state); err == nil && json.Unmarshal(b, &st) == nil && st.Calculator.X == "12" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	assert.Equal(t, "12", st.Calculator.X)
}

// TestLiveMatchReply: after one click on a match and no other input, a
// real capture shows the calculator's reply and the new heaps within 1 s,
// and no key is left drawn pressed.
func TestLiveMatchReply(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh", "--keys", "SOLVE [CALC] [INIT]")
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	clickAt(xdo, win, img, l.Match(3, 6)) // D = 6
	xdo("mousemove", "--window", win, "1", "1")
	// No input follows (captures are no input): the reply is drawn by
	// itself.
	img, top := waitLCD(t, win, "EVAL=1,346.00", 5*time.Second)
	assert.Equal(t, "EVAL=1,346.00", top, "the reply is drawn without further input")
	// C lost one match: its fifth slot is empty now, its fourth is not.
	matchDrawn := func(h, j int) bool {
		m := l.Match(h, j)
		x, y := at(img, m.X+m.W/2, m.Y+m.H/2)
		r, g, b, _ := img.At(x, y).RGBA()
		return r>>8 > 0xc0 && g>>8 > 0xb0 && b>>8 > 0x80 // the match's colour
	}
	assert.True(t, matchDrawn(2, 3))
	assert.False(t, matchDrawn(2, 4), "the panel shows the calculator's move")
	assert.False(t, matchDrawn(3, 6))

	// A key clicked is drawn up again after its release (once its
	// digit shows, the click has been taken).
	clickAt(xdo, win, img, l.Keys[emulator.Key5])
	xdo("mousemove", "--window", win, "1", "1")
	_, top = waitLCD(t, win, "5", 5*time.Second)
	require.Equal(t, "5", top)
	k := l.Keys[emulator.Key5]
	_, up := captureUntil(t, win, 5*time.Second, func(img image.Image) bool {
		x, y := at(img, k.X+4, k.Y+4)
		r, _, _, _ := img.At(x, y).RGBA()
		return r>>8 < 0x60
	})
	assert.True(t, up, "the key is drawn up (not the pressed colour)")
}

// TestLiveGameProgram: --program starts Kayles; one click on the middle
// pin of the last row makes the person's move, and a real capture shows the
// calculator's split reply on the LCD and its six rows on the panel.
func TestLiveGameProgram(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh", "--program", "kayles")
	img, _ := waitLCD(t, win, "INIT=1,357.00", 5*time.Second)
	l := ui.NewLayout(true)
	grid := ui.Grid{Rows: 4, Cols: 9}
	clickAt(xdo, win, img, l.MatchIn(grid, 3, 3)) // 1 3 5 3 3
	xdo("mousemove", "--window", win, "1", "1")
	img, top := waitLCD(t, win, "EVAL=133,331.00", 5*time.Second)
	assert.Equal(t, "EVAL=133,331.00", top)
	rows := ui.Grid{Rows: 6, Cols: 9}
	matchDrawn := func(h, j int) bool {
		m := l.MatchIn(rows, h, j)
		x, y := at(img, m.X+m.W/2, m.Y+m.H/2)
		r, g, b, _ := img.At(x, y).RGBA()
		return r>>8 > 0xc0 && g>>8 > 0xb0 && b>>8 > 0x80
	}
	assert.True(t, matchDrawn(5, 0), "the sixth row (the split's second part) is drawn")
	assert.False(t, matchDrawn(5, 1))
	assert.True(t, matchDrawn(2, 2))
	assert.False(t, matchDrawn(2, 3), "the 5 is down to 3")
}

// TestLiveInterrupt: a click during a long search interrupts it, and
// INTERRUPTED is drawn. Each step waits on what the LCD shows: the click
// that starts the search is repeated only while nothing shows that it
// was taken (the first click on a window just opened can be lost on a
// busy machine), never once the search runs.
func TestLiveInterrupt(t *testing.T) {
	// Each evaluation takes a million square roots (about two seconds), and
	// the search many evaluations, within the solve's work budget (about
	// 30 s of work, docs/limits.md).
	win, xdo := liveWindow(t, "--fresh", "--keys", `SOLVE NEW "T×T=Σ(I:1:999999:1:SQRT(I))" INPUT CALC 1 [T]`)
	img, top := waitLCD(t, win, "T=1.00", 5*time.Second)
	require.Equal(t, "T=1.00", top, "the guess is stored")
	l := ui.NewLayout(true)
	searching := func(img image.Image) bool {
		top := lcdtest.Read(lcdDots(img)).Top
		return top == "CALCULATING..." || strings.HasPrefix(top, "T ") // the estimates: "T 1.00000000000 -"
	}
	running := false
	for try := 0; try < 3 && !running; try++ {
		clickAt(xdo, win, img, l.Keys[emulator.KeyF1]) // solve T: a search of seconds
		_, running = captureUntil(t, win, 5*time.Second, searching)
	}
	require.True(t, running, "the search runs and shows it")
	clickAt(xdo, win, img, l.Keys[emulator.Key5]) // any key interrupts
	_, top = waitLCD(t, win, "INTERRUPTED", 10*time.Second)
	assert.Equal(t, "INTERRUPTED", top)
}

// TestLiveClickedSolveStops: a replayed click (--click) that starts a
// solve of hours does not hold the window: it draws the search, and a key
// interrupts it, as after a click by hand. (A tick once waited for the
// click's job to end: the window drew nothing and took no key.)
func TestLiveClickedSolveStops(t *testing.T) {
	k := ui.NewLayout(true).Keys[emulator.KeyF1]
	win, xdo := liveWindow(t, "--fresh", "--keys", `SOLVE NEW "T=Σ(I:1:999999:1:Σ(J:1:999999:1:J+0×SQRT(J)))" INPUT CALC`,
		"--click", ftoa(k.X+k.W/2)+","+ftoa(k.Y+k.H/2)) // solve T: hours of work
	_, top := waitLCD(t, win, "CALCULATING...", 10*time.Second)
	require.Equal(t, "CALCULATING...", top, "the clicked solve runs, and the window draws it")
	xdo("key", "--window", win, "5") // any key interrupts
	_, top = waitLCD(t, win, "INTERRUPTED", 10*time.Second)
	assert.Equal(t, "INTERRUPTED", top)
}

// TestLiveBeepWithoutDevice: an error beeps; under Xvfb there is no audio
// device, and the window stays silent and keeps working.
func TestLiveBeepWithoutDevice(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	xdo("key", "--window", win, "--delay", "12", "1", "slash", "0", "Return")
	_, top := waitLCD(t, win, "DIVIDE BY 0", 5*time.Second)
	assert.Equal(t, "DIVIDE BY 0", top)
	xdo("key", "--window", win, "Delete") // a named key, seen before the digits
	_, top = waitLCD(t, win, "0.00", 5*time.Second)
	require.Equal(t, "0.00", top, "CLR clears the message")
	xdo("key", "--window", win, "--delay", "12", "4", "2")
	_, top = waitLCD(t, win, "42", 5*time.Second)
	assert.Equal(t, "42", top, "the window still answers after the beep")
}

// TestLiveNoStateFiles: a --fresh window has no state files, so Ctrl+O
// and Ctrl+N say so instead of arming the shift key.
func TestLiveNoStateFiles(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	xdo("key", "--window", win, "ctrl+o")
	_, top := waitLCD(t, win, "NO STATE FILES HERE", 5*time.Second)
	assert.Equal(t, "NO STATE FILES HERE", top)
	// Each key's effect is seen before the next: a named key and a
	// character in one frame keep no order (docs/window.md).
	xdo("key", "--window", win, "Delete")
	_, top = waitLCD(t, win, "0.00", 5*time.Second)
	require.Equal(t, "0.00", top, "CLR clears the message")
	xdo("key", "--window", win, "ctrl+n")
	_, top = waitLCD(t, win, "NO STATE FILES HERE", 5*time.Second)
	require.Equal(t, "NO STATE FILES HERE", top)
	xdo("key", "--window", win, "4")
	_, top = waitLCD(t, win, "4", 5*time.Second)
	assert.Equal(t, "4", top, "a key after the message types a digit, not a shifted function")
}

// TestLiveKeysLand: PC keys typed at xdotool's default speed (12 ms apart)
// all land in order: a digit, then two menu keys by their F-keys.
func TestLiveKeysLand(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh", "--keys", "SOLVE [CALC] [INIT]")
	for range 3 {
		// D=6 then EVAL; the reply is the calculator's move.
		xdo("key", "--window", win, "--delay", "12", "6", "F5", "F6")
		_, top := waitLCD(t, win, "EVAL=1,346.00", 5*time.Second)
		assert.Equal(t, "EVAL=1,346.00", top)
		xdo("key", "--window", win, "--delay", "12", "F1") // INIT again
		_, top = waitLCD(t, win, "INIT=1,357.00", 5*time.Second)
		assert.Equal(t, "INIT=1,357.00", top)
	}
}

// TestLiveNumberThenMenuKey: a number typed and a menu key pressed at
// machine speed (xdotool's --delay 0, so that they reach one frame
// together) are taken in that order: the menu key stores the whole number,
// repeated digits included.
func TestLiveNumberThenMenuKey(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh", "--keys", "FIN TVM")
	for _, c := range []struct{ typed, want string }{
		{"4500", "N=4,500.00"}, {"1100", "N=1,100.00"}, {"115000", "N=115,000.00"},
		{"3330", "N=3,330.00"}, {"77", "N=77.00"},
	} {
		xdo("type", "--window", win, "--delay", "0", c.typed)
		xdo("key", "--window", win, "--delay", "0", "F1")
		_, top := waitLCD(t, win, c.want, 5*time.Second)
		assert.Equal(t, c.want, top, "typed %s, then N", c.typed)
	}
}

// TestLiveRPN: MODES RPN by quick clicks, then the manual's chain
// calculation typed at machine speed with = as ENTER and ) as x≷y
// (17bII+ owner's manual p.274: 4 ÷ [14 + (7 × 3) − 2] is 0.12). Each
// click waits on what it shows before the next (the shift lit, the MODES
// menu, RPN MODE, MAIN's menu): on a loaded machine a click that came too
// soon after the window opened was lost, and F5 then opened SOLVE.
func TestLiveRPN(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	shifted := false
	for try := 0; try < 3 && !shifted; try++ { // the first click can be lost: clicked until lit
		clickAt(xdo, win, img, l.Keys[emulator.KeyShift])
		_, shifted = captureUntil(t, win, 3*time.Second, shiftLit)
	}
	require.True(t, shifted, "the shift key lit")
	labels := func(want string) func(image.Image) bool {
		return func(img image.Image) bool { return lcdtest.Read(lcdDots(img)).Labels[4] == want }
	}
	clickAt(xdo, win, img, l.Keys[emulator.KeyDSP]) // MODES
	_, modes := captureUntil(t, win, 5*time.Second, labels("RPN"))
	require.True(t, modes, "the MODES menu")
	clickAt(xdo, win, img, l.Keys[emulator.KeyF5])
	_, top := waitLCD(t, win, "RPN MODE", 5*time.Second)
	require.Equal(t, "RPN MODE", top)
	clickAt(xdo, win, img, l.Keys[emulator.KeyEXIT])
	_, main := captureUntil(t, win, 5*time.Second, labels("SOLVE"))
	require.True(t, main, "MAIN's menu")
	xdo("type", "--window", win, "--delay", "0", "7=3*14+2-4)/")
	_, top = waitLCD(t, win, "0.12", 5*time.Second)
	assert.Equal(t, "0.12", top)
}

// TestLiveWindowClass: the window's WM_CLASS is the desktop entry's
// StartupWMClass (packaging/linux), not Ebitengine's default.
func TestLiveWindowClass(t *testing.T) {
	win, _ := liveWindow(t, "--fresh")
	for _, by := range []string{"--class", "--classname"} {
		out, err := exec.Command("xdotool", "search", by, "^"+window.WindowClass+"$").Output()
		require.NoError(t, err, by)
		assert.Contains(t, strings.Fields(string(out)), win, by)
	}
	desktop, err := os.ReadFile("../packaging/linux/io.github.hp17b.hp17b.desktop")
	require.NoError(t, err)
	assert.Contains(t, string(desktop), "StartupWMClass="+window.WindowClass+"\n")
}

// TestLiveWindowPlaceKept: a window moved and resized opens there again
// from the same state file, even when its process was killed.
func TestLiveWindowPlaceKept(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	bin := buildWindow(t)
	t.Run("move and kill", func(t *testing.T) { // its cleanup kills the window
		win, xdo := startWindow(t, bin, "--state", state)
		xdo("windowmove", win, "120", "90", "windowsize", win, "990", "810")
		var st struct {
			Window *emulator.WindowPlace `json:"window"`
		}
		deadline := time.Now().Add(scaled(5 * time.Second))
		for time.Now().Before(deadline) {
			if b, err := os.ReadFile(state); err == nil && json.Unmarshal(b, &st) == nil && st.Window != nil && st.Window.Width == 990 {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		require.NotNil(t, st.Window, "the state keeps the window's place")
		assert.Equal(t, emulator.WindowPlace{X: 120, Y: 90, Width: 990, Height: 810}, *st.Window)
	})

	win2, _ := startWindow(t, bin, "--state", state)
	out, err := exec.Command("xdotool", "getwindowgeometry", win2).Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "Position: 120,90")
	assert.Contains(t, string(out), "Geometry: 990x810")
}

// TestLiveCloseDuringSolve: closing the window as a user does (the window
// manager's close, WM_DELETE_WINDOW) during a long nested Σ ends the
// process at once: the solve is interrupted, nothing queued runs. Each
// step takes a square root, so that the solve outlasts the look at it
// (whole-number steps reach the Σ budget in a fifth of a second).
func TestLiveCloseDuringSolve(t *testing.T) {
	for _, tool := range []string{"openbox", "wmctrl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (make test installs it)", tool)
		}
	}
	wm := exec.Command("openbox")
	require.NoError(t, wm.Start())
	t.Cleanup(func() { _ = wm.Process.Kill(); _ = wm.Wait() })
	bin := buildWindow(t)
	win, wait := launch(t, bin, "--fresh", "--keys", `SOLVE NEW "T=Σ(I:1:999999:1:Σ(J:1:999999:1:J+0×SQRT(J)))" INPUT CALC`)
	require.NoError(t, exec.Command("xdotool", "key", "--window", win, "F1").Run()) // solve T: hours of work
	_, top := waitLCD(t, win, "CALCULATING...", 5*time.Second)
	require.Equal(t, "CALCULATING...", top, "the solve runs")
	require.NoError(t, exec.Command("wmctrl", "-c", "HP-17BII").Run())
	exited := make(chan error, 1)
	go func() { exited <- wait() }()
	select {
	case err := <-exited:
		assert.NoError(t, err, "a clean exit")
	case <-time.After(scaled(10 * time.Second)): // a hang, not a speed figure
		t.Fatal("the process did not end when its window closed during a solve")
	}
}

// TestLiveClipboard: an equation put on the X clipboard is pasted with
// Ctrl+V into the SOLVE list and solved; Ctrl+C copies the answer back;
// a number pasted lands on the calculator line.
func TestLiveClipboard(t *testing.T) {
	if _, err := exec.LookPath("xclip"); err != nil {
		t.Skip("xclip is not installed (make test installs it)")
	}
	// setClipboard waits until the clipboard reads s back: xclip serves
	// the selection from a child it leaves behind, which may take it
	// after the command has ended (on a loaded machine, after a paste
	// that would then read the last owner's text).
	setClipboard := func(s string) {
		cmd := exec.Command("xclip", "-selection", "clipboard", "-in")
		cmd.Stdin = strings.NewReader(s)
		require.NoError(t, cmd.Run())
		var got string
		for deadline := time.Now().Add(scaled(5 * time.Second)); time.Now().Before(deadline) && got != s; time.Sleep(20 * time.Millisecond) {
			out, _ := exec.Command("xclip", "-selection", "clipboard", "-out").Output()
			got = string(out)
		}
		require.Equal(t, s, got, "the clipboard holds the text")
	}
	win, xdo := liveWindow(t, "--fresh", "--keys", "SOLVE")
	setClipboard("AREA:A=B×C+1")
	xdo("key", "--window", win, "ctrl+v")
	_, top := waitLCD(t, win, "AREA:A=B×C+1", 5*time.Second)
	require.Equal(t, "AREA:A=B×C+1", top, "the pasted equation is the current one")
	// CALC, B=2, C=3, solve A: each step seen on the display before the
	// next (a number and its menu key within one frame keep no order).
	for _, k := range []struct{ how, key, shows string }{
		{"key", "F1", "0.00"}, {"type", "2", "2"}, {"key", "F2", "B=2.00"},
		{"type", "3", "3"}, {"key", "F3", "C=3.00"}, {"key", "F1", "A=7.00"},
	} {
		xdo(k.how, "--window", win, k.key)
		_, top = waitLCD(t, win, k.shows, 5*time.Second)
		require.Equal(t, k.shows, top, "after %s", k.key)
	}
	xdo("key", "--window", win, "ctrl+c")
	var got string
	for deadline := time.Now().Add(scaled(5 * time.Second)); time.Now().Before(deadline) && got != "7"; time.Sleep(50 * time.Millisecond) {
		out, _ := exec.Command("xclip", "-selection", "clipboard", "-out").Output()
		got = string(out)
	}
	assert.Equal(t, "7", got, "Ctrl+C copies the answer at full precision")
	setClipboard("-1.5E-3")
	xdo("key", "--window", win, "ctrl+v")
	_, top = waitLCD(t, win, "-1.5E-3", 5*time.Second)
	assert.Equal(t, "-1.5E-3", top)
}

// TestLiveOffCloses: OFF (SHIFT then CLR, clicked) closes the window as
// the real calculator turns off, and continuous memory is kept; Ctrl+Q
// quits the same way.
func TestLiveOffCloses(t *testing.T) {
	bin := liveBinary(t)
	state := filepath.Join(t.TempDir(), "state.json")
	win, wait := launch(t, bin, "--state", state, "--keys", "42 STO 3")
	xdo := xdoFor(t)
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	clickAt(xdo, win, img, l.Keys[emulator.KeyShift])
	// The window may be gone before xdotool is done with the click.
	clickAt(func(a ...string) { _ = exec.Command("xdotool", a...).Run() }, win, img, l.Keys[emulator.KeyCLR])
	done := make(chan error, 1)
	go func() { done <- wait() }()
	select {
	case err := <-done:
		require.NoError(t, err, "the window ends normally")
	case <-time.After(scaled(10 * time.Second)):
		t.Fatal("OFF did not close the window")
	}
	m, _, err := emulator.Open(emulator.OpenOptions{Path: state, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	require.NoError(t, emulator.Run(m, "RCL 3", nil))
	assert.Equal(t, "42.00", m.Frame().Top, "continuous memory kept")

	win, wait = launch(t, bin, "--state", state)
	quitByCtrlQ(t, win, wait)
}

// TestLivePrintSolveList: in the live window, PRINTER LIST (clicks)
// prints the SOLVE list; F9 shows the paper and its Save button writes it.
func TestLivePrintSolveList(t *testing.T) {
	paper := filepath.Join(t.TempDir(), "paper.txt")
	ownDisplay(t) // after many windows on the shared server its shift clicks went astray
	win, xdo := liveWindow(t, "--fresh", "--keys", "SOLVE", "--paper", paper)
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	// The first click on a window just opened can go to the window
	// manager (focus) on a busy server: the shift key is clicked until lit.
	shifted := false
	for try := 0; try < 3 && !shifted; try++ {
		clickAt(xdo, win, img, l.Keys[emulator.KeyShift])
		_, shifted = captureUntil(t, win, 3*time.Second, shiftLit)
	}
	require.True(t, shifted, "the shift key lit")
	clickAt(xdo, win, img, l.Keys[emulator.KeyPRT]) // PRINTER
	_, printer := captureUntil(t, win, 5*time.Second, func(img image.Image) bool { return lcdtest.Read(lcdDots(img)).Labels[0] == "LIST" })
	require.True(t, printer, "the PRINTER menu")
	clickAt(xdo, win, img, l.Keys[emulator.KeyF1]) // LIST
	xdo("key", "--window", win, "F9")
	// Save is clicked until the paper is written: a click before the
	// panel shows does nothing, and each Save writes the same text.
	var b []byte
	for deadline := time.Now().Add(scaled(10 * time.Second)); time.Now().Before(deadline) && len(b) == 0; {
		clickAt(xdo, win, img, l.PaperSave)
		for wait := time.Now().Add(scaled(time.Second)); time.Now().Before(wait) && len(b) == 0; time.Sleep(50 * time.Millisecond) {
			b, _ = os.ReadFile(paper)
		}
	}
	text := string(b)
	assert.True(t, strings.HasPrefix(text, "NIM:IF(S(INIT):10×(10×(1\n"), "%.80q", text)
	assert.Contains(t, text, "\n\nNIMM:IF(S(INIT)", "a blank line, then the next equation")
}

// ownDisplay starts an X server of the test's own (Xvfb on a free display
// number) and points DISPLAY at it for the rest of the test, so that what
// earlier tests left on the shared server cannot reach this one.
func ownDisplay(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Skip("Xvfb is not installed (make test installs it)")
	}
	for n := 150; n < 200; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		display := fmt.Sprintf(":%d", n)
		x := exec.Command("Xvfb", display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
		require.NoError(t, x.Start())
		t.Cleanup(func() { _ = x.Process.Kill(); _ = x.Wait() })
		for deadline := time.Now().Add(scaled(10 * time.Second)); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if exec.Command("xdpyinfo", "-display", display).Run() == nil || fileExists(fmt.Sprintf("/tmp/.X11-unix/X%d", n)) {
				t.Setenv("DISPLAY", display)
				time.Sleep(200 * time.Millisecond)
				return
			}
		}
		t.Fatalf("Xvfb %s did not start", display)
	}
	t.Skip("no free display number")
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
