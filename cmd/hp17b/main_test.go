package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/launch"
	"github.com/hp17b/hp17b/nim"

	"github.com/hp17b/hp17b/nim/acronim"
	"github.com/hp17b/hp17b/nim/octal"
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
	assert.Equal(t, "1. INVALID EQUATION at testdata/bad.eq:2:5: unexpected \")\"\n  C×)\n    ^\nhp17b: the equation of testdata/bad.eq is invalid\n", errOut)

	_, errOut, code = runCLI("check", "testdata/missing.eq")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no such file")

	// Hostile input: a device is refused at once, a control character is
	// an INVALID EQUATION whose caret line does not echo it.
	_, errOut, code = runCLI("check", "/dev/zero")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "not a regular file")
	bad := filepath.Join(t.TempDir(), "esc.eq")
	require.NoError(t, os.WriteFile(bad, []byte("A\x1b]0;title\x07=B\n"), 0o644))
	_, errOut, code = runCLI("check", bad)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "control character U+001B")
	assert.NotContains(t, errOut, "\x1b")
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

	// As a 17bII+ (always iterative) NIM cannot work: the search re-runs the
	// equation, whose L() stores move the heaps at every evaluation.
	out, _, code = runCLI("solve", "--eq", "testdata/nim-seed.eq", "--iterative", "INIT", "D=6", "EVAL")
	assert.Equal(t, exitFailed, code)
	assert.NotContains(t, out, "EVAL=1,346.00")

	// Flags may follow the steps.
	out, _, code = runCLI("solve", "INIT", "--eq", "testdata/nim-seed.eq", "--display", "all")
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
	assert.Equal(t, "INIT=1,357.00\nSOLUTION NOT FOUND\n", out)

	_, errOut, code := runCLI("solve", "--eq", "testdata/nim-seed.eq", "E0")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `step "E0": not a menu variable of NIM`)

	_, errOut, code = runCLI("solve", "--eq", "testdata/nim-seed.eq", "D=x")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "not a number")

	_, _, code = runCLI("solve", "--eq", "testdata/nim-seed.eq", "--display", "sci", "INIT")
	assert.Equal(t, exitUsage, code)

	_, _, code = runCLI("bogus")
	assert.Equal(t, exitUsage, code)
}

func TestCompareCLI(t *testing.T) {
	out, _, code := runCLI("compare", "nim")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "no disagreement")

	out, _, code = runCLI("compare", "nim", "--eq", "../../programs/nim-as-transcribed.eq")
	assert.Equal(t, exitOK, code, "display findings alone do not fail")
	assert.Contains(t, out, "cause: at all")
	_, _, code = runCLI("compare", "nim", "--eq", "../../programs/nim-as-transcribed.eq", "--strict")
	assert.Equal(t, exitFailed, code)

	out, _, code = runCLI("compare", "nim-misere", "--json")
	assert.Equal(t, exitOK, code)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	for _, k := range []string{"positions", "no_move", "moves_agree", "moves_disagree", "display_wrong",
		"games", "equation_always_wins", "game_turns_display_wrong", "mismatches"} {
		assert.Contains(t, rep, k)
	}
	assert.EqualValues(t, 384, rep["positions"])
	assert.Equal(t, true, rep["equation_always_wins"])

	_, _, code = runCLI("compare", "nope")
	assert.Equal(t, exitUsage, code)
}

func TestKeysCLI(t *testing.T) {
	out, _, code := runCLI("keys", "--fresh", "SOLVE", "[CALC]", "[INIT]")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "INIT=1,357.00\nINIT A B C D EVAL\n", out)

	out, _, code = runCLI("keys", "SOLVE", "CALC", "4", "-", "1", "=", "--fresh")
	assert.Equal(t, exitOK, code, "flags may follow the script; - is the minus key")
	assert.Equal(t, "3.00\nINIT A B C D EVAL\n", out)

	out, _, code = runCLI("keys", "--fresh", "--trace", "4 + 2 × 3 =")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "×\n  6.00×\n")
	assert.True(t, strings.HasSuffix(out, "=\n  18.00\n  FIN BUS SUM TIME SOLVE CURRX\n"), out)

	_, errOut, code := runCLI("keys", "--fresh", "1 + FOO")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `token 3 "FOO"`)

	out, _, code = runCLI("keys", "--fresh", "--load", "testdata/two.eq", "SOLVE UP UP UP DOWN DOWN DOWN")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "P=2×(L+W)\nCALC EDIT DELET NEW - -\n", out)

	_, errOut, code = runCLI("keys", "--fresh", "--load", "testdata/bad.eq", "SOLVE")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "bad.eq:2:5")

	// A state file carries the calculator from one run to the next.
	state := t.TempDir() + "/state.json"
	_, _, code = runCLI("keys", "--state", state, "SOLVE CALC INIT 6 D EVAL")
	require.Equal(t, exitOK, code)
	out, _, code = runCLI("keys", "--state", state, "SOLVE CALC RCL C")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "C=4.00\nINIT A B C D EVAL\n", out)

	_, _, code = runCLI("keys", "--fresh", "--state", state, "1")
	assert.Equal(t, exitUsage, code)

	// --print writes the printer's print-out; a path that cannot be
	// written says so and fails.
	tape := t.TempDir() + "/tape.txt"
	_, _, code = runCLI("keys", "--fresh", "--print", tape, "1234.5 PRT 2 + 3 = PRT")
	require.Equal(t, exitOK, code)
	b, err := os.ReadFile(tape)
	require.NoError(t, err)
	assert.Equal(t, "                1,234.50\n                    5.00\n", string(b))
	_, errOut, code = runCLI("keys", "--fresh", "--print", t.TempDir()+"/no/such/dir/tape.txt", "PRT")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "the print-out was not written")
}

func TestNoDisplayFallsBackToPlay(t *testing.T) {
	old := getenv
	defer func() { getenv = old }()
	getenv = func(string) string { return "" }
	oldIn := stdin
	defer func() { stdin = oldIn }()
	stdin = strings.NewReader("D 6\n")
	out, errOut, code := runCLI()
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "hp17b: no display (DISPLAY and WAYLAND_DISPLAY are unset): playing NIM in the terminal\n", errOut)
	assert.Contains(t, out, "[EVAL]  EVAL=1,346")

	_, errOut, code = runCLI("--keys", "SOLVE", "--screenshot", "x.png")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "need a display")
}

func TestMissingWindowFallsBackToPlay(t *testing.T) {
	oldEnv, oldFind := getenv, findWindow
	defer func() { getenv, findWindow = oldEnv, oldFind }()
	getenv = func(k string) string {
		if k == "DISPLAY" {
			return ":99"
		}
		return ""
	}
	findWindow = func() (string, error) { return "", os.ErrNotExist }
	oldIn := stdin
	defer func() { stdin = oldIn }()
	stdin = strings.NewReader("")
	out, errOut, code := runCLI("--fresh")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "hp17b-window was not found")
	assert.Contains(t, out, "Goodbye.")
}

func TestNimCommands(t *testing.T) {
	out, _, code := runCLI("nim", "grundy", "kayles", "--to", "12", "--json")
	assert.Equal(t, exitOK, code)
	var g struct {
		Game      string `json:"game"`
		Values    []int  `json:"values"`
		Period    *int   `json:"period"`
		Preperiod *int   `json:"preperiod"`
		Proven    bool   `json:"proven"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &g))
	assert.Equal(t, []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4}, g.Values)
	require.NotNil(t, g.Period)
	assert.Equal(t, 12, *g.Period)
	assert.Equal(t, 71, *g.Preperiod)
	assert.True(t, g.Proven)

	out, _, code = runCLI("nim", "grundy", "0", "--to", "5", "--json")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `{"game":"Nim","values":[0,1,2,3,4,5],"period":null,"preperiod":null,"proven":false}`+"\n", out)

	out, _, code = runCLI("nim", "grundy", "dawson", "--at", "1000000000000000000")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "period 34 from n = 53: proven")
	assert.Contains(t, out, "G(1000000000000000000)=")

	_, _, code = runCLI("nim", "grundy", "nim", "--at", "1000000000000000000")
	assert.Equal(t, exitFailed, code, "no proven period for Nim")

	// A bad --at is refused before anything is printed.
	for _, at := range []string{"1000000000000000000000", "-1", "x"} {
		out, errOut, code := runCLI("nim", "grundy", "kayles", "--at="+at)
		assert.Equal(t, exitUsage, code, at)
		assert.Empty(t, out, "--at %s: nothing printed", at)
		assert.Contains(t, errOut, "want a whole number from 0 to 10^18", at)
	}

	out, _, code = runCLI("nim", "analyze", "1", "3", "3", "6")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "value *7")
	assert.Contains(t, out, "winning move: heap 4 (6): take 5, leave 1")

	out, _, code = runCLI("nim", "analyze", "1", "1", "2", "--misere")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "winning move: heap 3 (2): take 1, leave 1")

	out, _, code = runCLI("nim", "lost", "--heaps", "4", "--max", "7", "--json")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "[[2,3,4,5],[1,3,4,6],[1,2,5,6],[1,2,4,7],[1,3,5,7],[2,3,6,7],[4,5,6,7]]\n", out)

	out, _, code = runCLI("nim", "start", "--heaps", "9", "--json")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `{"heaps":9,"coins":60,"positions":[[2,3,4,5,7,8,9,10,12],[2,3,4,5,6,8,9,11,12]]}`+"\n", out)

	out, _, code = runCLI("nim", "moves", "--heaps", "3", "--max", "3", "--json")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, `{"heaps":[1,3,3],"moves":3,"results":2}`)
	assert.Contains(t, out, `{"heaps":[1,2,3],"moves":0,"results":0}`)

	out, _, code = runCLI("nim", "xor", "--bits", "1")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "\t0\t1\n0\t0\t1\n1\t1\t0\n", out)

	_, errOut, code := runCLI("nim", "grundy", "chess")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "unknown game")
	_, _, code = runCLI("nim", "analyze", "x")
	assert.Equal(t, exitUsage, code)
	_, _, code = runCLI("nim")
	assert.Equal(t, exitUsage, code)
}

func TestAcroNimCLI(t *testing.T) {
	out, _, code := runCLI("acronim", "solve", "--json")
	assert.Equal(t, exitOK, code)
	var r struct {
		Value     string   `json:"value"`
		States    int      `json:"states"`
		BestMoves []string `json:"best_moves"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "draw", r.Value)
	assert.Positive(t, r.States)
	assert.Contains(t, r.BestMoves, "equalize")

	out, _, code = runCLI("acronim", "solve", "--no-pass")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "With perfect play South wins.")
	assert.Contains(t, out, "  take 3 from a pile of 5\n")

	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("x\n99\nhelp\n7\n")
	out, _, code = runCLI("acronim", "play")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, `"x" is not a move: type a number from 1 to 25 (list shows the moves again, help the commands).`)
	assert.Contains(t, out, `"99" is not a move`)
	assert.Contains(t, out, "  1 to 25   play that move of the list\n")
	// The 25 moves are listed once, not again after each line that is no move.
	assert.Equal(t, 1, strings.Count(out, "  25. "), out)
	assert.Contains(t, out, "South: take 1 poisoned alone from a pile of 7 (1 poisoned) (loses)")
	assert.True(t, strings.HasSuffix(out, "South took the poisoned stone alone. North wins.\n"), out)

	// Any position: a single pile of 3 with its poisoned stone: take all.
	out, _, code = runCLI("acronim", "solve", "--piles", "3/1", "--json")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, `"value":"south"`)
	assert.Contains(t, out, `"take 2 + 1 poisoned from a pile of 3 (1 poisoned)"`)
	_, errOut, code := runCLI("acronim", "solve", "--piles", "3/4")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "at most 3 poisoned")

	_, _, code = runCLI("acronim")
	assert.Equal(t, exitUsage, code)
}

func TestZSpecCLI(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("JohnTake p=[2,4]\nMaryTake 2 3\nMaryTake 2 2\nJohnTake 3 7\nMaryTake 4 1\nMaryTake 1 4\nbogus\nMaryTake 1 1\nJohnTake 1 1\n")
	out, _, code := runCLI("nim", "zspec")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "MaryTake p=[4,1]: rc=error\n  John VAC, Mary OCC, i1=5 i2=0 i3=0, p=4 take=1\n  TRACE=[PileError,OK,OK,nSticksError,OK]\n")
	assert.Contains(t, out, `"bogus" is not an event`)
	assert.Contains(t, out, "  perfect play: John wins; best JohnTake 1 4\n", "from 5-6-7, take 4")
	assert.Contains(t, out, "MaryTake p=[1,1]: rc=error (it is John's turn)")
	assert.Contains(t, out, "TRACE=[Mary Wins,OK,TurnError,OK,PileError,OK,OK,nSticksError,OK]")
	assert.True(t, strings.HasSuffix(out, "Mary wins.\n"))
}

// TestNoWindowFallsBackWithOneLine: when the window program exits 3 (no
// window could open), hp17b plays in the terminal and says why in one line;
// other lines of the window program pass through.
func TestNoWindowFallsBackWithOneLine(t *testing.T) {
	oldEnv, oldFind := getenv, findWindow
	defer func() { getenv, findWindow = oldEnv, oldFind }()
	getenv = func(k string) string {
		if k == "DISPLAY" {
			return ":77"
		}
		return ""
	}
	fake := filepath.Join(t.TempDir(), "hp17b-window")
	script := "#!/bin/sh\necho 'hp17b: a notice' >&2\necho '" + launch.NoWindowPrefix + "glfw: x11: failed to open display :77' >&2\nexit 3\n"
	require.NoError(t, os.WriteFile(fake, []byte(script), 0o755))
	findWindow = func() (string, error) { return fake, nil }
	oldIn := stdin
	defer func() { stdin = oldIn }()
	stdin = strings.NewReader("")
	out, errOut, code := runCLI("--fresh")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "hp17b: a notice\nhp17b: no window could open (glfw: x11: failed to open display :77): playing NIM in the terminal\n", errOut)
	assert.Contains(t, out, "Goodbye.")

	// With --screenshot the window is needed: the reason is passed on as it came.
	_, errOut, code = runCLI("--fresh", "--screenshot", filepath.Join(t.TempDir(), "x.png"))
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, launch.NoWindowPrefix+"glfw: x11")
}

// TestSolveOverflow: an overflowing result is reported as the keyboard
// shows it, OVERFLOW, with exit status 1, not as a root.
func TestSolveOverflow(t *testing.T) {
	eq := filepath.Join(t.TempDir(), "ov.eq")
	require.NoError(t, os.WriteFile(eq, []byte("X=1E499×Y\n"), 0o644))
	out, _, code := runCLI("solve", "--eq", eq, "Y=100", "X")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "OVERFLOW\n", out)
	out, _, _ = runCLI("solve", "--json", "--eq", eq, "Y=100", "X")
	assert.Contains(t, out, `"outcome":"overflow"`)
}

// TestNimLimits: arguments that would size work beyond the documented
// limits are refused at once with what to do, never silently changed.
func TestNimLimits(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"nim", "lost", "--heaps", "8", "--max", "64"}, exitUsage, "use fewer heaps or a smaller --max"},
		{[]string{"nim", "moves", "--heaps", "6", "--max", "32"}, exitUsage, "more than the 1000000"},
		{[]string{"nim", "grundy", "sub1k", "--k", "1000000000"}, exitUsage, "k is 1 to 1000"},
		{[]string{"nim", "grundy", "sub1k", "--k=-5"}, exitUsage, "k is 1 to 1000, not -5"},
		{[]string{"nim", "grundy", "sub1k", "--k", "-5"}, exitUsage, `perhaps try --k="-5"`},
		{[]string{"nim", "grundy", "0." + strings.Repeat("7", 100)}, exitUsage, "at most 32 digits"},
		{[]string{"nim", "grundy", "0.6", "--to", "30000"}, exitFailed, "no proven period"},
	} {
		_, errOut, code := runCLI(c.args...)
		assert.Equal(t, c.code, code, c.args)
		assert.Contains(t, errOut, c.msg, c.args)
	}
	// A heap of 10^12 is analysed at once (the winning moves are found
	// directly, not by trying every take).
	out, _, code := runCLI("nim", "analyze", "999999999999", "1", "--misere")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "winning move: heap 1 (999999999999): take 999999999999, leave nothing")
}

// TestTimeout: --timeout stops a long solve, key script or comparison with
// a message and exit status 1.
func TestTimeout(t *testing.T) {
	eq := filepath.Join(t.TempDir(), "long.eq")
	require.NoError(t, os.WriteFile(eq, []byte("T×T=Σ(I:1:999999:1:Σ(J:1:999:1:1))+T\n"), 0o644))
	out, errOut, code := runCLI("solve", "--eq", eq, "--timeout", "50ms", "T")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "INTERRUPTED\n", out)
	assert.Contains(t, errOut, "stopped after --timeout 50ms")

	out, errOut, code = runCLI("keys", "--fresh", "--timeout", "50ms",
		`SOLVE NEW "T×T=Σ(I:1:999999:1:Σ(J:1:999:1:1))+T" INPUT CALC [T]`)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "INTERRUPTED")
	assert.Contains(t, errOut, "stopped after --timeout 50ms")

	_, errOut, code = runCLI("compare", "nim", "--timeout", "1ns")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "stopped after --timeout 1ns")
}

// TestAcroNimTimeout: a solve from piles too large to finish stops at
// --timeout with a message.
func TestAcroNimTimeout(t *testing.T) {
	_, errOut, code := runCLI("acronim", "solve", "--piles", "31/3 31 31 31 31 31 31", "--timeout", "100ms")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "stopped after --timeout 100ms")
}

// TestNimAnalyzeLimits: a big heap of a game with a proven period is
// valued through the period; without one, or a misère search past its
// budget, the command says so instead of running for minutes.
func TestNimAnalyzeLimits(t *testing.T) {
	out, _, code := runCLI("nim", "analyze", "100000", "100000", "99999", "--game", "kayles")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "value *")
	_, errOut, code := runCLI("nim", "analyze", "30000", "5", "--game", "0.6")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no proven period")
	_, errOut, code = runCLI("nim", "analyze", "20", "20", "20", "--game", "kayles", "--misere")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "misère search stopped after 100000 positions")
}

// FuzzNimArgs: any arguments to the nim and acronim commands' parsers are
// read or refused, never a panic; what is accepted stays within the
// documented limits, so the work it sizes is bounded.
func FuzzNimArgs(f *testing.F) {
	for _, s := range []string{"1 3 5 7", "0.77", "sub1k", "4.3...", "7/1 5 3 1", "999999999999,1", "-5", "0." + strings.Repeat("7", 40)} {
		f.Add(s, 4)
	}
	f.Fuzz(func(t *testing.T, arg string, k int) {
		if heaps, err := nim.ParseHeaps([]string{arg}); err == nil {
			for _, h := range heaps {
				if h < 0 {
					t.Fatalf("%q: heap %d", arg, h)
				}
			}
		}
		if piles, err := acronim.ParsePiles(arg); err == nil {
			for _, p := range piles {
				if p.Stones < 1 || p.Stones > 31 || p.Poisoned < 0 || p.Poisoned > 3 {
					t.Fatalf("%q: pile %+v", arg, p)
				}
			}
		}
		g, err := octal.GameByName(arg, k)
		if err != nil {
			if len(err.Error()) > 300 {
				t.Fatalf("%q: a message of %d bytes", arg, len(err.Error()))
			}
			return
		}
		if len(g.Digits) > max(octal.MaxDigits, octal.MaxK)+1 { // take 1 to k has k+1 digits
			t.Fatalf("%q: %d digits", arg, len(g.Digits))
		}
		limit := octal.MexLimit(g)
		if limit < 2000 || limit > octal.MaxUnproven {
			t.Fatalf("%q: mex limit %d", arg, limit)
		}
		_ = octal.Analyze(g, 60, 60).Extend(60) // a little real work on what was accepted
	})
}

// TestDisplayVariableOnlyOnUnix: on Windows and macOS the window is tried
// without DISPLAY (they always have a window system).
func TestDisplayVariableOnlyOnUnix(t *testing.T) {
	old := goos
	defer func() { goos = old }()
	for system, want := range map[string]bool{"linux": true, "freebsd": true, "windows": false, "darwin": false} {
		goos = system
		assert.Equal(t, want, needsDisplayVariable(), system)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := runCLI("--version")
	assert.Equal(t, exitOK, code)
	assert.True(t, strings.HasPrefix(out, "hp17b "), out)
	assert.NotEqual(t, "hp17b \n", out)
}

// TestHelpExitsZero: every command's --help (and hp17b help COMMAND)
// prints its usage on standard output and exits 0; flags may follow the
// arguments.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"solve", "--help"}, {"keys", "-h"}, {"compare", "--help"},
		{"nim", "lost", "--help"}, {"nim", "grundy", "--help"}, {"acronim", "solve", "--help"}, {"play", "--help"},
		{"help", "solve"}, {"--help"}, {"help"}} {
		out, errOut, code := runCLI(args...)
		assert.Equal(t, exitOK, code, args)
		assert.Contains(t, out, "Usage: hp17b", args)
		assert.Empty(t, errOut, args)
	}
	out, _, _ := runCLI("help", "nim", "grundy")
	assert.Contains(t, out, "Usage: hp17b nim grundy <game>")
	assert.Contains(t, out, "--to=N")
}

// TestUsageErrors: a bad command line says what is wrong and which help to
// read, and exits 64.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args     []string
		msg, see string
	}{
		{[]string{"bogus"}, `unknown command "bogus"`, "run hp17b --help"},
		{[]string{"--bogus"}, "unknown flag --bogus", "run hp17b --help"},
		{[]string{"solve", "A"}, "missing flags: --eq=FILE", "run hp17b solve --help"},
		{[]string{"solve", "--eq", "testdata/nim-seed.eq"}, `expected "<step> ..."`, "run hp17b solve --help"},
		{[]string{"nim"}, `expected one of "grundy"`, "run hp17b nim --help"},
		{[]string{"nim", "grundy", "kayles", "--to", "x"}, `--to: expected a valid 64 bit int but got "x"`, "run hp17b nim grundy --help"},
		{[]string{"compare"}, `expected "<program>"`, "run hp17b compare --help"},
		{[]string{"keys", "--model", "17c", "1"}, "--model", "run hp17b keys --help"},
		{[]string{"--click", "1;2"}, "want X,Y in layout units", "run hp17b --help"},
		{[]string{"solve", "--eq", "testdata/nim-seed.eq", "--timeout=-1s", "INIT"}, "--timeout: want 0 (no limit) or more, got -1s", "run hp17b solve --help"},
		{[]string{"compare", "nim", "--timeout", "5x"}, `--timeout: want a duration such as 5s or 2m, got "5x"`, "run hp17b compare --help"},
		{[]string{"nim", "analyze", "abc"}, `heap "abc": want a whole number`, "run hp17b nim analyze --help"},
		{[]string{"play", "--k", "3"}, "--k: nim has no K (subk takes one)", ""},
	} {
		out, errOut, code := runCLI(c.args...)
		assert.Equal(t, exitUsage, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Contains(t, errOut, c.msg, c.args)
		assert.Contains(t, errOut, c.see, c.args)
	}
}

func TestNimGrundyFlagsAfterArguments(t *testing.T) {
	out, _, code := runCLI("nim", "grundy", "kayles", "--to", "5", "--json")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, `"values":[0,1,2,3,1,4]`)
}

// TestWriteKeyMap: --write-keymap has the window program write the key
// map (e2e.TestWindowCommandLine checks what it writes), passing on its
// output and its failure; without the window program it says so.
func TestWriteKeyMap(t *testing.T) {
	oldFind := findWindow
	defer func() { findWindow = oldFind }()
	fake := filepath.Join(t.TempDir(), "hp17b-window")
	script := "#!/bin/sh\n[ \"$1 $2\" = '--write-keymap -' ] && { echo \"F9             PAPER\"; exit 0; }\necho \"hp17b: $2: no such folder\" >&2\nexit 1\n"
	require.NoError(t, os.WriteFile(fake, []byte(script), 0o755))
	findWindow = func() (string, error) { return fake, nil }
	out, errOut, code := runCLI("--write-keymap", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "F9             PAPER\n", out)
	_, errOut, code = runCLI("--write-keymap", filepath.Join(t.TempDir(), "no", "x"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no such folder")
	findWindow = func() (string, error) { return "", os.ErrNotExist }
	_, errOut, code = runCLI("--write-keymap", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "hp17b: --write-keymap: the key map is the window's")
}

func TestCompareGamePrograms(t *testing.T) {
	out, _, code := runCLI("compare", "kayles")
	assert.Equal(t, exitOK, code, out)
	for _, want := range []string{"compare kayles", "answered wrong             0", "the calculator opens (EVAL after INIT)", "the program always wins", "no disagreement"} {
		assert.Contains(t, out, want)
	}
	out, _, code = runCLI("compare", "n567", "--json")
	assert.Equal(t, exitOK, code)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.EqualValues(t, 512, rep["positions"])
	assert.EqualValues(t, 0, rep["disagree"])

	// A broken equation fails: take14 with "take 1 or 3".
	bad := filepath.Join(t.TempDir(), "t13.eq")
	text, err := os.ReadFile("../../programs/take14.eq")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bad, []byte(strings.ReplaceAll(string(text), "-4)", "-3)")), 0o644))
	out, _, code = runCLI("compare", "take14", "--eq", bad)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "illegal move")

	// --timeout is one budget for the whole command (every program, not
	// each): room for all eleven under the race detector.
	out, _, code = runCLI("compare", "all", "--timeout", "20m")
	assert.Equal(t, exitOK, code)
	for _, p := range []string{"compare nim\n", "compare nim-misere\n", "compare subk\n", "compare dawson\n"} {
		assert.Contains(t, out, p)
	}
	_, errOut, code := runCLI("compare", "all", "--eq", bad)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "give the program")
}

func TestProgramsCLI(t *testing.T) {
	out, _, code := runCLI("programs")
	assert.Equal(t, exitOK, code)
	for _, id := range []string{"nim ", "n567 ", "subk ", "take14 ", "pnim ", "lasker ", "kayles ", "dawson "} {
		assert.Contains(t, out, id)
	}
	out, _, code = runCLI("programs", "lasker")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "menu: INIT P EVAL")
	assert.Contains(t, out, "LASK:IF(S(INIT)")
	_, errOut, code := runCLI("programs", "nope")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `no program "nope"`)
}

// TestModelCLI: --model on solve, compare, play and keys (docs/solver-models.md).
func TestModelCLI(t *testing.T) {
	dir := t.TempDir()
	eq := filepath.Join(dir, "ab.eq")
	require.NoError(t, os.WriteFile(eq, []byte("A=L(B:B+1)\n"), 0o644))
	for model, b := range map[string]string{"17bii": "1", "17bii+": "2"} {
		out, _, code := runCLI("solve", "--eq", eq, "--model", model, "--json", "A")
		assert.Equal(t, exitOK, code)
		var r map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		assert.Equal(t, "1", r["value"], model)
		assert.Equal(t, b, r["vars"].(map[string]any)["B"], model)
	}
	_, errOut, code := runCLI("solve", "--eq", eq, "--model", "17c", "A")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "use 17bii (the HP-17BII) or 17bii+")

	out, _, code := runCLI("compare", "nim", "--model", "17bii+", "--json")
	assert.Equal(t, exitOK, code, "the moves agree; only displays are wrong")
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, "17bii+", rep["model"])
	assert.EqualValues(t, 336, rep["moves_agree"])
	assert.EqualValues(t, 336, rep["display_wrong"])
	assert.EqualValues(t, 0, rep["moves_disagree"])

	out, code = playWith(t, "D 6\n", "--model", "17bii+")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "[EVAL]  SOLUTION NOT FOUND\n(the 17bII+ runs EVAL twice")
	assert.NotContains(t, out, "resigns")

	state := filepath.Join(dir, "state.json")
	out, _, code = runCLI("keys", "--state", state, "--model", "17bii+", `SOLVE NEW "A=L(B:B+1)" INPUT CALC [A] RCL [B]`)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "B=2.00")
	out, _, code = runCLI("keys", "--state", state, `SOLVE [CALC] [A] RCL [B]`)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "B=4.00", "the model is kept in the state")
}

// TestOneCommandGrammar: the grammar of one command (grammarFor) reads its
// command exactly as the whole command line does: the same help for every
// command and the calculator, and the same run.
func TestOneCommandGrammar(t *testing.T) {
	parse := func(grammar any, args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		_, status, _ := cli.Parse("hp17b", description, grammar, args, &out, &errOut, exitUsage, kong.Vars{"version": "v"}.CloneWith(helpVars))
		return out.String(), errOut.String(), status
	}
	n := 0
	for f := range reflect.TypeFor[commandLine]().Fields() {
		if _, ok := f.Tag.Lookup("cmd"); !ok {
			continue
		}
		name := cli.CommandName(f)
		one := grammarFor([]string{name})
		require.NotEqual(t, reflect.TypeFor[*commandLine](), reflect.TypeOf(one), name)
		wantOut, wantErr, wantStatus := parse(new(commandLine), name, "--help")
		out, errOut, status := parse(one, name, "--help")
		assert.Equal(t, wantOut, out, name)
		assert.Equal(t, wantErr, errOut, name)
		assert.Equal(t, wantStatus, status, name)
		n++
	}
	whole, err := kong.New(new(commandLine), kong.Vars{"version": "v", "model_help": cli.ModelHelp}.CloneWith(helpVars))
	require.NoError(t, err)
	assert.Equal(t, len(whole.Model.Children), n, "every command checked")
	// A group's subcommand alone: its help, a usage error and a run read
	// as with the whole command line, and the group's help still lists
	// every subcommand.
	subs := 0
	for _, group := range whole.Model.Children {
		for _, sub := range group.Children {
			for _, args := range [][]string{{group.Name, sub.Name, "--help"}, {group.Name, sub.Name, "--bogus"}, {group.Name, "--help"}} {
				wantOut, wantErr, wantStatus := parse(new(commandLine), args...)
				out, errOut, status := parse(grammarFor(args), args...)
				assert.Equal(t, wantOut, out, args)
				assert.Equal(t, wantErr, errOut, args)
				assert.Equal(t, wantStatus, status, args)
			}
			subs++
		}
	}
	assert.Equal(t, 9, subs, "nim's seven and acronim's two")
	nim := reflect.ValueOf(grammarFor([]string{"nim", "grundy"})).Elem().Field(1).Type()
	assert.Equal(t, 1, nim.NumField(), "nim with grundy alone")
	assert.Equal(t, "Grundy", nim.Field(0).Name)
	assert.IsType(t, new(commandLine), grammarFor([]string{"--help"}), "the root's help lists every command")
	assert.IsType(t, new(commandLine), grammarFor([]string{"bogus"}))
	_, errOut, _ := parse(grammarFor([]string{"--fresh", "--bogus"}), "--fresh", "--bogus")
	assert.Contains(t, errOut, "unknown flag --bogus")
	out, _, code := runCLI("nim", "grundy", "kayles", "--to", "3")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "G(3)=3")
}

// BenchmarkCommandLine reads `solve --eq F T` and `nim grundy lasker --to
// 1000000` with the whole command line's grammar and with the command's
// alone (grammarFor: of nim, grundy alone).
func BenchmarkCommandLine(b *testing.B) {
	vars := kong.Vars{"version": "v"}.CloneWith(helpVars)
	for _, line := range []string{"solve --eq x.eq T", "nim grundy lasker --to 1000000"} {
		args := strings.Fields(line)
		for _, c := range []struct {
			name    string
			grammar func() any
		}{{"whole", func() any { return new(commandLine) }}, {"one", func() any { return grammarFor(args) }}} {
			b.Run(args[0]+"/"+c.name, func(b *testing.B) {
				for b.Loop() {
					if _, _, done := cli.Parse("hp17b", description, c.grammar(), args, io.Discard, io.Discard, exitUsage, vars); done {
						b.Fatal("the command line did not parse")
					}
				}
			})
		}
	}
}

// FuzzCommandLine: any arguments are read by the grammar grammarFor picks
// or refused with a message, never a panic; a stop is help (0) or a usage
// error (2) with its message on standard error.
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{"solve --eq x.eq T", "--fresh --click 1,2", "nim grundy kayles --to=5", "help nim", "compare all --json",
		"bogus", "--k -5", "keys -- -5", "acronim solve --piles 7/1", "version", "calculator --model 17bii+", "--help --fresh", ""} {
		f.Add(s)
	}
	vars := kong.Vars{"version": "v"}.CloneWith(helpVars)
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		var out, errOut bytes.Buffer
		ctx, status, done := cli.Parse("hp17b", description, grammarFor(args), args, &out, &errOut, exitUsage, vars)
		switch {
		case !done:
			if sel := ctx.Selected(); sel == nil {
				t.Fatalf("%q: parsed to no command", line)
			} else if _, ok := sel.Target.Addr().Interface().(runner); !ok {
				t.Fatalf("%q: parsed to %s, which does not run", line, sel.Name)
			}
		case status == exitUsage:
			if !strings.Contains(errOut.String(), "--help for its usage") {
				t.Fatalf("%q: a usage error without its pointer to help: %q", line, errOut.String())
			}
		case status != exitOK:
			t.Fatalf("%q: stopped with status %d", line, status)
		}
	})
}

// TestCommandLineChecks: a negative heap is refused as one, not as an
// unknown flag; a --click outside the window is refused; the root's help
// lists the calculator's flags. All usage errors exit 64.
func TestCommandLineChecks(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"nim", "analyze", "-1"}, "-1: heaps are whole numbers 0 or more"},
		{[]string{"nim", "moves", "--heaps", "3", "-2"}, "-2: heaps are whole numbers 0 or more"},
		{[]string{"--click", "9999,9999"}, "outside the window"},
	} {
		var out, errs strings.Builder
		code := run(c.args, &out, &errs)
		assert.Equal(t, 64, code, c.args)
		assert.Contains(t, errs.String(), c.msg, c.args)
	}
	var out strings.Builder
	assert.Equal(t, exitOK, run([]string{"--help"}, &out, io.Discard))
	for _, flag := range []string{"--fresh", "--state=FILE", "--keymap=FILE", "--write-keymap=FILE", "check"} {
		assert.Contains(t, out.String(), flag)
	}
}
