package files

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "a.eq")
	require.NoError(t, os.WriteFile(small, []byte("A=B"), 0o644))
	b, err := ReadRegular(small, 3)
	require.NoError(t, err)
	assert.Equal(t, "A=B", string(b))

	_, err = ReadRegular(small, 2)
	assert.ErrorContains(t, err, "larger than 2 bytes")
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = ReadRegular("/dev/zero", 1<<20)
	assert.ErrorContains(t, err, "not a regular file")
	_, err = ReadRegular(dir, 1<<20)
	assert.ErrorContains(t, err, "not a regular file")
	_, err = ReadRegular(filepath.Join(dir, "none"), 1)
	assert.ErrorIs(t, err, os.ErrNotExist)

	fsys := fstest.MapFS{"x.eq": {Data: []byte("12345")}}
	_, err = ReadRegularFS(fsys, "x.eq", 4)
	assert.ErrorContains(t, err, "larger than 4 bytes")
	b, err = ReadRegularFS(fsys, "x.eq", 5)
	require.NoError(t, err)
	assert.Equal(t, "12345", string(b))
}
