//go:build !race

package hp17b

// raceEnabled: see race_test.go.
const raceEnabled = false
