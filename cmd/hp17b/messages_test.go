package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMessagesEscaped: the command line's own arguments reach the
// terminal escaped in every message (the issue: a missing file's name,
// INVALID EQUATION's header, solve --name, --state in list errors,
// unknown flags), because run sends all of stderr through
// text.EscapingWriter.
func TestMessagesEscaped(t *testing.T) {
	dir := t.TempDir()
	esc := "f\x1b]0;T\a"
	bad := filepath.Join(dir, esc+".eq")
	require.NoError(t, os.WriteFile(bad, []byte("A=B+\n"), 0o644))
	for _, args := range [][]string{
		{"check", esc + ".eq"},
		{"check", bad},
		{"solve", "--eq", filepath.Join("testdata", "nim-seed.eq"), "--name", esc, "A"},
		{"keys", "--state", filepath.Join(dir, "no", esc, "s.json"), "--load", esc, "1"},
		{"keys", "--fresh", "--" + esc, "1"},
		{"nim", "lost", "--" + esc},
		{esc},
	} {
		out, errOut, code := runCLI(args...)
		assert.NotEqual(t, exitOK, code, "%q", args)
		assert.NotEmpty(t, errOut, "%q", args)
		assert.NotContains(t, out+errOut, "\x1b", "%q", args)
		assert.NotContains(t, out+errOut, "\a", "%q", args)
	}
}

// TestEveryMessagePathEscaped: the programs' messages go through one
// function: no source file writes to os.Stderr but through
// text.EscapingWriter (hp17b's main hands os.Stderr to run, which wraps
// it), so a message added later is escaped too.
func TestEveryMessagePathEscaped(t *testing.T) {
	allowed := regexp.MustCompile(`text\.EscapingWriter\(os\.Stderr\)|run\(os\.Args\[1:\], os\.Stdout, os\.Stderr\)`)
	var sources []string
	for _, glob := range []string{"*.go", "../hp17b-window/*.go"} {
		m, err := filepath.Glob(glob)
		require.NoError(t, err)
		sources = append(sources, m...)
	}
	require.NotEmpty(t, sources)
	for _, f := range sources {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_js.go") {
			continue // the browser's console is no terminal
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(allowed.ReplaceAllString(line, ""), "os.Stderr") {
				t.Errorf("%s:%d writes to os.Stderr unescaped: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
	main, err := os.ReadFile("main.go")
	require.NoError(t, err)
	assert.Contains(t, string(main), "stderr = text.EscapingWriter(stderr)", "run wraps its stderr")
}
