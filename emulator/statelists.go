package emulator

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/files"
)

// StateLists are the CFLO and SUM lists of a state file, for a Solver
// outside the calculator (the command line's solve): FLOW, #T and SIZEC
// read the cash-flow lists, ITEM and SIZES the statistics lists, by name,
// as the calculator's Solver does (17bII+ owner's manual p.177). The file
// is read once, when the equation first calls a list function, so that a
// solve without lists never touches it; a file that cannot be read is
// that call's error and every later one's. A list the file does not hold
// is a *MissingListError naming it; a flow or item number outside a list
// is INVALID INPUT, as on the calculator. Safe for concurrent use.
type StateLists struct {
	path  string
	once  sync.Once
	lists solverLists
	err   error
}

// MissingListError is a list the equation names and the state file does
// not hold: Kind is "CFLO" or "SUM", Have the names the file holds.
type MissingListError struct {
	Kind, Name, Path string
	Have             []string
}

// Error names the list the equation asked for, the lists the state file
// holds and what to do (name one, or pass another --state).
func (e *MissingListError) Error() string {
	have := "none"
	if len(e.Have) > 0 {
		have = strings.Join(e.Have, ", ")
	}
	return fmt.Sprintf("no %s list named %s in %s (its named %s lists: %s); name one with %s's NAME, or pass another --state",
		e.Kind, e.Name, e.Path, e.Kind, have, e.Kind)
}

// NewStateLists returns the lists of the state file at path, "" for the
// calculator's own (DefaultStatePath), read when first asked for
// (StateLists.load) without writing, moving or locking the file (the
// calculator may have it open). A missing file holds no lists; an
// unreadable or damaged one is an error saying which file.
func NewStateLists(path string) *StateLists { return &StateLists{path: path} }

// load reads the lists the first time it is called, and returns the
// error of that read every time.
func (s *StateLists) load() error {
	s.once.Do(func() {
		if s.path == "" {
			p, err := DefaultStatePath()
			if err != nil {
				s.err = fmt.Errorf("no state file to read the lists from (%v); use --state FILE", err)
				return
			}
			s.path = p
		}
		s.lists, s.err = readLists(s.path)
	})
	return s.err
}

// readLists reads the lists of the state file at path.
func readLists(path string) (solverLists, error) {
	l := solverLists{cflo: &cfloApp{}, sum: &sumApp{}}
	b, err := files.ReadRegular(path, MaxStateSize)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return solverLists{}, fmt.Errorf("reading the lists: %w", err)
	}
	st, err := decodeState(b)
	if err != nil {
		return solverLists{}, fmt.Errorf("reading the lists of %s: %w", path, err)
	}
	c, _ := st.sections["cflo"].(*cfloSection)
	l.cflo.restore(c)
	sum, _ := st.sections["sum"].(*sumSection)
	l.sum.restore(sum)
	return l, nil
}

func (s *StateLists) cflo(name string) error {
	if err := s.load(); err != nil {
		return err
	}
	if s.lists.cflo.find(name) == nil {
		return &MissingListError{Kind: "CFLO", Name: name, Path: s.path, Have: s.lists.cflo.names()}
	}
	return nil
}

func (s *StateLists) sum(name string) error {
	if err := s.load(); err != nil {
		return err
	}
	if s.lists.sum.find(name) == nil {
		return &MissingListError{Kind: "SUM", Name: name, Path: s.path, Have: s.lists.sum.names()}
	}
	return nil
}

// Flow is FLOW(name:j).
func (s *StateLists) Flow(name string, j hp17b.Number) (hp17b.Number, error) {
	if err := s.cflo(name); err != nil {
		return hp17b.Zero, err
	}
	return s.lists.Flow(name, j)
}

// Times is #T(name:j).
func (s *StateLists) Times(name string, j hp17b.Number) (hp17b.Number, error) {
	if err := s.cflo(name); err != nil {
		return hp17b.Zero, err
	}
	return s.lists.Times(name, j)
}

// SizeC is SIZEC(name).
func (s *StateLists) SizeC(name string) (hp17b.Number, error) {
	if err := s.cflo(name); err != nil {
		return hp17b.Zero, err
	}
	return s.lists.SizeC(name)
}

// Item is ITEM(name:i).
func (s *StateLists) Item(name string, i hp17b.Number) (hp17b.Number, error) {
	if err := s.sum(name); err != nil {
		return hp17b.Zero, err
	}
	return s.lists.Item(name, i)
}

// SizeS is SIZES(name).
func (s *StateLists) SizeS(name string) (hp17b.Number, error) {
	if err := s.sum(name); err != nil {
		return hp17b.Zero, err
	}
	return s.lists.SizeS(name)
}
