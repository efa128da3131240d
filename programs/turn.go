package programs

import "github.com/hp17b/hp17b/solver"

// Turn is the answer to pos read from EVAL's result r (or its error) and
// the variables after it, as Answer reads it: for a caller that solves
// EVAL itself, on its own fresh variables (the game comparison,
// compare/games, solves the domain through the comparison engine). It
// only reads p: the engine's workers call it at once.
func (p *GamePlayer) Turn(vars *solver.Vars, pos Position, r solver.Result, err error) GameTurn {
	return p.turn(vars, pos, r, err)
}
