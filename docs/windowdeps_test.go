package docs

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goList runs `go list -deps` on pkg from the module's root with env added
// (GOOS, GOARCH), and returns each package of the build and what it
// imports.
func goList(t *testing.T, pkg string, env ...string) map[string][]string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(gobin, "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, pkg)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		t.Fatalf("go list -deps %s %v: %v\n%s", pkg, env, err, ee.Stderr)
	}
	require.NoError(t, err)
	deps := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 0 {
			deps[f[0]] = f[1:]
		}
	}
	return deps
}

// TestWindowLinksNoComparison: the window's program, natively and as the
// browser build, links neither the comparison engine (package compare and
// the game comparison, compare/games) nor anything that reaches os/exec
// through the programs package: programs, which the window plays its
// games from, imports neither compare nor os/exec. os/exec itself is
// still linked, by the packages whose job is to start another program
// and by the standard library and Ebitengine (go/build, imported by
// Ebitengine's internal/debug; natively also Ebitengine's internal/ui
// and colormode, which ask the desktop for its settings): of the module's own
// packages only these import it: cmd/hp17b-window (restarting the
// window on another state file), ui/dialog (the file chooser programs)
// and, natively, ui/clipboard (xclip, xsel, wl-clipboard, pbcopy).
func TestWindowLinksNoComparison(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, p := range []string{"./programs", "./cmd/hp17b-window"} {
		for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
			deps := goList(t, p, env...)
			require.Contains(t, deps, "os", "%s %v", p, env)
			for dep := range deps {
				assert.False(t, dep == module+"/compare" || strings.HasPrefix(dep, module+"/compare/"),
					"%s %v links %s", p, env, dep)
			}
			var ours, others []string
			for dep, imports := range deps {
				if !slices.Contains(imports, "os/exec") {
					continue
				}
				if strings.HasPrefix(dep, module+"/") {
					ours = append(ours, strings.TrimPrefix(dep, module+"/"))
				} else {
					others = append(others, dep)
				}
			}
			slices.Sort(ours)
			slices.Sort(others)
			want := []string(nil)
			if p == "./cmd/hp17b-window" {
				want = []string{"cmd/hp17b-window", "ui/clipboard", "ui/dialog"}
				if env != nil {
					want = []string{"cmd/hp17b-window", "ui/dialog"}
				}
			} else {
				_, exec := deps["os/exec"]
				assert.False(t, exec, "%s %v links os/exec", p, env)
			}
			assert.Equal(t, want, ours, "%s %v: the module's packages that import os/exec", p, env)
			t.Logf("%s %v: os/exec imported by %v and, outside the module, %v", p, env, ours, others)
		}
	}
}
