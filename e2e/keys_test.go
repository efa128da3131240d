package e2e

import (
	"bufio"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/lcdtest"
	"github.com/hp17b/hp17b/ui/window"
)

// xKeys are the X key names (keysyms) xdotool sends for Ebitengine's key
// names of the default key map.
var xKeys = map[string]string{
	"Enter": "Return", "NumpadEnter": "KP_Enter", "Backspace": "BackSpace", "Escape": "Escape",
	"Home": "Home", "Delete": "Delete", "Tab": "Tab", "ArrowUp": "Up", "ArrowDown": "Down", "Space": "space",
	"F1": "F1", "F2": "F2", "F3": "F3", "F4": "F4", "F5": "F5", "F6": "F6",
}

// xChars are the X key names of the characters the default map uses that
// are not letters or digits.
var xChars = map[rune]string{
	'.': "period", ',': "comma", '+': "plus", '-': "minus", '*': "asterisk", '/': "slash",
	'^': "asciicircum", '(': "parenleft", ')': "parenright", '=': "equal", '%': "percent",
}

// xKey is the X key name that sends b, false for a binding xdotool cannot
// send or that is the window's own (the overlay, the paper, …).
func xKey(b ui.Binding) (string, bool) {
	if b.Action.Help || b.Action.Paper || b.Action.About || b.Action.Panel || b.Action.Menu || b.Action.Game != ui.GameNone || b.Action.Record {
		return "", false
	}
	if b.Name != "" {
		k, ok := xKeys[b.Name]
		return k, ok
	}
	if k, ok := xChars[b.Char]; ok {
		return k, true
	}
	return string(b.Char), true
}

// reference presses on a machine what the window does for a.
func reference(m *emulator.Machine, a ui.Action) {
	switch {
	case a.Cancel && m.Frame().Shift:
		m.Press(emulator.KeyShift)
	case a.Shift:
		m.Press(emulator.KeyShift)
		m.Press(a.Key)
	default:
		m.Press(a.Key)
	}
}

// TestLiveShiftTap: Control tapped alone (held 80 ms, as a hand taps it)
// lights the shift annunciator at once, with no other input; the next
// key is shifted (4, tap, / is 1/x: 0.25); Escape after a tap cancels the
// shift and stays in the menu.
func TestLiveShiftTap(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	tap := func() {
		xdo("keydown", "--window", win, "Control_L")
		time.Sleep(150 * time.Millisecond) // a tap longer than a frame
		xdo("keyup", "--window", win, "Control_L")
	}
	xdo("key", "--window", win, "4")
	img, top := waitLCD(t, win, "4", 5*time.Second)
	require.Equal(t, "4", top)
	require.False(t, shiftLit(img), "no shift before the tap")
	tap()
	_, shifted := captureUntil(t, win, 5*time.Second, shiftLit)
	assert.True(t, shifted, "the annunciator shows after the tap, with no other input")
	xdo("key", "--window", win, "slash")
	img, top = waitLCD(t, win, "0.25", 5*time.Second)
	assert.Equal(t, "0.25", top, "4, Ctrl tapped, / is 1/x")
	assert.False(t, shiftLit(img), "the shift is used up")

	xdo("key", "--window", win, "Delete")
	time.Sleep(60 * time.Millisecond)
	xdo("key", "--window", win, "F1") // FIN
	inFIN := func(img image.Image) bool { return lcdtest.Read(lcdDots(img)).Labels[0] == "TVM" }
	_, ok := captureUntil(t, win, 5*time.Second, inFIN)
	require.True(t, ok, "FIN")
	tap()
	_, shifted = captureUntil(t, win, 5*time.Second, shiftLit)
	require.True(t, shifted)
	xdo("key", "--window", win, "Escape")
	img, cancelled := captureUntil(t, win, 5*time.Second, func(img image.Image) bool { return !shiftLit(img) })
	assert.True(t, cancelled, "Escape cancelled the shift")
	assert.True(t, inFIN(img), "and left FIN's menu as it was")

	// The key right after the tap's release, in one xdotool command:
	// both reach the same frame, and the release is taken first.
	xdo("key", "--window", win, "Delete")
	time.Sleep(60 * time.Millisecond)
	xdo("key", "--window", win, "9")
	_, top = waitLCD(t, win, "9", 5*time.Second)
	require.Equal(t, "9", top)
	xdo("keydown", "--window", win, "Control_L")
	time.Sleep(150 * time.Millisecond)
	xdo("keyup", "--window", win, "Control_L", "key", "--window", win, "--delay", "0", "slash")
	_, top = waitLCD(t, win, "0.11", 5*time.Second)
	assert.Equal(t, "0.11", top, "the key right after the release is shifted")
}

// captureUntil captures the live window until cond holds of a capture or
// d (scaled to the machine's load: scaled) has passed; it returns the last capture and whether cond held.
func captureUntil(t *testing.T, win string, d time.Duration, cond func(image.Image) bool) (image.Image, bool) {
	t.Helper()
	var img image.Image
	for deadline := time.Now().Add(scaled(d)); ; time.Sleep(20 * time.Millisecond) {
		var err error
		img, err = captureWindow(win)
		require.NoError(t, err)
		if cond(img) {
			return img, true
		}
		if time.Now().After(deadline) {
			return img, false
		}
	}
}

// shiftLit reads the shift annunciator from a capture: the dark stem of
// its arrow (ui/window's face.go draws it there).
func shiftLit(img image.Image) bool {
	l := ui.NewLayout(true)
	strip := ui.Rect{X: l.Bezel.X, Y: l.Bezel.Y, W: l.Bezel.W, H: l.DotY - l.Bezel.Y}
	lit, unlit := facePainted(img, emulator.Frame{Shift: true}, nil), facePainted(img, emulator.Frame{}, nil)
	return closerTo(img, strip, lit, unlit)
}

// facePainted is the face ui.Face paints for frame f with pressed held,
// at the size of the capture img (the window shows exactly that).
func facePainted(img image.Image, f emulator.Frame, pressed []emulator.Key) *image.RGBA {
	dst := image.NewRGBA(image.Rectangle{Max: img.Bounds().Size()})
	ui.NewFace(ui.DefaultSkin(), window.Title(solver.Model17BII), true).Paint(dst, f, pressed)
	return dst
}

// closerTo reports whether the capture's rectangle r (layout units) looks
// more like the painting want than like other.
func closerTo(img image.Image, r ui.Rect, want, other *image.RGBA) bool {
	x0, y0 := at(img, r.X, r.Y)
	x1, y1 := at(img, r.X+r.W, r.Y+r.H)
	b := img.Bounds()
	var dWant, dOther int64
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c := img.At(b.Min.X+x, b.Min.Y+y)
			dWant += colourDistance(c, want.At(x, y))
			dOther += colourDistance(c, other.At(x, y))
		}
	}
	return dWant < dOther
}

func colourDistance(a, b color.Color) int64 {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(p, q uint32) int64 { return max(int64(p), int64(q)) - min(int64(p), int64(q)) }
	return d(ar, br) + d(ag, bg) + d(ab, bb)
}

// TestLiveDefaultKeyMap: every binding of the default key map that
// presses the calculator reaches its key or shifted function: after MAIN
// and CLR (by their PC keys, Home and Delete, when needed), the binding's
// key is sent (a shift key's binding as 4, the key, /), and after each
// key the window's LCD, read back from a real capture, must come to match
// a reference calculator given the same keys.
func TestLiveDefaultKeyMap(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	ref := emulator.New(programs.DefaultEquations())
	fresh := ref.Frame()
	// press sends one PC key, gives the reference what the window does
	// for a, and waits until the window shows what the reference does.
	// One key a frame: Ebitengine gives a frame's typed characters and its
	// other keys apart, without their order (docs/window.md, Input).
	press := func(name, key string, a ui.Action) {
		reference(ref, a)
		xdo("key", "--window", win, key)
		want := lcdtest.Read(ui.RenderLCD(ref.Frame()))
		clock := slices.Contains(want.Labels[:], "APPT") // TIME: the two clocks differ
		var got lcdtest.Text
		for deadline := time.Now().Add(scaled(10 * time.Second)); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			img, err := captureWindow(win)
			require.NoError(t, err)
			if got = lcdtest.Read(lcdDots(img)); clock {
				got.Top, want.Top = "", ""
			}
			if got == want {
				break
			}
		}
		assert.Equal(t, want, got, "%s", name)
		time.Sleep(60 * time.Millisecond) // the next key in a frame of its own
	}
	named := func(name string) ui.Action { a, _ := ui.NamedKeyAction(name, false); return a }
	tried := 0
	for _, b := range ui.DefaultKeyMap().Bindings() {
		key, ok := xKey(b)
		if !ok {
			continue
		}
		name, a := b.Name, named(b.Name)
		if name == "" {
			name = "'" + string(b.Char) + "'"
			a, _ = ui.CharAction(b.Char, false)
		}
		if f := ref.Frame(); f.Labels != fresh.Labels || f.Top != fresh.Top || f.Shift {
			press("Home (MAIN)", "Home", named("Home"))
			press("Delete (CLR)", "Delete", named("Delete"))
		}
		if !a.Shift && a.Key == emulator.KeyShift {
			press("4", "4", ui.Action{Key: emulator.Key4})
			press(name, key, a)
			press(name+" then /", "slash", ui.Action{Key: emulator.KeyDiv}) // 1/x
		} else {
			press(name, key, a)
		}
		tried++
	}
	assert.Greater(t, tried, 50, "the bindings tried")
}

// keyPressed reads from a capture whether key k is drawn pressed (its
// corner in the pressed colour, lighter than a key at rest).
func keyPressed(img image.Image, l ui.Layout, k emulator.Key) bool {
	r := l.Keys[k]
	r = ui.Rect{X: r.X - 2, Y: r.Y - 2, W: r.W + 4, H: r.H + 6}
	return closerTo(img, r, facePainted(img, emulator.Frame{}, []emulator.Key{k}), facePainted(img, emulator.Frame{}, nil))
}

// TestLiveHeldKeyDrawnPressed: a key held down, by the mouse or by its PC
// key, is drawn pressed in a capture taken while it is held (long after
// a click's flash), and up again once released.
func TestLiveHeldKeyDrawnPressed(t *testing.T) {
	win, xdo := liveWindow(t, "--fresh")
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	k := l.Keys[emulator.Key8]
	x, y := at(img, k.X+k.W/2, k.Y+k.H/2)
	pressed := func(k emulator.Key) func(image.Image) bool {
		return func(img image.Image) bool { return keyPressed(img, l, k) }
	}
	up := func(k emulator.Key) func(image.Image) bool {
		return func(img image.Image) bool { return !keyPressed(img, l, k) }
	}
	xdo("mousemove", "--window", win, itoa(x), itoa(y), "mousedown", "1")
	_, ok := captureUntil(t, win, 5*time.Second, func(img image.Image) bool { return lcdtest.Read(lcdDots(img)).Top == "8" })
	assert.True(t, ok, "8 pressed")
	time.Sleep(600 * time.Millisecond) // well past a click's flash
	_, ok = captureUntil(t, win, 5*time.Second, pressed(emulator.Key8))
	assert.True(t, ok, "held by the mouse: drawn pressed")
	xdo("mouseup", "1")
	img, ok = captureUntil(t, win, 5*time.Second, up(emulator.Key8))
	assert.True(t, ok, "released: drawn up")
	assert.Equal(t, "8", lcdtest.Read(lcdDots(img)).Top, "the click pressed 8 once")

	xdo("keydown", "--window", win, "s") // STO
	time.Sleep(600 * time.Millisecond)
	_, ok = captureUntil(t, win, 5*time.Second, pressed(emulator.KeySTO))
	assert.True(t, ok, "held PC key: its calculator key drawn pressed")
	xdo("keyup", "--window", win, "s")
	_, ok = captureUntil(t, win, 5*time.Second, up(emulator.KeySTO))
	assert.True(t, ok, "released: drawn up")
}

// TestLivePanelHideShow: F8 hides the heaps panel, the window narrowing by
// the panel's width so that the calculator keeps its place and size; F8
// shows it again, the window's menu (a right click) hides it again, and a
// window reopened on the same state opens without it.
func TestLivePanelHideShow(t *testing.T) {
	state := t.TempDir() + "/state.json"
	bin := buildWindow(t)
	win, wait := launch(t, bin, "--state", state, "--keys", `SOLVE NEW "X=Y" INPUT`)
	xdo := xdoFor(t)
	geometry := func() string {
		out, err := exec.Command("xdotool", "getwindowgeometry", win).Output()
		require.NoError(t, err)
		return string(out)
	}
	// waitSize waits up to 5 s for the window's size to be size.
	waitSize := func(size string) {
		for deadline := time.Now().Add(scaled(5 * time.Second)); time.Now().Before(deadline) && !strings.Contains(geometry(), size); {
			time.Sleep(50 * time.Millisecond)
		}
	}
	before := geometry()
	require.Contains(t, before, "Geometry: 660x540")
	xdo("key", "--window", win, "F8")
	waitSize("380x540")
	assert.Contains(t, geometry(), "Geometry: 380x540", "the window lost the panel's width")
	pos := func(g string) string { return strings.Fields(g[strings.Index(g, "Position:"):])[1] }
	assert.Equal(t, pos(before), pos(geometry()), "the calculator stays where it was")
	_, shown := captureUntil(t, win, 5*time.Second, func(img image.Image) bool {
		return lcdtest.Read(lcdDotsIn(img, ui.NewLayout(false))).Top == "X=Y"
	})
	assert.True(t, shown, "the LCD drawn in its place, the calculator's size kept")
	xdo("key", "--window", win, "F8")
	waitSize("660x540")
	assert.Contains(t, geometry(), "Geometry: 660x540", "shown again")
	// The window's menu, by a right click: its row "Hide or show the heaps
	// panel" (the ninth) hides the panel as F8 does.
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	x, y := at(img, l.Width/2, l.Height/2)
	xdo("mousemove", "--window", win, itoa(x), itoa(y), "click", "3")
	time.Sleep(300 * time.Millisecond)
	row, ok := window.MenuRow(l, "Hide or show the heaps panel")
	require.True(t, ok)
	clickAt(xdo, win, img, row)
	waitSize("380x540")
	_ = exec.Command("xdotool", "key", "--window", win, "ctrl+q").Run() // the window may be gone first
	_ = exec.Command("xdotool", "keyup", "Control_L", "Control_R").Run()
	require.NoError(t, wait(), "Ctrl+Q closes the window, its place kept")
	win, _ = startWindow(t, bin, "--state", state)
	assert.Contains(t, geometry(), "Geometry: 380x540", "reopened without the panel")
}

func itoa(n int) string { return strconv.Itoa(n) }

// startHP17B builds hp17b beside the window program, starts it with args
// and waits for the window's first frame. windows lists the window
// processes running from that build (pgrep).
func startHP17B(t *testing.T, args ...string) (cmd *exec.Cmd, windows func() string) {
	bin := buildWindow(t)
	cmd = exec.Command(buildCLI(t), append(args, "--report-startup")...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	windows = func() string {
		out, _ := exec.Command("pgrep", "-f", "-a", bin).Output()
		return strings.TrimSpace(string(out))
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		for _, line := range strings.Split(windows(), "\n") { // a window the test left, by its id
			if pid, err := strconv.Atoi(strings.Fields(line + " x")[0]); err == nil {
				if p, err := os.FindProcess(pid); err == nil {
					_ = p.Kill()
				}
			}
		}
	})
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "first frame") {
				close(ready)
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(scaled(20 * time.Second)):
		t.Fatal("the window drew no frame")
	}
	require.NotEmpty(t, windows(), "the window runs")
	return cmd, windows
}

// gone waits up to d (scaled by the machine's slowness) for windows to
// list nothing, and returns what it lists last.
func gone(windows func() string, d time.Duration) string {
	left := windows()
	for deadline := time.Now().Add(scaled(d)); left != "" && time.Now().Before(deadline); left = windows() {
		time.Sleep(50 * time.Millisecond)
	}
	return left
}

// TestLiveSignalEndsWindow: SIGTERM to hp17b ends the hp17b-window it
// started (no such process is left, checked in the process list), and
// the window saved the state first.
func TestLiveSignalEndsWindow(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	cmd, windows := startHP17B(t, "--state", state, "--keys", "42 STO 4")
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(scaled(10 * time.Second)):
		t.Fatal("hp17b did not end on SIGTERM")
	}
	assert.Empty(t, gone(windows, 3*time.Second), "no hp17b-window is left running")
	m, _, err := emulator.Open(emulator.OpenOptions{Path: state, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	require.NoError(t, emulator.Run(m, "RCL 4", nil))
	assert.Equal(t, "42.00", m.Frame().Top, "the state was saved")
}

// TestLiveOrphanEnds: when hp17b dies without passing anything on
// (SIGKILL), its window sees its parent gone and ends itself, saving the
// state first.
func TestLiveOrphanEnds(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	cmd, windows := startHP17B(t, "--state", state, "--keys", "7 STO 5")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	assert.Empty(t, gone(windows, 5*time.Second), "the orphaned window ended itself")
	m, _, err := emulator.Open(emulator.OpenOptions{Path: state, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	require.NoError(t, emulator.Run(m, "RCL 5", nil))
	assert.Equal(t, "7.00", m.Frame().Top, "the state was saved")
}

// TestLiveResume: TIME CALC with 42 keyed survives Ctrl+Q and reopening
// the same state: the reopened window shows 42 over TIME's CALC menu, and
// the next key goes on from there.
func TestLiveResume(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	bin := buildWindow(t)
	win, wait := launch(t, bin, "--state", state)
	key := func(k string) { require.NoError(t, exec.Command("xdotool", "key", "--window", win, k).Run()) }
	key("F4") // TIME
	waitMenu(t, win, "CALC", 5*time.Second)
	key("F1") // CALC
	waitMenu(t, win, "DATE1", 5*time.Second)
	key("4")
	key("2")
	img, top := waitLCD(t, win, "42", 5*time.Second)
	require.Equal(t, "42", top)
	labels := lcdtest.Read(lcdDots(img)).Labels
	quitByCtrlQ(t, win, wait)
	win, _ = launch(t, bin, "--state", state)
	img, top = waitLCD(t, win, "42", 5*time.Second)
	assert.Equal(t, "42", top, "the number keyed is back")
	assert.Equal(t, labels, lcdtest.Read(lcdDots(img)).Labels, "in TIME's CALC menu")
	assert.Equal(t, "DATE1", labels[0])
}
