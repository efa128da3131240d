package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/internal/link"
	"github.com/hp17b/hp17b/solver"
)

func TestCheckLink(t *testing.T) {
	dir := t.TempDir()
	rect := filepath.Join(dir, "rect.eq")
	require.NoError(t, os.WriteFile(rect, []byte("AREA:A=L x W\nPERIM:P=2*(L+W)\n"), 0o644))
	out, errOut, code := runCLI("check", "--link", rect)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "# 1. AREA\n#eq=AREA%3AA%3DL%C3%97W\n# 2. PERIM\n#eq=PERIM%3AP%3D2%C3%97(L%2BW)\n", out)

	out, _, code = runCLI("check", "--link", "--host", "https://example.org/hp17b/", rect)
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "\nhttps://example.org/hp17b/#eq=AREA%3AA%3DL%C3%97W\n")

	// A link longer than browsers keep is refused, by name.
	long := filepath.Join(dir, "long.eq")
	require.NoError(t, os.WriteFile(long, []byte("SHORT:A=B\nLONG:X="+strings.Repeat("A×", 1500)+"B\n"), 0o644))
	out, errOut, code = runCLI("check", "--link", long)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "# 1. SHORT\n")
	assert.Contains(t, errOut, "equation 2 (LONG): the link would be longer than 8000 characters")
}

// TestCheckLinkRoundTrip: the link of every shipped program opens the same
// equation (the page reads the fragment with link.Parse, then the text as
// an equation file).
func TestCheckLinkRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../../programs/*.eq")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		out, errOut, code := runCLI("check", "--link", f)
		require.Equal(t, exitOK, code, "%s: %s", f, errOut)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		want, err := solver.ReadFile(f, string(b), false)
		require.NoError(t, err)
		var links []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.HasPrefix(line, "# ") {
				links = append(links, line)
			}
		}
		require.Len(t, links, len(want), f)
		for i, l := range links {
			text, err := link.Parse(l)
			require.NoError(t, err)
			got, err := solver.ReadFile("link", text, false)
			require.NoError(t, err, "%s: %s", f, l)
			require.Len(t, got, 1)
			assert.Equal(t, want[i].Text, got[0].Text, f)
		}
	}
}
