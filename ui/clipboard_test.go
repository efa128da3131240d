package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

func TestNumberKeys(t *testing.T) {
	name := func(keys []Action) string {
		s := ""
		for _, a := range keys {
			if a.Shift {
				s += "^"
			}
			s += emulator.Keys[a.Key].Label + " "
		}
		return s
	}
	for _, c := range []struct{ text, keys string }{
		{"1346", "1 3 4 6 "},
		{" -0.5\n", "0 . 5 +/- "},
		{"1,234.5", "1 2 3 4 . 5 "},
		{"1.5E-3", "1 . 5 ^+/- +/- 3 "},
		{"−2e+12", "2 +/- ^+/- 1 2 "},
		{".25", ". 2 5 "},
	} {
		keys, ok := NumberKeys(c.text)
		require.True(t, ok, "%q", c.text)
		assert.Equal(t, c.keys, name(keys), "%q", c.text)
	}
	for _, text := range []string{"", "A=B", "1.2.3", "1E", "--1", "1 2", "PI"} {
		_, ok := NumberKeys(text)
		assert.False(t, ok, "%q is no number", text)
	}
}

// TestPaste pastes through the controller, as Ctrl+V does: a number, one
// equation, several, a bad one, and text into the equation being typed;
// and copies back what the calculator shows.
func TestPaste(t *testing.T) {
	c := NewController(emulator.New(programs.DefaultEquations()), nil)
	defer c.Close()
	m := c.Machine()

	c.Paste("-1,234.5")
	c.Wait()
	assert.Equal(t, "-1,234.5", strings.TrimSpace(m.Frame().Top))
	press(c, "× 2 =")
	assert.Equal(t, "-2469", c.CopyText(), "the line's number at full precision")
	press(c, "1 ÷ 3 =")
	assert.Equal(t, "0.333333333333", c.CopyText())

	before, _ := m.Equations()
	c.Paste("AREA:A=L×W")
	c.Wait()
	after, _ := m.Equations()
	assert.Equal(t, append(before, "AREA:A=L×W"), after)
	assert.Equal(t, "1 EQUATION ADDED", m.Frame().Top)

	c.Paste("P=2×(L+W)\n\nV=L×W×\n  H")
	c.Wait()
	after, _ = m.Equations()
	assert.Equal(t, append(before, "AREA:A=L×W", "P=2×(L+W)", "V=L×W×H"), after)
	assert.Equal(t, "2 EQUATIONS ADDED", m.Frame().Top)

	c.Paste("X=Y+\n  Z×)")
	c.Wait()
	again, _ := m.Equations()
	assert.Equal(t, after, again, "a bad equation adds nothing")
	assert.Equal(t, "INVALID EQUATION 2:5", m.Frame().Top, "a paste is no file")

	c.Paste("")
	c.Wait()
	assert.Equal(t, "NO TEXT TO PASTE", m.Frame().Top)
	c.Paste("A=\x00\x01\x02")
	c.Wait()
	assert.Equal(t, "PASTE IS NOT TEXT", m.Frame().Top)
	c.Paste("AREA2=L x W")
	c.Wait()
	again, _ = m.Equations()
	assert.Equal(t, "AREA2=L×W", again[len(again)-1], "a pasted x between operands is ×")

	press(c, "MAIN SOLVE")
	list, cur := m.Equations()
	assert.Equal(t, list[cur], c.CopyText(), "the SOLVE list copies its equation")
	c.Paste("Z=2×Y")
	c.Wait()
	list, cur = m.Equations()
	assert.Equal(t, "Z=2×Y", list[cur], "pasted in the SOLVE list, the new equation is current")
	press(c, "CALC 4 Y Z")
	assert.Equal(t, "Z=8.00", m.Frame().Top)
	press(c, "EXIT")
	press(c, "NEW")
	c.Paste("Q=R\n  +1")
	c.Wait()
	assert.Equal(t, "Q=R+1", c.CopyText(), "pasted into the equation being typed, as one line")
	c.Paste("7")
	c.Wait()
	assert.Equal(t, "Q=R+17", c.CopyText(), "a number too")
}
