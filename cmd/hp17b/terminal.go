package main

import "github.com/hp17b/hp17b/internal/text"

// printable is s as it may reach a terminal: text.Printable, the one
// escape of every message (run's stderr passes through it too, as
// text.EscapingWriter).
func printable(s string) string { return text.Printable(s) }
