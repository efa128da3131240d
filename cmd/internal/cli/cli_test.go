package cli

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/solver"
	"github.com/hp17b/hp17b/ui"
)

func TestWindowFlags(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		done   bool
		check  func(t *testing.T, w Window, out, errOut string)
	}{
		{[]string{"--fresh", "--click", "540,200", "--click=1.5,-2", "--model", "17bii+", "--keys", "SOLVE CALC"}, 0, false,
			func(t *testing.T, w Window, _, _ string) {
				assert.True(t, w.Fresh)
				assert.Equal(t, []Click{{540, 200}, {1.5, -2}}, w.Click)
				assert.Equal(t, Model{Model: solver.Model17BIIPlus, Given: true}, w.Model)
				assert.True(t, w.NeedsWindow())
			}},
		{nil, 0, false, func(t *testing.T, w Window, _, _ string) {
			assert.False(t, w.Model.Given, "no --model keeps the state's model")
			assert.False(t, w.NeedsWindow())
		}},
		{[]string{"--help"}, 0, true, func(t *testing.T, _ Window, out, errOut string) {
			assert.Contains(t, out, "Usage: prog [flags]")
			assert.Contains(t, out, ModelHelp[:20])
			assert.Empty(t, errOut)
		}},
		{[]string{"--click", "540"}, 64, true, func(t *testing.T, _ Window, _, errOut string) {
			assert.Contains(t, errOut, `prog: --click: want X,Y in layout units, got "540"`)
			assert.Contains(t, errOut, "run prog --help")
		}},
		{[]string{"--model", "17c"}, 64, true, func(t *testing.T, _ Window, _, errOut string) {
			assert.Contains(t, errOut, "--model")
		}},
		{[]string{"stray"}, 64, true, func(t *testing.T, _ Window, _, errOut string) {
			assert.Contains(t, errOut, "unexpected argument stray")
		}},
	} {
		var w Window
		var out, errOut bytes.Buffer
		_, status, done := Parse("prog", "A test.", &w, c.args, &out, &errOut, 64, nil)
		require.Equal(t, c.done, done, c.args)
		assert.Equal(t, c.status, status, c.args)
		c.check(t, w, out.String(), errOut.String())
	}
}

// TestClickBounds: the command line's --click check knows
// the window's size with the heaps panel.
func TestClickBounds(t *testing.T) {
	l := ui.NewLayout(true)
	assert.Equal(t, l.Width, LayoutWidth)
	assert.Equal(t, l.Height, LayoutHeight)
	assert.NoError(t, CheckClick(l.Width-1, l.Height-1))
	assert.Error(t, CheckClick(l.Width, 0))
	assert.Error(t, CheckClick(-1, 0))
}
