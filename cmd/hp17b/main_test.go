package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCLI(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestCheck(t *testing.T) {
	out, _, code := runCLI("check", "testdata/nim-seed.eq")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "1. NIM  menu: INIT A B C D EVAL\n", out)

	_, errOut, code := runCLI("check", "testdata/bad.eq")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "INVALID EQUATION at testdata/bad.eq:2:5: unexpected \")\"\n  C×)\n    ^\n", errOut)

	_, errOut, code = runCLI("check", "testdata/missing.eq")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no such file")
}

func TestSolveNIMSession(t *testing.T) {
	out, _, code := runCLI("solve", "--eq", "testdata/nim-seed.eq",
		"INIT", "D=6", "EVAL", "C=3", "EVAL", "B=2", "EVAL", "A=0", "EVAL", "B=0", "EVAL")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, strings.Join([]string{"INIT=1,357.00", "EVAL=1,346.00", "EVAL=1,339.00",
		"EVAL=1,230.00", "EVAL=220.00", "EVAL=0.00"}, "\n")+"\n", out)

	out, _, code = runCLI("solve", "--eq", "testdata/nim-seed.eq", "--display", "all", "INIT")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "INIT=1,357\n", out)
}

func TestSolveJSON(t *testing.T) {
	out, _, code := runCLI("solve", "--eq", "testdata/nim-seed.eq", "--json", "INIT", "D=6", "EVAL")
	assert.Equal(t, exitOK, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	var got solveJSON
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &got))
	assert.Equal(t, "EVAL", got.Name)
	assert.Equal(t, "1346", got.Value)
	assert.Equal(t, "EVAL=1,346.00", got.Display)
	assert.Equal(t, "direct", got.Method)
	assert.Equal(t, "root", got.Outcome)
	assert.Equal(t, "4", got.Vars["C"])
	assert.Equal(t, "4", got.Vars["E"], "hidden variables are listed too")
}

func TestSolveFailures(t *testing.T) {
	// The position after INIT is lost: every IF test fails and INV(0) runs.
	out, _, code := runCLI("solve", "--eq", "testdata/nim-seed.eq", "INIT", "EVAL")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "INIT=1,357.00\nDIVIDE BY 0\n", out)

	_, errOut, code := runCLI("solve", "--eq", "testdata/nim-seed.eq", "E0")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "E0 is not a menu variable")

	_, errOut, code = runCLI("solve", "--eq", "testdata/nim-seed.eq", "D=x")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "not a number")

	_, _, code = runCLI("solve", "--eq", "testdata/nim-seed.eq", "--display", "sci", "INIT")
	assert.Equal(t, exitUsage, code)

	_, _, code = runCLI("bogus")
	assert.Equal(t, exitUsage, code)
}
