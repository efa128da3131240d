package main

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/ui"
)

// These tests run the window program under the display the tests have
// (make test runs them under xvfb-run) and read its screenshots.

func buildWindow(t *testing.T) string {
	t.Helper()
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display: run under xvfb-run (make test does)")
	}
	bin := filepath.Join(t.TempDir(), "hp17b-window")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	return bin
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
func lcdDots(img image.Image) *ui.Dots {
	b := img.Bounds()
	l := ui.NewLayout(true)
	scale, ox, oy := l.Fit(float64(b.Dx()), float64(b.Dy()))
	var d ui.Dots
	for r := 0; r < ui.LCDHeight; r++ {
		for c := 0; c < ui.LCDWidth; c++ {
			dot := l.Dot(r, c)
			x := int(ox + (dot.X+dot.W/2)*scale)
			y := int(oy + (dot.Y+dot.H/2)*scale)
			cr, cg, cb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			d[r][c] = (cr+cg+cb)/3 < 0x6000
		}
	}
	return &d
}

func frameAfter(t *testing.T, script string) emulator.Frame {
	m := emulator.New()
	require.NoError(t, emulator.Run(m, script, nil))
	return m.Frame()
}

func TestScreenshotLCDMatchesFrame(t *testing.T) {
	bin := buildWindow(t)
	img := screenshot(t, bin, "--keys", "SOLVE [CALC] [INIT]")
	got := lcdDots(img)
	want := ui.RenderLCD(frameAfter(t, "SOLVE [CALC] [INIT]"))
	assert.Equal(t, *want, *got, "the LCD region shows exactly the emulator's frame")
	text := ui.ReadLCD(got)
	assert.Equal(t, "INIT=1,357.00", text.Top)
	assert.Equal(t, [6]string{"INIT", "A", "B", "C", "D", "EVAL"}, text.Labels)
}

func TestClickOnMatchGetsTheReply(t *testing.T) {
	bin := buildWindow(t)
	l := ui.NewLayout(true)
	m := l.Match(3, 6) // D's seventh match: taking it leaves D = 6
	img := screenshot(t, bin, "--keys", "SOLVE [CALC] [INIT]",
		"--click", strings.Join([]string{ftoa(m.X + m.W/2), ftoa(m.Y + m.H/2)}, ","))
	text := ui.ReadLCD(lcdDots(img))
	assert.Equal(t, "EVAL=1,346.00", text.Top, "the calculator's reply")
	assert.Equal(t, *ui.RenderLCD(frameAfter(t, "SOLVE [CALC] [INIT] 6 [D] [EVAL]")), *lcdDots(img))
}

func TestClickOnKey(t *testing.T) {
	bin := buildWindow(t)
	l := ui.NewLayout(true)
	k := l.Keys[emulator.Key7]
	img := screenshot(t, bin, "--click", ftoa(k.X+k.W/2)+","+ftoa(k.Y+k.H/2))
	assert.Equal(t, "7", ui.ReadLCD(lcdDots(img)).Top)
}

func TestBadLoadReported(t *testing.T) {
	bin := buildWindow(t)
	bad := filepath.Join(t.TempDir(), "bad.eq")
	require.NoError(t, os.WriteFile(bad, []byte("A=B+\n  C×)\n"), 0o644))
	out, err := exec.Command(bin, "--fresh", "--load", bad, "--screenshot", filepath.Join(t.TempDir(), "x.png")).CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "bad.eq:2:5")
}

func ftoa(f float64) string { return fmtFloat(f) }

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
