package window

import (
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/ui"
)

// KnownKey reports whether name is one of Ebitengine's key names (the
// names a key map file uses).
func KnownKey(name string) bool {
	var k ebiten.Key
	return k.UnmarshalText([]byte(name)) == nil
}

// DefaultKeyMapPath is where the window looks for a key map file when none
// is given: keymap.txt in the user's config folder's hp17b folder ("" when
// the system has no config folder).
func DefaultKeyMapPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "hp17b", "keymap.txt")
}

// LoadKeyMap reads the key map file at path; a bad line gives a
// *ui.KeyMapError with its line number.
func LoadKeyMap(path string) (*ui.KeyMap, error) {
	b, err := files.ReadRegular(path, 1<<20)
	if err != nil {
		return nil, err
	}
	return ui.ParseKeyMap(path, string(b), KnownKey)
}
