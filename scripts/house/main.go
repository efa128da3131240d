// Command house prints the size of each package of the module: its lines of
// Go (tests left out), its largest file and function, and how many names it
// exports. Run it from the module's root: go run ./scripts/house.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type pkg struct {
	lines        int
	bigFile      string
	bigFileLines int
	bigFunc      string
	bigFuncLines int
	exported     map[string]bool
}

func main() {
	pkgs := map[string]*pkg{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		p := pkgs[dir]
		if p == nil {
			p = &pkg{exported: map[string]bool{}}
			pkgs[dir] = p
		}
		n := fset.Position(f.End()).Line
		p.lines += n
		if n > p.bigFileLines {
			p.bigFile, p.bigFileLines = filepath.Base(path), n
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				l := fset.Position(decl.End()).Line - fset.Position(decl.Pos()).Line + 1
				if l > p.bigFuncLines {
					p.bigFunc, p.bigFuncLines = decl.Name.Name, l
				}
				if decl.Name.IsExported() {
					name := decl.Name.Name
					if decl.Recv != nil && len(decl.Recv.List) > 0 {
						name = recv(decl.Recv.List[0].Type) + "." + name
						if !ast.IsExported(recv(decl.Recv.List[0].Type)) {
							continue
						}
					}
					p.exported[name] = true
				}
			case *ast.GenDecl:
				for _, s := range decl.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							p.exported[s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, id := range s.Names {
							if id.IsExported() {
								p.exported[id.Name] = true
							}
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "house:", err)
		os.Exit(1)
	}
	dirs := make([]string, 0, len(pkgs))
	for d := range pkgs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	fmt.Printf("%-22s %6s %9s  %-28s %s\n", "package", "lines", "exported", "largest file", "largest function")
	total := 0
	for _, d := range dirs {
		p := pkgs[d]
		total += p.lines
		fmt.Printf("%-22s %6d %9d  %-28s %s\n", d, p.lines, len(p.exported),
			fmt.Sprintf("%s %d", p.bigFile, p.bigFileLines), fmt.Sprintf("%s %d", p.bigFunc, p.bigFuncLines))
	}
	fmt.Printf("%-22s %6d\n", "all", total)
}

func recv(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recv(e.X)
	case *ast.IndexExpr:
		return recv(e.X)
	case *ast.IndexListExpr:
		return recv(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}
