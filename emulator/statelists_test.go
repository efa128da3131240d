package emulator

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/hp17b"
)

// writeListsState writes a state file at path holding a cash-flow list
// INV (-1,000, then 300 four times) and a statistics list XS (2, 4, 9),
// keyed as on the calculator (17bII+ owner's manual, chapters 7 and 12).
func writeListsState(t *testing.T, path string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	m, _, err := Open(OpenOptions{Path: path})
	require.NoError(t, err)
	require.NoError(t, Run(m, `FIN CFLO CLEARDATA YES 1000 CHS INPUT 300 INPUT 4 INPUT NAME "INV" INPUT `+
		`MAIN SUM 2 INPUT 4 INPUT 9 INPUT NAME "XS" INPUT`, nil))
	require.NoError(t, m.Close())
}

// TestStateListsLazy: the file is read when a list function first asks,
// not when the lists are made (the file written in between is the one
// read), and the lists answer as the calculator's Solver does (p.177):
// FLOW and #T by flow number from 0, SIZEC the last flow's number, ITEM
// from 1, SIZES the items; a list not held is a *MissingListError naming
// the lists held; a number outside a list is INVALID INPUT.
func TestStateListsLazy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	l := NewStateLists(path) // no file yet
	writeListsState(t, path)
	n := func(x int64) hp17b.Number { return hp17b.FromInt(x) }
	tests := []struct {
		name string
		call func() (hp17b.Number, error)
		want hp17b.Number
		err  string
	}{
		{"FLOW(INV:0)", func() (hp17b.Number, error) { return l.Flow("INV", n(0)) }, n(-1000), ""},
		{"FLOW(INV:1)", func() (hp17b.Number, error) { return l.Flow("INV", n(1)) }, n(300), ""},
		{"#T(INV:1)", func() (hp17b.Number, error) { return l.Times("INV", n(1)) }, n(4), ""},
		{"SIZEC(INV)", func() (hp17b.Number, error) { return l.SizeC("INV") }, n(1), ""},
		{"ITEM(XS:3)", func() (hp17b.Number, error) { return l.Item("XS", n(3)) }, n(9), ""},
		{"SIZES(XS)", func() (hp17b.Number, error) { return l.SizeS("XS") }, n(3), ""},
		{"FLOW(INV:2)", func() (hp17b.Number, error) { return l.Flow("INV", n(2)) }, hp17b.Zero, "INVALID INPUT"},
		{"ITEM(XS:0)", func() (hp17b.Number, error) { return l.Item("XS", n(0)) }, hp17b.Zero, "INVALID INPUT"},
		{"FLOW(RENT:0)", func() (hp17b.Number, error) { return l.Flow("RENT", n(0)) }, hp17b.Zero,
			"no CFLO list named RENT in " + path + " (its named CFLO lists: INV); name one with CFLO's NAME, or pass another --state"},
		{"SIZES(YS)", func() (hp17b.Number, error) { return l.SizeS("YS") }, hp17b.Zero, "no SUM list named YS in " + path + " (its named SUM lists: XS)"},
	}
	for _, tt := range tests {
		v, err := tt.call()
		if tt.err != "" {
			assert.ErrorContains(t, err, tt.err, tt.name)
			continue
		}
		require.NoError(t, err, tt.name)
		assert.Zero(t, v.Cmp(tt.want), "%s = %v, want %v", tt.name, v, tt.want)
	}
	_, err := l.SizeS("YS")
	var missing *MissingListError
	require.True(t, errors.As(err, &missing))
	assert.Equal(t, MissingListError{Kind: "SUM", Name: "YS", Path: path, Have: []string{"XS"}}, *missing)
}

// TestStateListsFiles: a missing file holds no lists; a damaged one is
// an error naming it, at every call; "" is the calculator's own file
// (DefaultStatePath, under the user's configuration folder); many
// goroutines asking at once read the file once and agree.
func TestStateListsFiles(t *testing.T) {
	dir := t.TempDir()
	_, err := NewStateLists(filepath.Join(dir, "none.json")).SizeC("INV")
	assert.ErrorContains(t, err, "no CFLO list named INV")

	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{"), 0o644))
	l := NewStateLists(bad)
	for range 2 {
		_, err = l.Item("XS", hp17b.FromInt(1))
		assert.ErrorContains(t, err, "reading the lists of "+bad)
	}

	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("HOME", dir)
	own, err := DefaultStatePath()
	require.NoError(t, err)
	writeListsState(t, own)
	l = NewStateLists("")
	var wg sync.WaitGroup
	sizes := make([]hp17b.Number, 8)
	for i := range sizes {
		wg.Go(func() {
			v, err := l.SizeS("XS")
			assert.NoError(t, err)
			sizes[i] = v
		})
	}
	wg.Wait()
	for _, v := range sizes {
		assert.Zero(t, v.Cmp(hp17b.FromInt(3)))
	}
}
