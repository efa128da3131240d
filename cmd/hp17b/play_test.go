package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/internal/transcript"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// TestMain points the user's config folder (where the default state file
// and the games kept beside it live) at a temporary folder, so that no
// test reads or writes the real one (HOME stays: go build, which the
// process benchmarks run, keeps its caches there), and removes the
// programs built for the benchmarks at the end.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "hp17b-config-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, k := range []string{"XDG_CONFIG_HOME", "AppData", "home"} {
		_ = os.Setenv(k, dir)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	if programsDir != "" {
		_ = os.RemoveAll(programsDir)
	}
	os.Exit(code)
}

// playWith runs hp17b play with input on standard input and returns its
// output and exit status; without --state or --fresh in args the game is
// kept in a state file of its own, so that no two calls share a game.
func playWith(t *testing.T, input string, args ...string) (string, int) {
	t.Helper()
	if !slices.Contains(args, "--state") && !slices.Contains(args, "--fresh") {
		args = append(args, "--state", filepath.Join(t.TempDir(), "state.json"))
	}
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader(input)
	out, _, code := runCLI(append([]string{"play"}, args...)...)
	return out, code
}

func TestPlayScripted(t *testing.T) {
	out, code := playWith(t, "D 6\nC=3\nB 2\ntake 3 from A\ntake 1 from A\nB 5\nxyz\nB 0\n")
	assert.Equal(t, exitOK, code)
	for _, want := range []string{"[INIT]  INIT=1,357", "[EVAL]  EVAL=1,346", "[EVAL]  EVAL=1,331",
		"[EVAL]  EVAL=1,230", "heap A has only 1: take 1 to 1 from it", "[EVAL]  EVAL=220", "heap B has 2: its new size must be 0 to 1",
		"\"X\" is not a heap", "[EVAL]  EVAL=0\n"} {
		assert.Contains(t, out, want)
	}
	assert.True(t, strings.HasSuffix(out, "The calculator wins.\nPlay again? (y/n) \nGoodbye.\n"), out)
	assert.NotContains(t, out, "not legal")

	out, code = playWith(t, "D 6\nC 3\nB 2\nA 0\nB 0\nC 0\nn\n", "--program", "nim-misere")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "[EVAL]  EVAL=10\n")
	assert.True(t, strings.HasSuffix(out, "You took the last object.\nThe calculator wins.\nPlay again? (y/n) Goodbye.\n"), out)

	out, code = playWith(t, "D 6\n")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "Goodbye. hp17b play resumes this game.")
	out, code = playWith(t, "D 6\n", "--fresh")
	assert.Equal(t, exitOK, code)
	assert.True(t, strings.HasSuffix(out, "\nGoodbye.\n"), "--fresh keeps nothing to resume: %s", out)

	// The transcribed listing moves alike but its display adds a product.
	out, code = playWith(t, "D 6\nC 3\nq\n", "--program", "nim-as-transcribed")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "[EVAL]  EVAL=1,339\nnote: the display does not spell the heaps (1331)\n")
}

// TestPlayLongLine: a 70 KB line is refused as a move and the game goes on.
func TestPlayLongLine(t *testing.T) {
	out, code := playWith(t, strings.Repeat("A", 70000)+"\nD 6\nq\n")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "longer than 1024 characters: type a move such as D 6 or take 1 from D")
	assert.Contains(t, out, "[EVAL]  EVAL=1,346")
}

func TestPlayGamePrograms(t *testing.T) {
	// 5-6-7: the calculator opens; a bad heap, an illegal move and a
	// missing heap are refused and the game goes on to its end.
	out, code := playWith(t, "EVAL\nD 2\nA 7\ntake 9 from B\nA 4\nB 2\nC 1\nC 0\n", "--program", "n567")
	assert.Equal(t, exitOK, code)
	for _, want := range []string{"[INIT]  INIT=567", "[EVAL]  EVAL=563", `"D" is not a heap: use A, B or C`,
		"heap A has 5: its new size must be 0 to 4", "heap B has only 6: take 1 to 6 from it", "[EVAL]  EVAL=462", "You took the last object."} {
		assert.Contains(t, out, want)
	}
	assert.True(t, strings.HasSuffix(out, "The calculator wins.\nPlay again? (y/n) \nGoodbye.\n"), out)

	// Kayles, packed: a number, a take, and a bad number.
	out, code = playWith(t, "EVAL\n3272\nx\ntake 5 from 1\ntake 0 from 1\n", "--program", "kayles")
	assert.Equal(t, exitOK, code)
	for _, want := range []string{"[EVAL]  EVAL=13,272", "you leave 3272", "[EVAL]  EVAL=2,272", `"x" is not a position`,
		"heap 1 has only 2: take 1 to 2 from it", `take how many? "0"`} {
		assert.Contains(t, out, want)
	}
	// Kayles' hint names the number to type once (it read "Hint: 13272;
	// it leaves 13272.").
	out, code = playWith(t, "hint\n", "--program", "kayles")
	assert.Equal(t, exitOK, code)
	assert.Regexp(t, `Hint: \d+, the number your move leaves\.\n`, out)
	assert.NotContains(t, out, "; it leaves")
	// Dawson's Kayles ends when no move is left.
	out, code = playWith(t, "1157\n11521\n1131\n", "--program", "dawson")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "You have no move left: the calculator wins.\nPlay again? (y/n) ")

	out, code = playWith(t, "", "--program", "subk", "--k", "2")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "K=2")
	_, code = playWith(t, "", "--program", "subk", "--k", "10")
	assert.Equal(t, exitUsage, code)
	_, code = playWith(t, "", "--program", "keytest")
	assert.Equal(t, exitUsage, code)
}

// TestParseGameMove: the ways of typing a move, and the errors, which
// name the heap and say what to type.
func TestParseGameMove(t *testing.T) {
	nimProg, err := programs.ByID("nim")
	require.NoError(t, err)
	kayles, err := programs.ByID("kayles")
	require.NoError(t, err)
	at := programs.Position{1, 3, 0, 7}
	for _, c := range []struct {
		prog programs.Program
		line string
		want programs.Position
		err  string
	}{
		{nimProg, "B 2", programs.Position{1, 2, 0, 7}, ""},
		{nimProg, "B=2", programs.Position{1, 2, 0, 7}, ""},
		{nimProg, "b2", programs.Position{1, 2, 0, 7}, ""},
		{nimProg, " d = 0 ", programs.Position{1, 3, 0, 0}, ""},
		{nimProg, "take 2 from B", programs.Position{1, 1, 0, 7}, ""},
		{nimProg, "TAKE 7 FROM d", programs.Position{1, 3, 0, 0}, ""},
		{nimProg, "E 2", nil, `"E" is not a heap: use A, B, C or D`},
		{nimProg, "take 2 from Q", nil, `"Q" is not a heap: use A, B, C or D`},
		{nimProg, "B 3", nil, "heap B has 3: its new size must be 0 to 2"},
		{nimProg, "B -1", nil, "heap B has 3: its new size must be 0 to 2"},
		{nimProg, "C 0", nil, "heap C is empty: choose another heap"},
		{nimProg, "take 4 from B", nil, "heap B has only 3: take 1 to 3 from it"},
		{nimProg, "take 0 from B", nil, `take how many? "0" is not a whole number of at least 1`},
		{nimProg, "take x from B", nil, `take how many? "x" is not a whole number of at least 1`},
		{nimProg, "B two", nil, `"two" is not a size for heap B: type its new size, a whole number 0 to 2`},
		{nimProg, "D 1e99", nil, `"1e99" is not a size for heap D: type its new size, a whole number 0 to 6`},
		{nimProg, "d 99999999999999999999", nil, `is not a size for heap D: type its new size, a whole number 0 to 6`},
		{nimProg, "C x", nil, "heap C is empty: choose another heap"},
		{nimProg, "日本", nil, `"日" is not a heap: use A, B, C or D`},
		{nimProg, "日", nil, "say a heap and its new size (D 6 or D=6), or take 1 from D"},
		{nimProg, "bé", nil, `"é" is not a size for heap B`},
		{nimProg, "B", nil, "say a heap and its new size (D 6 or D=6), or take 1 from D"},
		{nimProg, "give 1 to B now", nil, "say a heap and its new size (D 6 or D=6), or take 1 from D"},
		{kayles, "1306", programs.Position{1, 3, 0, 6}, ""},
		{kayles, "X=1,306", programs.Position{1, 3, 0, 6}, ""},
		{kayles, "take 2 from 4", programs.Position{1, 3, 5}, ""},
		{kayles, "take 1 from 1", programs.Position{3, 7}, ""},
		{kayles, "take 1 from 3", nil, "heap 3 is empty: choose another heap"},
		{kayles, "take 1 from 5", nil, "say take K from N, N the heap's place 1 to 4"},
		{kayles, "take 9 from 2", nil, "heap 2 has only 3: take 1 to 3 from it"},
		{kayles, "-5", nil, `"-5" is not a position: type the number your move leaves (12 digits at most), or take K from N`},
		{kayles, "1234567890123", nil, "is not a position"},
	} {
		if c.prog.ID == "kayles" {
			c.line = strings.ReplaceAll(c.line, "X=", kayles.Game.Packed+"=")
		}
		got, err := c.prog.Game.ParseMove(c.line, at)
		if c.err != "" {
			require.Error(t, err, c.line)
			assert.Contains(t, err.Error(), c.err, c.line)
			continue
		}
		require.NoError(t, err, c.line)
		assert.Equal(t, c.want, got, c.line)
	}
}

// TestPlayCommands: every command at the prompt, and what each says when
// it has nothing to do.
func TestPlayCommands(t *testing.T) {
	for _, c := range []struct {
		name, input string
		args        []string
		want, not   []string
	}{
		{"help", "help\n", nil, []string{"Commands:", "B 4, B=4, b4, take 2 from B", "  eval ", "  hint ", "  why ",
			"  undo ", "  redo ", "  moves ", "  new ", "  help ", "  quit, q "}, []string{"D 4"}},
		{"help packed", "?\n", []string{"--program", "kayles"}, []string{"1337, take 2 from 3"}, nil},
		{"hint at the start", "hint\n", nil, []string{"No winning move: every move loses against perfect play."}, nil},
		{"hint after the answer", "D 6\nhint\n", nil, []string{"No winning move: every move loses against perfect play."}, nil},
		{"hint", "hint\nC 3\n", []string{"--program", "n567"}, []string{"Hint: C 3 (take 4 from C); it leaves 563.\nYour move> you leave A=5 B=6 C=3"}, nil},
		{"hint packed", "hint\n", []string{"--program", "kayles"}, []string{"Hint: "}, []string{"No winning move"}},
		{"why before EVAL", "why\n", nil, []string{"Position 1357\n", "sum   0      000\n", "Every move loses"},
			[]string{"L() values"}},
		{"why after EVAL", "D 6\nwhy\n", nil, []string{"Position 1356 (what EVAL answered)", "sum   1      001     E0=1 E1=0 E2=0\n",
			"D     6      110     D0=0 D1=2 D2=4\nsum", "E0+E1+E2 = 1: the equation's nim-sum", "Winning move: leave A=1 B=3 C=4 D=6\n"}, nil},
		{"why after undo", "D 6\nundo\nwhy\n", nil, []string{"Position 1357\n"}, []string{"L() values"}},
		{"undo", "D 6\nundo\nmoves\n", nil, []string{"Undone: back to A=1 B=3 C=5 D=7, your move.\n   A |          1",
			"No moves yet.\n(2 undone: redo plays them again)"}, nil},
		{"undo at the start", "undo\n", nil, []string{"Nothing to undo."}, nil},
		{"redo", "D 6\nC 3\nundo\nredo\nmoves\n", nil, []string{"Redone: A=1 B=3 C=3 D=1.\n   A |          1\n   B |||        3\n   C |||        3\n   D |          1",
			"  4. the calculator  1336 → 1331   D 6 → 1\nYour move> "}, []string{"(2 undone"}},
		{"redo with nothing undone", "D 6\nredo\n", nil, []string{"Nothing to redo."}, nil},
		{"a move forgets the moves undone", "D 6\nundo\nD 5\nredo\n", nil, []string{"Nothing to redo."}, nil},
		{"moves", "D 6\nmoves\n", nil, []string{"  1. you             1357 → 1356   D 7 → 6\n  2. the calculator  1356 → 1346   C 5 → 4\n"}, nil},
		{"moves at the start", "moves\n", nil, []string{"No moves yet."}, nil},
		{"moves from an empty heap", "A 0\nmoves\n", nil, []string{"  1. you             1357 → 0357   A 1 → 0\n  2. the calculator  0357 → 0356   D 7 → 6\n"}, nil},
		{"moves packed", "EVAL\nmoves\n", []string{"--program", "kayles"}, []string{"  1. the calculator   1357 → 13272\n"}, nil},
		{"new", "D 6\nnew\nmoves\n", nil, []string{"Your move> [INIT]  INIT=1,357\n   A |          1", "No moves yet."}, nil},
		{"eval opens", "EVAL\n", []string{"--program", "n567"}, []string{"[EVAL]  EVAL=563"}, nil},
		{"eval after the first move", "D 6\neval\n", nil, []string{"It is your move: EVAL lets the calculator open only before the first move."}, nil},
		{"quit", "quit\nD 6\n", nil, []string{"Your move> Goodbye."}, []string{"[EVAL]"}},
		{"q", "Q\nD 6\n", nil, []string{"Your move> Goodbye."}, []string{"[EVAL]"}},
		{"resignation", "EVAL\n", nil, []string{
			"[EVAL]  SOLUTION NOT FOUND\nThe calculator has no winning move (SOLUTION NOT FOUND) and resigns.\nYou win.\nPlay again? (y/n) "}, nil},
		{"undo a resignation", "EVAL\nundo\nmoves\nwhy\n", nil, []string{"Undone: back to A=1 B=3 C=5 D=7, your move.",
			"No moves yet.\nYour move> Position 1357\n"}, []string{"redo plays"}},
		{"play again", "EVAL\nmaybe\ny\nmoves\n", nil, []string{
			"The game is over: y plays again, n quits, undo takes the last moves back (help lists the commands).",
			"Play again? (y/n) [INIT]  INIT=1,357", "No moves yet."}, nil},
		{"do not play again", "EVAL\nno\nD 6\n", nil, []string{"Play again? (y/n) Goodbye.\n"}, []string{"[EVAL]  EVAL=1,346"}},
		{"hint and eval when over", "EVAL\nhint\neval\n", nil, []string{"Play again? (y/n) The game is over: y plays again.\nPlay again? (y/n) The game is over: y plays again."}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, code := playWith(t, c.input, c.args...)
			assert.Equal(t, exitOK, code)
			for _, w := range c.want {
				assert.Contains(t, out, w)
			}
			for _, n := range c.not {
				assert.NotContains(t, out, n)
			}
		})
	}
}

// TestPlayResume: quitting keeps the game beside the state file; playing
// again resumes it at the same position and turn; --new and --fresh start
// another; each program keeps its own game, and play without --program
// resumes the one played last.
func TestPlayResume(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state.json")
	out, code := playWith(t, "D 6\nq\n", "--state", state)
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "[EVAL]  EVAL=1,346")
	b, err := os.ReadFile(state + ".game.json")
	require.NoError(t, err)
	assert.Contains(t, string(b), `"position":[1,3,4,6]`)

	out, code = playWith(t, "moves\nC 3\nq\n", "--state", state)
	assert.Equal(t, exitOK, code)
	assert.True(t, strings.HasPrefix(out, "NIM: the game kept resumes (2 moves so far); hp17b play --new starts another, help lists the commands.\n"+
		"   A |          1\n   B |||        3\n   C ||||       4\n   D ||||||     6\nIt is your move.\nYour move>   1. you"), out)
	assert.NotContains(t, out, "[INIT]")
	assert.Contains(t, out, "[EVAL]  EVAL=1,331")

	// The why view keeps the equation's L() values across the restart.
	out, _ = playWith(t, "why\nq\n", "--state", state)
	assert.Contains(t, out, "Position 1336 (what EVAL answered)")
	assert.Contains(t, out, "heap  size   binary  the equation's L()")

	// Another program keeps its own game; play alone resumes the last.
	out, _ = playWith(t, "EVAL\nq\n", "--state", state, "--program", "kayles")
	assert.Contains(t, out, "[EVAL]  EVAL=13,272")
	out, _ = playWith(t, "q\n", "--state", state)
	assert.True(t, strings.HasPrefix(out, "KAYL: the game kept resumes (1 move so far)"), out)
	assert.Contains(t, out, "   5 ||         2\n")
	out, _ = playWith(t, "q\n", "--state", state, "--program", "nim")
	assert.True(t, strings.HasPrefix(out, "NIM: the game kept resumes (4 moves so far)"), out)

	// --new starts a new game and keeps it in place of the old one.
	out, _ = playWith(t, "q\n", "--state", state, "--program", "nim", "--new")
	assert.Contains(t, out, "[INIT]  INIT=1,357")
	out, _ = playWith(t, "q\n", "--state", state, "--program", "nim")
	assert.True(t, strings.HasPrefix(out, "NIM: the game kept resumes (no moves yet)"), out)

	// --fresh reads and writes nothing.
	before, err := os.ReadFile(state + ".game.json")
	require.NoError(t, err)
	out, _ = playWith(t, "D 6\nq\n", "--fresh")
	assert.Contains(t, out, "[INIT]  INIT=1,357")
	after, err := os.ReadFile(state + ".game.json")
	require.NoError(t, err)
	assert.Equal(t, before, after)
	_, errOut, code := runCLI("play", "--fresh", "--state", state)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--state and --fresh exclude each other")

	// A different K starts a new game of subk, and says so.
	playWith(t, "q\n", "--state", state, "--program", "subk", "--k", "2")
	out, _ = playWith(t, "q\n", "--state", state, "--program", "subk", "--k", "4")
	assert.True(t, strings.HasPrefix(out, "A new game with K=4 (the game kept had K=2).\n"), out)
	out, _ = playWith(t, "q\n", "--state", state, "--program", "subk")
	assert.True(t, strings.HasPrefix(out, "SUBK: the game kept resumes (no moves yet, K=4)"), out)

	// A finished game is not resumed: a new one starts.
	playWith(t, "EVAL\nq\n", "--state", state, "--program", "nim")
	out, _ = playWith(t, "q\n", "--state", state, "--program", "nim")
	assert.Contains(t, out, "[INIT]  INIT=1,357")
}

// TestPlayResumeCalculatorsTurn: a game kept at the calculator's turn (the
// run stopped during EVAL) resumes there: eval answers, a move is refused.
func TestPlayResumeCalculatorsTurn(t *testing.T) {
	prog, err := programs.ByID("nim")
	require.NoError(t, err)
	m, err := programs.NewMatch(prog, 0)
	require.NoError(t, err)
	require.NoError(t, m.Play(programs.Person, programs.Position{1, 3, 5, 6}))
	b, err := json.Marshal(programs.Kept{Schema: programs.KeptSchema, Last: "nim", Games: map[string]programs.KeptGame{"nim": {Match: *m}}})
	require.NoError(t, err)
	state := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(state+".game.json", b, 0o644))
	out, code := playWith(t, "D 5\nhint\neval\nq\n", "--state", state)
	assert.Equal(t, exitOK, code)
	for _, w := range []string{"It is the calculator's turn: type eval for its move, or undo to take yours back.\nYour move> " +
		"It is the calculator's turn: type eval for its move, or undo to take yours back.\nYour move> " +
		"It is the calculator's turn: type eval for its move.\nYour move> [EVAL]  EVAL=1,346"} {
		assert.Contains(t, out, w)
	}
}

// TestPlayDamagedGames: a games file that cannot be read, or whose moves
// do not lead to its position, is moved aside (nothing lost) and a new
// game starts.
func TestPlayDamagedGames(t *testing.T) {
	for name, content := range map[string]string{
		"not JSON":     "{",
		"newer layout": `{"schema":99}`,
		"illegal move": `{"schema":1,"last":"nim","games":{"nim":{"match":{"program":"nim","position":[1,3,5,2],"turn":1,` +
			`"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,4,2]}],"outcome":0}}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			state := filepath.Join(dir, "state.json")
			require.NoError(t, os.WriteFile(state+".game.json", []byte(content), 0o644))
			old := stdin
			defer func() { stdin = old }()
			stdin = strings.NewReader("q\n")
			out, errOut, code := runCLI("play", "--state", state)
			assert.Equal(t, exitOK, code)
			assert.Contains(t, out, "[INIT]  INIT=1,357")
			assert.Contains(t, errOut, "hp17b: the kept games could not be read (")
			assert.Contains(t, errOut, "they are kept in "+state+".game.json.damaged-")
			aside, _ := filepath.Glob(state + ".game.json.damaged-*")
			require.Len(t, aside, 1)
			b, err := os.ReadFile(aside[0])
			require.NoError(t, err)
			assert.Equal(t, content, string(b))
		})
	}
}

// stuckStore is a store whose games cannot be read nor moved aside.
type stuckStore struct{ programs.MemStore }

func (*stuckStore) LoadGame() ([]byte, error) { return nil, errors.New("permission denied") }
func (*stuckStore) SetAside() (string, error) { return "", errors.New("read-only folder") }

// TestLoadKept: games that cannot be read and cannot be moved aside are
// never overwritten: the run keeps its game in memory and says so; a
// folder (or a fifo) in the file's place is not hp17b's: it is refused and
// left where it is, and the run's game is kept in memory only.
func TestLoadKept(t *testing.T) {
	kg, store, notice := programs.LoadKept(&stuckStore{})
	assert.Empty(t, kg.Games)
	assert.IsType(t, &programs.MemStore{}, store)
	assert.Equal(t, "the kept games could not be read (permission denied); they could not be moved aside either (read-only folder): a new game starts and is not kept", notice)

	state := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.Mkdir(state+programs.KeptFileSuffix, 0o755))
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("D 6\nq\n")
	out, errOut, code := runCLI("play", "--state", state)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "not a regular file")
	assert.Contains(t, errOut, "is not a regular file: it is left as it is): a new game starts and is not kept")
	assert.Contains(t, out, "Goodbye.")
	info, err := os.Lstat(state + programs.KeptFileSuffix)
	require.NoError(t, err)
	assert.True(t, info.IsDir(), "the folder is not ours: left where it is")
	aside, _ := filepath.Glob(state + programs.KeptFileSuffix + ".damaged-*")
	assert.Empty(t, aside)
}

// TestCheckMatch: a kept game is taken on only when its moves, played
// again from the start, give its position, turn and outcome.
func TestCheckMatch(t *testing.T) {
	prog, err := programs.ByID("nim")
	require.NoError(t, err)
	good := func() *programs.Match {
		m, err := programs.NewMatch(prog, 0)
		require.NoError(t, err)
		require.NoError(t, m.Play(programs.Person, programs.Position{1, 3, 5, 6}))
		require.NoError(t, m.Play(programs.Calculator, programs.Position{1, 3, 4, 6}))
		return m
	}
	require.NoError(t, programs.CheckMatch("nim", good()))
	for _, c := range []struct {
		name   string
		id     string
		change func(m *programs.Match)
		err    string
	}{
		{"another program's", "nim-misere", func(*programs.Match) {}, `kept under nim-misere but is a game of "nim"`},
		{"unknown program", "nope", func(m *programs.Match) { m.Program = "nope" }, "nope"},
		{"a K", "nim", func(m *programs.Match) { m.K = 3 }, "nim has no K, but the match keeps K=3"},
		{"position", "nim", func(m *programs.Match) { m.Position = programs.Position{1, 3, 4, 5} }, "its moves lead to 1346"},
		{"turn", "nim", func(m *programs.Match) { m.Turn = programs.Calculator }, "its moves lead to 1346, you to move"},
		{"outcome", "nim", func(m *programs.Match) { m.Outcome = programs.PersonWon }, "outcome"},
		{"a move from elsewhere", "nim", func(m *programs.Match) { m.Moves[1].From = programs.Position{1, 3, 5, 7} }, "move 2 starts from 1357, not 1356"},
		{"an illegal move", "nim", func(m *programs.Match) { m.Moves[1].To = programs.Position{1, 2, 4, 6} }, "move 2 (1356 to 1246)"},
		{"a resignation at the person's turn", "nim", func(m *programs.Match) { m.Resigned, m.Outcome = true, programs.PersonWon }, "the resignation"},
		{"an illegal undone move", "nim", func(m *programs.Match) {
			m.Undone = []programs.Move{{By: programs.Person, From: programs.Position{1, 3, 4, 6}, To: programs.Position{2, 3, 4, 6}}}
		}, "a move undone"},
	} {
		m := good()
		c.change(m)
		err := programs.CheckMatch(c.id, m)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.err, c.name)
	}
}

// TestFileGameStore: nothing kept reads as nil; a save replaces the file
// whole and leaves no temporary file; a folder that cannot be made is an
// error.
func TestFileGameStore(t *testing.T) {
	dir := t.TempDir()
	s := programs.FileStore{Path: filepath.Join(dir, "sub", "state.json.game.json")}
	b, err := s.LoadGame()
	require.NoError(t, err)
	assert.Nil(t, b)
	require.NoError(t, s.SaveGame([]byte("one")))
	require.NoError(t, s.SaveGame([]byte("two")))
	b, err = s.LoadGame()
	require.NoError(t, err)
	assert.Equal(t, "two", string(b))
	left, _ := filepath.Glob(filepath.Join(dir, "sub", "*"))
	assert.Equal(t, []string{s.Path}, left, "no temporary file is left")

	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	bad := programs.FileStore{Path: filepath.Join(file, "state.json.game.json")}
	assert.Error(t, bad.SaveGame([]byte("x")))

	g, err := openGameStore(cli.Memory{State: "x/state.json"})
	require.NoError(t, err)
	assert.Equal(t, programs.FileStore{Path: "x/state.json.game.json"}, g)
	g, err = openGameStore(cli.Memory{Fresh: true})
	require.NoError(t, err)
	assert.IsType(t, &programs.MemStore{}, g)
}

// failStore is a store whose saves fail.
type failStore struct{ programs.MemStore }

func (*failStore) SaveGame([]byte) error { return errors.New("disk full") }

// TestPlaySaveFails: a game that cannot be kept is still played; the
// failure is said once, quit does not promise a resume, and the exit
// status is 1. A state path under a file cannot be read either: the run
// says so and keeps its game in memory.
func TestPlaySaveFails(t *testing.T) {
	prog, err := programs.ByID("nim")
	require.NoError(t, err)
	player, err := programs.NewGamePlayer(prog, nil)
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	term := &terminal{ctx: t.Context(), out: &out, stderr: &errOut, prog: prog, g: prog.Game, player: player, store: &failStore{}, keeps: true}
	require.NoError(t, term.newGame(0))
	assert.Equal(t, exitFailed, term.loop(strings.NewReader("D 6\nC 3\nq\n")))
	assert.Contains(t, out.String(), "[EVAL]  EVAL=1,331")
	assert.True(t, strings.HasSuffix(out.String(), "Your move> Goodbye.\n"), out.String())
	assert.Equal(t, "hp17b: the game is not kept: disk full\n", errOut.String())

	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("D 6\nq\n")
	outs, errOuts, code := runCLI("play", "--state", filepath.Join(file, "state.json"))
	assert.Equal(t, exitOK, code)
	assert.Contains(t, outs, "[EVAL]  EVAL=1,346")
	assert.Contains(t, errOuts, "a new game starts and is not kept")
	assert.True(t, strings.HasSuffix(outs, "Your move> Goodbye.\n"), outs)
}

// TestPlayIllegalAnswer: an equation whose move the rule does not allow
// (take14 taking 3 where it means 4) is reported with both positions; the
// game does not go on from it but waits at the calculator's turn, with
// the position in the variables, and undo takes the person's move back.
func TestPlayIllegalAnswer(t *testing.T) {
	prog, err := programs.ByID("take14")
	require.NoError(t, err)
	eqs, err := solver.ParseFile("t13.eq", strings.ReplaceAll(prog.Text(), "-4)", "-3)"))
	require.NoError(t, err)
	player, err := programs.NewGamePlayer(prog, eqs[0])
	require.NoError(t, err)
	reported := 0
	for _, move := range []string{"A 0", "B 2", "C 4", "C 1", "D 6", "D 3"} {
		var out bytes.Buffer
		term := &terminal{ctx: t.Context(), out: &out, stderr: &out, prog: prog, g: prog.Game, player: player, store: &programs.MemStore{}}
		require.NoError(t, term.newGame(0))
		term.step(move)
		if !strings.Contains(out.String(), "is not legal") {
			continue
		}
		reported++
		assert.Regexp(t, `the calculator's move from A=\d B=\d C=\d D=\d to A=\d B=\d C=\d D=\d is not legal \(. was \d: take 1 or 4 `+
			`does not allow leaving \d\): undo takes your move back\n`, out.String(), move)
		assert.Equal(t, programs.Calculator, term.m.Turn, move)
		p, _ := prog.Game.Read(term.vars)
		assert.Equal(t, term.m.Position, p, move)
		require.NoError(t, programs.CheckMatch("take14", term.m))
		term.step("undo")
		assert.Equal(t, programs.Position{1, 3, 5, 7}, term.m.Position, move)
	}
	assert.Positive(t, reported, "some move meets the broken answer")
}

// TestPlayStoppedEVAL: a solve that stops (interrupted) leaves the game
// at the calculator's turn; eval asks again.
func TestPlayStoppedEVAL(t *testing.T) {
	prog, err := programs.ByID("nim")
	require.NoError(t, err)
	eqs, err := solver.ParseFile("long.eq", "LONG:IF(S(INIT):1000×L(A:1)+100×L(B:3)+10×L(C:5)+L(D:7)-INIT:"+
		"0×Σ(I:1:999999:1:Σ(J:1:999:1:1))+IF(G(D)>0:L(D:G(D)-1):L(C:G(C)-1))×0+1000×A+100×B+10×C+D-EVAL)")
	require.NoError(t, err)
	player, err := programs.NewGamePlayer(prog, eqs[0])
	require.NoError(t, err)
	var out bytes.Buffer
	term := &terminal{ctx: t.Context(), out: &out, stderr: &out, prog: prog, g: prog.Game, player: player, store: &programs.MemStore{}}
	require.NoError(t, term.newGame(0))
	stopped, cancel := context.WithCancel(t.Context())
	cancel()
	term.ctx = stopped
	term.step("D 6")
	assert.Contains(t, out.String(), "EVAL stopped (")
	assert.Contains(t, out.String(), "): type eval to ask again, or undo\n")
	assert.Equal(t, programs.Calculator, term.m.Turn)
	p, _ := prog.Game.Read(term.vars)
	assert.Equal(t, programs.Position{1, 3, 5, 6}, p)
	term.ctx = t.Context()
	term.player, err = programs.NewGamePlayer(prog, nil) // the working equation asked again
	require.NoError(t, err)
	out.Reset()
	term.step("eval")
	assert.Contains(t, out.String(), "[EVAL]  EVAL=1,346")
	assert.Equal(t, programs.Person, term.m.Turn)
}

// TestPlayTranscripts runs testdata/play/*.txt through hp17b play's
// standard input (playSession).
func TestPlayTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/play/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			s := &playSession{dir: t.TempDir()}
			defer s.close()
			transcript.Run(t, f, s)
		})
	}
}

// playSession runs hp17b play in the background for a transcript: the
// step "> hp17b play ARGS" starts it (again once it has ended; a relative
// --state names a file in the session's own folder), every other step is
// one line on its standard input. A step shows what hp17b prints up to its next prompt, the prompt
// last as a line of its own ("Your move>"); the program's description and
// rules (programs.Program's) are left out, being the library's. The
// directive "status N" checks the exit status after the program ended.
type playSession struct {
	dir    string
	in     *io.PipeWriter
	out    *promptBuffer
	done   chan struct{}
	status int
	hide   []string
	oldIn  io.Reader
}

// Directive does "status N".
func (s *playSession) Directive(word, arg string) (bool, error) {
	if word != "status" {
		return false, nil
	}
	if s.done == nil {
		return true, fmt.Errorf("status: hp17b play did not start")
	}
	<-s.done
	if want := strconv.Itoa(s.status); arg != want {
		return true, fmt.Errorf("exit status %s, want %s", want, arg)
	}
	return true, nil
}

// Step starts hp17b play or types a line, and returns what it shows.
func (s *playSession) Step(input string) ([]string, error) {
	if args, ok := strings.CutPrefix(input, "hp17b "); ok && (s.in == nil || s.ended()) {
		fields := strings.Fields(args)
		for i, f := range fields {
			if i > 0 && fields[i-1] == "--state" && !filepath.IsAbs(f) {
				fields[i] = filepath.Join(s.dir, f)
			}
		}
		prog := "nim"
		for i, f := range fields {
			if i > 0 && fields[i-1] == "--program" {
				prog = f
			}
		}
		if p, err := programs.ByID(prog); err == nil {
			s.hide = []string{p.Title + ": " + p.Description, p.Rules}
		}
		r, w := io.Pipe()
		if s.in == nil {
			s.oldIn = stdin
		}
		s.in, s.out, s.done = w, &promptBuffer{changed: make(chan struct{}, 1)}, make(chan struct{})
		stdin = r
		go func() {
			defer close(s.done)
			s.status = run(fields, s.out, io.Discard)
			_ = r.Close()
		}()
	} else {
		if s.in == nil {
			return nil, fmt.Errorf("start with the step > hp17b play ...")
		}
		if s.ended() {
			return nil, fmt.Errorf("hp17b play has ended: %q is read by no one", input)
		}
		if _, err := io.WriteString(s.in, input+"\n"); err != nil {
			return nil, err
		}
	}
	shown := s.out.next(s.done)
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(shown, "\n"), "\n") {
		if !slices.Contains(s.hide, l) {
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	return lines, nil
}

// ended reports whether the program has ended.
func (s *playSession) ended() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// close ends the program (the end of its input) and puts stdin back.
func (s *playSession) close() {
	if s.in == nil {
		return
	}
	_ = s.in.Close()
	<-s.done
	stdin = s.oldIn
}

// promptBuffer is hp17b play's standard output in a transcript: next
// waits for the next prompt (or the end) and returns what came since the
// last one.
type promptBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	seen    int
	changed chan struct{}
}

// Write appends p and signals next (io.Writer).
func (p *promptBuffer) Write(b []byte) (int, error) {
	p.mu.Lock()
	p.b.Write(b)
	p.mu.Unlock()
	select {
	case p.changed <- struct{}{}:
	default:
	}
	return len(b), nil
}

// next waits until the output ends with a prompt, or done is closed, and
// returns the output since the last call.
func (p *promptBuffer) next(done chan struct{}) string {
	for {
		p.mu.Lock()
		s := p.b.String()[p.seen:]
		ended := false
		select {
		case <-done:
			ended = true
		default:
		}
		if ended || strings.HasSuffix(s, "Your move> ") || strings.HasSuffix(s, "Play again? (y/n) ") {
			p.seen += len(s)
			p.mu.Unlock()
			return s
		}
		p.mu.Unlock()
		select {
		case <-p.changed:
		case <-done:
		}
	}
}

// FuzzPlay types random lines at terminal play: it never panics, the game
// stays one its moves reach from the start (programs.CheckMatch), the Solver's
// variables hold the game's position after every line, and a restart from
// what was kept gives the same game.
func FuzzPlay(f *testing.F) {
	for _, s := range []string{"EVAL\ny\n", "hint\nwhy\nmoves\nhelp\n", "EVAL\nundo\nredo\nredo\nnew\n",
		"take 9 from D\nd=-1\nB 2\nundo\nundo\nredo\nwhy\n", "kayles\nEVAL\ntake 1 from 2\n1\nundo\n", "subk\n2\n1\nmoves\n",
		"n567\neval\nA 0\nB 0\nC 0\nn\n", "dawson\n1157\n11521\n1131\ny\nq\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		lines := strings.Split(input, "\n")
		id := "nim"
		if p, err := programs.ByID(strings.TrimSpace(lines[0])); err == nil && p.Game != nil {
			id, lines = p.ID, lines[1:]
		}
		if len(lines) > 40 {
			lines = lines[:40]
		}
		prog, err := programs.ByID(id)
		require.NoError(t, err)
		player, err := programs.NewGamePlayer(prog, nil)
		require.NoError(t, err)
		store := &programs.MemStore{}
		var out bytes.Buffer
		term := &terminal{ctx: t.Context(), out: &out, stderr: &out, prog: prog, g: prog.Game, player: player, store: store}
		require.NoError(t, term.newGame(0))
		for _, l := range lines {
			if len(l) > maxLine {
				continue
			}
			if term.step(l) {
				break
			}
			m := term.m
			require.NoError(t, programs.CheckMatch(id, m), "after %q", l)
			p, ok := prog.Game.Read(term.vars)
			require.True(t, ok)
			require.Equal(t, m.Position, p, "the variables after %q", l)
			kept, err := programs.DecodeKept(store.Saved)
			require.NoError(t, err)
			want, _ := json.Marshal(m)
			got, _ := json.Marshal(kept.Games[id].Match)
			require.JSONEq(t, string(want), string(got), "kept after %q", l)
		}
	})
}

// TestPlaySetsAsideForeignGame: a games file whose game is another
// program's (NIM's match kept under NIMM) or reaches its position by no
// legal move is never resumed: it is moved aside whole and a new game
// starts (programs.DecodeKept, the check the window's section gets too:
// ui's TestWindowSetsAsideKeptGame).
func TestPlaySetsAsideForeignGame(t *testing.T) {
	nim := `{"program":"nim","position":[1,3,5,6],"turn":1,"moves":[{"by":0,"from":[1,3,5,7],"to":[1,3,5,6]}],"outcome":0}`
	for name, content := range map[string]string{
		"foreign":   `{"schema":1,"last":"nim-misere","games":{"nim-misere":{"match":` + nim + `}}}`,
		"unreached": `{"schema":1,"last":"nim","games":{"nim":{"match":` + strings.Replace(nim, `"position":[1,3,5,6]`, `"position":[1,3,4,6]`, 1) + `}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			state := filepath.Join(t.TempDir(), "state.json")
			require.NoError(t, os.WriteFile(state+programs.KeptFileSuffix, []byte(content), 0o644))
			old := stdin
			defer func() { stdin = old }()
			stdin = strings.NewReader("q\n")
			out, errOut, code := runCLI("play", "--state", state)
			assert.Equal(t, exitOK, code)
			assert.Contains(t, out, "[INIT]  ")
			assert.NotContains(t, out, "the game kept resumes")
			assert.Contains(t, errOut, "the kept games could not be read (the game of ")
			aside, _ := filepath.Glob(state + programs.KeptFileSuffix + ".damaged-*")
			require.Len(t, aside, 1)
			b, err := os.ReadFile(aside[0])
			require.NoError(t, err)
			assert.Equal(t, content, string(b))
		})
	}
}
