// Command helloapd prints a line and links apd, the decimal library of
// every hp17b command: BenchmarkProcessHelloApd, the floor of hp17b's
// start-up while it links apd (its package initialisation computes its
// tables and constants as any program that imports it starts).
package main

import (
	"fmt"

	"github.com/cockroachdb/apd/v3"
)

func main() { fmt.Println("hello", apd.New(1, 0)) }
