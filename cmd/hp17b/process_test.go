package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Whole processes, as a person runs them: each benchmark builds its program
// as make build does (CGO_ENABLED=0) and runs it once per iteration, with
// standard output to /dev/null, reporting the process's CPU time (user and
// system, from wait4) beside the wall time. (Its largest resident set is
// not reported: wait4 gives at least the test binary's, from which the
// child is forked; /usr/bin/time -v measures it.) BenchmarkProcessHello is
// the floor: a Go program that only prints a line; BenchmarkProcessHelloApd
// the same program linking apd, and BenchmarkProcessHelloLibs linking apd,
// kong and participle: the floors of every hp17b command.

// programsDir is where builtPrograms builds, removed by TestMain.
var programsDir string

// builtPrograms builds hp17b and the hello program into a temporary folder
// once per test binary.
var builtPrograms = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "hp17b-bench")
	if err != nil {
		return "", err
	}
	programsDir = dir
	for name, pkg := range map[string]string{"hp17b": ".", "hello": "./testdata/hello", "helloapd": "./testdata/helloapd", "hellolibs": "./testdata/hellolibs"} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, name), pkg)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", &buildError{pkg, string(out), err}
		}
	}
	return dir, nil
})

type buildError struct {
	pkg, out string
	err      error
}

func (e *buildError) Error() string { return "go build " + e.pkg + ": " + e.err.Error() + "\n" + e.out }

// benchProcess runs program with args per iteration; it must exit with
// status code.
func benchProcess(b *testing.B, code int, program string, args ...string) {
	dir, err := builtPrograms()
	if err != nil {
		b.Fatal(err)
	}
	var cpu int64
	for b.Loop() {
		cmd := exec.Command(filepath.Join(dir, program), args...)
		_ = cmd.Run()
		ps := cmd.ProcessState
		if ps == nil || ps.ExitCode() != code {
			b.Fatalf("%s %v: %v, want exit status %d", program, args, ps, code)
		}
		cpu += (ps.UserTime() + ps.SystemTime()).Nanoseconds()
	}
	b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
}

func BenchmarkProcessHello(b *testing.B)     { benchProcess(b, exitOK, "hello") }
func BenchmarkProcessHelloApd(b *testing.B)  { benchProcess(b, exitOK, "helloapd") }
func BenchmarkProcessHelloLibs(b *testing.B) { benchProcess(b, exitOK, "hellolibs") }
func BenchmarkProcessVersion(b *testing.B)   { benchProcess(b, exitOK, "hp17b", "--version") }

// TestLinksOnlyWhatItUses: hp17b links neither the window's packages
// (Ebitengine, ui) nor an HTTP server (net/http), whose package
// initialisation every command would pay at start-up: hp17b-window and
// hp17b-serve carry them.
func TestLinksOnlyWhatItUses(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch {
		case dep == "net/http", strings.HasPrefix(dep, "github.com/hajimehoshi/ebiten"),
			strings.HasPrefix(dep, "github.com/hp17b/hp17b/ui"), dep == "github.com/hp17b/hp17b/internal/webserve":
			t.Errorf("hp17b links %s", dep)
		}
	}
}

// BenchmarkProcessSolveQueens8 is hp17b solve of the 8-queens equation
// (SOLUTION NOT FOUND once the first board is stored: exit status 1).
func BenchmarkProcessSolveQueens8(b *testing.B) {
	benchProcess(b, exitFailed, "hp17b", "solve", "--eq", "../../programs/bench/queens8.eq", "T")
}

// BenchmarkProcessGrundyLasker1M writes G(0..1,000,000) of Lasker's Nim
// (16.8 MB of text), and the same as JSON.
func BenchmarkProcessGrundyLasker1M(b *testing.B) {
	benchProcess(b, exitOK, "hp17b", "nim", "grundy", "lasker", "--to", "1000000")
}

func BenchmarkProcessGrundyLasker1MJSON(b *testing.B) {
	benchProcess(b, exitOK, "hp17b", "nim", "grundy", "lasker", "--to", "1000000", "--json")
}
