package solver

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// TestTranscripts runs every testdata/*.txt file. Lines:
//
//	equation TEXT|FILE   parse TEXT, or FILE in testdata, with fresh variables
//	display MODE         set the display mode (fix2, all, ...)
//	> STEP...            NAME=VALUE stores, NAME solves; the lines that follow
//	                     are the display lines each solve shows
//	vars NAME=VALUE...   the variables must hold these values
//	# ...                a comment
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) { runTranscript(t, file) })
	}
}

func runTranscript(t *testing.T, file string) {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var (
		s     *Solver
		mode  = hp17b.DefaultMode
		got   []string
		want  []string
		where string
	)
	flush := func() {
		if where != "" {
			assert.Equal(t, want, got, "%s: %s", file, where)
		}
		got, want, where = nil, nil, ""
	}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case strings.HasPrefix(text, "equation "):
			flush()
			src := strings.TrimPrefix(text, "equation ")
			if b, err := os.ReadFile(filepath.Join("testdata", src)); err == nil {
				src = string(b)
			}
			eq, err := Parse(src)
			require.NoError(t, err, "%s:%d", file, line)
			s = New(eq, NewVars())
		case strings.HasPrefix(text, "display "):
			flush()
			mode, err = hp17b.ParseMode(strings.TrimPrefix(text, "display "))
			require.NoError(t, err)
		case strings.HasPrefix(text, "vars "):
			flush()
			for _, kv := range strings.Fields(strings.TrimPrefix(text, "vars ")) {
				name, val, _ := strings.Cut(kv, "=")
				assert.Equal(t, hp17b.MustParse(val).String(), s.vars.Value(name).String(), "%s:%d %s", file, line, name)
			}
		case strings.HasPrefix(text, "> "):
			flush()
			where = text
			for _, step := range strings.Fields(strings.TrimPrefix(text, "> ")) {
				if name, val, ok := strings.Cut(step, "="); ok {
					s.vars.Store(name, hp17b.MustParse(val))
					continue
				}
				r, err := s.Solve(context.Background(), step, Options{})
				if err != nil {
					got = append(got, err.Error())
				} else {
					got = append(got, r.Lines(mode)...)
				}
			}
		default:
			want = append(want, text)
		}
	}
	flush()
	require.NoError(t, sc.Err())
}
