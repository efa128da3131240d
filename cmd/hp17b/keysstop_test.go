package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// longSUMScript is SUM, then items 1 to n (each keyed and INPUT), then
// CALC and STDEV pressed again and again, each over the whole list (20 ms
// apiece for 10,000 items): the script runs far longer than any --timeout
// of the tests, and only the items change the state.
func longSUMScript(n, stdevs int) []string {
	s := []string{"SUM"}
	for i := 1; i <= n; i++ {
		s = append(s, strconv.Itoa(i), "INPUT")
	}
	s = append(s, "CALC")
	for range stdevs {
		s = append(s, "STDEV")
	}
	return s
}

var ranLine = regexp.MustCompile(`hp17b: (\d+) of the script's (\d+) tokens ran; the state holds what they did`)

// assertStateHoldsWhatRan checks that the state file at path holds
// exactly the SUM items of the script's tokens that ran, as stderr says
// how many did, and returns that number.
func assertStateHoldsWhatRan(t *testing.T, path string, script []string, stderr string) int {
	t.Helper()
	m := ranLine.FindStringSubmatch(stderr)
	require.NotNil(t, m, "stderr says how many tokens ran and that they were saved: %q", stderr)
	done, _ := strconv.Atoi(m[1])
	total, _ := strconv.Atoi(m[2])
	assert.Equal(t, len(script), total)
	require.Less(t, done, total, "stopped before the end")
	var want []string
	for i := 2; i < done && i < len(script); i += 2 {
		if script[i] == "INPUT" && len(want) < 10000 {
			want = append(want, script[i-1])
		}
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err, "the state was saved")
	var st struct {
		Sum struct {
			Lists []struct {
				Items []string `json:"items"`
			} `json:"lists"`
		} `json:"sum"`
	}
	require.NoError(t, json.Unmarshal(b, &st))
	var got []string
	if len(st.Sum.Lists) > 0 {
		got = st.Sum.Lists[0].Items
	}
	assert.Equal(t, want, got, "the state holds the items entered before the stop, no more, no fewer")
	return done
}

// TestKeysTimeoutSavesWhatRan: --timeout stops a long key script between
// two tokens (a script of 30,000 SUM items ran on for 34.9 s past
// --timeout 5s), and the state saved holds what the tokens before the stop
// did; stderr says how many ran.
func TestKeysTimeoutSavesWhatRan(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	script := longSUMScript(10000, 1000)
	out, errOut, code := runCLI(append([]string{"keys", "--state", path, "--timeout", "200ms"}, script...)...)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "stopped after --timeout 200ms")
	assert.NotEmpty(t, out, "the display is printed")
	assertStateHoldsWhatRan(t, path, script, errOut)

	// With --fresh nothing is saved, and the message says so.
	_, errOut, code = runCLI(append([]string{"keys", "--fresh", "--timeout", "200ms"}, script...)...)
	assert.Equal(t, exitFailed, code)
	assert.Regexp(t, `\d+ of the script's \d+ tokens ran; nothing is saved \(--fresh\)`, errOut)
}
