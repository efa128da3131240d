package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWorkBudgets: nim analyze refuses more moves than its budget and
// stops at --timeout; compare all has one budget for the whole command and
// names what it did not reach; acronim solve stops at its state budget.
func TestWorkBudgets(t *testing.T) {
	many := strings.TrimSuffix(strings.Repeat("60,", 20000), ",")
	_, errOut, code := runCLI("nim", "analyze", many)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "more than the 1000000 this command goes through")

	// A deadline already past when the work starts: it is stopped (the
	// work itself would take far longer than reaching the check).
	within := strings.TrimSuffix(strings.Repeat("9,", 20000), ",")
	out, errOut, code := runCLI("nim", "analyze", "--game", "kayles", "--timeout", "1ns", within)
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out, "nothing half-done is printed")
	assert.Contains(t, errOut, "stopped after --timeout 1ns")

	_, errOut, code = runCLI("compare", "all", "--timeout", "1ns")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "compare all: not compared:")
	assert.Equal(t, 1, strings.Count(errOut, "stopped after --timeout"), "one budget, one stop")

	_, errOut, code = runCLI("acronim", "solve", "--piles", "31 31 31 31 31 31 31", "--max-states", "5000")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "the memory budget (--max-states 5000)")
	_, errOut, code = runCLI("acronim", "solve", "--max-states=-1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--max-states")
	assert.Positive(t, defaultAcroStates())
}
