package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"

	"github.com/hp17b/hp17b/internal/webserve"
)

// serveCmd is hp17b serve: the browser build's folder (make web) served
// by internal/webserve until Ctrl-C.
type serveCmd struct {
	Addr string `default:"127.0.0.1:8000" placeholder:"HOST:PORT" help:"Listen here (0.0.0.0:8000 for other machines)."`
	Dir  string `arg:"" optional:"" default:"dist/web" placeholder:"DIR" help:"The folder make web wrote (default dist/web)."`
}

func (c *serveCmd) run(e *env) int {
	dir := os.DirFS(c.Dir)
	if err := webserve.Check(dir); err != nil {
		fmt.Fprintf(e.stderr, "hp17b: serve: %s: %v\n", c.Dir, err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "hp17b: serve: %v\n", err)
		return exitFailed
	}
	srv := webserve.Server(c.Addr, dir)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		_ = srv.Shutdown(context.Background())
	}()
	fmt.Fprintf(e.stdout, "hp17b: serving %s at http://%s/ (Ctrl-C stops)\n", c.Dir, ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.stderr, "hp17b: serve: %v\n", err)
		return exitFailed
	}
	return exitOK
}
