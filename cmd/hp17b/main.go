// Command hp17b is the virtual HP-17B: the calculator, its Solver from the
// command line, and the programs written for it.
//
//	hp17b [--load FILE] ...        the calculator's window (terminal play without a display)
//	hp17b check FILE              list a file's equations or its first error
//	hp17b solve --eq FILE STEP... store and solve as the calculator would
//	hp17b compare PROGRAM|all     check a program against its native engine
//	hp17b play [--program ID]     play a game program against the calculator
//	hp17b programs [ID]           list the programs, or show one
//	hp17b keys SCRIPT             press keys and print the display
//	hp17b nim ..., hp17b acronim ...  heap games and Acro-Nim
//
// Run "hp17b --help" for every command, "hp17b COMMAND --help" for one.
// The command line is read by kong (internal/cli.Parse).
package main

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/hp17b/hp17b/internal/cli"
	ver "github.com/hp17b/hp17b/internal/version"
)

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // a solve failed, or a comparison disagreed
	exitUsage  = 2 // bad arguments or a bad equation
)

// commandLine is hp17b's command line, read by kong (cli.Parse). Each
// command is a struct whose run method does it.
type commandLine struct {
	Version    kong.VersionFlag `help:"Print the version and exit."`
	Calculator calculatorCmd    `cmd:"" default:"withargs" help:"The calculator's window, the default command; without a display, NIM (or --program) in the terminal."`
	Check      checkCmd         `cmd:"" help:"List each equation in FILE with its name and menu, or the first error."`
	Solve      solveCmd         `cmd:"" help:"Store (NAME=VALUE) and solve (NAME) as the calculator would."`
	Compare    compareCmd       `cmd:"" help:"Check a program's equation against its native engine (all: every program)."`
	Nim        nimCmd           `cmd:"" help:"Heap games: Grundy values, positions, initial positions, the XOR table."`
	Acronim    acroCmd          `cmd:"" help:"Acro-Nim: perfect play, or a game against the solver."`
	Keys       keysCmd          `cmd:"" help:"Press keys on the calculator and print its display."`
	Play       playCmd          `cmd:"" help:"Play a game program (NIM by default) against the calculator in the terminal."`
	Programs   programsCmd      `cmd:"" help:"List the programs, or show one's rules and equation."`
	Serve      serveCmd         `cmd:"" help:"Serve the browser build (make web) on this machine, compressed as a real host would."`
	VersionCmd versionCmd       `cmd:"" name:"version" hidden:"" help:"Print the version."`
}

// grammarFor is the grammar kong reads args with: a pointer to a new
// commandLine, or, when args name one command (or are the calculator's
// flags), a struct with only --version and that command's field, built
// with reflect.StructOf. Kong builds its model of every command and
// interpolates every help text before it parses, 1.2 ms for the whole
// command line against 0.16 ms for one command (BenchmarkCommandLine),
// and hp17b runs one command a process. The root's help, and a word that
// names no command, need the whole command line.
func grammarFor(args []string) any {
	t := reflect.TypeFor[commandLine]()
	var cmd reflect.StructField
	switch {
	case len(args) == 0 || strings.HasPrefix(args[0], "-") && !slices.Contains(args, "-h") && !slices.Contains(args, "--help"):
		cmd, _ = t.FieldByName("Calculator") // the default command
	default:
		for f := range t.Fields() {
			if _, ok := f.Tag.Lookup("cmd"); ok && commandName(f) == args[0] {
				cmd = f
			}
		}
	}
	if cmd.Name == "" {
		return new(commandLine)
	}
	version, _ := t.FieldByName("Version")
	cmd.Index, cmd.Offset, version.Index, version.Offset = nil, 0, nil, 0
	return reflect.New(reflect.StructOf([]reflect.StructField{version, cmd})).Interface()
}

// commandName is the word that names a command field of commandLine: its
// name tag, else its field name in lower case (kong's own rule for these
// one-word names).
func commandName(f reflect.StructField) string {
	if n := f.Tag.Get("name"); n != "" {
		return n
	}
	return strings.ToLower(f.Name)
}

// env is what a command runs with: its output streams and hp17b's own
// arguments (the calculator hands them to the window program).
type env struct {
	stdout, stderr io.Writer
	args           []string
}

// runner is a command of commandLine: run does it and returns the exit
// status.
type runner interface {
	run(e *env) int
}

const description = `The virtual HP-17BII: the calculator, its Solver from the command line, and the programs written for it.

Without a command, hp17b opens the calculator's window (NIM ready; without a display, NIM in the terminal).`

// helpVars are the help texts several commands share.
var helpVars = kong.Vars{
	"timeout_help": "Stop after this long (such as 5s or 2m); 0: no limit (Ctrl-C stops it).",
	"game_help":    gameHelp,
}

// releaseVersion is set by make dist (-ldflags -X main.releaseVersion=...).
var releaseVersion string

// version is the release's version, else the module version stamped by
// the Go toolchain with the commit when it knows it (version.String).
func version() string { return ver.String(releaseVersion) }

type versionCmd struct{}

func (versionCmd) run(e *env) int {
	fmt.Fprintln(e.stdout, "hp17b", version())
	return exitOK
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "help" { // hp17b help [COMMAND...]
		args = append(append([]string{}, args[1:]...), "--help")
	}
	vars := kong.Vars{"version": "hp17b " + version()}
	for k, v := range helpVars {
		vars[k] = v
	}
	ctx, status, done := cli.Parse("hp17b", description, grammarFor(args), args, stdout, stderr, exitUsage, vars)
	if done {
		return status
	}
	r, ok := ctx.Selected().Target.Addr().Interface().(runner)
	if !ok {
		fmt.Fprintf(stderr, "hp17b: %s: give a command (run hp17b %s --help)\n", ctx.Command(), ctx.Command())
		return exitUsage
	}
	return r.run(&env{stdout: stdout, stderr: stderr, args: args})
}
