package solver

import (
	"context"
	"fmt"
	"strings"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/text"
)

// Step is one step of a solve session, as `hp17b solve` and the
// transcripts write it: "NAME=VALUE" stores a value in a menu variable,
// "NAME" solves for it.
type Step struct {
	// Text is the step as written.
	Text string
	// Name is the menu variable.
	Name string
	// Store is set for NAME=VALUE; Value is then the value.
	Store bool
	Value hp17b.Number
}

// ParseSteps reads steps for eq. A name that is not one of eq's menu
// variables, or a value that is not a number, is an error that says which
// step and what the menu is.
func ParseSteps(eq *Equation, args []string) ([]Step, error) {
	menu := map[string]bool{}
	for _, m := range eq.Menu {
		menu[m] = true
	}
	steps := make([]Step, 0, len(args))
	for _, a := range args {
		n, v, store := strings.Cut(a, "=")
		if !menu[n] {
			return nil, fmt.Errorf("step %s: not a menu variable of %s (menu: %s)", text.Quote(a), eq.Title(), strings.Join(eq.Menu, " "))
		}
		st := Step{Text: a, Name: n, Store: store}
		if store {
			x, err := hp17b.Parse(v)
			if err != nil && err != hp17b.ErrOverflow {
				return nil, fmt.Errorf("step %s: %s is not a number", text.Quote(a), text.Quote(v))
			}
			st.Value = x
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// Do performs a step: a store (no lines), or a solve, whose result and
// display lines in mode it returns; the error is Solve's, and then the
// lines are its text.
func (s *Solver) Do(ctx context.Context, st Step, opt Options, mode hp17b.Mode) (Result, []string, error) {
	if st.Store {
		s.vars.Store(st.Name, st.Value)
		return Result{}, nil, nil
	}
	r, err := s.Solve(ctx, st.Name, opt)
	if err != nil {
		return r, []string{err.Error()}, err
	}
	return r, r.Lines(mode), nil
}

// DoAll parses the steps written in input (separated by spaces) and
// performs them in order, returning the display lines of every solve; a
// bad step is an error and nothing is done.
func (s *Solver) DoAll(ctx context.Context, input string, opt Options, mode hp17b.Mode) ([]string, error) {
	steps, err := ParseSteps(s.eq, strings.Fields(input))
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, st := range steps {
		_, l, _ := s.Do(ctx, st, opt, mode)
		lines = append(lines, l...)
	}
	return lines, nil
}
