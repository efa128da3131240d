package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/work"
	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/internal/files"
	"github.com/hp17b/hp17b/programs"
	"github.com/hp17b/hp17b/solver"
)

// openMachine opens the calculator for the --state / --fresh flags: the
// default state file, another one, or a fresh machine that reads and
// writes no file. The state file stays locked until the machine's Close
// (emulator.OpenOptions.Locked: a key script's run happens wholly before
// or after another writer's); another process's lock is waited for at
// most wait (the command's --timeout; 0: emulator.DefaultLockWait) and
// until ctx ends (Ctrl-C). A fresh calculator holds the default programs
// (programs.DefaultEquations). It prints the notice of a damaged state
// file, and the error with the exit status for it (exitFailed for a lock
// still held, exitUsage for a state that cannot be used).
func openMachine(ctx context.Context, statePath string, fresh bool, wait time.Duration, stderr io.Writer) (*emulator.Machine, int) {
	m, notice, err := emulator.Open(emulator.OpenOptions{Path: statePath, Fresh: fresh, Locked: true,
		LockWait: wait, Context: ctx, Equations: programs.DefaultEquations()})
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: %s\n", printable(err.Error()))
		var busy *emulator.LockBusyError
		if errors.As(err, &busy) {
			return nil, exitFailed
		}
		return nil, exitUsage
	}
	if notice != "" {
		fmt.Fprintf(stderr, "hp17b: %s\n", printable(notice))
	}
	return m, exitOK
}

// loadInto adds an equation file's equations to the machine's list: a
// bad equation is reported with its caret, any other error (the file
// cannot be read, the state would be full) as "hp17b: --load FILE: …".
func loadInto(m *emulator.Machine, path string, stderr io.Writer) bool {
	_, err := m.LoadFile(path, emulator.LoadStrict)
	var se *solver.SyntaxError
	switch {
	case err == nil:
		return true
	case errors.As(err, &se):
		reportEquationError(stderr, err)
	default:
		fmt.Fprintf(stderr, "hp17b: --load %s: %s\n", printable(path), printable(err.Error()))
	}
	return false
}

type keysCmd struct {
	cli.Memory `embed:""`
	Load       string      `placeholder:"FILE" help:"Add the equations of this file to the SOLVE list first."`
	Trace      bool        `help:"Print the display after every key."`
	Print      string      `placeholder:"FILE" help:"Write the printer's print-out (PRT, AMRT's TABLE) to this file."`
	Model      cli.Model   `placeholder:"17bii|17bii+" help:"${model_help}"`
	ExactTVM   *bool       `name:"exact-tvm" negatable:"" help:"TVM gives the correctly rounded answer, not the HP-17BII's own digits (its 15-digit arithmetic: the default); kept in the state, --no-exact-tvm goes back."`
	Timeout    cli.Timeout `placeholder:"D" help:"${timeout_help}"`
	Script     []string    `arg:"" name:"script" sep:"none" help:"The keys, as one argument or several (README: Key scripts)."`
}

func (c *keysCmd) run(e *env) int {
	stdout, stderr := e.stdout, e.stderr
	if c.Fresh && c.State != "" {
		fmt.Fprintln(stderr, "hp17b: --state and --fresh exclude each other")
		return exitUsage
	}
	if c.Print != "" {
		if err := files.CheckWritable(c.Print); err != nil { // before any key changes the state
			fmt.Fprintf(stderr, "hp17b: --print %s\n", printable(err.Error()))
			return exitUsage
		}
	}
	ctx, cancel := work.Context(c.Timeout)
	defer cancel()
	m, status := openMachine(ctx, c.State, c.Fresh, time.Duration(c.Timeout), stderr)
	if m == nil {
		return status
	}
	m.SaveEvery(-1) // one write, at the end of the script
	defer m.Close()
	if c.Model.Given {
		_ = m.SetModel(c.Model.Model) // not busy: no key has run yet
	}
	if c.ExactTVM != nil {
		_ = m.SetExactTVM(*c.ExactTVM) // not busy: no key has run yet
	}
	if c.Load != "" && !loadInto(m, c.Load, stderr) {
		return exitUsage
	}
	var after func(string, emulator.Frame)
	if c.Trace {
		after = func(tok string, f emulator.Frame) {
			fmt.Fprintf(stdout, "%s\n%s\n%s\n", printable(tok), indent(printable(f.Top)), indent(printable(f.MenuLine())))
		}
	}
	// Past the deadline, a solve running is interrupted at once.
	_, err := emulator.RunContext(ctx, m, strings.Join(c.Script, " "), after)
	var stop *emulator.StoppedError
	if err != nil && !errors.As(err, &stop) {
		fmt.Fprintf(stderr, "hp17b: %s\n", printable(err.Error()))
		return exitUsage
	}
	if work.Stopped(ctx, c.Timeout, stderr) {
		// What ran stands: the state is saved with it, as at the end.
		fmt.Fprintln(stdout, printable(m.Frame().String()))
		saved := "the state holds what they did"
		if c.Fresh {
			saved = "nothing is saved (--fresh)"
		}
		if err := m.Close(); err != nil {
			saved = "the state was not saved: " + err.Error()
		}
		ran := "every token of the script ran"
		if stop != nil {
			ran = fmt.Sprintf("%d of the script's %d tokens ran", stop.Done, stop.Total)
		}
		fmt.Fprintf(stderr, "hp17b: %s; %s\n", ran, printable(saved))
		return exitFailed
	}
	if !c.Trace {
		fmt.Fprintln(stdout, printable(m.Frame().String()))
	}
	if c.Print != "" {
		if err := writePrintOut(c.Print, m.PrintOut()); err != nil {
			fmt.Fprintf(stderr, "hp17b: the print-out was not written: %s\n", printable(err.Error()))
			return exitFailed
		}
	}
	if err := m.Close(); err != nil {
		fmt.Fprintf(stderr, "hp17b: the state was not saved: %s\n", printable(err.Error()))
		return exitFailed
	}
	return exitOK
}

func indent(s string) string { return "  " + s }

// writePrintOut writes the print-out's lines to path, one a line, by the
// rule for every file hp17b writes (files.WriteReplacing: a link written
// through, a fifo or a device refused without waiting, the mode kept).
func writePrintOut(path string, lines []string) error {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return files.WriteReplacing(path, []byte(b.String()))
}
