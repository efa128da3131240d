// Package docs holds the project's documents and the tests that hold them
// to the code: ARCHITECTURE.md's package table against the packages and
// their imports as the Go files declare them.
package docs

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/hp17b/hp17b"

// packages reads every package of the module below root: its folder
// (relative, with slashes) and the module's packages its Go files import,
// tests left out, whatever their build constraints (the union over every
// platform). A folder whose only Go files are tests is a package with no
// imports.
func packages(t *testing.T, root string) map[string][]string {
	t.Helper()
	imports := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "dist" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(rel)
		if imports[dir] == nil {
			imports[dir] = map[string]bool{}
		}
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			if strings.HasPrefix(p, module+"/") {
				imports[dir][strings.TrimPrefix(p, module+"/")] = true
			}
		}
		return nil
	})
	require.NoError(t, err)
	out := map[string][]string{}
	for dir, set := range imports {
		if dir == "." {
			continue
		}
		out[dir] = slices.Sorted(maps.Keys(set))
	}
	return out
}

// row is one line of ARCHITECTURE.md's package table.
type row struct {
	pkg     string
	imports []string
	line    int
}

var ticked = regexp.MustCompile("`([^`]+)`")

// table reads the package table: rows of three cells, the package, what it
// owns, and the module's packages it imports ("none", or names in
// backquotes; words in parentheses after them are remarks).
func table(t *testing.T, path string) []row {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	in := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "| package | owns | imports (ours) |") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		if strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		require.Len(t, cells, 3, "%s:%d: a row has three cells: package | owns | imports (ours)", path, n)
		m := ticked.FindStringSubmatch(cells[0])
		require.NotNil(t, m, "%s:%d: the package's path goes in backquotes", path, n)
		r := row{pkg: m[1], line: n, imports: []string{}}
		imp := cells[2]
		if i := strings.Index(imp, "("); i >= 0 {
			imp = imp[:i]
		}
		for _, m := range ticked.FindAllStringSubmatch(imp, -1) {
			r.imports = append(r.imports, m[1])
		}
		slices.Sort(r.imports)
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows, "%s: no package table", path)
	return rows
}

// TestArchitectureTable: ARCHITECTURE.md lists every package once, with
// the module's packages it imports exactly, and lists them from the ground
// floor up: a package's imports stand above it in the table, so the table
// read downwards is the order the packages can be built in.
func TestArchitectureTable(t *testing.T) {
	pkgs := packages(t, "..")
	rows := table(t, "ARCHITECTURE.md")
	seen := map[string]int{}
	for _, r := range rows {
		if prev, ok := seen[r.pkg]; ok {
			t.Errorf("ARCHITECTURE.md:%d: %s is listed again (first at line %d)", r.line, r.pkg, prev)
			continue
		}
		imports, ok := pkgs[r.pkg]
		if !ok {
			t.Errorf("ARCHITECTURE.md:%d: %s is not a package of the module", r.line, r.pkg)
			continue
		}
		if imports == nil {
			imports = []string{}
		}
		assert.Equal(t, imports, r.imports, "ARCHITECTURE.md:%d: %s's imports (ours)", r.line, r.pkg)
		for _, imp := range r.imports {
			if _, ok := seen[imp]; !ok {
				t.Errorf("ARCHITECTURE.md:%d: %s imports %s, which the table lists below it (or not at all): list packages from the ground floor up", r.line, r.pkg, imp)
			}
		}
		seen[r.pkg] = r.line
	}
	for _, p := range slices.Sorted(maps.Keys(pkgs)) {
		if _, ok := seen[p]; !ok {
			t.Errorf("ARCHITECTURE.md: the package %s has no row in the package table", p)
		}
	}
}

// room is the top-level folder a package lives in ("ui" for ui/window,
// "cmd" for cmd/hp17b).
func room(pkg string) string {
	if i := strings.Index(pkg, "/"); i >= 0 {
		return pkg[:i]
	}
	return pkg
}

// TestImportsRunDown: the top-level folders (hp17b, solver, emulator, ui,
// cmd, internal, …) import one another one way only: no folder reaches,
// through any chain of imports, back into itself, so every arrow between
// floors runs down. And internal/ holds only helpers at the very bottom,
// importing nothing of the module, so that any package may use them.
func TestImportsRunDown(t *testing.T) {
	pkgs := packages(t, "..")
	edges := map[string]map[string][]string{} // room → room → the imports that make the arrow
	for p, imports := range pkgs {
		for _, imp := range imports {
			from, to := room(p), room(imp)
			if from == to {
				continue
			}
			if edges[from] == nil {
				edges[from] = map[string][]string{}
			}
			edges[from][to] = append(edges[from][to], p+" → "+imp)
		}
		if room(p) == "internal" {
			assert.Empty(t, imports, "%s is in internal/, the ground floor: it imports nothing of the module", p)
		}
	}
	// Each room reached from itself is a circle: some arrow of it runs up.
	for start := range edges {
		path := map[string]string{start: ""}
		queue := []string{start}
		for len(queue) > 0 {
			r := queue[0]
			queue = queue[1:]
			for next := range edges[r] {
				if next == start {
					chain := []string{r}
					for at := r; path[at] != ""; at = path[at] {
						chain = append([]string{path[at]}, chain...)
					}
					var why []string
					for i, c := range append(chain, start) {
						if i > 0 {
							why = append(why, edges[chain[i-1]][c]...)
						}
					}
					t.Errorf("the folder %s imports itself through %s: an arrow runs upward (%s)", start, strings.Join(append(chain, start), " → "), strings.Join(why, "; "))
					queue = nil
					break
				}
				if _, ok := path[next]; !ok {
					path[next] = r
					queue = append(queue, next)
				}
			}
		}
	}
}

// TestEmulatorFiles: the table "Inside the emulator" names every Go file of
// package emulator (tests left out), and only files that exist.
func TestEmulatorFiles(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	require.NoError(t, err)
	text := string(b)
	start := strings.Index(text, "## Inside the emulator")
	require.GreaterOrEqual(t, start, 0, "ARCHITECTURE.md has a section \"Inside the emulator\"")
	section := text[start:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	named := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.SplitN(strings.Trim(line, "|"), " | ", 2)[0]
		for _, m := range ticked.FindAllStringSubmatch(first, -1) {
			named[m[1]] = true
		}
	}
	files, err := filepath.Glob(filepath.Join("..", "emulator", "*.go"))
	require.NoError(t, err)
	have := map[string]bool{}
	for _, f := range files {
		if name := filepath.Base(f); !strings.HasSuffix(name, "_test.go") {
			have[name] = true
		}
	}
	for _, f := range slices.Sorted(maps.Keys(have)) {
		assert.True(t, named[f], "ARCHITECTURE.md, Inside the emulator: no row names emulator/%s", f)
	}
	for _, f := range slices.Sorted(maps.Keys(named)) {
		assert.True(t, have[f], "ARCHITECTURE.md, Inside the emulator: emulator/%s is not a file of the package", f)
	}
}

var (
	// outside are the names of documents kept outside the repository.
	outside = regexp.MustCompile(`hp17b-facts|\bseed 0\d\d\b|\bseeds/0\d\d|(^|[^/])solver-semantics\.md`)
	// cited is a repository path named in a comment.
	cited = regexp.MustCompile(`\b(docs|programs|emulator|solver|ui|cmd|scripts|packaging|web|nim|internal|fin|stat|e2e)/[A-Za-z0-9_./-]+\.(md|png|txt|eq|skin|go|sh|html|js|json)\b`)
)

// TestCommentsCiteTheRepository: the Go files' comments cite what a reader
// can open (a manual page, a post, a seed document by its title, or a file
// in the repository): never a document outside it, and every repository
// file they name exists. Every package says in its package comment what it
// is for, not what it imports.
func TestCommentsCiteTheRepository(t *testing.T) {
	fset := token.NewFileSet()
	docs := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "dist" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		if f.Doc != nil && !strings.HasSuffix(path, "_test.go") {
			docs[dir] = true
			assert.NotContains(t, f.Doc.Text(), "It imports", "%s: the package comment says what the package is for, not what it imports", path)
		} else if _, ok := docs[dir]; !ok && !strings.HasSuffix(path, "_test.go") {
			docs[dir] = false
		}
		for _, g := range f.Comments {
			text := g.Text()
			pos := fset.Position(g.Pos())
			if m := outside.FindString(text); m != "" {
				t.Errorf("%s:%d: the comment cites %q, a document outside the repository: cite the manual page, the post or the seed document's title, or a file in docs/", path, pos.Line, m)
			}
			for _, m := range cited.FindAllString(text, -1) {
				m = strings.TrimRight(m, ".")
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(m))); err != nil {
					t.Errorf("%s:%d: the comment names %s, which is not in the repository", path, pos.Line, m)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	for _, dir := range slices.Sorted(maps.Keys(docs)) {
		assert.True(t, docs[dir], "%s: the package has no package comment saying what it is for", dir)
	}
}
