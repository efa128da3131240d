//go:build !race

package ui

// raceEnabled says the tests run under the race detector.
const raceEnabled = false
