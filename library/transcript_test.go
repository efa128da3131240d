package library

import (
	"context"
	"fmt"
	"testing"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/transcript"
	"github.com/hp17b/hp17b/solver"
)

// TestTranscripts runs testdata/*.txt (the format of package
// internal/transcript): the library's equations on published worked
// examples. Directive: "equation NAME", the library's equation NAME with
// fresh variables. A step is `hp17b solve`'s steps, shown in FIX 2.
func TestTranscripts(t *testing.T) {
	transcript.RunAll(t, func() transcript.Session { return &librarySession{} })
}

type librarySession struct{ s *solver.Solver }

func (ls *librarySession) Directive(word, arg string) (bool, error) {
	if word != "equation" {
		return false, nil
	}
	e, ok := Find(arg)
	if !ok {
		return true, fmt.Errorf("no equation %s in the library", arg)
	}
	eq, err := solver.Parse(e.Text)
	if err != nil {
		return true, err
	}
	ls.s = solver.New(eq, solver.NewVars())
	return true, nil
}

func (ls *librarySession) Step(input string) ([]string, error) {
	if ls.s == nil {
		return nil, fmt.Errorf("no equation: an \"equation NAME\" line first")
	}
	return ls.s.DoAll(context.Background(), input, solver.Options{}, hp17b.DefaultMode)
}
