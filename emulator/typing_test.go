package emulator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/solver"
)

// entry reads text as an equation file's entry, as check reads it.
func entry(t *testing.T, text string) solver.Entry {
	t.Helper()
	entries, err := solver.ReadFile("t.eq", text, false)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	return entries[0]
}

// TestTypeEquation: the keys that type an equation from SOLVE (NEW, the
// text, INPUT), the spaces that change nothing left out when asked (each
// two keystrokes, SpaceKeys), names in small letters typed in capitals
// with a note (the EOQ equation of "Solver Solutions", The Palmtop Paper,
// as an HP-200LX writes it), refused where two names would become one.
func TestTypeEquation(t *testing.T) {
	eoq := "EOQ=SQRT(2*OrderCost*AnnualSales/(%CarryCost/100*PurchPrice))"
	tests := []struct {
		name, text string
		squeeze    bool
		want       TypedEquation
		err        string
	}{
		{"capitals", "A=B×C", true, TypedEquation{Text: "A=B×C", Keystrokes: 10,
			Script: "NEW [ABCDE] [A] = [ABCDE] [B] × [ABCDE] [C] INPUT"}, ""},
		{"spaced", "A = 2 * B + C", true, TypedEquation{Text: "A=2×B+C", Keystrokes: 12, Spaces: 6,
			Script: "NEW [ABCDE] [A] = 2 × [ABCDE] [B] + [ABCDE] [C] INPUT"}, ""},
		{"spaces kept", "A = 2 * B + C", false, TypedEquation{Text: "A = 2 × B + C", Keystrokes: 24,
			Script: "NEW [ABCDE] [A] [FGHI] [SPACE] = [FGHI] [SPACE] 2 [FGHI] [SPACE] × [FGHI] [SPACE] [ABCDE] [B] [FGHI] [SPACE] + [FGHI] [SPACE] [ABCDE] [C] INPUT"}, ""},
		{"EOQ", eoq, true, TypedEquation{Text: "EOQ=SQRT(2×ORDERCOST×ANNUALSALES÷(%CARRYCOST÷100×PURCHPRICE))", Keystrokes: 112,
			Note: " (in capitals, the keyboard's only letters: OrderCost as ORDERCOST, AnnualSales as ANNUALSALES, %CarryCost as %CARRYCOST, PurchPrice as PURCHPRICE)"}, ""},
		{"collide", "A=Cost+COST", true, TypedEquation{}, "the keyboard types capitals only (" + AlphaSource + "), and in capitals Cost and COST would be one name: rename one"},
	}
	for _, tt := range tests {
		got, err := TypeEquation(entry(t, tt.text), tt.squeeze)
		if tt.err != "" {
			assert.EqualError(t, err, tt.err, tt.name)
			continue
		}
		require.NoError(t, err, tt.name)
		if tt.want.Script == "" {
			tt.want.Script = got.Script // long: its count is checked
		}
		assert.Equal(t, tt.want, got, tt.name)
		assert.Equal(t, tt.want.Keystrokes, len(splitTokens(t, got.Script)), tt.name)
	}
}

// splitTokens counts a script's keys: NEW, INPUT and each key token (a
// run of digits is one token and as many keys as digits).
func splitTokens(t *testing.T, script string) []string {
	t.Helper()
	var keys []string
	tok := ""
	for _, r := range script + " " {
		if r != ' ' {
			tok += string(r)
			continue
		}
		if tok == "" {
			continue
		}
		if tok[0] >= '0' && tok[0] <= '9' {
			for _, d := range tok {
				keys = append(keys, string(d))
			}
		} else {
			keys = append(keys, tok)
		}
		tok = ""
	}
	return keys
}

// TestDropSpaces: spaces beside an operator, a parenthesis or ':' go when
// the equation reads the same; a space between two words stays; a text
// that does not read is kept.
func TestDropSpaces(t *testing.T) {
	for in, want := range map[string]string{
		"A = 2 × B":                  "A=2×B",
		"T=IF(A>1 AND B<2 : 1 : 0 )": "T=IF(A>1 AND B<2:1:0)",
		"A=B":                        "A=B",
		"A = (":                      "A = (",
		"X = - 2":                    "X=-2",
	} {
		assert.Equal(t, want, DropSpaces(in), in)
	}
}

// TestLowerNames: the label and variables with small letters, in order,
// their capitals, and the groups capitals would make one.
func TestLowerNames(t *testing.T) {
	eq, err := solver.Parse("Unit:a=b+B+Cost")
	require.NoError(t, err)
	lower, capitals, clash := LowerNames(eq)
	assert.Equal(t, []string{"Unit", "a", "b", "Cost"}, lower)
	assert.Equal(t, map[string]string{"Unit": "UNIT", "a": "A", "b": "B", "Cost": "COST"}, capitals)
	assert.Equal(t, [][]string{{"b", "B"}}, clash)
}
