package ui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// TestPaperPanel: F9 shows the print-out in place of the heaps panel, the
// view follows the newest line and scrolls back, Ctrl+C copies the paper
// while it shows, and the panel's Clear and Save buttons work.
func TestPaperPanel(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	a, ok := NamedKeyAction("F9", false)
	require.True(t, ok)
	assert.False(t, c.Snapshot().Paper.Shown)
	for i := 1; i <= 30; i++ {
		digits := strings.Join(strings.Split(strconv.Itoa(i), ""), " ")
		press(c, digits+" PRT")
	}
	c.Do(a)
	p := c.Snapshot().Paper
	require.True(t, p.Shown)
	assert.Equal(t, 30, p.Total)
	require.Len(t, p.Lines, PaperLines)
	assert.Equal(t, "30.00", strings.TrimSpace(p.Lines[PaperLines-1]), "the newest line at the bottom")
	c.ScrollPaper(100)
	p = c.Snapshot().Paper
	assert.Equal(t, 30-PaperLines, p.Scroll, "scrolled back as far as the first line")
	assert.Equal(t, "1.00", strings.TrimSpace(p.Lines[0]))
	c.ScrollPaper(-100)
	assert.Equal(t, 0, c.Snapshot().Paper.Scroll)
	assert.True(t, strings.HasPrefix(strings.TrimSpace(c.CopyText()), "1.00\n"), "Ctrl+C copies the paper")

	l := NewLayout(true)
	path := filepath.Join(t.TempDir(), "tape.txt")
	c.SetPaperFile(path)
	c.Click(l, l.PaperSave.X+1, l.PaperSave.Y+1)
	c.Wait()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, 31, len(strings.Split(string(b), "\n")), "30 lines, each ended")
	assert.Contains(t, c.Snapshot().Paper.Status, path)
	c.Click(l, l.PaperClear.X+1, l.PaperClear.Y+1)
	c.Wait()
	assert.Equal(t, 0, c.Snapshot().Paper.Total)
	assert.Empty(t, c.Machine().PrintOut())

	c.SetPaperFile(filepath.Join(t.TempDir(), "no", "such", "folder", "tape.txt"))
	assert.Error(t, c.SavePaper())
	assert.Contains(t, c.Snapshot().Paper.Status, "Not saved")

	c.Do(a)
	assert.False(t, c.Snapshot().Paper.Shown)
	press(c, "7")
	assert.Equal(t, "7", c.CopyText(), "hidden, Ctrl+C copies the number again")
}

// TestSaveEquations: Ctrl+S's file holds the SOLVE list as an equation
// file that loads back to the same list.
func TestSaveEquations(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	// The calculator keeps an invalid equation in its list (CALC says
	// INVALID EQUATION): it is saved on a marked line that loads back.
	require.NoError(t, emulator.Run(c.Machine(), `SOLVE NEW "A=(B" INPUT NEW "#T=X" INPUT`, nil))
	want, _ := c.Machine().Equations()
	path := filepath.Join(t.TempDir(), "eqs.txt")
	require.NoError(t, c.SaveEquations(path))
	c.Wait()
	assert.Equal(t, strconv.Itoa(len(want))+" EQUATIONS SAVED", c.Machine().Frame().Top)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(b), "\n"+solver.KeptMark+"A=(B\n")
	fresh := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(fresh, "SOLVE DELET YES DELET YES", nil))
	none, _ := fresh.Equations()
	require.Empty(t, none)
	_, err = fresh.LoadEquations("eqs.txt", string(b), emulator.LoadStrict)
	require.NoError(t, err)
	got, _ := fresh.Equations()
	assert.Equal(t, want, got)
	assert.Equal(t, string(b), solver.FormatFile(got), "the list loaded saves to the same file, byte for byte")
	assert.Error(t, c.SaveEquations(filepath.Join(path, "no", "such")))
	c.Wait()
	assert.Equal(t, "NOT SAVED", c.Machine().Frame().Top)
}

// TestAbout: F12 shows the About overlay, keys do nothing under it, and
// Escape or F12 closes it.
func TestAbout(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	a, ok := NamedKeyAction("F12", false)
	require.True(t, ok)
	c.Do(a)
	require.True(t, c.Snapshot().About)
	press(c, "5")
	assert.Equal(t, "0.00", c.Frame().Top, "keys do nothing under About")
	esc, _ := NamedKeyAction("Escape", false)
	c.Do(esc)
	assert.False(t, c.Snapshot().About)
	c.Do(a)
	c.Do(a)
	assert.False(t, c.Snapshot().About)
}

// TestSavesFollowOneRule: the paper's Save and Ctrl+S's equations follow
// the rule for every file hp17b writes (internal/files.WriteReplacing): a
// symbolic link is written through to its target, which keeps its mode
// (Ctrl+S over a 0600 file once left it 0644); TestSavesRefuseFifo.
func TestSavesFollowOneRule(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(target, []byte("mine\n"), 0o600))
	link := filepath.Join(dir, "hp17b-equations.txt")
	require.NoError(t, os.Symlink(target, link))
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	require.NoError(t, c.SaveEquations(link))
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Contains(t, string(b), "NIM", "written through")
	c.SetPaperFile(link)
	require.NoError(t, c.SavePaper())
	b, err = os.ReadFile(target)
	require.NoError(t, err)
	assert.Empty(t, string(b), "the empty print-out, written through")
	info, err := os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the mode kept")
	info, err = os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeSymlink, "still a link")

}
