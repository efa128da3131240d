package window

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/internal/ui"
)

// TestDefaultKeyMapNames: the key map written out names only keys
// Ebitengine knows, so that it reads back under the window's check.
func TestDefaultKeyMapNames(t *testing.T) {
	assert.True(t, KnownKey("Enter"))
	assert.True(t, KnownKey("ControlLeft"))
	assert.False(t, KnownKey("Nope"))
	k, err := ui.ParseKeyMap("keymap.txt", ui.DefaultKeyMap().String(), KnownKey)
	require.NoError(t, err)
	assert.Equal(t, ui.DefaultKeyMap().String(), k.String())
}
