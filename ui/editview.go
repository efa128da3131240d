package ui

// The whole-equation view's model: the equation being typed or edited
// (emulator.EditView) cut into lines of a fixed number of characters, the
// lines in view, and the cursor's moves by a line, as a multi-line editor
// moves it. The window draws it (ui/window/panel.go) and sends the line
// moves (Action.Line); docs/window.md "The whole equation".

// EditGrid is the view's grid: Cols characters a line, Rows lines in view
// (both at least 1).
type EditGrid struct{ Cols, Rows int }

// EditLines cuts text into lines of cols characters: the last one
// shorter, and an empty one after a full last line, where the cursor at
// the end goes. An empty text is one empty line.
func EditLines(text []rune, cols int) []string {
	cols = max(1, cols)
	var lines []string
	for i := 0; i <= len(text); i += cols {
		lines = append(lines, string(text[i:min(i+cols, len(text))]))
	}
	return lines
}

// Place is the line and column of a place in the text (runes from its
// start): before the character at that column of that line.
func (g EditGrid) Place(pos int) (row, col int) {
	c := max(1, g.Cols)
	pos = max(0, pos)
	return pos / c, pos % c
}

// First is the first line in view with the cursor at pos: the top while
// the cursor is within the first Rows lines, else the lines that end with
// the cursor's.
func (g EditGrid) First(pos int) int {
	row, _ := g.Place(pos)
	return max(0, row-max(1, g.Rows)+1)
}

// LineMove is where the cursor at pos in a text of n characters goes when
// moved delta lines down (up when negative), keeping its column, as a
// multi-line editor's ↑ and ↓ do: to the same column of that line, or the
// end of the text when that line is shorter; past the first line to the
// start of the text, past the last to its end.
func (g EditGrid) LineMove(n, pos, delta int) int {
	c := max(1, g.Cols)
	pos = min(max(pos, 0), n)
	return min(max(pos+delta*c, 0), n)
}
