// Command hp17b is the virtual HP-17B: the calculator, its Solver from the
// command line, and the programs written for it.
//
//	hp17b [--load FILE] ...        the calculator's window (terminal play without a display)
//	hp17b check FILE              list a file's equations or its first error
//	hp17b solve --eq FILE STEP... store and solve as the calculator would
//	hp17b compare PROGRAM|all     check a program against its native engine
//	hp17b compare --eq FILE --ref COMMAND STEP...  check an equation against a reference
//	hp17b play [--program ID]     play a game program against the calculator
//	hp17b programs [ID]           list the programs, or show one
//	hp17b keys SCRIPT             press keys and print the display
//	hp17b nim ..., hp17b acronim ...  heap games and Acro-Nim
//
// Run "hp17b --help" for every command, "hp17b COMMAND --help" for one.
// The command line is read by kong (cmd/internal/cli.Parse).
package main

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/internal/text"
	ver "github.com/hp17b/hp17b/internal/version"
)

// Exit statuses, the same whichever program reports them (the table in
// docs/command-line.md): exitUsage is 64 (sysexits' EX_USAGE) so that it differs from the
// 2 of a Go panic, as hp17b-window's does.
const (
	exitOK     = 0
	exitFailed = 1             // a solve failed, or a comparison disagreed
	exitUsage  = cli.ExitUsage // bad arguments or bad input: an equation, a key script, a key map
)

// commandLine is hp17b's command line, read by kong (cli.Parse). Each
// command is a struct whose run method does it.
type commandLine struct {
	Version    kong.VersionFlag `help:"Print the version and exit."`
	Calculator calculatorCmd    `cmd:"" default:"withargs" help:"The calculator's window, the default command; without a display, NIM (or --program) in the terminal."`
	Check      checkCmd         `cmd:"" help:"List each equation in FILE with its name and menu, or the first error."`
	Solve      solveCmd         `cmd:"" help:"Store (NAME=VALUE) and solve (NAME) as the calculator would."`
	Compare    compareCmd       `cmd:"" help:"Check a program's equation against its native engine (all: every program), or your equation against a reference (--ref, --ref-eq, --expect)."`
	Nim        nimCmd           `cmd:"" help:"Heap games: Grundy values, positions, initial positions, the XOR table."`
	Acronim    acroCmd          `cmd:"" help:"Acro-Nim: perfect play, or a game against the solver."`
	Keys       keysCmd          `cmd:"" help:"Press keys on the calculator and print its display."`
	Play       playCmd          `cmd:"" help:"Play a game program (NIM by default) against the calculator in the terminal."`
	Programs   programsCmd      `cmd:"" help:"List the programs, or show one's rules and equation."`
	Library    libraryCmd       `cmd:"" help:"List the equation library (loans, leases, bonds, business…), show one, or --add it to the SOLVE list."`
	Serve      serveCmd         `cmd:"" help:"${serve_help}"`
	VersionCmd versionCmd       `cmd:"" name:"version" hidden:"" help:"Print the version."`
}

// grammarFor is the grammar kong reads args with (cli.OneCommand): of
// commandLine, the command args name alone (the calculator, the default
// command, for its flags), as hp17b runs one command a process.
func grammarFor(args []string) any {
	return cli.OneCommand(reflect.TypeFor[commandLine](), "Calculator", "Version", args)
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
	"serve_help":   cli.ServeHelp,
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

// run runs the command line args. Every message goes to stderr through
// text.EscapingWriter, so that none, whatever it quotes (a file name, a
// flag, an argument), carries a control character to the terminal.
func run(args []string, stdout, stderr io.Writer) int {
	stderr = text.EscapingWriter(stderr)
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		// What kong's version flag and the version command print, without
		// building kong's model of a command line that asks for nothing
		// else.
		fmt.Fprintln(stdout, "hp17b", version())
		return exitOK
	}
	if len(args) > 0 && args[0] == "help" { // hp17b help [COMMAND...]
		args = append(append([]string{}, args[1:]...), "--help")
	}
	if status, bad := negativeHeap(args, stderr); bad {
		return status
	}
	vars := kong.Vars{"version": "hp17b " + version()}
	for k, v := range helpVars {
		vars[k] = v
	}
	ctx, status, done := cli.Parse("hp17b", description, grammarFor(args), args, stdout, stderr, exitUsage, vars)
	if done {
		if status == exitOK && len(args) == 1 && (args[0] == "--help" || args[0] == "-h") {
			calculatorFlags(stdout, vars)
		}
		return status
	}
	r, ok := ctx.Selected().Target.Addr().Interface().(runner)
	if !ok {
		fmt.Fprintf(stderr, "hp17b: %s: give a command (run hp17b %s --help)\n", ctx.Command(), ctx.Command())
		return exitUsage
	}
	return r.run(&env{stdout: stdout, stderr: stderr, args: args})
}

// negativeHeap refuses a negative number among the heap games' arguments
// (nim, acronim), where kong would read it as an unknown flag: heaps are
// whole numbers 0 or more.
func negativeHeap(args []string, stderr io.Writer) (status int, bad bool) {
	if len(args) == 0 || (args[0] != "nim" && args[0] != "acronim") {
		return 0, false
	}
	for i, a := range args[1:] {
		if a == "--" {
			break
		}
		if prev := args[i]; strings.HasPrefix(prev, "-") && !strings.Contains(prev, "=") {
			continue // a flag's value (--k -5): kong says how to give it
		}
		if len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == "" {
			fmt.Fprintf(stderr, "hp17b: %s: heaps are whole numbers 0 or more\n", a)
			fmt.Fprintf(stderr, "run hp17b %s --help for its usage\n", strings.Join(args[:min(2, len(args))], " "))
			return exitUsage, true
		}
	}
	return 0, false
}

// calculatorFlags follows the root's help with the default command's
// flags (the window's: --state, --fresh, --keymap, …), which hp17b takes
// with no command named.
func calculatorFlags(stdout io.Writer, vars kong.Vars) {
	var b strings.Builder
	args := []string{"calculator", "--help"}
	cli.Parse("hp17b", description, grammarFor(args), args, &b, io.Discard, exitUsage, vars)
	_, flags, ok := strings.Cut(b.String(), "\nFlags:\n")
	if !ok {
		return
	}
	// --help and --version are the root's too.
	if _, rest, ok := strings.Cut(flags, "\n\n"); ok {
		flags = rest
	}
	fmt.Fprintf(stdout, "\nThe calculator's flags (hp17b [flags], the default command):\n%s", flags)
}
