package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// stateEquations reads the SOLVE list of the state file at path.
func stateEquations(t *testing.T, path string) []string {
	m, _, err := emulator.Open(emulator.OpenOptions{Path: path})
	require.NoError(t, err)
	defer m.Close()
	eqs, _ := m.Equations()
	return eqs
}

// keysRoundTrip writes texts as an equation file, prints its keystrokes
// with check --keys, runs them with keys on a fresh calculator and checks
// that the SOLVE list ends with the same texts.
func keysRoundTrip(t *testing.T, name string, texts []string) {
	dir := t.TempDir()
	file := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(file, []byte(solver.FormatFile(texts)), 0o644))
	script, errOut, code := runCLI("check", "--keys", file)
	require.Equal(t, exitOK, code, errOut)
	state := filepath.Join(dir, "state.json") // none yet: a fresh calculator
	_, errOut, code = runCLI("keys", "--state", state, script)
	require.Equal(t, exitOK, code, errOut)
	// NEW puts each equation after the current one: they stand together,
	// in order, among the fresh calculator's own.
	got := stateEquations(t, state)
	at := slices.Index(got, texts[0])
	require.GreaterOrEqual(t, at, 0, "%s: %q not stored; typed by\n%s", name, texts[0], script)
	require.GreaterOrEqual(t, len(got)-at, len(texts))
	assert.Equal(t, texts, got[at:at+len(texts)], "%s: typed back by\n%s", name, script)
}

// TestCheckKeysRoundTrip: every equation shipped in programs/ and every
// equation the transcripts type, its keystrokes from check --keys run by
// keys on a fresh calculator, is stored as the same equation.
func TestCheckKeysRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../../programs/*.eq")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		entries, err := solver.ReadFile(f, string(b), false)
		require.NoError(t, err)
		var texts []string
		for _, e := range entries {
			texts = append(texts, e.Text)
		}
		keysRoundTrip(t, filepath.Base(f), texts)
	}
	transcripts, err := filepath.Glob("../../emulator/testdata/*.txt")
	require.NoError(t, err)
	typed := regexp.MustCompile(`NEW "([^"]*)"`)
	var texts []string
	seen := map[string]bool{}
	for _, f := range transcripts {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range typed.FindAllStringSubmatch(string(b), -1) {
			// What the calculator stores when the transcript types it.
			text := strings.TrimSpace(m[1])
			if c, err := solver.Canonical(text); err == nil {
				text = c
			}
			if text != "" && !seen[text] {
				seen[text] = true
				texts = append(texts, text)
			}
		}
	}
	require.NotEmpty(t, texts)
	keysRoundTrip(t, "transcripts.eq", texts)
}

// TestCheckKeysOutput: the script names each equation with its keystrokes.
func TestCheckKeysOutput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "post.eq")
	require.NoError(t, os.WriteFile(file, []byte("AREA=L x W\nT=SIGMA(I:1:N:1:I)\n"), 0o644))
	out, _, code := runCLI("check", "--keys", file)
	require.Equal(t, exitOK, code)
	assert.Equal(t, `# 50 keystrokes in all; from any menu, MAIN then SOLVE (3 keystrokes)
MAIN SOLVE
# 1. AREA=L×W: 16 keystrokes
NEW [ABCDE] [A] [RSTUV] [R] [ABCDE] [E] [ABCDE] [A] = [JKLM] [L] × [WXYZ] [W] INPUT
# 2. T=Σ(I:1:N:1:I): 31 keystrokes
NEW [RSTUV] [T] = [WXYZ] [OTHER] [MORE] [Σ] ( [FGHI] [I] [WXYZ] [OTHER] [:] 1 [WXYZ] [OTHER] [:] [NOPQ] [N] [WXYZ] [OTHER] [:] 1 [WXYZ] [OTHER] [:] [FGHI] [I] ) INPUT
`, out)
	// More keys after the script go on where it ends.
	shown, errOut, code := runCLI("keys", "--fresh", out, "CALC 5 N T")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "T=15.00\nT N - - - -\n", shown)
	_, errOut, code = runCLI("check", "--keys", writeTemp(t, "a=b\n"))
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "the calculator's letters are capitals")
}

func writeTemp(t *testing.T, text string) string {
	f := filepath.Join(t.TempDir(), "f.eq")
	require.NoError(t, os.WriteFile(f, []byte(text), 0o644))
	return f
}
