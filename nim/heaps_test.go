package nim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParseHeaps: heaps as arguments, separated by commas or spaces;
// anything but a whole number 0 or more is named, and no heap at all is
// an error.
func TestParseHeaps(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []int
		err  string
	}{
		{[]string{"1", "3", "5", "7"}, []int{1, 3, 5, 7}, ""},
		{[]string{"1,3", "5 7"}, []int{1, 3, 5, 7}, ""},
		{[]string{"0,,2"}, []int{0, 2}, ""},
		{[]string{"1", "-2"}, nil, `heap "-2": want a whole number of coins, 0 or more`},
		{[]string{"x"}, nil, `heap "x"`},
		{[]string{"99999999999999999999"}, nil, "want a whole number"},
		{[]string{" , "}, nil, "no heaps given"},
		{nil, nil, "no heaps given"},
	} {
		got, err := ParseHeaps(c.args)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, c.args)
			continue
		}
		assert.NoError(t, err, c.args)
		assert.Equal(t, c.want, got, c.args)
	}
}

// TestListText: a position as the atlas commands print it.
func TestListText(t *testing.T) {
	assert.Equal(t, "[1,3,5,7]", ListText([]int{1, 3, 5, 7}))
	assert.Equal(t, "[0]", ListText([]int{0}))
	assert.Equal(t, "[]", ListText(nil))
}
