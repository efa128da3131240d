package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/library"
)

// TestBrowserLibrary opens the equation library on a phone (390×844,
// touch) from the window's menu: the dialog lists the library by topic,
// the search typed into it narrows the list to CANM and reaches no key
// of the calculator, a tap shows the equation whole with its notes, Add
// to SOLVE list adds it (the display says CANM ADDED over its menu) and
// the browser keeps it. Opened again from the page's own menu, CANM is
// marked as in the SOLVE list, and added again it is not doubled: the
// display says ALREADY IN SOLVE LIST. Escape in the search closes the
// dialog. With -docs the list is written to docs/browser-library.png.
func TestBrowserLibrary(t *testing.T) {
	e, ok := library.Find("CANM")
	require.True(t, ok)
	ctx, _ := openPhone(t, "/")
	waitText(t, ctx, "lcd", "0.00\nFIN BUS SUM TIME SOLVE CURRX")
	shown := func(hidden bool) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](map[bool]string{true: `document.getElementById("library").hidden`, false: `!document.getElementById("library").hidden`}[hidden],
			chromedp.WithPollingTimeout(60*time.Second)))
		require.NoError(t, err, "the library's dialog hidden: %v", hidden)
	}
	items := func() []string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#libitems h3, #libitems button")].map((n) => n.tagName === "H3" ? "# " + n.textContent : n.textContent)`))
		require.NoError(t, err)
		return s
	}

	chooseMenu(t, ctx, "Equation library…")
	shown(false)
	all := items()
	assert.Len(t, all, len(library.All())+len(library.Topics()), "every equation under its topic: %q", all)
	assert.Equal(t, "# "+library.Topics()[0], all[0])
	frames(t, ctx, 4)
	saveShot(t, shot(t, ctx), "browser-library.png")

	require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("libsearch"), "canad")))
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#libitems button").length === 1`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err, "canad leaves one equation: %q", items())
	assert.Equal(t, []string{"# " + e.Topic, e.Name + e.Purpose}, items())
	assert.Equal(t, "0.00", text(t, ctx, "lcd")[:4], "the search's keys reach no key of the calculator")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#libitems button"))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("libentry").hidden`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	assert.Equal(t, e.Text, evalText(t, ctx, `document.querySelector("#libentry pre").textContent`), "the equation whole")
	entry := evalText(t, ctx, `document.getElementById("libentry").textContent`)
	for _, v := range e.Vars {
		assert.Contains(t, entry, v.Name+": "+v.Meaning)
	}
	assert.Contains(t, entry, e.Example)
	assert.Contains(t, entry, e.Source)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("libadd"))))
	shown(true)
	waitPageTop(t, ctx, "CANM ADDED")
	waitStatus(t, ctx, "CANM added")
	list := kept(t, ctx, e.Text)
	assert.Equal(t, e.Text, list[len(list)-1])

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#menu > summary"))))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("libopen"))))
	shown(false)
	require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("libsearch"), "canad")))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#libitems button").length === 1`, chromedp.WithPollingTimeout(30*time.Second)))
	require.NoError(t, err)
	assert.Contains(t, items()[1], "(in the SOLVE list)")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#libitems button"))))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("libadd"))))
	shown(true)
	waitPageTop(t, ctx, "ALREADY IN SOLVE LIST")
	waitStatus(t, ctx, "not replaced")
	assert.Equal(t, list, kept(t, ctx, ""), "not doubled, nothing replaced")
	pcKey(t, ctx, "Escape", "Escape", 27, "") // closes the notice of why

	chooseMenu(t, ctx, "Equation library…")
	shown(false)
	require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("libsearch"), "\x1b")))
	shown(true)
	alive(t, ctx, "the library")
}

// evalText is the page's JavaScript expression expr, a string.
func evalText(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	require.NoError(t, err)
	return s
}
