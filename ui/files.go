package ui

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/solver"
)

// LoadFiles adds the equations of every file in fsys (the files dropped on
// the window) to the calculator's SOLVE list, as `--load` does: the good
// equations of a file are added (not those already in the list), a bad
// equation's error goes to stderr with its line and a caret, and the
// display shows BAD FILE line:col. Call it where no solve can run at the
// same time (the controller runs it as a job: Controller.Load).
func LoadFiles(m *emulator.Machine, fsys fs.FS, stderr io.Writer) {
	_ = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := files.ReadRegularFS(fsys, path, solver.MaxFileSize)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: %s: %v\n", path, err)
			m.Message("BAD FILE")
			return nil
		}
		rep, err := m.LoadEquations(path, string(b), emulator.LoadLenient)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "hp17b: %s: %v\n", path, err)
		case rep.Err != nil:
			fmt.Fprintln(stderr, solver.Explain(rep.Err))
		}
		return nil
	})
}
