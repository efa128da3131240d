package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestVersionWithoutKong: hp17b --version and hp17b version, answered
// without building kong's model, print what kong's version flag prints.
func TestVersionWithoutKong(t *testing.T) {
	var viaKong, errOut bytes.Buffer
	code := run([]string{"--version", "--fresh"}, &viaKong, &errOut) // kong's version flag
	assert.Equal(t, exitOK, code, errOut.String())
	assert.Contains(t, viaKong.String(), "hp17b ")
	for _, args := range [][]string{{"--version"}, {"version"}} {
		var out bytes.Buffer
		assert.Equal(t, exitOK, run(args, &out, &errOut), args)
		assert.Equal(t, viaKong.String(), out.String(), args)
	}
}
