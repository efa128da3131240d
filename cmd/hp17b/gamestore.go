package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/programs"
)

// gameStore is where terminal play keeps its games between runs, as
// opaque bytes (keptGames as JSON): LoadGame returns nil when nothing is
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
// way, to path.damaged-TIMESTAMP (a link's target, beside it), and
// returns that name: nothing kept is lost. Anything else in its place (a
// fifo, a folder, a link to one) is refused and left as it is.
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
	name := target + ".damaged-" + time.Now().UTC().Format("20060102T150405.000000000")
	return name, os.Rename(target, name)
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

// gamesSchema is the version of keptGames' layout.
const gamesSchema = 1

// keptGames is what terminal play keeps: each program's game, by the
// program's ID, and the ID of the program played last (hp17b play
// without --program resumes it).
type keptGames struct {
	Schema int                 `json:"schema"`
	Last   string              `json:"last,omitempty"`
	Games  map[string]keptGame `json:"games,omitempty"`
}

// keptGame is one program's game, the Solver's variables as the game
// left them and the position its last EVAL answered (nil when none): the
// why view shows the equation's L() values only for that position.
type keptGame struct {
	Match     programs.Match          `json:"match"`
	Vars      map[string]hp17b.Number `json:"vars,omitempty"`
	Evaluated programs.Position       `json:"evaluated,omitempty"`
}

// decodeKept reads b (nil: nothing kept) and checks every game in it by
// playing its moves again from the program's start: an error says which
// game is wrong and how.
func decodeKept(b []byte) (keptGames, error) {
	kg := keptGames{Schema: gamesSchema, Games: map[string]keptGame{}}
	if b == nil {
		return kg, nil
	}
	if err := json.Unmarshal(b, &kg); err != nil {
		return kg, err
	}
	if kg.Schema != gamesSchema {
		return kg, fmt.Errorf("layout %d, this hp17b reads %d", kg.Schema, gamesSchema)
	}
	if kg.Games == nil {
		kg.Games = map[string]keptGame{}
	}
	for id, g := range kg.Games {
		if err := checkMatch(id, &g.Match); err != nil {
			return kg, fmt.Errorf("the game of %s: %w", id, err)
		}
	}
	return kg, nil
}

// checkMatch reports whether m is a game of program id that its moves
// reach: the moves played again from the start, legal one by one, give
// its position, turn and outcome, and the moves undone can be played
// again.
func checkMatch(id string, m *programs.Match) error {
	if m.Program != id {
		return fmt.Errorf("it is kept under %s but is a game of %q", id, m.Program)
	}
	prog, g, err := m.Game()
	if err != nil {
		return err
	}
	switch {
	case g.Param == "" && m.K != 0:
		return fmt.Errorf("%s has no K, but the match keeps K=%d", id, m.K)
	case g.Param != "" && (m.K < 1 || m.K > 9):
		return fmt.Errorf("the match keeps K=%d, and K is 1 to 9", m.K)
	}
	r, err := programs.NewMatch(prog, m.K)
	if err != nil {
		return err
	}
	for i, mv := range m.Moves {
		if !slices.Equal(mv.From, r.Position) {
			return fmt.Errorf("move %d starts from %s, not %s", i+1, g.Show(mv.From), g.Show(r.Position))
		}
		if err := r.Play(mv.By, mv.To); err != nil {
			return fmt.Errorf("move %d (%s to %s): %w", i+1, g.Show(mv.From), g.Show(mv.To), err)
		}
	}
	if m.Resigned {
		if err := r.Resign(); err != nil {
			return fmt.Errorf("the resignation: %w", err)
		}
	}
	if !slices.Equal(r.Position, m.Position) || r.Turn != m.Turn || r.Outcome != m.Outcome {
		return fmt.Errorf("its moves lead to %s, %s to move (outcome %d), not %s, %s (outcome %d)",
			g.Show(r.Position), r.Turn, r.Outcome, g.Show(m.Position), m.Turn, m.Outcome)
	}
	r.Undone = slices.Clone(m.Undone)
	for r.Redo() {
	}
	if len(r.Undone) > 0 && !r.Over() {
		return fmt.Errorf("a move undone (%d left) cannot be played again", len(r.Undone))
	}
	return nil
}
