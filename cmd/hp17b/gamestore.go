package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/programs"
)

// gameStore is where terminal play keeps its games between runs, as
// opaque bytes (programs.Kept as JSON): LoadGame returns nil when nothing is
// kept yet.
type gameStore interface {
	LoadGame() ([]byte, error)
	SaveGame(b []byte) error
}

// gameFileSuffix names the games' file beside the state file.
const gameFileSuffix = ".game.json"

// maxGameFile is the largest games file read (a game of 1-3-5-7 Nim is
// about 2 KB with its variables).
const maxGameFile = 4 << 20

// openGameStore is the store for the --state and --fresh flags: the file
// beside the state file (<state file>.game.json; the default state file's
// when --state is not given), or, with --fresh, memory that dies with the
// run.
func openGameStore(mem cli.Memory) (gameStore, error) {
	if mem.Fresh {
		return &memGameStore{}, nil
	}
	path := mem.State
	if path == "" {
		var err error
		if path, err = emulator.DefaultStatePath(); err != nil {
			return nil, fmt.Errorf("no place for the state file (%v); use --state FILE or --fresh", err)
		}
	}
	return fileGameStore{path: path + gameFileSuffix}, nil
}

// fileGameStore keeps the games in one file, written whole each time by
// the rule for every file hp17b writes (files.WriteReplacing: a temporary
// file in the same folder and a rename, so that a crash leaves either the
// old file or the new one; a link written through to its target; a fifo
// or anything but a regular file refused).
type fileGameStore struct{ path string }

// LoadGame reads the file: nil when there is none.
func (s fileGameStore) LoadGame() ([]byte, error) {
	b, err := files.ReadRegular(s.path, maxGameFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// SaveGame writes b in place of the file, creating its folder.
func (s fileGameStore) SaveGame(b []byte) error {
	if err := files.CheckWritable(s.path); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	return files.WriteReplacing(s.path, b)
}

// SetAside moves a regular file that cannot be read as games out of the
// way (files.MoveAside; a link's target, beside it) and returns that
// name: nothing kept is lost. Anything else in its place (a fifo, a
// folder, a link to one) is refused and left as it is.
func (s fileGameStore) SetAside() (string, error) {
	target, err := files.Target(s.path)
	if err != nil {
		return "", err
	}
	info, err := os.Lstat(target)
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file: it is left as it is", target)
	}
	return files.MoveAside(target)
}

// memGameStore keeps the games for one run only (--fresh).
type memGameStore struct{ b []byte }

// LoadGame returns what SaveGame saved last.
func (s *memGameStore) LoadGame() ([]byte, error) { return s.b, nil }

// SaveGame keeps a copy of b.
func (s *memGameStore) SaveGame(b []byte) error {
	s.b = slices.Clone(b)
	return nil
}

// loadKept reads the kept games. A store that cannot be read as games is
// set aside when it can be (notice says where) and nothing is resumed;
// when it cannot be set aside either, the game of this run is kept in
// memory only (the store returned), so that nothing is overwritten.
func loadKept(store gameStore) (programs.Kept, gameStore, string) {
	b, err := store.LoadGame()
	var kg programs.Kept
	if err == nil {
		if kg, err = programs.DecodeKept(b); err == nil {
			return kg, store, ""
		}
	}
	kg, _ = programs.DecodeKept(nil)
	notice := fmt.Sprintf("the kept games could not be read (%v)", err)
	s, ok := store.(interface{ SetAside() (string, error) })
	if !ok {
		return kg, store, notice + "; a new game starts"
	}
	name, aerr := s.SetAside()
	if aerr != nil {
		return kg, &memGameStore{}, notice + "; they could not be moved aside either (" + aerr.Error() + "): a new game starts and is not kept"
	}
	return kg, store, notice + "; they are kept in " + name + " and a new game starts"
}

// keepGame keeps game as program id's in the store, beside the other
// programs' games, and id as the one played last.
func keepGame(store gameStore, id string, game programs.KeptGame) error {
	b, err := store.LoadGame()
	kg, derr := programs.DecodeKept(b)
	if err != nil || derr != nil {
		kg, _ = programs.DecodeKept(nil) // set aside at the start, or damaged since: replaced
	}
	kg.Games[id] = game
	kg.Last = id
	out, err := json.Marshal(kg)
	if err != nil {
		return err
	}
	return store.SaveGame(append(out, '\n'))
}
