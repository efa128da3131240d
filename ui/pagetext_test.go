package ui

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

func TestReadOffer(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		known      []string
		titles     []string
		menus      []string
		knownAt    int // index of an equation already in the list, or -1
		err        string
		line, col  int
	}{
		{"one", "AREA:A=L x W", nil, []string{"AREA"}, []string{"A L W"}, -1, "", 0, 0},
		{"two, one known", "A=B+C\nPERIM:P=2*(L+W)", []string{"A=B+C"}, []string{"A=B+C", "PERIM"}, []string{"A B C", "P L W"}, 0, "", 0, 0},
		{"an error with its place", "A=B\nX=Y×)\nZ=W", nil, []string{"A=B", "Z=W"}, []string{"A B", "Z W"}, -1, `unexpected ")"`, 2, 5},
		{"nothing", "  \n", nil, nil, nil, -1, "no equation", 1, 1},
		{"not text", "A=\x00B", nil, nil, nil, -1, "control character", 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := ReadOffer(tc.text, tc.known)
			var titles, menus []string
			for i, e := range o.Equations {
				titles = append(titles, e.Title)
				menus = append(menus, strings.Join(e.Menu, " "))
				assert.Equal(t, i == tc.knownAt, e.Known, e.Title)
			}
			assert.Equal(t, tc.titles, titles)
			assert.Equal(t, tc.menus, menus)
			if tc.err == "" {
				assert.Nil(t, o.Error)
				return
			}
			require.NotNil(t, o.Error)
			assert.Contains(t, o.Error.Msg, tc.err)
			assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{o.Error.Line, o.Error.Col})
		})
	}
}

// TestLoadText adds a file's text as the page's file input and an
// accepted link do: the good equations, not those already there, the
// reason for a bad one in the panel's status and on stderr; the SOLVE
// list's text back as Ctrl+S writes it.
func TestLoadText(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	m := c.Machine()
	before, _ := m.Equations()
	var stderr bytes.Buffer
	c.LoadText("rect.eq", "AREA:A=L x W\nPERIM:P=2*(L+W)\n", &stderr)
	c.Wait()
	after, _ := m.Equations()
	assert.Equal(t, append(append([]string{}, before...), "AREA:A=L×W", "PERIM:P=2×(L+W)"), after)
	assert.Equal(t, "2 EQUATIONS ADDED", m.Frame().Top)
	assert.Empty(t, stderr.String())

	c.LoadText("more.eq", "AREA:A=L x W\nV=L×W×)\n", &stderr)
	c.Wait()
	again, _ := m.Equations()
	assert.Equal(t, after, again, "nothing new, nothing twice")
	assert.Equal(t, "INVALID EQUATION 2:7", m.Frame().Top)
	assert.Contains(t, stderr.String(), "more.eq:2:7")
	assert.Contains(t, c.Panel().Status, `unexpected ")"`, "the reason where the window shows it")

	text, n := c.SolveListText()
	assert.Equal(t, len(after), n)
	assert.True(t, strings.HasSuffix(text, "AREA:A=L×W\n\nPERIM:P=2×(L+W)\n"), text)

	press(c, "MAIN SOLVE")
	list, cur := m.Equations()
	assert.Equal(t, list[cur], c.CurrentEquation())
}

// TestGuard: a panic inside a guarded action is an error naming it; a
// controller's job that panics leaves the calculator running, shows
// ACTION FAILED and reports the failure, and the next key works.
func TestGuard(t *testing.T) {
	assert.NoError(t, Guard("nothing", func() {}))
	keys := []string{"A"}
	err := Guard("indexing", func() {
		_ = keys[len(keys)]
	})
	var f *Failure
	require.True(t, errors.As(err, &f))
	assert.Equal(t, "indexing", f.What)
	assert.Contains(t, f.Error(), "indexing failed: runtime error: index out of range [1] with length 1")
	assert.Contains(t, f.Stack, "TestGuard")

	var reported []error
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	c.SetFailureReport(func(err error) { reported = append(reported, err) })
	press(c, "1 2")
	c.enqueue(func() { panic("a test's job") })
	c.Wait()
	assert.Equal(t, failureMessage, c.Machine().Frame().Top)
	require.Len(t, reported, 1)
	assert.Contains(t, reported[0].Error(), "a test's job")
	press(c, "+ 3 =")
	assert.Equal(t, "15.00", strings.TrimSpace(c.Machine().Frame().Top), "the calculator goes on")
}
