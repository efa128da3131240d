package programs

import "github.com/hp17b/hp17b/hp17b"

// PositionFrom reads a position from variables' values by name (as
// emulator.Machine.Values returns them): each slot's integer part, or the
// packed variable's number; false when the packed number is no position.
func (g *Game) PositionFrom(vals map[string]hp17b.Number) (Position, bool) {
	if g.Packed != "" {
		return g.Unpack(vals[g.Packed])
	}
	pos := make(Position, len(g.Slots))
	for i, n := range g.Slots {
		v, _ := vals[n].Int64()
		pos[i] = int(v)
	}
	return pos, true
}

// ValuesOf are the variables' values that hold pos (and k, when the game
// has a parameter): what Store stores.
func (g *Game) ValuesOf(pos Position, k int) map[string]hp17b.Number {
	out := map[string]hp17b.Number{}
	if g.Packed != "" {
		out[g.Packed] = hp17b.FromInt(g.Number(pos))
	} else {
		for i, n := range g.Slots {
			out[n] = hp17b.FromInt(int64(pos[i]))
		}
	}
	if g.Param != "" {
		out[g.Param] = hp17b.FromInt(int64(k))
	}
	return out
}

// Names are the variables that hold the position and the parameter.
func (g *Game) Names() []string {
	if g.Packed != "" {
		return append([]string{g.Packed}, paramName(g)...)
	}
	return append(append([]string(nil), g.Slots...), paramName(g)...)
}

func paramName(g *Game) []string {
	if g.Param == "" {
		return nil
	}
	return []string{g.Param}
}
