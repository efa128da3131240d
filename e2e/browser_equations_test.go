package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/link"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui/window"
)

// The page's ways for equations in and out, as a phone user takes them
// (390×844, touch): paste, files, the share sheet, links and the share
// target (web/hp17b.js, ui/window/pageapi_js.go).

// openPhone opens the page at path (after the site's address) on a phone
// held upright and waits for the display.
func openPhone(t *testing.T, path string) (context.Context, *site) {
	t.Helper()
	srv := serveSite(t, webDir(t))
	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, phone.emulate()))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+path)))
	waitLCDText(t, ctx)
	return ctx, srv
}

// waitPageTop waits until the display's top line (the page's #lcd) is want.
func waitPageTop(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(document.getElementById("lcd") || {}).textContent?.split("\n")[0].trim() === %q`, want),
		chromedp.WithPollingTimeout(60*time.Second)))
	require.NoError(t, err, "the display shows %q; the page has %q", want, text(t, ctx, "lcd"))
}

// waitStatus waits until the page's status line shows text holding want.
func waitStatus(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`!document.getElementById("status").hidden && document.getElementById("status").textContent.includes(%q)`, want),
		chromedp.WithPollingTimeout(60*time.Second)))
	require.NoError(t, err, "the status line says %q; it has %q", want, text(t, ctx, "status"))
}

// kept is the SOLVE list as the browser keeps it (continuous memory in
// local storage), waiting until it holds want (when want is not "").
func kept(t *testing.T, ctx context.Context, want string) []string {
	t.Helper()
	if want != "" {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(localStorage.getItem("hp17b-state") || "").includes(%q)`, want),
			chromedp.WithPollingTimeout(60*time.Second)))
		require.NoError(t, err, "%q never reached the browser's storage", want)
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem("hp17b-state") || "{}"`))
	require.NoError(t, err)
	var st struct {
		Solve struct {
			Equations []string `json:"equations"`
		} `json:"solve"`
	}
	require.NoError(t, json.Unmarshal([]byte(s), &st))
	return st.Solve.Equations
}

// pasteEvent fires the page's paste event on its paste zone (over the
// display), as a long press and the browser's Paste do, carrying text;
// the JavaScript expression text is evaluated in the page.
func pasteEvent(t *testing.T, ctx context.Context, textJS string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", `+textJS+`);
		document.getElementById("pastezone").dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
		return true;
	})()`))
	require.NoError(t, err)
}

// clipboardPermission grants or refuses the page's clipboard (the page
// taken as focused, as a person's page is).
func clipboardPermission(t *testing.T, ctx context.Context, setting cdpbrowser.PermissionSetting) {
	t.Helper()
	_, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
	require.NoError(t, err)
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.Call(ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true}, Setting: setting})
		require.NoError(t, err)
	}
}

// writeClipboard puts text on the browser's clipboard (the permission
// granted).
func writeClipboard(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`navigator.clipboard.writeText(%q).then(() => true)`, text), chromedp.EvalAwaitPromise))
	require.NoError(t, err)
}

// readClipboard is the browser's clipboard text (the permission granted).
func readClipboard(t *testing.T, ctx context.Context) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	return s
}

// chooseMenu taps the window's MENU button and then its row named what
// (window.PageMenu), on a phone held upright with the heaps panel shown.
func chooseMenu(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	i := -1
	for j, w := range window.PageMenu() {
		if w == what {
			i = j
		}
	}
	require.GreaterOrEqual(t, i, 0, "%q is not in the page's menu %q", what, window.PageMenu())
	l := phone.layout(true)
	tapButton(t, ctx, phone, true, l.MenuButton)
	tapButton(t, ctx, phone, true, window.PageMenuRow(l, i))
}

// ctrlV presses Ctrl+V as the PC keyboard sends it; the browser's paste
// command rides on the key, as its own key bindings give it.
func ctrlV(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, p := range []input.DispatchKeyEventParams{
		{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Modifiers: 2, Location: 1},
		{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "v", Code: "KeyV", WindowsVirtualKeyCode: 86, Modifiers: 2, Commands: []string{"paste"}},
		{Type: input.DispatchKeyEventTypeKeyUp, Key: "v", Code: "KeyV", WindowsVirtualKeyCode: 86, Modifiers: 2},
		{Type: input.DispatchKeyEventTypeKeyUp, Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Location: 1},
	} {
		_, err := chromedp.Call(ctx, input.DispatchKeyEvent, p)
		require.NoError(t, err)
		frames(t, ctx, 2)
	}
}

// TestBrowserPaste pastes on a phone as each way in gives text: the paste
// event on the display (a long press, then Paste), Ctrl+V, the menu's
// Paste with the clipboard's permission granted and refused; text of
// 1 MB + 1 byte, binary bytes and nothing; then an action that fails (the
// page's test hook panics inside one): the calculator goes on, says so on
// the display and in the status line, and keeps its memory. After each,
// the program still runs.
func TestBrowserPaste(t *testing.T) {
	ctx, _ := openPhone(t, "/?test-hooks")
	waitText(t, ctx, "lcd", "0.00\nFIN BUS SUM TIME SOLVE CURRX")

	// The paste zone lies over the display, where a long press finds it.
	zone, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const r = document.getElementById("pastezone").getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`))
	require.NoError(t, err)
	bezel := phone.layout(true).Bezel
	bx, by := phone.view().Body.Pixel(bezel.X, bezel.Y)
	assert.InDelta(t, bx, zone[0], 2, "the paste zone's left")
	assert.InDelta(t, by, zone[1], 2, "the paste zone's top")
	assert.Greater(t, zone[2], 200.0, "the paste zone's width")

	// The forum's way of writing an equation, pasted by a long press.
	pasteEvent(t, ctx, `"AREA:A=L x W"`)
	waitPageTop(t, ctx, "1 EQUATION ADDED")
	assert.Contains(t, kept(t, ctx, "AREA:A=L×W"), "AREA:A=L×W")
	alive(t, ctx, "a paste event")

	// Ctrl+V: the page's paste zone takes the browser's paste (no
	// permission asked).
	clipboardPermission(t, ctx, cdpbrowser.PermissionSettingGranted)
	writeClipboard(t, ctx, "PERIM:P=2*(L+W)")
	ctrlV(t, ctx)
	waitPageTop(t, ctx, "1 EQUATION ADDED")
	assert.Contains(t, kept(t, ctx, "PERIM:P=2×(L+W)"), "PERIM:P=2×(L+W)")
	alive(t, ctx, "Ctrl+V")
	pcKey(t, ctx, "4", "Digit4", 52, "4")
	waitText(t, ctx, "lcd", "4\nFIN BUS SUM TIME SOLVE CURRX") // Control was no shift tap

	// The menu's Paste with the permission granted reads the clipboard.
	writeClipboard(t, ctx, "VOL:V=L*W*H")
	chooseMenu(t, ctx, "Paste")
	waitPageTop(t, ctx, "1 EQUATION ADDED")
	assert.Contains(t, kept(t, ctx, "VOL:V=L×W×H"), "VOL:V=L×W×H")
	alive(t, ctx, "the menu's Paste, granted")

	// Refused: the display and the status line say what to do instead.
	clipboardPermission(t, ctx, cdpbrowser.PermissionSettingDenied)
	chooseMenu(t, ctx, "Paste")
	waitPageTop(t, ctx, "HOLD DISPLAY TO PASTE")
	waitStatus(t, ctx, "Ctrl+V")
	alive(t, ctx, "the menu's Paste, refused")

	// An action that fails: caught where it came in, said on the display
	// and in the status line; the keys answer and memory is intact.
	r, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`hp17bPage.failNow()`))
	require.NoError(t, err)
	assert.Contains(t, r["error"], "index out of range [0] with length 0")
	waitPageTop(t, ctx, "ACTION FAILED")
	waitStatus(t, ctx, "failed")
	alive(t, ctx, "a failing action")
	pcKey(t, ctx, "7", "Digit7", 55, "7") // clears the message, keyed after the 4 kept
	waitText(t, ctx, "lcd", "47\nFIN BUS SUM TIME SOLVE CURRX")
	list := kept(t, ctx, "")
	for _, eq := range []string{"AREA:A=L×W", "PERIM:P=2×(L+W)", "VOL:V=L×W×H"} {
		assert.Contains(t, list, eq, "memory after the failure")
	}
	// Too much, not text, nothing.
	for _, c := range []struct{ js, top string }{
		{`"A=" + "B".repeat(1048576 - 1)`, "PASTE TOO LARGE: 1 MB"},
		{`"A=B\u0000\u0001\u00ff"`, "PASTE IS NOT TEXT"},
		{`""`, "NO TEXT TO PASTE"},
	} {
		pasteEvent(t, ctx, c.js)
		waitPageTop(t, ctx, c.top)
		alive(t, ctx, c.top)
	}

	// A call with the wrong type is an error, not a panic.
	r, err = chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`hp17bPage.paste(42)`))
	require.NoError(t, err)
	assert.Equal(t, "paste: argument 1 is not text", r["error"])
	alive(t, ctx, "a paste of a number object")
}

// TestBrowserEquationFiles opens an equation file through the window's
// menu (its row opens the page's file chooser) and the page's file
// input, saves the SOLVE list (the download's bytes are those Ctrl+S
// writes), shares the equation (no share sheet here: it is copied) and
// copies its link.
func TestBrowserEquationFiles(t *testing.T) {
	ctx, srv := openPhone(t, "/")
	waitText(t, ctx, "lcd", "0.00\nFIN BUS SUM TIME SOLVE CURRX")
	clipboardPermission(t, ctx, cdpbrowser.PermissionSettingGranted)

	// The file input: a file as a forum post writes it, one bad line.
	dir := t.TempDir()
	file := filepath.Join(dir, "rect.eq")
	require.NoError(t, os.WriteFile(file, []byte("AREA:A=L x W\nPERIM:P=2*(L+W)\nBAD:X=Y×)\n"), 0o644))
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("eqfile"), []string{file})))
	waitPageTop(t, ctx, "INVALID EQUATION 3:9")
	waitStatus(t, ctx, "rect.eq")
	pcKey(t, ctx, "Escape", "Escape", 27, "") // closes the notice of why, and does nothing else
	list := kept(t, ctx, "PERIM:P=2×(L+W)")
	assert.Contains(t, list, "AREA:A=L×W")

	// Save the SOLVE list: the window's menu row, then Ctrl+S; both
	// download what Ctrl+S writes on a desktop.
	// The anchor's click is caught to read the file the browser would
	// save (its name and bytes).
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		window.downloads = [];
		HTMLAnchorElement.prototype.click = function () {
			fetch(this.href).then((r) => r.text()).then((s) => window.downloads.push(this.download + "\n" + s));
		};
		return true;
	})()`))
	require.NoError(t, err)
	want := "hp17b-equations.txt\n" + solver.FormatFile(list)
	waitDownload := func() {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.downloads.length > 0`, chromedp.WithPollingTimeout(60*time.Second)))
		if err != nil {
			why, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("lcd").textContent + " | " + document.getElementById("status").textContent + " | " + stderr`))
			require.NoError(t, err, "no download: %s", why)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.downloads.shift()`))
		require.NoError(t, err)
		assert.Equal(t, want, got, "the download is what Ctrl+S writes")
	}
	chooseMenu(t, ctx, "Save the SOLVE list…")
	waitDownload()
	waitPageTop(t, ctx, fmt.Sprintf("%d EQUATIONS SAVED", len(list)))
	for _, p := range []input.DispatchKeyEventParams{
		{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Modifiers: 2, Location: 1},
		{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "s", Code: "KeyS", WindowsVirtualKeyCode: 83, Modifiers: 2},
		{Type: input.DispatchKeyEventTypeKeyUp, Key: "s", Code: "KeyS", WindowsVirtualKeyCode: 83, Modifiers: 2},
		{Type: input.DispatchKeyEventTypeKeyUp, Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Location: 1},
	} {
		_, err := chromedp.Call(ctx, input.DispatchKeyEvent, p)
		require.NoError(t, err)
		frames(t, ctx, 2)
	}
	waitDownload()
	alive(t, ctx, "saving the SOLVE list")

	// Share and link the current equation (SOLVE shows the first new one).
	pcKey(t, ctx, "Home", "Home", 36, "")
	waitText(t, ctx, "lcd", "0.00\nFIN BUS SUM TIME SOLVE CURRX")
	tapKey(t, ctx, phone, emulator.KeyF5) // SOLVE
	cur, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`hp17bPage.current()`))
	require.NoError(t, err)
	current, _ := cur["value"].(string)
	require.NotEmpty(t, current)
	chooseMenu(t, ctx, "Share the equation")
	waitStatus(t, ctx, "The equation copied")
	assert.Equal(t, current, readClipboard(t, ctx))
	chooseMenu(t, ctx, "Copy a link to this equation")
	waitStatus(t, ctx, "The link copied")
	l, err := link.Make(srv.URL+"/", current)
	require.NoError(t, err)
	assert.Equal(t, l, readClipboard(t, ctx))
	alive(t, ctx, "share and link")

	// The window's menu row asks for a file (the chooser intercepted).
	_, err = chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true})
	require.NoError(t, err)
	chooser := make(chan struct{}, 1)
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	require.NoError(t, chromedp.Listen(lctx, func(ev any) {
		if _, ok := ev.(*page.EventFileChooserOpened); ok {
			select {
			case chooser <- struct{}{}:
			default:
			}
		}
	}))
	shotMenu := func() {
		l := phone.layout(true)
		tapButton(t, ctx, phone, true, l.MenuButton)
		frames(t, ctx, 4)
		saveShot(t, shot(t, ctx), "browser-menu-open-file.png")
		pcKey(t, ctx, "Escape", "Escape", 27, "")
	}
	shotMenu()
	// Last: the intercepted chooser leaves the page's finger state behind it
	// as no real chooser does.
	chooseMenu(t, ctx, "Open equation file…")
	select {
	case <-chooser:
	case <-time.After(scaled(60 * time.Second)):
		t.Fatal("Open equation file… opened no file chooser")
	}
	_, err = chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: false})
	require.NoError(t, err)

}

// TestBrowserLink opens equation links on a phone: NIM's whole text (the
// offer names it, already in the SOLVE list; it solves), the forum's
// AREA accepted and solved, one declined (the list unchanged), an invalid
// one shown with its place, a link made by check --link for a shipped
// program, and the share target's address (the manifest's share_target)
// pasting the shared text.
func TestBrowserLink(t *testing.T) {
	nim := programs.DefaultEquations()[0]
	nimLink, err := link.Make("", nim)
	require.NoError(t, err)
	require.Greater(t, len(nim), 500)
	ctx, srv := openPhone(t, "/"+nimLink)
	offerShown := func() []string {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("offer").hidden`, chromedp.WithPollingTimeout(60*time.Second)))
		require.NoError(t, err, "no offer")
		items, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#offerlist li")].map((li) => li.textContent)`))
		require.NoError(t, err)
		return items
	}
	click := func(id string) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))))
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("offer").hidden`, chromedp.WithPollingTimeout(30*time.Second)))
		require.NoError(t, err)
	}
	hash := func() string {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash + location.search`))
		require.NoError(t, err)
		return s
	}
	assert.Equal(t, []string{"NIM  menu: INIT A B C D EVAL (already in the SOLVE list)"}, offerShown())
	click("offeradd")
	assert.Empty(t, hash(), "the link's text leaves the address once taken")
	before := kept(t, ctx, "")
	for _, k := range []emulator.Key{emulator.KeyF5, emulator.KeyF1, emulator.KeyF1} { // SOLVE CALC INIT
		tapKey(t, ctx, phone, k)
	}
	waitPageTop(t, ctx, "INIT=1,357.00")

	// The forum's AREA, accepted: added after the list, and solved.
	area, err := link.Make("", "AREA:A=L x W")
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+area)))
	waitLCDText(t, ctx)
	assert.Equal(t, []string{"AREA  menu: A L W"}, offerShown())
	saveShot(t, shot(t, ctx), "browser-link-offer.png")
	click("offeradd")
	after := kept(t, ctx, "AREA:A=L×W")
	assert.Equal(t, append(before, "AREA:A=L×W"), after, "added after the list, never replacing it")

	// Declined: nothing changes.
	perim, err := link.Make("", "PERIM:P=2*(L+W)")
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+perim)))
	waitLCDText(t, ctx)
	assert.Equal(t, []string{"PERIM  menu: P L W"}, offerShown())
	click("offerno")
	waitStatus(t, ctx, "Nothing was added")
	assert.Equal(t, after, kept(t, ctx, ""))
	assert.Empty(t, hash())

	// Invalid: shown with its place and caret; nothing to add.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/#eq=A%3DB%C3%97)")))
	waitLCDText(t, ctx)
	assert.Empty(t, offerShown())
	msg := text(t, ctx, "offererror")
	assert.Contains(t, msg, `Line 1, column 5: unexpected ")"`)
	assert.Contains(t, msg, "A=B×)\n    ^")
	disabled, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("offeradd").disabled`))
	require.NoError(t, err)
	assert.True(t, disabled)
	click("offerno")

	// A link check --link made for a shipped program opens that program.
	b, err := os.ReadFile("../programs/kayles.eq")
	require.NoError(t, err)
	entries, err := solver.ReadFile("kayles.eq", string(b), false)
	require.NoError(t, err)
	kl, err := link.Make(srv.URL+"/", entries[0].Text)
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(kl)))
	waitLCDText(t, ctx)
	items := offerShown()
	require.Len(t, items, 1)
	assert.True(t, strings.HasPrefix(items[0], entries[0].Eq.Title()), items[0])
	click("offeradd")
	alive(t, ctx, "the links")

	// The share target: the installed page opened with ?text=… (the
	// manifest's share_target) pastes what was shared.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?title=A+post&text="+link.Encode("RECT:R=L x W"))))
	waitLCDText(t, ctx)
	waitPageTop(t, ctx, "1 EQUATION ADDED")
	assert.Contains(t, kept(t, ctx, "RECT:R=L×W"), "RECT:R=L×W")
	assert.Empty(t, hash(), "the shared text leaves the address")
	alive(t, ctx, "the share target")
}
