// Command hp17b-serve serves the browser build (make web) on this machine,
// as a careful real host would (internal/webserve: the pre-compressed
// copies sent brotli or gzip, the versioned wasm cached for good, the
// security headers, nothing outside the folder: no link leading out, no
// dotfile), until Ctrl-C:
//
//	hp17b-serve [--addr 127.0.0.1:8000] [DIR]
//	hp17b-serve --help | --version
//
// hp17b serve runs it. It is a program of its own so that hp17b links no
// HTTP server: net/http and the packages it brings were 6 MB of hp17b's
// binary and were initialised by every hp17b command (docs/speed.md).
// Exit status: 0 after Ctrl-C or SIGTERM, 1 when serving fails (the
// address is taken), 64 for a usage error (DIR is not the browser build).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/alecthomas/kong"

	"github.com/hp17b/hp17b/cmd/internal/cli"
	ver "github.com/hp17b/hp17b/internal/version"
	"github.com/hp17b/hp17b/internal/webserve"
)

// Exit statuses (cmd/internal/cli's, as hp17b's).
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = cli.ExitUsage
)

// releaseVersion is set by make build and make dist (-ldflags -X
// main.releaseVersion=...).
var releaseVersion string

// flags is the command line: hp17b serve's flags and argument
// (cli.Serve), which it hands on as they were given.
type flags struct {
	Version   kong.VersionFlag `help:"Print the version and exit."`
	cli.Serve `embed:""`
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves until ctx is done and returns the exit status; what it
// refuses it says on stderr, naming the folder or the address.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var f flags
	vars := kong.Vars{"version": "hp17b-serve " + ver.String(releaseVersion)}
	if _, status, done := cli.Parse("hp17b-serve", cli.ServeHelp, &f, args, stdout, stderr, exitUsage, vars); done {
		return status
	}
	dir, err := webserve.Root(f.Dir)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: serve: %s: %v (build it with make web)\n", f.Dir, errors.Unwrap(err))
		return exitUsage
	}
	if err := webserve.Check(dir); err != nil {
		fmt.Fprintf(stderr, "hp17b: serve: %s: %v\n", f.Dir, err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", f.Addr)
	if err != nil {
		fmt.Fprintf(stderr, "hp17b: serve: %v\n", err)
		return exitFailed
	}
	srv := webserve.Server(f.Addr, dir)
	go func() {
		<-ctx.Done()
		_ = srv.Shutdown(context.Background())
	}()
	fmt.Fprintf(stdout, "hp17b: serving %s at http://%s/ (Ctrl-C stops)\n", f.Dir, ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "hp17b: serve: %v\n", err)
		return exitFailed
	}
	return exitOK
}
