package ui

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// TestNoticeSaysWhy: a refused drop, paste or INPUT shows its whole
// reason over the window (Snapshot.Notice), not only the display's BAD
// FILE line:col: every invalid equation of the file with its place, its
// line and the caret; the next key or click closes it and does nothing
// else. A file read whole shows none.
func TestNoticeSaysWhy(t *testing.T) {
	file := "AREA:A=L×W\n\nX=Y)Z\n\nQ=R÷÷S\n"
	for _, tc := range []struct {
		name  string
		do    func(c *Controller)
		top   string
		lines []string // the notice's text, a line each; nil for none
	}{
		{"drop", func(c *Controller) { c.Load(fstest.MapFS{"bad.eq": {Data: []byte(file)}}, &strings.Builder{}) }, "BAD FILE 3:4", []string{
			"BAD FILE bad.eq",
			"2 of its 3 equations cannot be read; 1 good equation was added to the SOLVE list.",
			"", "Equation 2:", `INVALID EQUATION at bad.eq:3:4: unexpected ")"`, "X=Y)Z", "   ^",
			"", "Equation 3:", `INVALID EQUATION at bad.eq:5:5: unexpected "÷"`, "Q=R÷÷S", "    ^"}},
		{"drop good", func(c *Controller) {
			c.Load(fstest.MapFS{"good.eq": {Data: []byte("AREA:A=L×W\n")}}, &strings.Builder{})
		}, "1 EQUATION ADDED", nil},
		{"drop unreadable", func(c *Controller) {
			c.Load(fstest.MapFS{"bin.eq": {Data: []byte("A=B\x00\n")}}, &strings.Builder{})
		}, "BAD FILE 1:4", []string{"BAD FILE bin.eq", "INVALID EQUATION at bin.eq:1:4: control character U+0000; equations take printable characters only", "A=B?", "   ^",
			"Nothing was added to the SOLVE list."}},
		{"paste", func(c *Controller) { c.Paste("X=Y+\n  Z×)") }, "INVALID EQUATION 2:5", []string{
			"INVALID EQUATION in the paste",
			"1 of its 1 equation cannot be read; nothing was added to the SOLVE list.",
			"", "Equation 1:", `INVALID EQUATION at clipboard:2:5: unexpected ")"`, "  Z×)", "    ^"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewController(emulator.New(programs.DefaultEquations()), nil)
			defer c.Close()
			press(c, "SOLVE")
			tc.do(c)
			c.Wait()
			snap := c.Snapshot()
			assert.Equal(t, tc.top, snap.Frame.Top)
			if tc.lines == nil {
				assert.Nil(t, snap.Notice)
				return
			}
			require.NotNil(t, snap.Notice)
			assert.Equal(t, strings.Join(tc.lines, "\n"), snap.Notice.String())
			// A key closes it and does nothing else; so does a click.
			c.Do(Action{Key: emulator.KeyDown})
			c.Wait()
			assert.Nil(t, c.Snapshot().Notice)
			assert.Equal(t, tc.top, c.Snapshot().Frame.Top, "the key did nothing else")
			c.SetNotice(snap.Notice)
			c.Click(NewLayout(true), 1, 1)
			assert.Nil(t, c.Snapshot().Notice)
		})
	}
}

// TestNoticeInputRefused: INPUT that the state's limit refuses (STATE
// FULL: 4 MB on the display, the equation kept in the editor) says over
// the window what the limit is and what to do.
func TestNoticeInputRefused(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	m := c.Machine()
	// Equations of 16,000 spaces each fill the state quickly (spaces cost
	// the reader nothing).
	pad := strings.Repeat(" ", 16000)
	for i := 0; ; i++ {
		var b strings.Builder
		for j := range 50 {
			fmt.Fprintf(&b, "Q%d=%s1\n\n", i*50+j, pad)
		}
		if _, err := m.LoadEquations("f.eq", b.String(), emulator.LoadStrict); err != nil {
			break
		}
		require.Less(t, i, 10)
	}
	for i := 0; ; i++ { // then one at a time, to the last that fits
		if _, err := m.LoadEquations("f.eq", fmt.Sprintf("R%d=%s1\n", i, pad), emulator.LoadStrict); err != nil {
			require.ErrorContains(t, err, "at most")
			break
		}
		require.Less(t, i, 60)
	}
	press(c, "MAIN SOLVE NEW")
	require.NoError(t, m.TypeText("E1="+pad+"1"))
	c.Do(Action{Key: emulator.KeyINPUT})
	c.Wait()
	snap := c.Snapshot()
	require.True(t, m.Editing(), "the equation stays in the editor")
	require.NotNil(t, snap.Notice)
	assert.Equal(t, "INPUT REFUSED: STATE FULL: 4 MB", snap.Notice.Title)
	assert.Contains(t, snap.Notice.String(), "larger than 4 MB")
	c.Do(Action{Key: emulator.KeyEXIT})
	c.Wait()
	assert.Nil(t, c.Snapshot().Notice)
	assert.True(t, m.Editing(), "the key closed the notice only")
}

// TestNoticePasteInEditorRefused: a paste into the equation being typed
// that the editor refuses (longer than an equation may be) says why over
// the window, and the equation is left as it was.
func TestNoticePasteInEditorRefused(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	press(c, "SOLVE NEW")
	c.Paste(strings.Repeat("A", 20000))
	c.Wait()
	snap := c.Snapshot()
	require.NotNil(t, snap.Notice)
	assert.Equal(t, "PASTE REFUSED", snap.Notice.Title)
	assert.Contains(t, snap.Notice.String(), "16384")
	require.NotNil(t, snap.Edit)
	assert.Empty(t, snap.Edit.Text)
}
