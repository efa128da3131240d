package library

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// TestFilesRead: every embedded file reads, with its notes, in listing
// order.
func TestFilesRead(t *testing.T) {
	all, err := readAll(files)
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for i := 1; i < len(all); i++ {
		assert.LessOrEqual(t, topicIndex(all[i-1].Topic), topicIndex(all[i].Topic))
	}
	e, ok := Find("canm")
	require.True(t, ok)
	assert.Equal(t, "Loans and mortgages", e.Topic)
	assert.Equal(t, "PV", e.Vars[0].Name)
}

func topicIndex(t string) int {
	for i, x := range topics {
		if x == t {
			return i
		}
	}
	return -1
}

// TestSearch: every word must match.
func TestSearch(t *testing.T) {
	assert.NotEmpty(t, Search("canadian mortgage"))
	assert.Empty(t, Search("canadian markup"))
	assert.Len(t, Search(""), len(All()))
}

// TestExamples: each entry's worked example, run as `hp17b solve` runs
// its steps, shows the display it gives, in FIX 2 (the calculator's
// default), on the HP-17BII and on the 17bII+ (which always searches);
// the reference of its proof (TestProofs) shows the same.
func TestExamples(t *testing.T) {
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			steps, want, ok := strings.Cut(e.Example, " → ")
			require.True(t, ok, "an example is STEPS → DISPLAY: %q", e.Example)
			eq, err := solver.Parse(e.Text)
			require.NoError(t, err)
			for _, model := range []solver.Model{solver.Model17BII, solver.Model17BIIPlus} {
				got, err := solver.New(eq, solver.NewVars()).DoAll(context.Background(), steps, solver.Options{Model: model}, hp17b.DefaultMode)
				require.NoError(t, err)
				assert.Equal(t, []string{want}, got, "%s: %s on the %s", e.Name, steps, model)
			}
			p, ok := proofs[e.Name]
			require.True(t, ok)
			v, r := map[string]float64{}, map[string]*big.Rat{}
			solved := ""
			for _, f := range strings.Fields(steps) {
				name, val, store := strings.Cut(f, "=")
				if !store {
					solved = name
					continue
				}
				x, err := hp17b.Parse(val)
				require.NoError(t, err)
				v[name], r[name] = x.Float64(), rat(x)
			}
			require.Equal(t, solved, strings.SplitN(want, "=", 2)[0])
			target := p.steps[len(p.steps)-1]
			if solved == target {
				assert.Equal(t, want, solved+"="+hp17b.Format(p.answer(v, r), hp17b.DefaultMode), "the reference's answer")
				return
			}
			// The example solves another variable than the proof: the
			// reference, given the equation's answer, gives back the value
			// the example stored.
			stored, ok := v[target]
			require.True(t, ok, "%s stores %s", e.Name, target)
			got2, err := solver.New(eq, solver.NewVars()).DoAll(context.Background(), steps, solver.Options{}, hp17b.Mode{All: true})
			require.NoError(t, err)
			x, err := hp17b.Parse(strings.SplitN(got2[0], "=", 2)[1])
			require.NoError(t, err)
			v[solved], r[solved] = x.Float64(), rat(x)
			assert.Equal(t, hp17b.Format(num(stored), hp17b.DefaultMode), hp17b.Format(p.answer(v, r), hp17b.DefaultMode),
				"the reference's %s at %s=%s", target, solved, x)
		})
	}
}

// TestListing: the listing names every entry and every game program.
func TestListing(t *testing.T) {
	l := Listing()
	for _, e := range All() {
		assert.Contains(t, l, "    "+e.Name+" ")
	}
	assert.Contains(t, l, "## Game programs")
	assert.Contains(t, l, "hp17b programs")
	t.Log("\n" + l)
	e, _ := Find("CANM")
	t.Log("\n" + e.Describe())
}
