// Package e2e holds the end-to-end tests of the window program
// hp17b-window: they build it, run it under the display the tests have
// (make test provides Xvfb), click, type and read its screenshots. Without a
// display they skip. The package has no code of its own, only tests, and
// builds without Ebitengine, so `go test ./...` works on a machine without
// a display.
package e2e
