package ui

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/solver"
)

// LoadFiles adds the equations of every file in fsys (the files dropped on
// the window) to the calculator's SOLVE list. A bad file changes nothing:
// its error goes to stderr, with the offending line and a caret, and the
// display shows BAD FILE line:col.
func LoadFiles(m *emulator.Machine, fsys fs.FS, stderr io.Writer) {
	_ = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: %s: %v\n", path, err)
			m.Message("BAD FILE")
			return nil
		}
		if err := m.LoadEquations(path, string(b)); err != nil {
			fmt.Fprintln(stderr, solver.Explain(err))
			var se *solver.SyntaxError
			if errors.As(err, &se) {
				m.Message(fmt.Sprintf("BAD FILE %d:%d", se.Pos.Line, se.Pos.Col))
			} else {
				m.Message("BAD FILE")
			}
		}
		return nil
	})
}
