//go:build !js

package window

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/library"
	"github.com/hp17b/hp17b/ui"
)

// TestLibraryFits: at 1×, with the heaps panel and without, every
// equation of the library shown whole fits the view's text area (its
// text wrapped inside its width; its lines above the buttons, scrolled
// to the last where its notes run past), and the list's foot fits in two
// lines.
func TestLibraryFits(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	for _, panel := range []bool{true, false} {
		l := ui.NewLayout(panel)
		pl := placeLibrary(l)
		assert.LessOrEqual(t, pl.Close.X+pl.Close.W, l.Width)
		foot := wrapWidth("Rows 10–30 of 45 · "+libraryListFoot, f.regular, libraryFoot, pl.Foot.W)
		assert.LessOrEqual(t, len(foot), 2, "the list's foot in two lines at most (panel %v)", panel)
		for _, line := range foot {
			assert.LessOrEqual(t, measure(line, f.regular, libraryFoot), pl.Foot.W)
		}
		assert.LessOrEqual(t, 12*float64(len(foot)), pl.Foot.H+2)
		for _, e := range library.All() {
			rows := libraryRows(f, ui.LibraryRow{Entry: e, Known: true}, pl.Text.W)
			require.NotEmpty(t, rows)
			for _, r := range rows {
				assert.LessOrEqual(t, measure(r.text, r.src, librarySize), pl.Text.W, "%s: %q", e.Name, r.text)
			}
			top := libraryDetailTop(rows, pl.Text.H, len(rows))
			shown := shownRows(rows, pl.Text.H, top)
			require.NotEmpty(t, shown)
			assert.Equal(t, rows[len(rows)-1].text, shown[len(shown)-1].text, "%s scrolled to its end shows its last line above the buttons (panel %v)", e.Name, panel)
			assert.Equal(t, rows[0].text, shownRows(rows, pl.Text.H, 0)[0].text, "%s opens at its first line", e.Name)
			if top == 0 {
				assert.Len(t, shown, len(rows), "%s fits whole, nothing to scroll", e.Name)
			}
		}
	}
}
