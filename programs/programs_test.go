package programs

import (
	"context"
	"os"
	"slices"
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

func compare(t *testing.T, id string, eqFile string) Report {
	t.Helper()
	p, err := ByID(id)
	require.NoError(t, err)
	var eq *solver.Equation
	if eqFile != "" {
		q, err := ByID(eqFile)
		require.NoError(t, err)
		eq, err = q.Equation()
		require.NoError(t, err)
	}
	rep, err := Compare(context.Background(), p, eq, solver.Model17BII)
	require.NoError(t, err)
	return rep
}

func TestCompareNIM(t *testing.T) {
	rep := compare(t, "nim", "")
	assert.Equal(t, 384, rep.Positions)
	assert.True(t, rep.OK())
	assert.Equal(t, 0, rep.DisplayWrong)
	assert.Equal(t, rep.Positions, rep.MovesAgree+rep.NoMove)
	// The losing positions are exactly those with nim-sum 0.
	lost := 0
	for a := 0; a <= 1; a++ {
		for b := 0; b <= 3; b++ {
			for c := 0; c <= 5; c++ {
				for d := 0; d <= 7; d++ {
					if a^b^c^d == 0 {
						lost++
					}
				}
			}
		}
	}
	assert.Equal(t, lost, rep.NoMove)
	require.Len(t, rep.Games, 1)
	assert.True(t, rep.Games[0].AlwaysWins)
	assert.True(t, rep.NativesAgree)
	assert.Equal(t, 17152, rep.Games[0].Games, "every game from 1357, the person trying every move")
	assert.Empty(t, rep.Mismatches)
}

func TestCompareTranscribed(t *testing.T) {
	rep := compare(t, "nim", "nim-as-transcribed")
	assert.True(t, rep.OK(), "the moves are right")
	assert.Positive(t, rep.DisplayWrong)
	require.Len(t, rep.Games, 1)
	assert.Positive(t, rep.Games[0].DisplayWrong)
	assert.Len(t, rep.Mismatches, rep.DisplayWrong)
	found := false
	for _, m := range rep.Mismatches {
		if slices.Equal(m.Position, Position{1, 3, 3, 6}) {
			found = true
			assert.Equal(t, Position{1, 3, 3, 1}, m.Equation)
			assert.Equal(t, "EVAL=1,339", m.Display)
		}
	}
	assert.True(t, found, "the post's third step is a mismatch")
	var b strings.Builder
	rep.WriteText(&b)
	assert.Contains(t, b.String(), "cause: at all")
	assert.Contains(t, b.String(), "1336 → 1331  EVAL=1,339")
}

func TestCompareMisere(t *testing.T) {
	rep := compare(t, "nim-misere", "")
	assert.True(t, rep.OK())
	assert.Empty(t, rep.Mismatches)
	require.Len(t, rep.Games, 1)
	assert.True(t, rep.Games[0].AlwaysWins)
	assert.Equal(t, 12072, rep.Games[0].Games)
}

func TestCompareBadEquation(t *testing.T) {
	p, _ := ByID("nim")
	eq, err := solver.Parse("X=Y+1")
	require.NoError(t, err)
	_, err = Compare(context.Background(), p, eq, solver.Model17BII)
	assert.ErrorContains(t, err, "no menu key INIT")
	eq, err = solver.Parse("INIT=Y+1")
	require.NoError(t, err)
	_, err = Compare(context.Background(), p, eq, solver.Model17BII)
	assert.ErrorContains(t, err, "no menu key A")
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
