package ui

import (
	"errors"
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
// display shows BAD FILE line:col. It returns the notice the window shows
// for the files refused in whole or in part (every reason, TextNotice),
// nil when every file was read whole. Call it where no solve can run at
// the same time (the controller runs it as a job: Controller.Load).
func LoadFiles(m Machine, fsys fs.FS, stderr io.Writer) *Notice {
	var all *Notice
	add := func(n *Notice) {
		if n == nil {
			return
		}
		if all == nil {
			all = n
			return
		}
		all.Say("")
		all.Lines = append(all.Lines, NoticeLine{Text: n.Title})
		all.Lines = append(all.Lines, n.Lines...)
	}
	_ = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		title := "BAD FILE " + path
		b, err := files.ReadRegularFS(fsys, path, solver.MaxFileSize)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: %s: %v\n", path, err)
			m.Message("BAD FILE")
			add(TextNotice(title, path, "", 0, fmt.Errorf("%s: %v", path, err), nil))
			return nil
		}
		rep, err := m.LoadEquations(path, string(b), emulator.LoadLenient)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "hp17b: %s: %v\n", path, err)
			var se *solver.SyntaxError
			if errors.As(err, &se) { // text the calculator cannot hold
				m.Message(fmt.Sprintf("BAD FILE %d:%d", se.Pos.Line, se.Pos.Col))
			}
			add(TextNotice(title, path, string(b), 0, err, nil))
		case rep.Err != nil:
			fmt.Fprintln(stderr, solver.Explain(rep.Err))
			add(TextNotice(title, path, string(b), rep.Added, nil, rep.Err))
		}
		return nil
	})
	return all
}
