package emulator

import (
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Solved is one run of the Solver for a variable of a SOLVE equation,
// however it was started (a menu key, a key script, Calculate): the
// equation's text as the SOLVE list holds it, the variable, how it ended,
// and the equation's menu variables just before and just after it. An
// owner that follows a game (the heaps panel) reads the moves from these,
// never from the display.
type Solved struct {
	// Seq numbers the runs from 1, in order.
	Seq uint64
	// Equation is the SOLVE list's text, Var the variable solved for.
	Equation, Var string
	// Found is set when the Solver found a root (the display shows
	// VAR=value); Err is the error that stopped it (solver.ErrInterrupted
	// for a key), nil otherwise. Neither: SOLUTION NOT FOUND, or a
	// possible root (LEFT and RIGHT differ).
	Found bool
	Err   error
	// Before and After are the menu variables' values, by name.
	Before, After map[string]hp17b.Number
}

// solvedKept is how many runs SolvedSince can return: more than one job
// of the window's controller makes.
const solvedKept = 64

// solveLog keeps the last runs of the Solver over SOLVE equations.
type solveLog struct {
	seq  uint64
	runs []Solved
}

func (l *solveLog) add(s Solved) {
	l.seq++
	s.Seq = l.seq
	if len(l.runs) == solvedKept {
		l.runs = append(l.runs[:0], l.runs[1:]...)
	}
	l.runs = append(l.runs, s)
}

// SolvedSince returns the runs of the Solver over SOLVE equations after
// run seq (0: every run kept), oldest first; at most the last 64.
func (m *Machine) SolvedSince(seq uint64) []Solved {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Solved
	for _, s := range m.solved.runs {
		if s.Seq > seq {
			out = append(out, s)
		}
	}
	return out
}

// LastSolved is the number of the last run of the Solver over a SOLVE
// equation (0 before the first): SolvedSince(LastSolved()) is empty.
func (m *Machine) LastSolved() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.solved.seq
}

// values are the named variables' values in vars.
func values(vars *solver.Vars, names []string) map[string]hp17b.Number {
	out := make(map[string]hp17b.Number, len(names))
	for _, n := range names {
		out[n] = vars.Value(n)
	}
	return out
}
