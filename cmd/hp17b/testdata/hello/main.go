// Command hello only prints a line: the floor of a Go program's start-up,
// built as hp17b is, for BenchmarkProcessHello.
package main

import "fmt"

func main() { fmt.Println("hello") }
