package library

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFilesRead: every embedded file reads, with its notes, in listing
// order.
func TestFilesRead(t *testing.T) {
	all, err := readAll(files)
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for i := 1; i < len(all); i++ {
		assert.LessOrEqual(t, topicIndex(all[i-1].Topic), topicIndex(all[i].Topic))
	}
	e, ok := Find("canm")
	require.True(t, ok)
	assert.Equal(t, "Loans and mortgages", e.Topic)
	assert.Equal(t, "PV", e.Vars[0].Name)
}

func topicIndex(t string) int {
	for i, x := range topics {
		if x == t {
			return i
		}
	}
	return -1
}

// TestSearch: every word must match.
func TestSearch(t *testing.T) {
	assert.NotEmpty(t, Search("canadian mortgage"))
	assert.Empty(t, Search("canadian markup"))
	assert.Len(t, Search(""), len(All()))
}
