package main

import (
	"fmt"
	"io"

	"github.com/hp17b/hp17b/internal/link"
	"github.com/hp17b/hp17b/solver"
)

// writeLinks prints, for each equation of a file, a line naming it and a
// line with the link that opens it in the browser's page at host
// (internal/link; "" gives the relative #eq=…). An equation whose link
// would be longer than browsers keep is named on stderr instead, and
// writeLinks then reports false.
func writeLinks(entries []solver.Entry, host string, stdout, stderr io.Writer) bool {
	ok := true
	for i, en := range entries {
		title := printable(en.Text)
		if en.Eq != nil {
			title = en.Eq.Title()
		}
		l, err := link.Make(host, en.Text)
		if err != nil {
			fmt.Fprintf(stderr, "hp17b: equation %d (%s): %v\n", i+1, title, err)
			ok = false
			continue
		}
		fmt.Fprintf(stdout, "# %d. %s\n%s\n", i+1, title, l)
	}
	return ok
}
