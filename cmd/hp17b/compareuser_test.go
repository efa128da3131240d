package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompareUser: hp17b compare with a reference compares the user's
// equation: two versions of the loan agree on the display and not at 12
// digits (exit 1, a disagreement listed, --json for scripts); a reference
// program in the shell that always answers 1 agrees at one point only.
func TestCompareUser(t *testing.T) {
	loan := []string{"compare", "--eq", "../../docs/examples/loan.eq", "--ref-eq", "../../docs/examples/loan-uspv.eq",
		"N=12..360", "step", "12", "I=0.5..20", "step", "0.5", "PV=100000", "PMT"}
	out, errOut, code := runCLI(append(loan, "--display", "fix2")...)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "points 1200, agree 1200, disagree 0\nall agree\n")
	assert.Contains(t, out, "compared: the display in FIX 2 of PMT")

	out, _, code = runCLI(append(loan, "--list", "1")...)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "agree 252, disagree 948")
	assert.Contains(t, out, "point 0: N=12 I=0.5\n    equation  PMT=8355.91994815\n    reference PMT=8355.92001475\n  … and 947 more\n")

	out, _, code = runCLI(append(loan, "--json", "--random", "50", "--seed", "9", "--digits", "8")...)
	assert.Equal(t, exitOK, code)
	var rep struct {
		Points, Agree int
		Domain        string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 50, rep.Points)
	assert.Equal(t, 50, rep.Agree)
	assert.Contains(t, rep.Domain, "50 random points of N=12..360 step 12 I=0.5..20 step 0.5 (seed 9)")

	eq := filepath.Join(t.TempDir(), "m.eq")
	require.NoError(t, os.WriteFile(eq, []byte("M:Y=A×B\n"), 0o644))
	out, errOut, code = runCLI("compare", "--eq", eq, "--ref", `while read l; do echo '{"out":{"Y":1}}'; done`, "A=1", "B=1,2", "Y")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Contains(t, out, "points 2, agree 1, disagree 1")
	assert.Contains(t, out, "point 1: B=2\n    equation  Y=2\n    reference Y=1\n")

	_, errOut, code = runCLI("compare", "--eq", eq, "--ref", "echo oops >&2", "A=1", "B=1,2", "Y")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "its standard error: oops") // it wrote there, and ended
}

// TestCompareUserUsage: a bad comparison says what is wrong and exits 64.
func TestCompareUserUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"A=1", "Y", "--ref", "cat"}, "--eq FILE names the equation"},
		{[]string{"--eq", "../../docs/examples/sum.eq", "A=1", "Y", "--ref", "cat", "--ref-eq", "x.eq"}, "give one reference"},
		{[]string{"--eq", "../../docs/examples/sum.eq", "Q=1", "Y", "--ref", "cat"}, `step "Q=1": not a menu variable of SUM`},
		{[]string{"--eq", "../../docs/examples/sum.eq", "A=1..0", "Y", "--ref", "cat"}, "the range ends before it starts"},
		{[]string{"--eq", "../../docs/examples/sum.eq", "A=1", "Y", "--ref", "cat", "--digits", "13"}, "--digits 13: give 1 to 12"},
		{[]string{"--eq", "../../docs/examples/sum.eq", "A=1", "Y", "--ref", "cat", "--display", "fix2", "--rel", "1e-3"}, "give one of --display, --digits and --rel"},
		{[]string{"--eq", "../../docs/examples/sum.eq", "A=1", "Y", "--ref", "cat", "--random", "5"}, "--random needs a range or a list"},
		{[]string{"--eq", "../../docs/examples/sum.eq", "Y", "--expect", "nope.csv"}, "nope.csv"},
		{[]string{"nim", "A=1"}, "steps (A=1) need a reference"},
	} {
		out, errOut, code := runCLI(append([]string{"compare"}, c.args...)...)
		assert.Equal(t, exitUsage, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}

// TestCompareNearAndQuotedStep: a step quoted whole ('I=0.5..2 step 0.5',
// one argument) reads as three; when every disagreement is within the
// last digit, or within N digits, the report says so and names the
// --digits that would pass.
func TestCompareNearAndQuotedStep(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		f := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(f, []byte(text), 0o644))
		return f
	}
	eq := write("eq.eq", "Y=A×B\n")
	for _, tc := range []struct {
		name, ref string
		steps     []string
		code      int
		says      string
	}{
		{"last digit", "Y=A×B×1.00000000001\n", []string{"A=1..2 step 0.5", "B=3", "Y"}, exitFailed,
			"every disagreement is within the last of 12 digits: --digits 11 would pass\n"},
		{"8 digits", "Y=A×B×1.000000005\n", []string{"A=1..2 step 0.5", "B=3", "Y"}, exitFailed,
			"every disagreement agrees to 8 significant digits: --digits 8 would pass\n"},
		{"far", "Y=A+B\n", []string{"A=1..2 step 0.5", "B=3", "Y"}, exitFailed, ""},
		{"agree", "Y=B×A\n", []string{"A=1..2 step 0.5", "B=3", "Y"}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ref := write(tc.name+".eq", tc.ref)
			out, errOut, code := runCLI(append([]string{"compare", "--eq", eq, "--ref-eq", ref}, tc.steps...)...)
			require.Equal(t, tc.code, code, errOut)
			assert.Contains(t, out, "domain: A=1..2 step 0.5 (3 points)")
			if tc.says == "" {
				assert.NotContains(t, out, "would pass")
				return
			}
			assert.Contains(t, out, tc.says)
			var rep struct {
				Within int `json:"within_digits"`
			}
			out, _, _ = runCLI(append([]string{"compare", "--json", "--eq", eq, "--ref-eq", ref}, tc.steps...)...)
			require.NoError(t, json.Unmarshal([]byte(out), &rep))
			assert.NotZero(t, rep.Within)
		})
	}
}
