package programs

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/internal/transcript"
	"github.com/hp17b/hp17b/solver"
)

func TestLibrary(t *testing.T) {
	for _, p := range All() {
		eq, err := p.Equation()
		require.NoError(t, err, p.ID)
		assert.Equal(t, p.Keys, eq.Menu, p.ID)
		assert.NotEmpty(t, p.Description, p.ID)
		if p.Native != "" {
			assert.Contains(t, Natives, p.Native, p.ID)
		}
		require.NotNil(t, p.Game, p.ID)
		assert.NotEmpty(t, p.Rules, p.ID)
		assert.NotEmpty(t, p.Game.Name, p.ID)
		assert.NotEmpty(t, p.Game.Move, p.ID)
		assert.Equal(t, p.Game.Vars(), sortedLike(p.Game.Vars(), eq.Menu), p.ID)
	}
	_, err := ByID("nope")
	assert.Error(t, err)
	// Parsed once per process: the second call returns the same tree.
	first, err := All()[0].Equation()
	require.NoError(t, err)
	again, err := All()[0].Equation()
	require.NoError(t, err)
	assert.Same(t, first, again)
	seed, err := os.ReadFile("../solver/testdata/nim-seed.eq")
	require.NoError(t, err)
	p, err := ByID("nim-as-transcribed")
	require.NoError(t, err)
	assert.Equal(t, string(seed), p.Text(), "kept verbatim")
	p, err = ByID("nim")
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(string(seed), "L(E0:", "0×L(E0:", 1), p.Text())
}

// TestSessions runs testdata/*.txt (the format of internal/transcript):
// "program ID" opens a program with fresh variables; a step is steps of
// `hp17b solve`.
func TestSessions(t *testing.T) {
	transcript.RunAll(t, func() transcript.Session { return &programSession{} })
}

type programSession struct{ s *solver.Solver }

func (ps *programSession) Directive(word, arg string) (bool, error) {
	if word != "program" {
		return false, nil
	}
	p, err := ByID(arg)
	if err != nil {
		return true, err
	}
	eq, err := p.Equation()
	if err != nil {
		return true, err
	}
	ps.s = solver.New(eq, solver.NewVars())
	return true, nil
}

func (ps *programSession) Step(input string) ([]string, error) {
	return ps.s.DoAll(context.Background(), input, solver.Options{}, hp17b.DefaultMode)
}

func TestPostMethodEqualsXOR(t *testing.T) {
	for a := 0; a <= 1; a++ {
		for b := 0; b <= 3; b++ {
			for c := 0; c <= 5; c++ {
				for d := 0; d <= 7; d++ {
					h := Position{a, b, c, d}
					p, pok := PostMove(h)
					x, xok := XORMove(h)
					assert.Equal(t, xok, pok, "%v", h)
					assert.Equal(t, x, p, "%v", h)
					assert.Equal(t, (a^b^c^d) != 0, pok, "%v", h)
					assert.Equal(t, Position{a, b, c, d}, h, "the position given is not changed")
				}
			}
		}
	}
	for name, native := range Natives {
		_, ok := native(Position{1, 3, 5})
		assert.False(t, ok, "%s: three heaps are not 1-3-5-7 Nim", name)
	}
}

// sortedLike returns want's names that menu holds, in want's order: equal
// to want exactly when menu holds every name.
func sortedLike(want, menu []string) []string {
	var out []string
	for _, w := range want {
		for _, m := range menu {
			if m == w {
				out = append(out, w)
			}
		}
	}
	return out
}
