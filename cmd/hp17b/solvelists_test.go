package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// TestSolveReadsLists: `solve` of an equation with FLOW, #T, SIZEC, ITEM
// or SIZES reads the CFLO and SUM lists of the state file (--state), as
// the calculator's Solver reads its own (17bII+ owner's manual p.177), and
// names a list the file does not hold.
func TestSolveReadsLists(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	m, _, err := emulator.Open(emulator.OpenOptions{Path: state, Equations: programs.DefaultEquations()})
	require.NoError(t, err)
	// A cash-flow list INV: -1,000, then 300 four times; a statistics
	// list XS: 2, 4, 9.
	require.NoError(t, emulator.Run(m, `FIN CFLO CLEARDATA YES 1000 CHS INPUT 300 INPUT 4 INPUT NAME "INV" INPUT `+
		`MAIN SUM 2 INPUT 4 INPUT 9 INPUT NAME "XS" INPUT`, nil))
	require.NoError(t, m.Flush())

	eqs := filepath.Join(dir, "lists.eq")
	require.NoError(t, os.WriteFile(eqs, []byte(
		"TOT:T=FLOW(INV:0)+Σ(J:1:SIZEC(INV):1:FLOW(INV:J)×#T(INV:J))\n\n"+
			"MEAN:M=Σ(I:1:SIZES(XS):1:ITEM(XS:I))÷SIZES(XS)\n\n"+
			"NONE:N=FLOW(RENT:0)\n"), 0o644))

	out, errOut, code := runCLI("solve", "--eq", eqs, "--state", state, "T")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "T=200.00\n", out)

	out, errOut, code = runCLI("solve", "--eq", eqs, "--name", "MEAN", "--state", state, "M")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "M=5.00\n", out)

	out, _, code = runCLI("solve", "--eq", eqs, "--name", "NONE", "--state", state, "N")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "no CFLO list named RENT in "+state+" (its named CFLO lists: INV)")

	// A state file that does not exist holds no lists: the list is named.
	out, _, code = runCLI("solve", "--eq", eqs, "--state", filepath.Join(dir, "none.json"), "T")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "no CFLO list named INV")

	// A damaged one says which file.
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{"), 0o644))
	out, _, code = runCLI("solve", "--eq", eqs, "--state", bad, "T")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "reading the lists of "+bad)
}
