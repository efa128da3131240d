// Command hellolibs prints a line and links the three libraries every
// hp17b command carries: apd (the arithmetic), kong (the command line)
// and participle (the Solver's parser). BenchmarkProcessHelloLibs: the
// floor of hp17b's start-up while it uses them (their package
// initialisation runs as any program that imports them starts); what
// hp17b --version takes beyond it is hp17b's own.
package main

import (
	"fmt"
	"os"

	"github.com/alecthomas/kong"
	"github.com/alecthomas/participle/v2"
	"github.com/cockroachdb/apd/v3"
)

// word is a grammar of one identifier, so that participle is linked as
// hp17b links it.
type word struct {
	Name string `@Ident`
}

func main() {
	if len(os.Args) > 1 { // never in the benchmark: only links what it names
		var cli struct{}
		kong.Parse(&cli)
		_, _ = participle.Build[word]()
	}
	fmt.Println("hello", apd.New(1, 0))
}
