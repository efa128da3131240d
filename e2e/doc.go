// Package e2e holds the end-to-end tests of the window program
// hp17b-window: they build it, run it under the display the tests have
// (make test provides Xvfb), click, type and read its screenshots. Without a
// display they skip. The package has no code of its own, only tests (and
// e2e/internal/xdnddrop, a drag-and-drop source the tests build to drop
// files on the window), and builds without Ebitengine, so `go test ./...` works on a machine without
// a display. The live tests wait on what they check (the LCD read back, the
// state file, a log line), never on a fixed sleep, and every deadline is
// scaled to the machine's load (slow_test.go: 1 + the load average per CPU,
// or HP17B_TEST_SLOWNESS), so that they hold at a load of 10 on 2 cores.
package e2e
