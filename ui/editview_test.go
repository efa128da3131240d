package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// TestEditLines: the text cut into lines of the grid's width, an empty
// line after a full last one (the cursor's place at the end).
func TestEditLines(t *testing.T) {
	for _, tc := range []struct {
		text string
		cols int
		want []string
	}{
		{"", 4, []string{""}},
		{"A=B", 4, []string{"A=B"}},
		{"A=B×", 4, []string{"A=B×", ""}},
		{"AREA=L×W", 3, []string{"ARE", "A=L", "×W"}},
		{"AB", 0, []string{"A", "B", ""}}, // no width: one a line
	} {
		assert.Equal(t, tc.want, EditLines([]rune(tc.text), tc.cols), "%q at %d", tc.text, tc.cols)
	}
}

// TestEditGridLineMove: ↑ and ↓ keep the column; a shorter last line
// takes the cursor to the end; past the first line to the start, past
// the last to the end.
func TestEditGridLineMove(t *testing.T) {
	g := EditGrid{Cols: 10, Rows: 3}
	const n = 25 // lines of 10, 10 and 5
	for _, tc := range []struct {
		name             string
		pos, delta, want int
	}{
		{"down keeps the column", 3, 1, 13},
		{"down again", 13, 1, 23},
		{"down into a shorter last line: its end", 17, 1, 25},
		{"down on the last line: the end", 22, 1, 25},
		{"up keeps the column", 23, -1, 13},
		{"up on the first line: the start", 7, -1, 0},
		{"the cursor at the end goes up", 25, -1, 15},
		{"two lines at once", 4, 2, 24},
		{"a place outside the text is clamped first", 99, -1, 15},
		{"no move", 12, 0, 12},
	} {
		assert.Equal(t, tc.want, g.LineMove(n, tc.pos, tc.delta), tc.name)
	}
	// The cursor's line and column, and the first line in view.
	for _, tc := range []struct{ pos, row, col, first int }{
		{0, 0, 0, 0}, {9, 0, 9, 0}, {10, 1, 0, 0}, {25, 2, 5, 0}, {30, 3, 0, 1}, {59, 5, 9, 3},
	} {
		row, col := g.Place(tc.pos)
		assert.Equal(t, [3]int{tc.row, tc.col, tc.first}, [3]int{row, col, g.First(tc.pos)}, "at %d", tc.pos)
	}
}

// TestControllerLineMoves: the PC's ↑ and ↓ (Action.Line) move the cursor
// of the equation typed by lines of the view's width, through the
// controller as the window sends them; the snapshot shows the place.
func TestControllerLineMoves(t *testing.T) {
	c := NewController(emulator.New(nil), nil)
	defer c.Close()
	require.NoError(t, emulator.Run(c.Machine(), `MAIN SOLVE NEW "AREA=LENGTH×WIDTH+OFFSET"`, nil)) // 24 characters
	for _, tc := range []struct{ line, cursor int }{{-1, 14}, {-1, 4}, {-1, 0}, {1, 10}, {2, 24}} {
		c.Do(Action{Line: tc.line, LineCols: 10})
		c.Wait()
		v := c.Snapshot().Edit
		require.NotNil(t, v)
		assert.Equal(t, tc.cursor, v.Cursor, "after %+d lines", tc.line)
	}
}

// TestClickWhileEditing: while the panel shows the whole equation, a click
// where its New Game button is drawn at other times does nothing (not even
// the panel's warning, which is not drawn then): the equation stays in
// the editor as typed. The key g and the window's menu still reach New
// Game, which warns first.
func TestClickWhileEditing(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	for _, a := range []Action{{Key: emulator.KeyF5}, {Key: emulator.KeyF4}, {Text: "A=B"}} { // SOLVE NEW
		c.Do(a)
		c.Wait()
	}
	require.NotNil(t, c.Snapshot().Edit, "NEW")
	l := NewLayout(true)
	before := c.Snapshot().Panel
	b := l.NewGame
	c.Click(l, b.X+b.W/2, b.Y+b.H/2)
	c.Wait()
	v := c.Snapshot().Edit
	require.NotNil(t, v, "still editing")
	assert.Equal(t, "A=B", v.Text)
	assert.Equal(t, before, c.Snapshot().Panel, "the panel as it was")
}
