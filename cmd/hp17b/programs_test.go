package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/programs"
)

// TestProgramsColumns: hp17b programs lines its columns up by display
// width, "NIM (as transcribed)" included (issue 48): each line's menu and
// description start in one column.
func TestProgramsColumns(t *testing.T) {
	out, _, code := runCLI("programs")
	require.Equal(t, exitOK, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(programs.All()))
	menuAt, descAt := map[int]bool{}, map[int]bool{}
	for i, p := range programs.All() {
		keys := strings.Join(p.Keys, " ")
		k := strings.Index(lines[i], " "+p.Title+" ") + len(p.Title) + 2
		k += len(lines[i][k:]) - len(strings.TrimLeft(lines[i][k:], " "))
		require.True(t, strings.HasPrefix(lines[i][k:], keys), lines[i])
		menuAt[utf8.RuneCountInString(lines[i][:k])] = true
		d := k + len(keys)
		d += len(lines[i][d:]) - len(strings.TrimLeft(lines[i][d:], " "))
		descAt[utf8.RuneCountInString(lines[i][:d])] = true
	}
	assert.Len(t, menuAt, 1, out)
	assert.Len(t, descAt, 1, out)
}
