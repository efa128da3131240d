package e2e

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/internal/ui"
)

// lcdElement is the page's text copy of the display (cmd/hp17b-window,
// platform_js.go).
var lcdElement = regexp.MustCompile(`(?s)<pre id="lcd"[^>]*>(.*?)</pre>`)

// gameElement is the page's text of the game kept (programs.Match.String).
var gameElement = regexp.MustCompile(`(?s)<pre id="game"[^>]*>(.*?)</pre>`)

// TestWebBuild builds the calculator for the browser (scripts/web.sh, as
// make web does), serves the folder on 127.0.0.1 and opens it in headless
// Chromium: the forum's first NIM move is played by keys (SOLVE CALC
// INIT) and a click on D's seventh match, and the calculator's reply
// read back from the page; then the page is opened again in the same
// browser profile and the game is where it was, NIM's menu showing
// (continuous memory in the browser's storage): the person's turn, not a
// free win, and the next click is answered.
func TestWebBuild(t *testing.T) {
	var chromium string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		t.Skip("no Chromium (make test installs it where Debian packages it)")
	}
	dir := t.TempDir()
	build := exec.Command("sh", "scripts/web.sh", dir)
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	t.Log(strings.TrimSpace(string(out)))
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	profile := t.TempDir()
	var game string // the page's #game: the game kept, in words
	page := func(query string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, chromium, "--headless=new", "--no-sandbox", "--user-data-dir="+profile,
			"--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--virtual-time-budget=20000",
			"--dump-dom", srv.URL+"/"+query)
		dom, err := cmd.Output()
		require.NoError(t, err)
		m := lcdElement.FindStringSubmatch(string(dom))
		require.NotNil(t, m, "the page has no #lcd element")
		g := gameElement.FindStringSubmatch(string(dom))
		require.NotNil(t, g, "the page has no #game element")
		game = html.UnescapeString(g[1])
		return html.UnescapeString(m[1])
	}
	d := ui.NewLayout(true).Match(3, 6)
	click := fmt.Sprintf("%.0f,%.0f", d.X+d.W/2, d.Y+d.H/2)
	assert.Equal(t, "EVAL=1,346.00\nINIT A B C D EVAL", page("?keys=SOLVE+CALC+INIT&click="+click),
		"D's seventh match taken, the calculator takes one from C")
	assert.Equal(t, "NIM 1346: your move", game)
	assert.Equal(t, "1,346.00\nINIT A B C D EVAL", page(""), "reopened: the calculator as it was left, in NIM's menu")
	assert.Equal(t, "NIM 1346: your move", game, "reloaded: the same game, the person's turn (no free win)")
	assert.Equal(t, "C=4.00\nINIT A B C D EVAL", page("?keys=SOLVE+CALC+RCL+C"), "the heaps kept")
	c := ui.NewLayout(true).Match(2, 1) // C: 4 → 1 leaves 1316; the calculator answers 1313 (D 6 → 3)
	assert.Equal(t, "EVAL=1,313.00\nINIT A B C D EVAL", page(fmt.Sprintf("?click=%.0f,%.0f", c.X+c.W/2, c.Y+c.H/2)))
	assert.Equal(t, "NIM 1313: your move", game, "the game went on from the reloaded page")
}
