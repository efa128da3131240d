package emulator

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTranscripts runs every testdata/*.txt file on a fresh calculator.
// A "> " line is a key script; the two lines after it are the display it
// leaves (top line, then the menu line). "interrupt N" makes a search stop
// after N progress reports; "#" lines are comments.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f, err := os.Open(file)
			require.NoError(t, err)
			defer f.Close()
			m := New()
			var want []string
			script, where := "", 0
			check := func() {
				if script == "" {
					return
				}
				require.Len(t, want, 2, "%s:%d: a script needs two display lines after it", file, where)
				got := m.Frame()
				assert.Equal(t, want[0], got.Top, "%s:%d %s (top line)", file, where, script)
				assert.Equal(t, want[1], got.MenuLine(), "%s:%d %s (menu line)", file, where, script)
				script, want = "", nil
			}
			sc := bufio.NewScanner(f)
			line := 0
			for sc.Scan() {
				line++
				text := sc.Text()
				if script != "" && len(want) < 2 {
					want = append(want, text) // a display line, blank ones too
					continue
				}
				switch {
				case strings.HasPrefix(text, "#") || text == "":
				case strings.HasPrefix(text, "interrupt "):
					check()
					n, err := strconv.Atoi(strings.TrimPrefix(text, "interrupt "))
					require.NoError(t, err)
					m.InterruptAfter = n
				case strings.HasPrefix(text, "> "):
					check()
					script, where = text[2:], line
					require.NoError(t, Run(m, script, nil), "%s:%d", file, line)
				default:
					t.Fatalf("%s:%d: %q is not a script, a directive or a comment", file, line, text)
				}
			}
			check()
		})
	}
}
