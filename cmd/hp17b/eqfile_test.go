package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// threeEquations is a file of three equations whose third is invalid
// (a `)` with no `(`), the first two of one name.
const threeEquations = `AREA:A=L*W

AREA:P=2*(L+W)

VOL:V=L*W)*H
`

// TestSolveNameInFile: --name takes an equation's number as check prints
// it, its name or its text (spaces and * for × aside); the file's invalid
// equation is skipped with one line on stderr naming it; an unknown name
// lists what the file holds; two equations of one name are reached by
// number, the name alone refused as ambiguous.
func TestSolveNameInFile(t *testing.T) {
	file := writeTemp(t, threeEquations)
	skipped := "hp17b: " + file + ": skipped invalid equation 3 (line 5); hp17b check " + file + " says why\n"
	for _, tc := range []struct {
		name, out, errOut string
		code              int
	}{
		{"2", "P=10.00\n", skipped, exitOK},
		{"2.", "P=10.00\n", skipped, exitOK},
		{"1", "A=6.00\n", skipped, exitOK},
		{"", "A=6.00\n", skipped, exitOK},
		{"P = 2 * (L + W)", "P=10.00\n", skipped, exitOK},
		{"AREA:P=2×(L+W)", "P=10.00\n", skipped, exitOK},
		{"AREA", "", "hp17b: " + file + ": 2 equations are named AREA (numbers 1, 2): give the number of the one you mean; it holds:\n" +
			"  1. AREA:A=L×W\n  2. AREA:P=2×(L+W)\n  3. INVALID EQUATION on line 5: VOL:V=L*W)*H\n", exitUsage},
		{"7", "", "hp17b: " + file + ": no equation number 7: the file holds 3; it holds:\n" +
			"  1. AREA:A=L×W\n  2. AREA:P=2×(L+W)\n  3. INVALID EQUATION on line 5: VOL:V=L*W)*H\n", exitUsage},
		{"VOL", "", "hp17b: " + file + ": no equation named VOL, numbered so, or written so; it holds:\n" +
			"  1. AREA:A=L×W\n  2. AREA:P=2×(L+W)\n  3. INVALID EQUATION on line 5: VOL:V=L*W)*H\n", exitUsage},
		{"3", "", "INVALID EQUATION at " + file + ":5:10: unexpected \")\"\nVOL:V=L*W)*H\n         ^\n", exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			steps := []string{"L=2", "W=3", "A"}
			if tc.out == "P=10.00\n" || tc.code != exitOK {
				steps[2] = "P"
			}
			args := []string{"solve", "--eq", file}
			if tc.name != "" {
				args = append(args, "--name", tc.name)
			}
			out, errOut, code := runCLI(append(args, steps...)...)
			assert.Equal(t, tc.code, code)
			assert.Equal(t, tc.out, out)
			assert.Equal(t, tc.errOut, errOut)
		})
	}
}

// TestCheckEveryError: check lists every equation of a file in order,
// numbered as --name takes them, reports every invalid one (number,
// place, caret, what is wrong) and exits 64; two equations of one name
// are a warning.
func TestCheckEveryError(t *testing.T) {
	file := writeTemp(t, threeEquations+"\nQ=R÷÷S\n")
	out, errOut, code := runCLI("check", file)
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "1. AREA  menu: A L W\n2. AREA  menu: P L W\n3. INVALID EQUATION on line 5: VOL:V=L*W)*H\n4. INVALID EQUATION on line 7: Q=R÷÷S\n", out)
	assert.Equal(t, "hp17b: "+file+": warning: 2 equations are named AREA (numbers 1, 2): --name takes the number of the one you mean\n"+
		"3. INVALID EQUATION at "+file+":5:10: unexpected \")\"\nVOL:V=L*W)*H\n         ^\n"+
		"4. INVALID EQUATION at "+file+":7:5: unexpected \"÷\"\nQ=R÷÷S\n    ^\n"+
		"hp17b: 2 of the 4 equations of "+file+" are invalid\n", errOut)

	out, errOut, code = runCLI("check", writeTemp(t, "AREA:A=L*W\n\nVOL:V=L*W*H\n"))
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "1. AREA  menu: A L W\n2. VOL  menu: V L W H\n", out)
	assert.Empty(t, errOut)
}

// TestCheckCutMarked: a title longer than 22 characters ends in "…",
// never cut silently (the issue's ÷30 that read as ÷3).
func TestCheckCutMarked(t *testing.T) {
	out, _, code := runCLI("check", writeTemp(t, "INT=PRIN×RATE÷100×DAYS÷30\n"))
	require.Equal(t, exitOK, code)
	assert.Equal(t, "1. INT=PRIN×RATE÷100×DAY…  menu: INT PRIN RATE DAYS\n", out)
}

// TestCompareProgramFileWithInvalid: compare PROGRAM --eq takes the file's
// first valid equation, the invalid one before it named on stderr.
func TestCompareProgramFileWithInvalid(t *testing.T) {
	seed, err := os.ReadFile("testdata/nim-seed.eq")
	require.NoError(t, err)
	file := writeTemp(t, "X=Y)Z\n\n"+string(seed))
	out, errOut, code := runCLI("compare", "nim", "--eq", file)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "moves disagree             0\n")
	assert.Equal(t, "hp17b: "+file+": skipped invalid equation 1 (line 1); hp17b check "+file+" says why\n", errOut)
}
