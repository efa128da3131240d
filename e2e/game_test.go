package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/ui"
)

// keptGame reads the game kept in the state file, waiting until the
// window has written it with position want (it writes a few times a
// second at most).
func keptGame(t *testing.T, state string, want programs.Position) programs.Match {
	t.Helper()
	var st struct {
		Sections struct {
			Game programs.Match `json:"game"`
		} `json:"sections"`
	}
	deadline := time.Now().Add(scaled(5 * time.Second))
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(state); err == nil && json.Unmarshal(b, &st) == nil &&
			assert.ObjectsAreEqual(want, st.Sections.Game.Position) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	require.Equal(t, want, st.Sections.Game.Position, "the game kept in the state file")
	return st.Sections.Game
}

// TestLiveNewGameAfterDigit: one move (the calculator answers 1,346), a
// digit keyed, then New Game, all clicked at machine speed: New Game
// computes INIT (INIT=1,357.00, not INIT=0.00 as when it pressed CLR and
// INIT) and the next click is answered in the new game.
func TestLiveNewGameAfterDigit(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	win, xdo := liveWindow(t, "--state", state)
	img, err := captureWindow(win)
	require.NoError(t, err)
	l := ui.NewLayout(true)
	clickAt(xdo, win, img, l.NewGame)
	clickAt(xdo, win, img, l.Match(3, 6)) // D = 6
	_, top := waitLCD(t, win, "EVAL=1,346.00", 5*time.Second)
	require.Equal(t, "EVAL=1,346.00", top)
	clickAt(xdo, win, img, l.Keys[emulator.Key5])
	clickAt(xdo, win, img, l.NewGame)
	_, top = waitLCD(t, win, "INIT=1,357.00", 5*time.Second)
	assert.Equal(t, "INIT=1,357.00", top)
	g := keptGame(t, state, programs.Position{1, 3, 5, 7})
	assert.Equal(t, programs.Person, g.Turn)
	assert.Empty(t, g.Moves, "a new game")
	clickAt(xdo, win, img, l.Match(3, 6))
	_, top = waitLCD(t, win, "EVAL=1,346.00", 5*time.Second)
	assert.Equal(t, "EVAL=1,346.00", top, "the new game goes on")
}

// TestLiveRestartAfterAnswer: after the calculator's answer (1,346) the
// window is quit with Ctrl+Q and opened again on the same state: it is
// still the person's move, and the next click is answered (the panel once
// offered EVAL and declared the person the winner).
func TestLiveRestartAfterAnswer(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	bin := liveBinary(t)
	l := ui.NewLayout(true)
	xdo := xdoFor(t)
	win, wait := launch(t, bin, "--state", state)
	img, err := captureWindow(win)
	require.NoError(t, err)
	clickAt(xdo, win, img, l.NewGame)
	clickAt(xdo, win, img, l.Match(3, 6))
	_, top := waitLCD(t, win, "EVAL=1,346.00", 5*time.Second)
	require.Equal(t, "EVAL=1,346.00", top)
	quitByCtrlQ(t, win, wait)
	g := keptGame(t, state, programs.Position{1, 3, 4, 6})
	assert.Equal(t, programs.Person, g.Turn)
	assert.Equal(t, programs.Playing, g.Outcome)

	win, xdo = startWindow(t, bin, "--state", state)
	img, err = captureWindow(win)
	require.NoError(t, err)
	clickAt(xdo, win, img, l.Match(2, 1)) // C: 4 → 1 leaves 1316; the calculator leaves 1313
	_, top = waitLCD(t, win, "EVAL=1,313.00", 5*time.Second)
	assert.Equal(t, "EVAL=1,313.00", top)
	g = keptGame(t, state, programs.Position{1, 3, 1, 3})
	assert.Equal(t, programs.Playing, g.Outcome, "no free win")
	assert.Len(t, g.Moves, 4)
}
