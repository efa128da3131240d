package games

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// TestGameProgramsAgree runs every heap-game program over its domain: no
// position is answered wrong, and from every start the person loses the
// program wins every game.
func TestGameProgramsAgree(t *testing.T) {
	for _, p := range programs.All() {
		if p.Game == nil {
			continue
		}
		t.Run(p.ID, func(t *testing.T) {
			rep, err := Compare(context.Background(), p, nil, solver.Model17BII)
			require.NoError(t, err)
			var b strings.Builder
			rep.WriteText(&b)
			t.Log(b.String())
			if p.ID == "nim-as-transcribed" {
				// The forum's listing moves right everywhere, but shows a
				// wrong number wherever E0×E1×E2×(new heap) is not 0.
				require.NotEmpty(t, rep.Mismatches)
				for _, m := range rep.Mismatches {
					assert.Equal(t, "the display is not the position", m.Why, m.Position)
				}
				for _, g := range rep.Games {
					assert.True(t, g.AlwaysWins)
				}
			} else {
				assert.Zero(t, rep.Disagree, b.String())
				assert.True(t, rep.OK(), b.String())
			}
			assert.Equal(t, rep.Positions, rep.Won+rep.Lost)
			assert.Positive(t, rep.Won)
			assert.Positive(t, rep.Lost)
			for _, g := range rep.Games {
				// Every game ends, also where the person is left no move.
				assert.Positive(t, g.Games, "K=%d", g.K)
			}
		})
	}
}

// TestCompareCatchesFaults breaks each kind of program in one place
// and expects the comparison to say so.
func TestCompareCatchesFaults(t *testing.T) {
	for _, tc := range []struct{ id, from, to string }{
		{"take14", "D-1:D-4", "D-1:D-3"},               // an illegal move
		{"n567", "MOD(G(O)+1:2)):IF(B>1", "0):IF(B>1"}, // the misère ending forgotten for C
		{"kayles", "4123413210", "4123413200"},         // a wrong Grundy value (row 1)
		{"subk", "L(M:K+1)", "L(M:K+2)"},               // the wrong modulus
	} {
		t.Run(tc.id, func(t *testing.T) {
			p, err := programs.ByID(tc.id)
			require.NoError(t, err)
			require.Contains(t, p.Text(), tc.from)
			eqs, err := solver.ParseFile(p.File, strings.Replace(p.Text(), tc.from, tc.to, 1))
			require.NoError(t, err)
			rep, err := Compare(context.Background(), p, eqs[0], solver.Model17BII)
			require.NoError(t, err)
			assert.Positive(t, rep.Disagree)
			assert.False(t, rep.OK())
			require.NotEmpty(t, rep.Mismatches)
			assert.NotEmpty(t, rep.Mismatches[0].Why)
		})
	}
}

// BenchmarkCompare times each game program's whole comparison (its
// domain and its games), as `hp17b compare ID` runs it.
func BenchmarkCompare(b *testing.B) {
	for _, p := range programs.All() {
		b.Run(p.ID, func(b *testing.B) {
			for b.Loop() {
				rep, err := Compare(context.Background(), p, nil, solver.Model17BII)
				if err != nil || !rep.OK() {
					b.Fatal(err, rep.Disagree)
				}
			}
		})
	}
}

func compareProgram(t *testing.T, id string, eqFile string) Report {
	t.Helper()
	p, err := programs.ByID(id)
	require.NoError(t, err)
	var eq *solver.Equation
	if eqFile != "" {
		q, err := programs.ByID(eqFile)
		require.NoError(t, err)
		eq, err = q.Equation()
		require.NoError(t, err)
	}
	rep, err := Compare(context.Background(), p, eq, solver.Model17BII)
	require.NoError(t, err)
	return rep
}

func TestCompareNIM(t *testing.T) {
	rep := compareProgram(t, "nim", "")
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
	rep := compareProgram(t, "nim", "nim-as-transcribed")
	assert.True(t, rep.OK(), "the moves are right")
	assert.Positive(t, rep.DisplayWrong)
	require.Len(t, rep.Games, 1)
	assert.Positive(t, rep.Games[0].DisplayWrong)
	assert.Len(t, rep.Mismatches, rep.DisplayWrong)
	found := false
	for _, m := range rep.Mismatches {
		if slices.Equal(m.Position, programs.Position{1, 3, 3, 6}) {
			found = true
			assert.Equal(t, programs.Position{1, 3, 3, 1}, m.Equation)
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
	rep := compareProgram(t, "nim-misere", "")
	assert.True(t, rep.OK())
	assert.Empty(t, rep.Mismatches)
	require.Len(t, rep.Games, 1)
	assert.True(t, rep.Games[0].AlwaysWins)
	assert.Equal(t, 12072, rep.Games[0].Games)
}

func TestCompareBadEquation(t *testing.T) {
	p, _ := programs.ByID("nim")
	eq, err := solver.Parse("X=Y+1")
	require.NoError(t, err)
	_, err = Compare(context.Background(), p, eq, solver.Model17BII)
	assert.ErrorContains(t, err, "no menu key INIT")
	eq, err = solver.Parse("INIT=Y+1")
	require.NoError(t, err)
	_, err = Compare(context.Background(), p, eq, solver.Model17BII)
	assert.ErrorContains(t, err, "no menu key A")
}

// TestCompareShrinksFailure: a failing comparison reports its first
// failing answer shrunk by the comparison engine (Report.Smallest): a
// wrong answer of the report, its parameter and each slot of a slot
// program no larger than the first wrong answer's (each only lowered), and
// no slot (or the parameter) of it can be lowered alone to a position that
// fails too (Shrink's promise; the domain's order is smallest first, so
// the first failure is already there); in text and JSON. A passing
// comparison has none.
func TestCompareShrinksFailure(t *testing.T) {
	for _, tc := range []struct{ id, from, to string }{
		{"take14", "D-1:D-4", "D-1:D-3"},               // an illegal move
		{"n567", "MOD(G(O)+1:2)):IF(B>1", "0):IF(B>1"}, // the misère ending forgotten for C
		{"kayles", "4123413210", "4123413200"},         // a wrong Grundy value (row 1)
		{"subk", "L(M:K+1)", "L(M:K+2)"},               // the wrong modulus
		{"nim-misere", "", ""},                         // nim.eq's moves against the misère strategy
	} {
		t.Run(tc.id, func(t *testing.T) {
			p, err := programs.ByID(tc.id)
			require.NoError(t, err)
			text := p.Text()
			if tc.from != "" {
				text = strings.Replace(text, tc.from, tc.to, 1)
			} else {
				nim, err := programs.ByID("nim")
				require.NoError(t, err)
				text = nim.Text()
			}
			eqs, err := solver.ParseFile(p.File, text)
			require.NoError(t, err)
			rep, err := Compare(context.Background(), p, eqs[0], solver.Model17BII)
			require.NoError(t, err)
			require.False(t, rep.OK())
			require.NotNil(t, rep.Smallest)
			require.NotNil(t, rep.Engine)
			s, first := *rep.Smallest, rep.Mismatches[0]
			assert.NotEmpty(t, s.Why)
			assert.Contains(t, rep.Mismatches, s)
			assert.LessOrEqual(t, s.K, first.K)
			fails := map[string]bool{}
			for _, m := range rep.Mismatches {
				if native := p.Native != ""; m.Why != "" && (!native || !strings.HasPrefix(m.Why, "the display")) {
					fails[fmt.Sprint(m.K, m.Position)] = true
				}
			}
			if p.Game.Packed == "" {
				for i := range s.Position {
					assert.LessOrEqual(t, s.Position[i], first.Position[i], "slot %d", i)
					for v := range s.Position[i] {
						lower := slices.Clone(s.Position)
						lower[i] = v
						assert.False(t, fails[fmt.Sprint(s.K, lower)], "%v fails too", lower)
					}
				}
			}
			for _, k := range p.Game.ParamValues {
				if k < s.K {
					assert.False(t, fails[fmt.Sprint(k, s.Position)], "K=%d fails too", k)
				}
			}
			var b strings.Builder
			rep.WriteText(&b)
			assert.Contains(t, b.String(), "smallest failing position (shrunk toward the domain's start):\n")
			js, err := json.Marshal(rep)
			require.NoError(t, err)
			assert.Contains(t, string(js), `"smallest":{`)
			t.Logf("first %v K=%d, smallest %v K=%d: %s", first.Position, first.K, s.Position, s.K, s.Why)
		})
	}
	rep := compareProgram(t, "nim", "")
	assert.Nil(t, rep.Smallest)
	assert.Zero(t, rep.Engine.Disagree)
	assert.Equal(t, int64(rep.Positions), rep.Engine.Points)
}

// sequentialGames is the walk the level walk replaced, kept as its model:
// a depth-first walk of every game from the start for k, each position
// the program faces answered on the spot by a fresh calculator
// (GamePlayer.AnswerFresh), one at a time.
func sequentialGames(g *programs.Game, pl *programs.GamePlayer, k int) GameLine {
	ctx := context.Background()
	start := programs.Position(g.Start)
	line := GameLine{K: k, Start: g.Show(start), AlwaysWins: true}
	line.StartWinning, _ = g.Winning(start, k)
	turns := map[string]programs.GameTurn{}
	answer := func(p programs.Position) programs.GameTurn {
		t, ok := turns[fmt.Sprint(p)]
		if !ok {
			t = pl.AnswerFresh(ctx, p, k)
			turns[fmt.Sprint(p)] = t
		}
		return t
	}
	seen := map[string]tally{}
	var play func(p programs.Position) tally
	answered := func(t programs.GameTurn, q programs.Position) tally {
		switch {
		case !t.MovedPosition() || !g.Legal(q, t.After, k):
			line.AlwaysWins = false
			return tally{n: 1}
		case t.After.Over():
			line.AlwaysWins = line.AlwaysWins && !g.Misere
			return tally{n: 1}
		}
		return play(t.After)
	}
	play = func(p programs.Position) tally {
		if n, ok := seen[fmt.Sprint(p)]; ok {
			return n
		}
		line.Positions++
		all := tally{}
		moves := g.Moves(p, k)
		if len(moves) == 0 {
			all.n = 1
		}
		for _, q := range moves {
			if q.Over() {
				line.AlwaysWins = line.AlwaysWins && g.Misere
				all.n = satAdd(all.n, 1)
				continue
			}
			t := answer(q)
			after := answered(t, q)
			wrong := 0
			if !displayRight(g, t) {
				wrong = 1
			}
			all.n = satAdd(all.n, after.n)
			all.wrong = satAdd(all.wrong, satAdd(after.wrong, satMul(wrong, after.n)))
		}
		seen[fmt.Sprint(p)] = all
		return all
	}
	var all tally
	if line.StartWinning {
		t := answer(start)
		all = answered(t, start)
		if !displayRight(g, t) {
			all.wrong = satAdd(all.wrong, all.n)
		}
	} else {
		all = play(start)
	}
	line.Games, line.DisplayWrong = all.n, all.wrong
	return line
}

// TestWalkMatchesSequential: the games walked level by level through the
// comparison engine (Compare's Games) are, line by line, those the
// one-at-a-time depth-first walk plays (sequentialGames): positions,
// games, wrong displays, who opens and whether the program always wins;
// for a slot program whose calculator opens (n567), one with a parameter
// (subk), packed ones whose games leave the domain compared (kayles,
// dawson), NIM under both models and a program that loses games
// (nim-misere playing nim.eq).
func TestWalkMatchesSequential(t *testing.T) {
	nim, err := programs.ByID("nim")
	require.NoError(t, err)
	nimEq, err := nim.Equation()
	require.NoError(t, err)
	for _, tc := range []struct {
		id    string
		eq    *solver.Equation
		model solver.Model
	}{
		{"n567", nil, solver.Model17BII},
		{"subk", nil, solver.Model17BII},
		{"kayles", nil, solver.Model17BII},
		{"dawson", nil, solver.Model17BII},
		{"nim", nil, solver.Model17BII},
		{"nim", nil, solver.Model17BIIPlus},
		{"nim-as-transcribed", nil, solver.Model17BII},
		{"nim-misere", nimEq, solver.Model17BII},
	} {
		t.Run(tc.id+"/"+tc.model.String(), func(t *testing.T) {
			p, err := programs.ByID(tc.id)
			require.NoError(t, err)
			rep, err := Compare(context.Background(), p, tc.eq, tc.model)
			require.NoError(t, err)
			pl, err := programs.NewGamePlayer(p, tc.eq)
			require.NoError(t, err)
			pl.SetModel(tc.model)
			var want []GameLine
			for _, k := range params(p.Game) {
				want = append(want, sequentialGames(p.Game, pl, k))
			}
			assert.Equal(t, want, rep.Games)
		})
	}
}
