package programs

import "github.com/hp17b/hp17b/hp17b"

// PositionFrom reads a position from variables' values by name (as
// emulator.Machine.Values returns them): each slot's integer part, or the
// packed variable's number; false when the packed number is no position.
func (g *Game) PositionFrom(vals map[string]hp17b.Number) (Position, bool) {
	return g.positionBy(func(n string) hp17b.Number { return vals[n] })
}

// positionBy reads a position from the variables' values that value
// gives by name: what PositionFrom and Read share.
func (g *Game) positionBy(value func(string) hp17b.Number) (Position, bool) {
	if g.Packed != "" {
		return g.Unpack(value(g.Packed))
	}
	pos := make(Position, len(g.Slots))
	for i, n := range g.Slots {
		v, _ := value(n).Int64()
		pos[i] = int(v)
	}
	return pos, true
}

// ValuesOf are the variables' values that hold pos (and k, when the game
// has a parameter): what Store stores.
func (g *Game) ValuesOf(pos Position, k int) map[string]hp17b.Number {
	out := map[string]hp17b.Number{}
	g.eachValue(pos, k, func(n string, v hp17b.Number) { out[n] = v })
	return out
}

// eachValue calls set with each variable that holds pos (and k, when the
// game has a parameter) and its value: what ValuesOf and Store share.
func (g *Game) eachValue(pos Position, k int, set func(string, hp17b.Number)) {
	if g.Packed != "" {
		set(g.Packed, hp17b.FromInt(g.Number(pos)))
	} else {
		for i, n := range g.Slots {
			set(n, hp17b.FromInt(int64(pos[i])))
		}
	}
	if g.Param != "" {
		set(g.Param, hp17b.FromInt(int64(k)))
	}
}

// Names are the variables that hold the position and the parameter: the
// packed variable or the slots, then the parameter when the game has one.
func (g *Game) Names() []string {
	var out []string
	if g.Packed != "" {
		out = append(out, g.Packed)
	} else {
		out = append(out, g.Slots...)
	}
	if g.Param != "" {
		out = append(out, g.Param)
	}
	return out
}

// ParamOf is the game's parameter as the values hold it (K of SUBK), its
// default when none is stored, 0 without a parameter.
func (g *Game) ParamOf(vals map[string]hp17b.Number) int {
	if g.Param == "" {
		return 0
	}
	v, _ := vals[g.Param].Int64()
	if v < 1 {
		return g.ParamDefault
	}
	return int(v)
}
