// Package transcript runs the project's transcripts: text files that show
// a session with the calculator or the Solver as a person would see it,
// each citing the source it reproduces. One format and one driver serve
// the solver, programs and emulator packages.
//
// The format, line by line:
//
//	# ...            a comment ("#" and a space: the display's own lines
//	                 may begin with "#", as "#P=12 PMTS: 1-12" does)
//	(blank)          ends the expected lines of a step
//	WORD ARGS        a directive, when the session knows WORD (lower case:
//	                 "equation A=B", "display all", "program nim",
//	                 "interrupt 3", "vars A=1"); it may check something
//	> INPUT          one step: the session runs INPUT
//	anything else    the lines the step shows, in order, right after it
//
// A step's expected lines end at a blank line, a comment, a directive or
// the next step, and must equal what the session returned.
package transcript

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

// Session is what a transcript drives.
type Session interface {
	// Directive applies "WORD ARG"; it reports false when WORD is not a
	// directive of this session, and an error when the directive fails
	// (a bad argument, or a check that does not hold: the transcript
	// fails and goes on).
	Directive(word, arg string) (bool, error)
	// Step runs one input and returns the lines it shows; an error fails
	// the transcript.
	Step(input string) ([]string, error)
}

// RunAll runs every testdata/*.txt file of the calling package, each as a
// subtest with a fresh session.
func RunAll(t *testing.T, fresh func() Session) {
	t.Helper()
	files, err := filepath.Glob("testdata/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) { Run(t, file, fresh()) })
	}
}

// Run runs one transcript file on s.
func Run(t *testing.T, file string, s Session) {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var (
		got, want []string
		where     string
		open      bool // expected lines of a step may follow
	)
	flush := func() {
		if where != "" {
			assert.Equal(t, want, got, where)
		}
		got, want, where, open = nil, nil, "", false
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		at := file + ":" + strconv.Itoa(line)
		switch {
		case text == "" || text == "#" || strings.HasPrefix(text, "# "):
			flush()
		case strings.HasPrefix(text, "> "):
			flush()
			where, open = at+": "+text, true
			got, err = s.Step(text[2:])
			require.NoError(t, err, where)
		default:
			word, arg, _ := strings.Cut(text, " ")
			ok, err := s.Directive(word, arg)
			if ok {
				flush()
				assert.NoError(t, err, "%s: %s", at, text)
				continue
			}
			require.True(t, open, "%s: %q is not a step, a directive or a comment", at, text)
			want = append(want, text)
		}
	}
	flush()
	require.NoError(t, sc.Err())
}
