package main

import (
	"fmt"
	"os/exec"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	"github.com/hp17b/hp17b/cmd/internal/launch"
)

// serveProgram serves the browser build (cmd/hp17b-serve): a program of
// its own, so that hp17b links no HTTP server (net/http and what it
// brings: 6 MB of binary, initialised by every command).
const serveProgram = "hp17b-serve"

// findServe looks for the server program (launch.Find).
var findServe = func() (string, error) { return launch.Find(serveProgram) }

// serveCmd is hp17b serve: hp17b-serve run with these flags, found beside
// hp17b or on PATH; its output and exit status are hp17b's, and Ctrl-C or
// SIGTERM to hp17b stop it.
type serveCmd struct {
	cli.Serve `embed:""`
}

func (c *serveCmd) run(e *env) int {
	bin, err := findServe()
	if err != nil {
		fmt.Fprintf(e.stderr, "hp17b: serve: the server program %s was not found (make build puts it beside hp17b; or run go run ./cmd/hp17b-serve %s)\n", serveProgram, c.Dir)
		return exitFailed
	}
	cmd := exec.Command(bin, "--addr", c.Addr, "--", c.Dir)
	cmd.Stdout, cmd.Stderr = e.stdout, e.stderr
	return launch.Status(serveProgram, launch.Forward(cmd), e.stderr)
}
