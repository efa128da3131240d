// Command hp17b is the virtual HP-17B: the calculator, its Solver from the
// command line, and the programs written for it.
//
//	hp17b [--load FILE] ...        the calculator's window (terminal play without a display)
//	hp17b check FILE              list a file's equations or its first error
//	hp17b solve --eq FILE STEP... store and solve as the calculator would
//	hp17b compare PROGRAM|all     check a program against its native engine
//	hp17b play [--program ID]     play a game program against the calculator
//	hp17b programs [ID]           list the programs, or show one
//
// Run "hp17b help" for every command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/hp17b/hp17b/internal/text"
	ver "github.com/hp17b/hp17b/internal/version"
)

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1 // a solve failed, or a comparison disagreed
	exitUsage  = 2 // bad arguments or a bad equation
)

type command struct {
	name, args, help string
	run              func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"check", "FILE", "list each equation in FILE with its name and menu, or the first error", runCheck},
		{"solve", "--eq FILE [--name EQ] [--display fix2|fixN|all] [--json] [--model 17bii|17bii+] [--iterative] [--timeout D] STEP...", "store (NAME=VALUE) and solve (NAME) as the calculator would", runSolve},
		{"compare", "PROGRAM|all [--eq FILE] [--json] [--strict] [--model 17bii|17bii+] [--timeout D]", "check a program's equation against its native engine (all: every program)", runCompare},
		{"nim", "grundy|analyze|lost|start|moves|xor|zspec ...", "heap games: Grundy values, positions, initial positions, the XOR table (hp17b nim for more)", runNim},
		{"acronim", "solve|play [--no-poison] [--no-equalize] [--no-split] [--no-pass] [--json]", "Acro-Nim: perfect play, or a game against the solver", runAcroNim},
		{"keys", "[--state FILE | --fresh] [--load FILE] [--trace] [--model 17bii|17bii+] [--timeout D] SCRIPT", "press keys on the calculator and print its display", runKeys},
		{"play", "[--program ID] [--k K] [--model 17bii|17bii+]", "play a game program (NIM by default) against the calculator in the terminal", runPlay},
		{"programs", "[ID]", "list the programs, or show one's rules and equation", runPrograms},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: hp17b [--state FILE | --fresh] [--load FILE] [--keys SCRIPT] [--click X,Y] [--screenshot FILE.png]")
	fmt.Fprintln(w, "             [--keymap FILE] [--paper FILE] [--equations FILE] [--write-keymap FILE] [--program ID] [--model 17bii|17bii+]")
	fmt.Fprintln(w, "      the calculator's window; without a display, NIM in the terminal")
	fmt.Fprintln(w, "   or: hp17b COMMAND [ARGS]    (hp17b --version prints the version)")
	for _, c := range commands {
		fmt.Fprintf(w, "  hp17b %s %s\n      %s\n", c.name, c.args, c.help)
	}
}

// parseFailed is a command's exit status when its flags do not parse:
// 0 for -h or --help (the usage is printed, as asked), else a usage error.
func parseFailed(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

// releaseVersion is set by make dist (-ldflags -X main.releaseVersion=...).
var releaseVersion string

// version is the release's version, else the module version stamped by
// the Go toolchain with the commit when it knows it (version.String).
func version() string { return ver.String(releaseVersion) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (len(args[0]) > 1 && args[0][0] == '-' && args[0] != "-h" && args[0] != "--help" && args[0] != "--version") {
		// The main job: the calculator's window, or NIM in the terminal.
		return runCalculator(args, stdout, stderr)
	}
	switch args[0] {
	case "help", "-h", "--help":
		usage(stdout)
		return exitOK
	case "version", "--version":
		fmt.Fprintln(stdout, "hp17b", version())
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "hp17b: unknown command %s\n", text.Quote(args[0]))
	usage(stderr)
	return exitUsage
}
