//go:build !js

package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"
)

// The parse by kong is for the programs' command lines; the browser build
// reads its flags from the page's address (cmd/hp17b-window,
// platform_js.go) and so carries no kong.

// Parse reads args into grammar, a kong command-line struct, for the
// program name: help goes to stdout, errors to stderr. When the program
// must stop at once it returns done with the exit status: 0 after --help
// or --version (vars["version"] is what --version prints), usage after a
// usage error, which is printed as "name: error" with a pointer to --help.
func Parse(name, description string, grammar any, args []string, stdout, stderr io.Writer, usage int, vars kong.Vars) (ctx *kong.Context, status int, done bool) {
	exited := false
	all := kong.Vars{"model_help": ModelHelp}
	for k, v := range vars {
		all[k] = v
	}
	parser, err := kong.New(grammar, kong.Name(name), kong.Description(description),
		kong.Writers(stdout, stderr), kong.Exit(func(code int) { exited, status = true, code }),
		all, kong.ConfigureHelp(kong.HelpOptions{Compact: true, NoExpandSubcommands: true}))
	if err != nil {
		// The grammar is the program's own: a mistake in it is a bug.
		panic(fmt.Sprintf("%s: the command line's grammar: %v", name, err))
	}
	ctx, err = parser.Parse(args)
	switch {
	case exited:
		return ctx, status, true
	case err != nil:
		command := name
		var perr *kong.ParseError
		if errors.As(err, &perr) && perr.Context != nil {
			if sel := perr.Context.Selected(); sel != nil && !sel.Hidden {
				command = sel.FullPath()
				if sel.Parent != nil && sel.Parent.DefaultCmd == sel && (len(args) == 0 || args[0] != sel.Name) {
					// The default command, not named: a word that is no
					// command ends up as its argument.
					command = name
					if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
						err = fmt.Errorf("unknown command %q", args[0])
					}
				}
			}
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		fmt.Fprintf(stderr, "run %s --help for its usage\n", command)
		return ctx, usage, true
	}
	return ctx, 0, false
}
