package ui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// waitPlayed waits up to 10 s for a key script being played to end.
func waitPlayed(t *testing.T, c *Controller) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); c.Snapshot().Playing && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	require.False(t, c.Snapshot().Playing, "the script played to its end")
	c.Wait()
}

// TestRecordAndPlay: keys recorded in the window (mouse, PC keys, a
// shifted function, a menu key, text typed into an equation, a chord of
// CLR) make a key script that the command line's player (emulator.Run)
// and the window's (PlayScript) turn into the same display; a key pressed
// while a script plays stops it.
func TestRecordAndPlay(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	c.StartRecording()
	require.True(t, c.Snapshot().Recording)
	press(c, "2 × 3 =")
	c.Do(Action{Key: emulator.KeyMul, Shift: true}) // y^x
	press(c, "2 =")
	c.Do(Action{Key: emulator.KeyEXIT, Shift: true}) // MAIN
	press(c, "SOLVE NEW")
	c.Do(Action{Text: "X=Y+1"})
	c.Do(Action{Cursor: &[]emulator.CursorMove{emulator.CursorLeft}[0]}) // not in the vocabulary: left out
	press(c, "INPUT CALC 4 Y X")
	c.Wait()
	script := c.StopRecording()
	assert.False(t, c.Snapshot().Recording)
	assert.Equal(t, `2 × 3 = Y^X 2 = MAIN F5 F4 "X=Y+1" INPUT F1 4 F2 F1`, script)
	want := c.Frame()
	assert.Equal(t, "X=5.00", want.Top)

	m := emulator.New(programs.DefaultEquations())
	require.NoError(t, emulator.Run(m, script, nil))
	assert.Equal(t, want, m.Frame(), "hp17b keys gives the same display")

	d := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer d.Close()
	require.NoError(t, d.PlayScript(script, time.Millisecond))
	waitPlayed(t, d)
	assert.Equal(t, want, d.Frame(), "played in the window, the same display")

	// A key stops the playing, and does nothing else.
	e := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer e.Close()
	require.NoError(t, e.PlayScript("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", 50*time.Millisecond))
	require.True(t, e.Snapshot().Playing)
	e.Do(Action{Key: emulator.Key9})
	assert.False(t, e.Snapshot().Playing)
	e.Wait()
	assert.NotContains(t, e.Frame().Top, "9", "the stopping key is not pressed")
	assert.Less(t, len(e.Frame().Top), 16, "the playing stopped early: %q", e.Frame().Top)
	assert.Error(t, e.PlayScript(`"unclosed`, time.Millisecond))
}
