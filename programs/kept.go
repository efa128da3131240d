package programs

import (
	"encoding/json"
	"fmt"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// KeptSchema is the version of Kept's layout.
const KeptSchema = 1

// Kept is the games terminal play keeps between runs (the file beside the
// state file, <state file>.game.json): each program's game by the
// program's ID, and the ID of the program played last (hp17b play without
// --program resumes it).
type Kept struct {
	Schema int                 `json:"schema"`
	Last   string              `json:"last,omitempty"`
	Games  map[string]KeptGame `json:"games,omitempty"`
}

// KeptGame is one program's game, the Solver's variables as the game left
// them and the position its last EVAL answered (nil when none): the why
// view shows the equation's L() values only for that position.
type KeptGame struct {
	Match     Match                   `json:"match"`
	Vars      map[string]hp17b.Number `json:"vars,omitempty"`
	Evaluated Position                `json:"evaluated,omitempty"`
}

// DecodeKept reads b (nil: nothing kept) and checks every game in it by
// playing its moves again from the program's start (CheckMatch, as
// Resume does): an error says which game is wrong and how.
func DecodeKept(b []byte) (Kept, error) {
	kg := Kept{Schema: KeptSchema, Games: map[string]KeptGame{}}
	if b == nil {
		return kg, nil
	}
	if err := json.Unmarshal(b, &kg); err != nil {
		return kg, err
	}
	if kg.Schema != KeptSchema {
		return kg, fmt.Errorf("layout %d, this hp17b reads %d", kg.Schema, KeptSchema)
	}
	if kg.Games == nil {
		kg.Games = map[string]KeptGame{}
	}
	for id, g := range kg.Games {
		if _, err := Resume(id, g.Match, g.Evaluated); err != nil {
			return kg, fmt.Errorf("the game of %s: %w", id, err)
		}
	}
	return kg, nil
}

// Program is the ID of the program to play when none is named: the one
// played last when its game is kept, else NIM.
func (k Kept) Program() string {
	if _, ok := k.Games[k.Last]; ok {
		return k.Last
	}
	return "nim"
}

// Session resumes the kept game (Resume): its match, checked again, the
// position its last EVAL answered, and its variables (Vars) with the
// position stored in them.
func (k KeptGame) Session() (*Session, error) {
	s, err := Resume("", k.Match, k.Evaluated)
	if err != nil {
		return nil, err
	}
	s.Vars = solver.NewVars()
	for name, v := range k.Vars {
		s.Vars.Store(name, v)
	}
	s.store()
	return s, nil
}
