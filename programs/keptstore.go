package programs

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	fsfiles "github.com/hp17b/hp17b/internal/files"
)

// GameStore is where terminal play keeps its games between runs, as
// opaque bytes (Kept as JSON): LoadGame returns nil when nothing is kept
// yet.
type GameStore interface {
	LoadGame() ([]byte, error)
	SaveGame(b []byte) error
}

// KeptFileSuffix names the games' file beside the state file (<state
// file>.game.json).
const KeptFileSuffix = ".game.json"

// maxKeptFile is the largest games file read (a game of 1-3-5-7 Nim is
// about 2 KB with its variables).
const maxKeptFile = 4 << 20

// FileStore keeps the games in the file Path, written whole each time by
// the rule for every file hp17b writes (fsfiles.WriteReplacing: a temporary
// file in the same folder and a rename, so that a crash leaves either the
// old file or the new one; a link written through to its target; a fifo
// or anything but a regular file refused).
type FileStore struct{ Path string }

// LoadGame reads the file: nil when there is none.
func (s FileStore) LoadGame() ([]byte, error) {
	b, err := fsfiles.ReadRegular(s.Path, maxKeptFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// SaveGame writes b in place of the file, creating its folder.
func (s FileStore) SaveGame(b []byte) error {
	if err := fsfiles.CheckWritable(s.Path); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return err
	}
	return fsfiles.WriteReplacing(s.Path, b)
}

// SetAside moves a regular file that cannot be read as games out of the
// way (fsfiles.MoveAside; a link's target, beside it) and returns that
// name: nothing kept is lost. Anything else in its place (a fifo, a
// folder, a link to one) is refused and left as it is.
func (s FileStore) SetAside() (string, error) {
	target, err := fsfiles.Target(s.Path)
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
	return fsfiles.MoveAside(target)
}

// MemStore keeps the games for one run only (hp17b's --fresh): Saved is
// what SaveGame saved last, nil before.
type MemStore struct{ Saved []byte }

// LoadGame returns what SaveGame saved last.
func (s *MemStore) LoadGame() ([]byte, error) { return s.Saved, nil }

// SaveGame keeps a copy of b.
func (s *MemStore) SaveGame(b []byte) error {
	s.Saved = slices.Clone(b)
	return nil
}

// LoadKept reads the kept games of store (DecodeKept, which plays each
// again). A store that cannot be read as games is set aside when it can
// be (a SetAside method; notice says where) and nothing is resumed; when
// it cannot be set aside either, the game of this run is kept in memory
// only (the store returned, a MemStore), so that nothing is overwritten.
// notice is empty when the games were read.
func LoadKept(store GameStore) (kept Kept, s GameStore, notice string) {
	b, err := store.LoadGame()
	var kg Kept
	if err == nil {
		if kg, err = DecodeKept(b); err == nil {
			return kg, store, ""
		}
	}
	kg, _ = DecodeKept(nil)
	notice = fmt.Sprintf("the kept games could not be read (%v)", err)
	a, ok := store.(interface{ SetAside() (string, error) })
	if !ok {
		return kg, store, notice + "; a new game starts"
	}
	name, aerr := a.SetAside()
	if aerr != nil {
		return kg, &MemStore{}, notice + "; they could not be moved aside either (" + aerr.Error() + "): a new game starts and is not kept"
	}
	return kg, store, notice + "; they are kept in " + name + " and a new game starts"
}

// KeepGame keeps game as program id's in store, beside the other
// programs' games, and id as the one played last; games that cannot be
// read (set aside at the start, or damaged since) are replaced.
func KeepGame(store GameStore, id string, game KeptGame) error {
	b, err := store.LoadGame()
	kg, derr := DecodeKept(b)
	if err != nil || derr != nil {
		kg, _ = DecodeKept(nil)
	}
	kg.Games[id] = game
	kg.Last = id
	out, err := json.Marshal(kg)
	if err != nil {
		return err
	}
	return store.SaveGame(append(out, '\n'))
}
