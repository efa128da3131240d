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
// that the SOLVE list ends with the same equations: the texts without the
// spaces that change nothing (check --keys leaves them out), each read
// as the same equation as the text written.
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
	want := make([]string, len(texts))
	for i, text := range texts {
		want[i] = emulator.DropSpaces(text)
		if eq, err := solver.Parse(text); err == nil {
			short, err := solver.Parse(want[i])
			require.NoError(t, err, want[i])
			assert.Equal(t, eq.String(), short.String(), "%s: %q without its spaces is %q", name, text, want[i])
		}
	}
	got := stateEquations(t, state)
	at := slices.Index(got, want[0])
	require.GreaterOrEqual(t, at, 0, "%s: %q not stored; typed by\n%s", name, want[0], script)
	require.GreaterOrEqual(t, len(got)-at, len(want))
	assert.Equal(t, want, got[at:at+len(want)], "%s: typed back by\n%s", name, script)
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
}

func writeTemp(t *testing.T, text string) string {
	f := filepath.Join(t.TempDir(), "f.eq")
	require.NoError(t, os.WriteFile(f, []byte(text), 0o644))
	return f
}

// TestCheckLowercaseNames: names in small letters, as HP-200LX equations
// write them (the EOQ equation of "Solver Solutions", The Palmtop Paper,
// with OrderCost, AnnualSales, %CarryCost, PurchPrice), load and solve;
// check says at once that the 17BII keyboard cannot type them (its ALPHA
// menu has capitals only: 17bII+ owner's manual p.30) and check --keys
// types them in capitals, saying so, refusing only where two names would
// become one, and then with no header promising a count.
func TestCheckLowercaseNames(t *testing.T) {
	eoq := "EOQ=SQRT(2*OrderCost*AnnualSales/(%CarryCost/100*PurchPrice))\n"
	for _, tc := range []struct {
		name, text string
		check      []string // in check's output
		keys       []string // in check --keys's output
		keysErr    string
		keysCode   int
	}{
		{"capitals", "A=B×C\n", []string{"1. A=B×C  menu: A B C\n"}, []string{"# 1. A=B×C: 10 keystrokes\n"}, "", exitOK},
		{"EOQ", eoq, []string{"   the 17BII keyboard cannot type OrderCost AnnualSales %CarryCost PurchPrice (capitals only: 17bII+ owner's manual p.30); check --keys types ORDERCOST ANNUALSALES %CARRYCOST PURCHPRICE\n"},
			[]string{"# 1. EOQ=SQRT(2×ORDERCOST×ANNUALSALES÷(%CARRYCOST÷100×PURCHPRICE)): 112 keystrokes (in capitals, the keyboard's only letters: OrderCost as ORDERCOST, AnnualSales as ANNUALSALES, %CarryCost as %CARRYCOST, PurchPrice as PURCHPRICE)\n"},
			"", exitOK},
		{"label", "Unit:a=b\n", []string{"cannot type Unit a b (capitals"}, []string{"# 1. UNIT:A=B: "}, "", exitOK},
		{"collide", "A=Cost+COST\n", []string{"in capitals Cost and COST would be one name: rename one for check --keys"}, nil,
			"hp17b: equation 1 (A=Cost+COST) cannot be typed on the calculator: the keyboard types capitals only (17bII+ owner's manual p.30, \"Typing Words and Characters: the ALPHAbetic Menu\"), and in capitals Cost and COST would be one name: rename one\n",
			exitFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := writeTemp(t, tc.text)
			out, errOut, code := runCLI("check", file)
			require.Equal(t, exitOK, code, errOut)
			for _, s := range tc.check {
				assert.Contains(t, out, s)
			}
			out, errOut, code = runCLI("check", "--keys", file)
			assert.Equal(t, tc.keysCode, code)
			assert.Equal(t, tc.keysErr, errOut)
			if tc.keysCode != exitOK {
				assert.Empty(t, out, "no header promising a count")
				return
			}
			for _, s := range tc.keys {
				assert.Contains(t, out, s)
			}
			// The keys store the equation in capitals, and it solves as
			// the one written.
			shown, errOut, code := runCLI("keys", "--fresh", out)
			require.Equal(t, exitOK, code, errOut)
			assert.NotContains(t, shown, "INVALID")
		})
	}
	out, errOut, code := runCLI("solve", "--eq", writeTemp(t, eoq), "OrderCost=50", "AnnualSales=1000", "%CarryCost=20", "PurchPrice=10", "EOQ")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "EOQ=223.61\n", out)
}

// TestCheckKeysSpaces: check --keys leaves out the spaces that do not
// change the equation (each costs FGHI SPACE, two keystrokes) and says
// how many keys that saves; the spaces that part two words (AND) stay;
// --spaces types every one.
func TestCheckKeysSpaces(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		flags      []string
		head, line string
	}{
		{"spaced", "A = 2 * B + C\n", nil,
			"# 15 keystrokes in all; from any menu, MAIN then SOLVE (3 keystrokes); 12 saved by leaving out 6 spaces that change nothing (--spaces types them)\n",
			"# 1. A=2×B+C: 12 keystrokes\n"},
		{"kept", "A = 2 * B + C\n", []string{"--spaces"},
			"# 27 keystrokes in all; from any menu, MAIN then SOLVE (3 keystrokes)\n",
			"# 1. A = 2 × B + C: 24 keystrokes\n"},
		{"AND", "T=IF(A>1 AND B<2 : 1 : 0 )\n", nil,
			"; 10 saved by leaving out 5 spaces that change nothing (--spaces types them)\n",
			"# 1. T=IF(A>1 AND B<2:1:0): "},
		{"none", "A=B\n", nil, "# 10 keystrokes in all; from any menu, MAIN then SOLVE (3 keystrokes)\n", "# 1. A=B: 7 keystrokes\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(append(append([]string{"check", "--keys"}, tc.flags...), writeTemp(t, tc.text))...)
			require.Equal(t, exitOK, code, errOut)
			assert.Contains(t, out, tc.head)
			assert.Contains(t, out, tc.line)
		})
	}
}
