//go:build race

package hp17b

// raceEnabled says the tests run under the race detector (go test -race),
// where the differential tests take a sample of their arguments: the
// arithmetic holds no shared state, and make test runs them whole without
// the detector.
const raceEnabled = true
