package programs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeptStore: a game kept (KeepGame) is read back (LoadKept) beside
// the other programs' games, the last kept named; a store that cannot be
// read as games is set aside whole and a new game starts; a MemStore,
// which cannot be set aside, starts a new game too.
func TestKeptStore(t *testing.T) {
	m, err := NewMatch(mustProgram(t, "nim"), 0)
	require.NoError(t, err)
	require.NoError(t, m.Play(Person, Position{1, 3, 5, 6}))
	store := FileStore{Path: filepath.Join(t.TempDir(), "sub", "state.json"+KeptFileSuffix)}
	kg, s, notice := LoadKept(store)
	assert.Empty(t, notice)
	assert.Equal(t, store, s)
	assert.Empty(t, kg.Games)
	require.NoError(t, KeepGame(store, "nim", KeptGame{Match: *m}))
	m2, err := NewMatch(mustProgram(t, "kayles"), 0)
	require.NoError(t, err)
	require.NoError(t, KeepGame(store, "kayles", KeptGame{Match: *m2}))
	kg, _, notice = LoadKept(store)
	assert.Empty(t, notice)
	assert.Equal(t, "kayles", kg.Last)
	assert.Equal(t, Position{1, 3, 5, 6}, kg.Games["nim"].Match.Position)

	require.NoError(t, os.WriteFile(store.Path, []byte("{not json"), 0o644))
	kg, s, notice = LoadKept(store)
	assert.Empty(t, kg.Games)
	assert.Equal(t, store, s)
	assert.Contains(t, notice, "the kept games could not be read (")
	assert.Contains(t, notice, "; they are kept in "+store.Path+".damaged-")
	assert.NoFileExists(t, store.Path)

	mem := &MemStore{}
	require.NoError(t, mem.SaveGame([]byte("{not json")))
	_, s, notice = LoadKept(mem)
	assert.Same(t, mem, s)
	assert.Contains(t, notice, "; a new game starts")
	require.NoError(t, KeepGame(mem, "nim", KeptGame{Match: *m}), "damaged games are replaced")
	kg, err = DecodeKept(mem.Saved)
	require.NoError(t, err)
	assert.Equal(t, "nim", kg.Last)
}

func mustProgram(t *testing.T, id string) Program {
	t.Helper()
	p, err := ByID(id)
	require.NoError(t, err)
	return p
}
