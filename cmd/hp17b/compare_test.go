package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goldenCase is one run of hp17b compare: its arguments after "compare",
// the file in testdata/compare it prints, and its exit status.
type goldenCase struct {
	golden string
	args   []string
	code   int
}

var updateCompare = flag.Bool("update-compare", false, "rewrite testdata/compare from what hp17b compare prints now")

// TestCompareGolden: hp17b compare prints, byte for byte, the reports kept
// in testdata/compare (text and JSON, both calculator models, --strict,
// --eq, and compare all), and exits with the status recorded here. The
// 1-3-5-7 Nim programs keep their native-reference report (moves agree,
// natives agree, the games from 1357 counted one by one, the transcribed
// listing's E0×E1×E2×new heap explanation); every other program its
// report against the rule's analysis.
func TestCompareGolden(t *testing.T) {
	// n567 with its misère ending forgotten for C: wrong moves, a game lost.
	text, err := os.ReadFile("../../programs/n567.eq")
	require.NoError(t, err)
	require.Contains(t, string(text), "MOD(G(O)+1:2)):IF(B>1")
	noEnding := filepath.Join(t.TempDir(), "n567.eq")
	require.NoError(t, os.WriteFile(noEnding, []byte(strings.Replace(string(text), "MOD(G(O)+1:2)):IF(B>1", "0):IF(B>1", 1)), 0o644))

	plus := []string{"--model", "17bii+"}
	cases := []goldenCase{
		{"all.txt", []string{"all"}, exitOK},
		{"nim-eq-transcribed.txt", []string{"nim", "--eq", "../../programs/nim-as-transcribed.eq"}, exitOK},
		{"nim-eq-transcribed.txt", []string{"nim", "--eq", "../../programs/nim-as-transcribed.eq", "--strict"}, exitFailed},
		{"nim-eq-transcribed.json", []string{"nim", "--eq", "../../programs/nim-as-transcribed.eq", "--json"}, exitOK},
		{"nim-misere-eq-nim.txt", []string{"nim-misere", "--eq", "../../programs/nim.eq"}, exitFailed},
		{"nim-misere-eq-nim.json", []string{"nim-misere", "--eq", "../../programs/nim.eq", "--json"}, exitFailed},
		{"n567-no-ending.txt", []string{"n567", "--eq", noEnding}, exitFailed},
		{"n567-no-ending.json", []string{"n567", "--eq", noEnding, "--json"}, exitFailed},
	}
	for _, id := range []string{"nim", "nim-as-transcribed", "nim-misere"} {
		// Under the 17bII+ every move shows SOLUTION NOT FOUND: a wrong
		// display, which fails NIM with --strict.
		strict := exitOK
		if id == "nim-as-transcribed" {
			strict = exitFailed
		}
		cases = append(cases,
			goldenCase{id + ".txt", []string{id}, exitOK},
			goldenCase{id + ".txt", []string{id, "--strict"}, strict},
			goldenCase{id + ".json", []string{id, "--json"}, exitOK},
			goldenCase{id + ".17biiplus.txt", append([]string{id}, plus...), exitOK},
			goldenCase{id + ".17biiplus.txt", append([]string{id, "--strict"}, plus...), exitFailed},
			goldenCase{id + ".17biiplus.json", append([]string{id, "--json"}, plus...), exitOK})
	}
	// The other programs' text is in all.txt; their JSON and the 17bII+
	// for a few (the slowest, KAYX, takes seconds).
	cases = append(cases,
		goldenCase{"n567.json", []string{"n567", "--json"}, exitOK},
		goldenCase{"n567.17biiplus.txt", append([]string{"n567"}, plus...), exitFailed},
		goldenCase{"n567.17biiplus.json", append([]string{"n567", "--json"}, plus...), exitFailed},
		goldenCase{"subk.json", []string{"subk", "--json"}, exitOK},
		goldenCase{"pnim.json", []string{"pnim", "--json"}, exitOK})
	for _, tc := range cases {
		args := append([]string{"compare"}, tc.args...)
		out, errOut, code := runCLI(args...)
		path := filepath.Join("testdata", "compare", tc.golden)
		if *updateCompare {
			require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err, tc.golden)
		assert.Equal(t, string(want), out, "%v", args)
		assert.Equal(t, tc.code, code, "%v: %s", args, errOut)
	}
}
