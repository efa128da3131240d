package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/library"
)

var updateLibraryDoc = flag.Bool("update-library", false, "write docs/library.md from hp17b library's output")

// TestLibraryDoc: docs/library.md is `hp17b library`'s output (go test
// ./cmd/hp17b -run TestLibraryDoc -update-library writes it).
func TestLibraryDoc(t *testing.T) {
	out, errOut, code := runCLI("library")
	require.Equal(t, exitOK, code, errOut)
	const doc = "../../docs/library.md"
	if *updateLibraryDoc {
		require.NoError(t, os.WriteFile(doc, []byte(out), 0o644))
	}
	b, err := os.ReadFile(doc)
	require.NoError(t, err)
	assert.Equal(t, string(b), out, "docs/library.md is not hp17b library's output: go test ./cmd/hp17b -run TestLibraryDoc -update-library")
}

// TestLibraryCommand: the listing names every topic, equation and game
// program; NAME shows one whole (case aside); a word that names none lists
// the equations it matches, exit 64.
func TestLibraryCommand(t *testing.T) {
	out, _, code := runCLI("library")
	require.Equal(t, exitOK, code)
	for _, topic := range library.Topics() {
		assert.Contains(t, out, "## "+topic+"\n")
	}
	assert.Contains(t, out, "    CANM  A Canadian mortgage")
	assert.Contains(t, out, "## Game programs")
	assert.Contains(t, out, "    nim ")

	out, _, code = runCLI("library", "canm")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "CANM (Loans and mortgages)\n")
	assert.Contains(t, out, "Example: PV=30000 I%YR=12 N=360 FV=0 PMT → PMT=-301.92\n")
	assert.Regexp(t, `Keystrokes: \d+ from the SOLVE menu\n    NEW \[ABCDE\] \[C\] `, out)

	_, errOut, code := runCLI("library", "lease")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "hp17b: no equation named lease; these match: LEAS MFAC\n", errOut)
	_, errOut, code = runCLI("library", "--add")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--add needs the equation's NAME")
}

// TestLibraryAdd: --add puts the equation in the state's SOLVE list, where
// it solves the worked example (the 17bII+ owner's manual, p.198:
// PMT=-301.92); a second --add of the same name changes nothing, says so
// and exits 1, as it does for any equation of that name already there.
func TestLibraryAdd(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	out, errOut, code := runCLI("library", "--add", "CANM", "--state", state)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "CANM added to the SOLVE list, its last equation (SOLVE, then shift ▼)\n", out)
	canm, _ := library.Find("CANM")
	eqs := stateEquations(t, state)
	require.Contains(t, eqs, canm.Text)
	// The list's last: from the first, ↑ reaches it.
	require.Equal(t, canm.Text, eqs[len(eqs)-1])
	shown, errOut, code := runCLI("keys", "--state", state, "SOLVE SHIFT DOWN CALC 30000 [PV] 12 [I%YR] 360 [N] 0 [FV] [PMT]")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, shown, "PMT=-301.92")

	_, errOut, code = runCLI("library", "--add", "canm", "--state", state)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "hp17b: the SOLVE list already holds an equation named CANM (CANM:PV×")
	assert.Equal(t, eqs, stateEquations(t, state), "nothing changed")

	// Another equation under the name: kept, not replaced.
	other := filepath.Join(t.TempDir(), "other.eq")
	require.NoError(t, os.WriteFile(other, []byte("EOQ:Q=2×D\n"), 0o644))
	_, errOut, code = runCLI("keys", "--state", state, "--load", other, "CLR")
	require.Equal(t, exitOK, code, errOut)
	_, errOut, code = runCLI("library", "--add", "EOQ", "--state", state)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "named EOQ (EOQ:Q=2×D); it stays as it is")
	assert.Contains(t, stateEquations(t, state), "EOQ:Q=2×D")
	_, errOut, code = runCLI("library", "--add", "NOPE", "--state", state)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no equation named NOPE")
}

// TestLibraryKeysRoundTrip: every library equation, its keystrokes from
// check --keys run by keys on a fresh calculator, is stored as the same
// equation; and the count check --keys gives is the listing's.
func TestLibraryKeysRoundTrip(t *testing.T) {
	var texts []string
	for _, e := range library.All() {
		texts = append(texts, e.Text)
	}
	keysRoundTrip(t, "library.eq", texts)
	file := filepath.Join(t.TempDir(), "library.eq")
	out, _, code := runCLI("library")
	require.Equal(t, exitOK, code)
	for _, e := range library.All() {
		require.NoError(t, os.WriteFile(file, []byte(e.Text+"\n"), 0o644))
		script, errOut, code := runCLI("check", "--keys", file)
		require.Equal(t, exitOK, code, errOut)
		m := regexp.MustCompile(`# 1\. .*: (\d+) keystrokes`).FindStringSubmatch(script)
		require.NotNil(t, m, script)
		_, n := e.Keys()
		assert.Equal(t, m[1], strconv.Itoa(n), e.Name)
		assert.Regexp(t, "    "+regexp.QuoteMeta(e.Name)+` .*  `+m[1]+` keys  `, out)
	}
}
