package e2e

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/webserve"
	"github.com/hp17b/hp17b/ui"
)

// docsShots, when set (go test ./e2e -run TestBrowser -args -docs), makes
// TestBrowser write its portrait and landscape screenshots to docs/.
var docsShots = flag.Bool("docs", false, "write the browser screenshots to docs/")

// webDir is a folder holding the browser build: $HP17B_WEB_DIR when set
// (a build made beforehand, or an older one to measure), else one built
// now by scripts/web.sh as make web does.
func webDir(t *testing.T) string {
	if d := os.Getenv("HP17B_WEB_DIR"); d != "" {
		return d
	}
	dir := t.TempDir()
	build := exec.Command("sh", "scripts/web.sh", dir)
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	t.Log(strings.TrimSpace(string(out)))
	return dir
}

// site serves the folder through internal/webserve (what hp17b serve
// runs) on 127.0.0.1; down makes every request fail as if the network
// were gone (the connection closed with no answer).
type site struct {
	*httptest.Server
	down atomic.Bool
}

func serveSite(t *testing.T, dir string) *site {
	s := &site{}
	h := webserve.Handler(os.DirFS(dir))
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.down.Load() {
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close()
					return
				}
			}
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// browser starts headless Chromium with a fresh profile through the
// DevTools protocol; it skips the test when there is none.
func browser(t *testing.T) context.Context {
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no Chromium (make test installs it where Debian packages it)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-component-update", true),
		// WebGL without a GPU, for Ebitengine.
		chromedp.Flag("enable-unsafe-swiftshader", true), chromedp.Flag("use-angle", "swiftshader"))
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	return bctx
}

// phone is the viewport of a phone held upright (CSS pixels, device pixel
// ratio 3) with touch; onItsSide the same turned to landscape.
var (
	phone     = viewport{390, 844, 3, false}
	onItsSide = viewport{844, 390, 3, true}
)

type viewport struct {
	w, h      int64
	dpr       float64
	landscape bool
}

func (v viewport) emulate() chromedp.Action[chromedp.Void] {
	orient := chromedp.EmulatePortrait
	if v.landscape {
		orient = chromedp.EmulateLandscape
	}
	return chromedp.EmulateViewport(v.w, v.h, chromedp.EmulateScale(v.dpr), chromedp.EmulateMobile, chromedp.EmulateTouch, orient)
}

// view is how the window arranges the layout on this viewport, in CSS
// pixels (the window draws in device pixels: the same arrangement scaled).
func (v viewport) view() ui.View {
	return ui.ViewFor(ui.NewLayout(true), float64(v.w), float64(v.h))
}

// tapAt touches the page at a CSS point and lifts the finger two
// animation frames later (the window sees the finger down on a tick).
func tapAt(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	one := 1.0
	pt := []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one}}
	_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt})
	require.NoError(t, err)
	frames(t, ctx, 2)
	_, err = chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
	require.NoError(t, err)
	frames(t, ctx, 2)
}

// frames waits for n animation frames of the page.
func frames(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(
		`new Promise((ok) => { let n = %d; const f = () => (--n > 0 ? requestAnimationFrame(f) : ok(true)); requestAnimationFrame(f); })`, n),
		chromedp.EvalAwaitPromise))
	require.NoError(t, err)
}

// tapKey taps a calculator key where the window draws it on v.
func tapKey(t *testing.T, ctx context.Context, v viewport, k emulator.Key) {
	t.Helper()
	r := ui.NewLayout(true).Keys[k]
	x, y := v.view().Body.Pixel(r.X+r.W/2, r.Y+r.H/2)
	tapAt(t, ctx, x, y)
}

// tapMatch taps match j of heap h (0 = A) where the window draws it on v.
func tapMatch(t *testing.T, ctx context.Context, v viewport, h, j int) {
	t.Helper()
	r := ui.NewLayout(true).Match(h, j)
	x, y := v.view().Panel.Pixel(r.X+r.W/2, r.Y+r.H/2)
	tapAt(t, ctx, x, y)
}

// text reads an element's text.
func text(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("`+id+`").textContent`))
	require.NoError(t, err)
	return s
}

// waitText waits until the element's text is want, and returns what it
// last was (the test fails with it otherwise).
func waitText(t *testing.T, ctx context.Context, id, want string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](
		fmt.Sprintf(`document.getElementById(%q) && document.getElementById(%q).textContent === %q`, id, id, want),
		chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		now, _ := chromedp.Run(ctx, chromedp.Evaluate[string](
			fmt.Sprintf(`location.href + ": " + (document.getElementById(%q) ? JSON.stringify(document.getElementById(%q).textContent) : "no such element")`, id, id)))
		require.NoError(t, err, "#%s, want %q; the page is %s", id, want, now)
	}
}

// waitLCDText waits until the page's #lcd holds the display's text.
func waitLCDText(t *testing.T, ctx context.Context) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("lcd") && document.getElementById("lcd").textContent !== ""`,
		chromedp.WithPollingTimeout(90*time.Second)))
	require.NoError(t, err, "no display text")
}

// shot takes a screenshot of the viewport, in device pixels.
func shot(t *testing.T, ctx context.Context) image.Image {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	return img
}

// readLCD reads the LCD back from a screenshot, dot by dot, where the
// window draws it on a window of the screenshot's size.
func readLCD(img image.Image) ui.LCDText {
	b := img.Bounds()
	l := ui.NewLayout(true)
	view := ui.ViewFor(l, float64(b.Dx()), float64(b.Dy()))
	grid := l.Pixels(view.Body.Scale, view.Body.X, view.Body.Y)
	var d ui.Dots
	for r := 0; r < ui.LCDHeight; r++ {
		for c := 0; c < ui.LCDWidth; c++ {
			x, y, w, h := grid.Dot(r, c)
			cr, cg, cb, _ := img.At(b.Min.X+x+w/2, b.Min.Y+y+h/2).RGBA()
			d[r][c] = (cr+cg+cb)/3 < 0x6000
		}
	}
	return ui.ReadLCD(&d)
}

func saveShot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := t.TempDir()
	if *docsShots {
		dir = filepath.Join("..", "docs")
	}
	f, err := os.Create(filepath.Join(dir, name))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, png.Encode(f, img))
	t.Logf("screenshot: %s", f.Name())
}

// TestBrowser opens the browser build (scripts/web.sh, served by
// internal/webserve as hp17b serve does) in headless Chromium as a phone
// held upright, 390×844 CSS pixels at 3 device pixels each, with touch:
// the forum's first NIM move is tapped (SOLVE CALC INIT and D's seventh
// match) and the calculator's reply read from the page (#lcd, #game) and
// from a screenshot, the LCD dot by dot, the heaps panel below the
// calculator; then the page is reloaded with the network gone (the service
// worker's copy) and the game is where it was; turned to landscape the
// panel is beside the calculator and the next tap on a match is answered.
// The throttled first load with its progress bar is TestBrowserSlowLoad.
func TestBrowser(t *testing.T) {
	dir := webDir(t)
	srv := serveSite(t, dir)
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, phone.emulate()))
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	waitLCDText(t, ctx)
	t.Logf("first load: the display's text after %v (localhost, no throttling)", time.Since(start).Round(10*time.Millisecond))
	assert.Equal(t, "HP-17BII · hp17b", mustTitle(t, ctx))
	waitText(t, ctx, "lcd", "0.00\nFIN BUS SUM TIME SOLVE CURRX")
	// No banner or loading text left over the calculator.
	gone, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("loading") === null`))
	require.NoError(t, err)
	assert.True(t, gone, "the progress bar is gone once the calculator runs")

	tapKey(t, ctx, phone, emulator.KeyF5) // SOLVE
	tapKey(t, ctx, phone, emulator.KeyF1) // CALC
	tapKey(t, ctx, phone, emulator.KeyF1) // INIT
	waitText(t, ctx, "lcd", "INIT=1,357.00\nINIT A B C D EVAL")
	tapMatch(t, ctx, phone, 3, 6)
	waitText(t, ctx, "lcd", "EVAL=1,346.00\nINIT A B C D EVAL")
	waitText(t, ctx, "game", "NIM 1346: your move")
	img := shot(t, ctx)
	assert.Equal(t, image.Rect(0, 0, 1170, 2532), img.Bounds(), "the device's pixels (ratio 3 honoured)")
	lcd := readLCD(img)
	assert.Equal(t, "EVAL=1,346.00", strings.TrimSpace(lcd.Top), "the LCD as drawn")
	assert.Equal(t, [6]string{"INIT", "A", "B", "C", "D", "EVAL"}, lcd.Labels)
	saveShot(t, img, "browser-portrait.png")

	// Export: the menu's button gives the state kept in the browser as
	// hp17b-state.json (the anchor's click caught to read the file).
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`(() => {
		try { return JSON.stringify(JSON.parse(localStorage.getItem("hp17b-state")).sections.game.position) === "[1,3,4,6]"; }
		catch (e) { return false; }
	})()`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err, "the game never reached the browser's storage")
	exported, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise((ok) => {
		HTMLAnchorElement.prototype.click = function () {
			fetch(this.href).then((r) => r.text()).then((s) => ok(this.download + "\n" + (s === localStorage.getItem("hp17b-state")) + "\n" + s));
		};
		document.getElementById("export").click();
	})`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	parts := strings.SplitN(exported, "\n", 3)
	require.Len(t, parts, 3)
	assert.Equal(t, []string{"hp17b-state.json", "true"}, parts[:2], "the file is the state kept")
	stateFile := filepath.Join(t.TempDir(), "hp17b-state.json")
	require.NoError(t, os.WriteFile(stateFile, []byte(parts[2]), 0o644))

	// A second finger while one is down (on the LCD, no key) presses
	// nothing: A's menu key stays unpressed.
	one := 1.0
	k := ui.NewLayout(true).Bezel
	x1, y1 := phone.view().Body.Pixel(k.X+k.W/2, k.Y+k.H/2)
	d := ui.NewLayout(true).Keys[emulator.KeyF2]
	x2, y2 := phone.view().Body.Pixel(d.X+d.W/2, d.Y+d.H/2)
	first := &input.TouchPoint{X: x1, Y: y1, RadiusX: &one, RadiusY: &one, Force: &one, ID: new(0.0)}
	second := &input.TouchPoint{X: x2, Y: y2, RadiusX: &one, RadiusY: &one, Force: &one, ID: new(1.0)}
	touch := func(typ input.DispatchTouchEventType, pts ...*input.TouchPoint) {
		_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
		require.NoError(t, err)
		frames(t, ctx, 2)
	}
	touch(input.DispatchTouchEventTypeTouchStart, first)
	touch(input.DispatchTouchEventTypeTouchStart, first, second)
	touch(input.DispatchTouchEventTypeTouchEnd)
	frames(t, ctx, 5)
	assert.Equal(t, "EVAL=1,346.00\nINIT A B C D EVAL", text(t, ctx, "lcd"), "the second finger pressed no A")
	assert.Equal(t, "NIM 1346: your move", text(t, ctx, "game"))

	// Offline: the service worker controls the page, the server is gone.
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`navigator.serviceWorker.controller !== null`, chromedp.WithPollingTimeout(60*time.Second)))
	require.NoError(t, err, "no service worker controls the page")
	srv.down.Store(true)
	_, err = chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
	waitLCDText(t, ctx)
	waitText(t, ctx, "lcd", "1,346.00\nINIT A B C D EVAL") // reopened as the calculator was left, in NIM's menu
	waitText(t, ctx, "game", "NIM 1346: your move")        // the person's turn, no free win
	offline, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.onLine === false`))
	require.NoError(t, err)
	assert.True(t, offline)

	// Turned to landscape: side by side, and the game goes on by a tap.
	require.NoError(t, chromedp.Do(ctx, onItsSide.emulate()))
	frames(t, ctx, 3)
	require.False(t, onItsSide.view().Portrait)
	for _, k := range []emulator.Key{emulator.KeyRCL, emulator.KeyF4} { // RCL C, in NIM's menu
		tapKey(t, ctx, onItsSide, k)
	}
	waitText(t, ctx, "lcd", "C=4.00\nINIT A B C D EVAL") // the heaps kept
	tapMatch(t, ctx, onItsSide, 2, 1)                    // C: 4 → 1 leaves 1316; the calculator answers 1313 (D 6 → 3)
	waitText(t, ctx, "game", "NIM 1313: your move")
	waitText(t, ctx, "lcd", "EVAL=1,313.00\nINIT A B C D EVAL")
	img = shot(t, ctx)
	assert.Equal(t, image.Rect(0, 0, 2532, 1170), img.Bounds())
	assert.Equal(t, "EVAL=1,313.00", strings.TrimSpace(readLCD(img).Top))
	saveShot(t, img, "browser-landscape.png")

	// Import: the file exported after the first move, chosen in the menu,
	// brings the game back to that move (the page reopens on it; offline).
	notState := filepath.Join(t.TempDir(), "notes.json")
	require.NoError(t, os.WriteFile(notState, []byte("[1, 2]"), 0o644))
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("import"), []string{notState})))
	waitText(t, ctx, "menustatus", "notes.json: not a state file (a JSON object); nothing changed.")
	_, err = chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil,
		chromedp.SetUploadFiles(chromedp.ID("import"), []string{stateFile})))
	require.NoError(t, err, "the page did not reopen on the imported state")
	waitLCDText(t, ctx)
	waitText(t, ctx, "game", "NIM 1346: your move")
	waitText(t, ctx, "lcd", "1,346.00\nINIT A B C D EVAL")

	// The page's address as the command line (platform_js.go): a fresh
	// calculator, keys and a click in layout units, still offline.
	m := ui.NewLayout(true).Match(3, 6)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%s/?fresh&keys=SOLVE+CALC+INIT&click=%.0f,%.0f", srv.URL, m.X+m.W/2, m.Y+m.H/2))))
	waitText(t, ctx, "lcd", "EVAL=1,346.00\nINIT A B C D EVAL")

	// A finger held on a key keeps it drawn pressed until it lifts, long
	// after a click's own highlight (120 ms) is over, and presses it once.
	r := ui.NewLayout(true).Keys[emulator.Key7]
	area := func() []byte {
		x0, y0 := onItsSide.view().Body.Pixel(r.X, r.Y)
		x1, y1 := onItsSide.view().Body.Pixel(r.X+r.W, r.Y+r.H)
		img := shot(t, ctx)
		var b []byte
		for y := int(y0*onItsSide.dpr) + 2; y < int(y1*onItsSide.dpr)-2; y++ {
			for x := int(x0*onItsSide.dpr) + 2; x < int(x1*onItsSide.dpr)-2; x++ {
				c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
				b = append(b, c.R, c.G, c.B)
			}
		}
		return b
	}
	settle := func() { frames(t, ctx, 3); time.Sleep(400 * time.Millisecond); frames(t, ctx, 3) }
	up := area()
	cx, cy := onItsSide.view().Body.Pixel(r.X+r.W/2, r.Y+r.H/2)
	finger := &input.TouchPoint{X: cx, Y: cy, RadiusX: &one, RadiusY: &one, Force: &one, ID: new(0.0)}
	touch(input.DispatchTouchEventTypeTouchStart, finger)
	settle()
	assert.NotEqual(t, up, area(), "7 drawn pressed under the finger held 400 ms")
	touch(input.DispatchTouchEventTypeTouchEnd)
	settle()
	assert.Equal(t, up, area(), "7 drawn up again once the finger lifts")
	assert.Equal(t, "7\nINIT A B C D EVAL", text(t, ctx, "lcd"), "7 keyed once")
}

func mustTitle(t *testing.T, ctx context.Context) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Title())
	require.NoError(t, err)
	return s
}

// fast4G is the network profile of the slow first load: 9 Mbit/s down,
// 1.5 Mbit/s up, 60 ms latency (Chrome DevTools' "Fast 4G").
var fast4G = &network.Conditions{Latency: 60, DownloadThroughput: 9e6 / 8, UploadThroughput: 1.5e6 / 8}

// TestBrowserSlowLoad opens the page through a throttled connection (the
// protocol's network emulation at fast4G, caches off) and sees the
// progress bar move with the megabytes read of the whole before the
// calculator shows; the time to the display's text is logged.
func TestBrowserSlowLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a throttled download of the wasm")
	}
	dir := webDir(t)
	srv := serveSite(t, dir)
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, phone.emulate()))
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{fast4G}})
	require.NoError(t, err)
	start := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
	// The bar part way, its words saying how much of how much.
	said, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => {
		const p = document.getElementById("progress");
		const s = document.getElementById("loadtext");
		return p && p.value > 0.05 && p.value < 0.95 ? s.textContent : false;
	})()`, chromedp.WithPollingTimeout(90*time.Second)))
	require.NoError(t, err, "the progress bar never seen part way")
	assert.Regexp(t, `^Loading the calculator: \d+\.\d MB of \d+\.\d MB$`, said)
	waitLCDText(t, ctx)
	t.Logf("first load at Fast 4G (9 Mbit/s, 60 ms): the display's text after %v; seen on the way: %q",
		time.Since(start).Round(10*time.Millisecond), said)
}

// loadFigures, when set (go test ./e2e -run TestBrowserLoadFigures -args
// -figures), makes TestBrowserLoadFigures measure.
var loadFigures = flag.Bool("figures", false, "measure the browser build's first load (README, Speed)")

// TestBrowserLoadFigures logs the time from the navigation's start to the
// display's first text, on localhost and at fast4G, each in a fresh
// browser profile (nothing cached), three times each, for the browser
// build's table in docs/speed.md: HP17B_WEB_DIR names the build measured
// (an older build for the figures before). A figure, never asserted.
func TestBrowserLoadFigures(t *testing.T) {
	if !*loadFigures {
		t.Skip("figures only on request (-args -figures)")
	}
	srv := serveSite(t, webDir(t))
	for _, throttled := range []bool{false, true} {
		for range 3 {
			ctx := browser(t)
			require.NoError(t, chromedp.Do(ctx, phone.emulate()))
			if throttled {
				_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
				require.NoError(t, err)
				_, err = chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
					MatchedNetworkConditions: []*network.Conditions{fast4G}})
				require.NoError(t, err)
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))
			ms, err := chromedp.Run(ctx, chromedp.Poll[float64](
				`document.getElementById("lcd") && document.getElementById("lcd").textContent !== "" ? performance.now() : false`,
				chromedp.WithPollingTimeout(3*time.Minute), chromedp.WithPollingInterval(20*time.Millisecond)))
			require.NoError(t, err)
			t.Logf("throttled %v: first display text %.0f ms after the navigation's start", throttled, ms)
			require.NoError(t, chromedp.Cancel(ctx))
		}
	}
}

// pcKey presses and releases a PC key on the page, as the keyboard sends
// it: key and code are the DOM's names, vk the Windows virtual key code,
// text what it types ("" for none).
func pcKey(t *testing.T, ctx context.Context, key, code string, vk int64, text string) {
	t.Helper()
	down := input.DispatchKeyEventTypeKeyDown
	if text == "" {
		down = input.DispatchKeyEventTypeRawKeyDown
	}
	_, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: down, Key: key, Code: code, WindowsVirtualKeyCode: vk, Text: text})
	require.NoError(t, err)
	frames(t, ctx, 2)
	_, err = chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: key, Code: code, WindowsVirtualKeyCode: vk})
	require.NoError(t, err)
	frames(t, ctx, 2)
}

// TestBrowserKeys: the PC keyboard in the page works as in the window:
// Control tapped alone arms the shift key (4, tap, / is 1/x: 0.25), Space
// is the shift key needing no timing (/ again: 4.00), Escape after a tap
// cancels it, and the letters reach STO and RCL (s 1, r 1).
func TestBrowserKeys(t *testing.T) {
	dir := webDir(t)
	srv := serveSite(t, dir)
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, onItsSide.emulate()))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?fresh")))
	waitLCDText(t, ctx)
	waitText(t, ctx, "lcd", "0.00\nFIN BUS SUM TIME SOLVE CURRX")
	digit := func(d string) { pcKey(t, ctx, d, "Digit"+d, int64(d[0]), d) }
	slash := func() { pcKey(t, ctx, "/", "Slash", 191, "/") }
	ctrlTap := func() {
		_, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown,
			Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Modifiers: 2, Location: 1})
		require.NoError(t, err)
		frames(t, ctx, 6) // a tap longer than a frame
		_, err = chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp,
			Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Location: 1})
		require.NoError(t, err)
		frames(t, ctx, 4)
	}
	digit("4")
	waitText(t, ctx, "lcd", "4\nFIN BUS SUM TIME SOLVE CURRX")
	ctrlTap()
	slash()
	waitText(t, ctx, "lcd", "0.25\nFIN BUS SUM TIME SOLVE CURRX")
	pcKey(t, ctx, " ", "Space", 32, " ")
	slash()
	waitText(t, ctx, "lcd", "4.00\nFIN BUS SUM TIME SOLVE CURRX")
	ctrlTap()
	pcKey(t, ctx, "Escape", "Escape", 27, "")
	slash()
	waitText(t, ctx, "lcd", "4.00÷\nFIN BUS SUM TIME SOLVE CURRX")
	pcKey(t, ctx, "Delete", "Delete", 46, "")
	digit("7")
	pcKey(t, ctx, "s", "KeyS", 83, "s")
	digit("1")
	pcKey(t, ctx, "Delete", "Delete", 46, "")
	pcKey(t, ctx, "r", "KeyR", 82, "r")
	digit("1")
	waitText(t, ctx, "lcd", "7.00\nFIN BUS SUM TIME SOLVE CURRX")
}
