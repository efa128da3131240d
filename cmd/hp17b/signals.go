package main

import (
	"os"
	"os/exec"
	"os/signal"
)

// runForwarding runs the window program and waits for it, passing on the
// signals that end hp17b, so that ending hp17b ends its window (which, its
// state saved, exits; hp17b then returns its status). Should hp17b die
// anyway, the window sees its parent gone and closes itself.
func runForwarding(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, endSignals...)
	defer signal.Stop(sigs)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case err := <-done:
			return err
		case s := <-sigs:
			_ = cmd.Process.Signal(s)
		}
	}
}
