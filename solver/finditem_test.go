package solver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFindItem: an equation of a file by its name, its number as check
// prints it (a bad equation counted), or its text (spaces aside, in the
// calculator's spelling, with or without its label); the errors say why
// none or several match.
func TestFindItem(t *testing.T) {
	items, err := ReadFileAll("f", "AREA:A=L×W\n\nX=Y)Z\n\nTWICE:T=2*N\n\nTWICE:T=3×N\n\nP = Q + 1\n")
	require.NoError(t, err)
	require.Len(t, items, 5)
	tests := []struct {
		name string
		want int
		err  string
	}{
		{"AREA", 0, ""},
		{"1", 0, ""},
		{"2.", 1, ""}, // the bad one, numbered as check numbers it
		{" 5 ", 4, ""},
		{"A = L × W", 0, ""},
		{"AREA:A=L*W", 0, ""},
		{"P=Q+1", 4, ""},
		{"TWICE", -1, "2 equations are named TWICE (numbers 3, 4): give the number of the one you mean"},
		{"T=3×N", 3, ""},
		{"0", -1, "no equation number 0: the file holds 5"},
		{"6", -1, "no equation number 6: the file holds 5"},
		{"X=Y)Z", -1, "no equation named X=Y)Z, numbered so, or written so"},
		{"VOLUME", -1, "no equation named VOLUME, numbered so, or written so"},
	}
	for _, tt := range tests {
		got, err := FindItem(items, tt.name)
		if tt.err != "" {
			assert.EqualError(t, err, tt.err, tt.name)
		} else {
			assert.NoError(t, err, tt.name)
		}
		assert.Equal(t, tt.want, got, tt.name)
	}
}

// TestSharedNames: the names two or more equations share, with their
// numbers as check prints them, in the order each first appears; a bad
// equation and one without a name share nothing.
func TestSharedNames(t *testing.T) {
	items, err := ReadFileAll("f", "B:X=1\n\nA:Y=2\n\nX=Y)Z\n\nA:Z=3\n\nB:W=4\n\nB:V=5\n\nC:U=6\n\nQ=1\n\nQ=1\n")
	require.NoError(t, err)
	assert.Equal(t, []SharedName{{"B", []int{1, 5, 6}}, {"A", []int{2, 4}}}, SharedNames(items))
	items, err = ReadFileAll("f", "A:X=1\n")
	require.NoError(t, err)
	assert.Empty(t, SharedNames(items))
}
