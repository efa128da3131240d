package main

import (
	"flag"

	"github.com/hp17b/hp17b/solver"
)

// modelValue is the --model flag: the calculator modelled, 17bii (the
// default) or 17bii+ (solver.ParseModel).
type modelValue struct {
	m   solver.Model
	set bool
}

func (v *modelValue) String() string { return v.m.String() }

func (v *modelValue) Set(s string) error {
	m, err := solver.ParseModel(s)
	if err != nil {
		return err
	}
	v.m, v.set = m, true
	return nil
}

// modelFlag adds --model to a command's flags.
func modelFlag(fs *flag.FlagSet) *modelValue {
	v := &modelValue{}
	fs.Var(v, "model", "the calculator modelled: 17bii (the HP-17BII) or 17bii+ (the HP-17bII+, whose Solver runs every equation at least twice)")
	return v
}
