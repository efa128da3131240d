//go:build race

package emulator

// raceBuild says the tests run under the race detector (much slower at
// JSON): the long state-file checks then run their short form, and make
// test runs them in full without it.
const raceBuild = true
