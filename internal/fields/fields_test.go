package fields

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.txt")
	require.NoError(t, os.WriteFile(path, []byte("# a source\n\nG(3) 1 2 0\nkey\nG(3) 4\n"), 0o600))
	got, err := Read(path)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"G(3)": "4", "key": ""}, got)

	_, err = Read(filepath.Join(t.TempDir(), "none.txt"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
