package main

import (
	"fmt"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// openGameStore is the store for the --state and --fresh flags: the file
// beside the state file (programs.FileStore, <state file>.game.json; the
// default state file's when --state is not given), or, with --fresh,
// memory that dies with the run (programs.MemStore).
func openGameStore(mem cli.Memory) (programs.GameStore, error) {
	if mem.Fresh {
		return &programs.MemStore{}, nil
	}
	path := mem.State
	if path == "" {
		var err error
		if path, err = emulator.DefaultStatePath(); err != nil {
			return nil, fmt.Errorf("no place for the state file (%v); use --state FILE or --fresh", err)
		}
	}
	return programs.FileStore{Path: path + programs.KeptFileSuffix}, nil
}
