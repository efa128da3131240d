package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hp17b/hp17b/emulator"
)

// openMachine opens the calculator for the --state / --fresh flags: the
// default state file, another one, or a fresh machine that reads and
// writes no file. It prints the notice of a damaged state file.
func openMachine(statePath string, fresh bool, stderr io.Writer) (*emulator.Machine, bool) {
	m, notice, err := emulator.OpenState(statePath, fresh)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return nil, false
	}
	if notice != "" {
		fmt.Fprintf(stderr, "hp17b: %s\n", notice)
	}
	return m, true
}

// loadInto adds an equation file's equations to the machine's list.
func loadInto(m *emulator.Machine, path string, stderr io.Writer) bool {
	if err := m.LoadFile(path); err != nil {
		reportEquationError(stderr, err)
		return false
	}
	return true
}

func runKeys(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("keys", flag.ContinueOnError)
	fs.SetOutput(stderr)
	statePath := fs.String("state", "", "the state file (default: the user's config folder)")
	fresh := fs.Bool("fresh", false, "start from a fresh calculator; read and write no state file")
	load := fs.String("load", "", "add the equations of this file to the SOLVE list first")
	trace := fs.Bool("trace", false, "print the display after every key")
	printTo := fs.String("print", "", "write the printer's print-out (PRT, AMRT's TABLE) to this file")
	model := modelFlag(fs)
	timeout := timeoutFlag(fs)
	script, err := splitArgs(fs, args)
	if err != nil {
		return parseFailed(err)
	}
	if len(script) == 0 {
		fmt.Fprintln(stderr, "usage: hp17b keys [--state FILE | --fresh] [--load FILE] [--trace] [--print FILE] [--timeout D] SCRIPT")
		return exitUsage
	}
	if *fresh && *statePath != "" {
		fmt.Fprintln(stderr, "hp17b: --state and --fresh exclude each other")
		return exitUsage
	}
	m, ok := openMachine(*statePath, *fresh, stderr)
	if !ok {
		return exitUsage
	}
	m.SaveEvery(-1) // one write, at the end of the script
	defer m.Flush()
	if model.set {
		_ = m.SetModel(model.m) // not busy: no key has run yet
	}
	if *load != "" && !loadInto(m, *load, stderr) {
		return exitUsage
	}
	var after func(string, emulator.Frame)
	if *trace {
		after = func(tok string, f emulator.Frame) {
			fmt.Fprintf(stdout, "%s\n%s\n%s\n", tok, indent(f.Top), indent(f.MenuLine()))
		}
	}
	ctx, cancel := workContext(*timeout)
	defer cancel()
	done := make(chan struct{})
	go func() { // past the deadline, every solve is interrupted at once
		select {
		case <-ctx.Done():
			for {
				m.Interrupt()
				select {
				case <-done:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		case <-done:
		}
	}()
	err = emulator.Run(m, strings.Join(script, " "), after)
	close(done)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %v\n", err)
		return exitUsage
	}
	if stopped(ctx, *timeout, stderr) {
		fmt.Fprintln(stdout, m.Frame().String())
		return exitFailed
	}
	if !*trace {
		fmt.Fprintln(stdout, m.Frame().String())
	}
	if *printTo != "" {
		if err := writePrintOut(*printTo, m.PrintOut()); err != nil {
			fmt.Fprintf(stderr, "hp17b: the print-out was not written: %v\n", err)
			return exitFailed
		}
	}
	if err := m.Flush(); err != nil {
		fmt.Fprintf(stderr, "hp17b: the state was not saved: %v\n", err)
		return exitFailed
	}
	return exitOK
}

func indent(s string) string { return "  " + s }

// writePrintOut writes the print-out's lines to path, one a line.
func writePrintOut(path string, lines []string) error {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
