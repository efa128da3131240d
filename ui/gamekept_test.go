package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// TestWindowSetsAsideKeptGame: a kept game that is damaged or foreign
// (its moves do not reach its position, a move the rule refuses, a K
// where the program has none, a program this hp17b lacks) is not taken
// on by the window, as the terminal does not take it on
// (cmd/hp17b's TestPlaySetsAsideForeignGame): the panel says so, the
// section is moved to "game-damaged" whole, and a good game resumes.
func TestWindowSetsAsideKeptGame(t *testing.T) {
	good := `{"program":"nim","position":[1,3,5,6],"turn":1,"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,5,6]}],"outcome":0}`
	for name, kept := range map[string]string{
		"good":         good,
		"unreached":    strings.Replace(good, `"position":[1,3,5,6]`, `"position":[1,3,4,6]`, 1),
		"illegal move": strings.ReplaceAll(good, "[1,3,5,6]", "[1,3,4,2]"),
		"a K":          strings.Replace(good, `"program":"nim"`, `"program":"nim","k":4`, 1),
		"unknown":      strings.Replace(good, `"program":"nim"`, `"program":"nope"`, 1),
		"not a match":  `[1,2,3]`,
	} {
		t.Run(name, func(t *testing.T) {
			store := &memStore{}
			mach, _, err := emulator.Open(emulator.OpenOptions{Store: store, Equations: programs.DefaultEquations()})
			require.NoError(t, err)
			mach.SetSection(gameSection, json.RawMessage(kept))
			require.NoError(t, mach.Flush())
			mach, _, err = emulator.Open(emulator.OpenOptions{Store: store, Equations: programs.DefaultEquations()})
			require.NoError(t, err)
			mach.SaveEvery(-1)
			c := NewController(mach, nil)
			defer c.Close()
			c.Wait()
			if name == "good" {
				require.NotNil(t, c.game.match)
				assert.Equal(t, programs.Position{1, 3, 5, 6}, c.game.match.Position)
				return
			}
			assert.Nil(t, c.game.match)
			assert.Contains(t, c.game.status, "The kept game could not be read (")
			assert.Contains(t, c.game.status, `"game-damaged"`)
			assert.Nil(t, mach.Section(gameSection))
			assert.JSONEq(t, kept, string(mach.Section(gameAside)), "nothing kept is lost")
		})
	}
}
