//go:build race

package ui

// raceEnabled says the tests run under the race detector (go test -race),
// where the model-based test runs fewer sequences.
const raceEnabled = true
