package e2e

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
	"github.com/hp17b/hp17b/ui/lcdtest"
)

// These tests run the window program under the display the tests have
// (make test runs them under xvfb-run) and read its screenshots.

func buildWindow(t *testing.T) string {
	t.Helper()
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display: run under xvfb-run (make test does)")
	}
	windowBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "hp17b-e2e-window-")
		if err != nil {
			windowBin.err = err
			return
		}
		windowBin.dir = dir
		windowBin.path, windowBin.err = goBuild(filepath.Join(dir, "hp17b-window"), "github.com/hp17b/hp17b/cmd/hp17b-window")
	})
	require.NoError(t, windowBin.err)
	return windowBin.path
}

// buildCLI builds hp17b beside the window program buildWindow built (so
// that it starts that window), once for this run of the package's tests.
func buildCLI(t *testing.T) string {
	t.Helper()
	dir := filepath.Dir(buildWindow(t))
	cliBin.once.Do(func() {
		cliBin.path, cliBin.err = goBuild(filepath.Join(dir, "hp17b"), "github.com/hp17b/hp17b/cmd/hp17b")
	})
	require.NoError(t, cliBin.err)
	return cliBin.path
}

// goBuild builds the package pkg into bin, and returns bin, or the
// compiler's output as the error.
func goBuild(bin, pkg string) (string, error) {
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v: %s", err, out)
	}
	return bin, nil
}

// cliBin is the hp17b buildCLI built.
var cliBin struct {
	once sync.Once
	path string
	err  error
}

// windowBin is the window program buildWindow built once for this run of
// the package's tests (TestMain removes it).
var windowBin struct {
	once      sync.Once
	dir, path string
	err       error
}

func screenshot(t *testing.T, bin string, args ...string) image.Image {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	out, err := exec.Command(bin, append(args, "--fresh", "--screenshot", shot)...).CombinedOutput()
	require.NoError(t, err, string(out))
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

// lcdDots reads the LCD's dots from a screenshot: the centre of each dot,
// dark or light.
func lcdDots(img image.Image) *ui.Dots { return lcdDotsIn(img, ui.NewLayout(true)) }

// lcdDotsIn reads the LCD's dots from a screenshot of the layout l (the
// heaps panel shown or hidden).
func lcdDotsIn(img image.Image, l ui.Layout) *ui.Dots {
	b := img.Bounds()
	scale, ox, oy := l.Fit(float64(b.Dx()), float64(b.Dy()))
	grid := l.Pixels(scale, ox, oy)
	var d ui.Dots
	for r := 0; r < ui.LCDHeight; r++ {
		for c := 0; c < ui.LCDWidth; c++ {
			x, y, w, h := grid.Dot(r, c)
			x, y = x+w/2, y+h/2
			cr, cg, cb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			d[r][c] = (cr+cg+cb)/3 < 0x6000
		}
	}
	return &d
}

func frameAfter(t *testing.T, script string) emulator.Frame {
	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, script, nil))
	return m.Frame()
}

func TestScreenshotLCDMatchesFrame(t *testing.T) {
	bin := buildWindow(t)
	img := screenshot(t, bin, "--keys", "SOLVE [CALC] [INIT]")
	got := lcdDots(img)
	want := ui.RenderLCD(frameAfter(t, "SOLVE [CALC] [INIT]"))
	assert.Equal(t, *want, *got, "the LCD region shows exactly the emulator's frame")
	text := lcdtest.Read(got)
	assert.Equal(t, "INIT=1,357.00", text.Top)
	assert.Equal(t, [6]string{"INIT", "A", "B", "C", "D", "EVAL"}, text.Labels)
}

func TestClickOnMatchGetsTheReply(t *testing.T) {
	bin := buildWindow(t)
	l := ui.NewLayout(true)
	m := l.Match(3, 6) // D's seventh match: taking it leaves D = 6
	img := screenshot(t, bin, "--keys", "SOLVE [CALC] [INIT]",
		"--click", strings.Join([]string{ftoa(m.X + m.W/2), ftoa(m.Y + m.H/2)}, ","))
	text := lcdtest.Read(lcdDots(img))
	assert.Equal(t, "EVAL=1,346.00", text.Top, "the calculator's reply")
	assert.Equal(t, *ui.RenderLCD(frameAfter(t, "SOLVE [CALC] [INIT] 6 [D] [EVAL]")), *lcdDots(img))
}

func TestClickOnKey(t *testing.T) {
	bin := buildWindow(t)
	l := ui.NewLayout(true)
	k := l.Keys[emulator.Key7]
	img := screenshot(t, bin, "--click", ftoa(k.X+k.W/2)+","+ftoa(k.Y+k.H/2))
	assert.Equal(t, "7", lcdtest.Read(lcdDots(img)).Top)
}

// TestBadLoadReported: a file with a bad equation still opens the window,
// which shows BAD FILE line:col; the reason is printed, the file's good
// equations are loaded, and the exit status is 64 (it was 0), as hp17b
// keys --load gives, and so for a file that cannot be read.
func TestBadLoadReported(t *testing.T) {
	bin := buildWindow(t)
	bad := filepath.Join(t.TempDir(), "bad.eq")
	require.NoError(t, os.WriteFile(bad, []byte("AREA:A=L×W\n\nA=B+\n  C×)\n"), 0o644))
	shot := filepath.Join(t.TempDir(), "x.png")
	out, err := exec.Command(bin, "--fresh", "--load", bad, "--screenshot", shot).CombinedOutput()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, string(out))
	assert.Equal(t, 64, exit.ExitCode())
	assert.Contains(t, string(out), "bad.eq:4:5")
	out, err = exec.Command(bin, "--fresh", "--load", filepath.Join(t.TempDir(), "missing.eq"), "--screenshot", shot+"2").CombinedOutput()
	require.ErrorAs(t, err, &exit, string(out))
	assert.Equal(t, 64, exit.ExitCode())
	assert.Contains(t, string(out), "missing.eq")
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, "BAD FILE 4:5", lcdtest.Read(lcdDots(img)).Top)
	out, err = exec.Command(bin, "--fresh", "--load", bad, "--keys", "CLR SOLVE DOWN DOWN", "--screenshot", shot).CombinedOutput()
	require.ErrorAs(t, err, &exit, string(out))
	f2, err := os.Open(shot)
	require.NoError(t, err)
	defer f2.Close()
	img, err = png.Decode(f2)
	require.NoError(t, err)
	assert.Equal(t, "AREA:A=L×W", lcdtest.Read(lcdDots(img)).Top, "the good equation was added")
}

func ftoa(f float64) string { return fmtFloat(f) }

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// TestKeyboard types into the real window with xdotool (F5 SOLVE, F1 CALC,
// F1 INIT, 6 F5 D=6, F6 EVAL, then "12+3=" on the calculator line) and
// reads the result from the state file the calculator keeps.
func TestKeyboard(t *testing.T) {
	bin := buildWindow(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (make test installs it)")
	}
	state := filepath.Join(t.TempDir(), "state.json")
	win, run := startWindow(t, bin, "--state", state)
	run("windowfocus", "--sync", win)
	var st struct {
		Solve struct {
			Vars map[string]string `json:"vars"`
		} `json:"solve"`
		Calculator struct {
			X string `json:"x"`
		} `json:"calculator"`
	}
	// waitFor polls the state file until x reads want.
	waitFor := func(want string, d time.Duration) bool {
		deadline := time.Now().Add(scaled(d))
		for time.Now().Before(deadline) {
			if b, err := os.ReadFile(state); err == nil && json.Unmarshal(b, &st) == nil && st.Calculator.X == want {
				return true
			}
			time.Sleep(50 * time.Millisecond)
		}
		return false
	}
	// The window may drop keys until it has the focus: type 7 = until the
	// calculator line holds 7, then clear it.
	got := false
	for try := 0; try < 20 && !got; try++ {
		run("key", "--delay", "50", "7", "Return")
		got = waitFor("7", time.Second)
	}
	require.True(t, got, "the window takes keys")
	run("key", "Delete")
	require.True(t, waitFor("0", 5*time.Second))
	run("key", "--delay", "150", "F5", "F1", "F1", "6", "F5", "F6")
	run("type", "--delay", "100", "12+3=")
	waitFor("15", 10*time.Second)
	if st.Calculator.X != "15" {
		b, err := os.ReadFile(state)
		t.Logf("state: %v %.300s", err, b)
	}
	assert.Equal(t, "1346", st.Solve.Vars["EVAL"], "F6 solved EVAL")
	assert.Equal(t, "6", st.Solve.Vars["D"])
	assert.Equal(t, "4", st.Solve.Vars["C"], "the calculator's reply")
	assert.Equal(t, "15", st.Calculator.X, "typed arithmetic")
}

// TestUnreachableDisplay: with a display that cannot be reached the window
// program says why in one line and exits 3 (no window possible), not 1 or
// a panic's 2, so that hp17b falls back to terminal play.
func TestUnreachableDisplay(t *testing.T) {
	bin := buildWindow(t)
	cmd := exec.Command(bin, "--fresh")
	cmd.Env = append(os.Environ(), "DISPLAY=:7777", "WAYLAND_DISPLAY=")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 3, exit.ExitCode(), string(out))
	assert.Regexp(t, `^hp17b: the window could not open: .*7777.*\n$`, string(out))
}

// TestWindowCommandLine: the window program's --version and --help print
// and exit 0 before any window opens; a bad flag is a usage error (64,
// which hp17b reports as its own usage error) naming the flag, and a bad
// skin file names its line.
func TestWindowCommandLine(t *testing.T) {
	bin := buildWindow(t)
	badSkin := filepath.Join(t.TempDir(), "bad.skin")
	require.NoError(t, os.WriteFile(badSkin, []byte("name = bad\nkey-height = 99\n"), 0o644))
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"--version"}, 0, "hp17b-window "},
		{[]string{"--help"}, 0, "Usage: hp17b-window [flags]"},
		{[]string{"--write-keymap", "-"}, 0, "F9             PAPER"}, // what hp17b --write-keymap writes
		{[]string{"--click", "540"}, 64, `hp17b-window: --click: want X,Y in layout units, got "540"`},
		{[]string{"--model", "17c"}, 64, "hp17b-window: --model"},
		{[]string{"stray"}, 64, "unexpected argument stray"},
		{[]string{"--skin", "no-such.skin"}, 64, "hp17b: --skin: "},
		{[]string{"--skin", badSkin}, 64, "hp17b: --skin: " + badSkin + `:2: key-height: want a number from 16 to 40, not "99"`},
	} {
		cmd := exec.Command(bin, c.args...)
		cmd.Env = append(os.Environ(), "DISPLAY=:7777", "WAYLAND_DISPLAY=") // no window may open
		out, err := cmd.CombinedOutput()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		}
		assert.Equal(t, c.code, code, "%v: %s", c.args, out)
		assert.Contains(t, string(out), c.out, c.args)
	}
}

// TestScreenshotSkins: the light skin's window shows the same LCD as the
// dark one, on its own colours.
func TestScreenshotSkins(t *testing.T) {
	bin := buildWindow(t)
	dark := screenshot(t, bin, "--keys", "MODES")
	light := screenshot(t, bin, "--keys", "MODES", "--skin", "light")
	want := lcdtest.Read(ui.RenderLCD(frameAfter(t, "MODES")))
	assert.Equal(t, want, lcdtest.Read(lcdDots(dark)))
	assert.Equal(t, want, lcdtest.Read(lcdDots(light)))
	assert.NotEqual(t, dark.At(2, 2), light.At(2, 2), "the skins' backgrounds differ")
}
