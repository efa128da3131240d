//go:build !race

package emulator

// raceBuild says the tests run under the race detector (see race_test.go).
const raceBuild = false
