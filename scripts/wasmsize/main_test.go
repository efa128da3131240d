package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPkgOf(t *testing.T) {
	for _, c := range []struct{ sym, pkg string }{
		{"runtime.mallocgc", "runtime"},
		{"go_parser.ParseFile", "go/parser"},
		{"github.com_hp17b_hp17b_solver.Parse", "github.com/hp17b/hp17b/solver"},
		{"github.com_hajimehoshi_ebiten_v2.(*Image).DrawImage", "github.com/hajimehoshi/ebiten/v2"},
		{"golang.org_x_image_font_sfnt.(*Font).Load", "golang.org/x/image/font/sfnt"},
		{"main.main", "main"},
	} {
		assert.Equal(t, c.pkg, pkgOf(c.sym), c.sym)
	}
}

// module is a wasm module of one imported function and two defined ones
// (bodies of 3 and 5 bytes: a_b.Fn and runt.x) named in a name section, and 4 bytes of data.
func module() []byte {
	sec := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	var b bytes.Buffer
	b.WriteString("\x00asm\x01\x00\x00\x00")
	b.Write(sec(2, 1, 1, 'e', 1, 'f', 0, 0))                                                         // import e.f, a function of type 0
	b.Write(sec(10, 2, 3, 0, 0, 0x0b, 5, 0, 1, 1, 1, 0x0b))                                          // two bodies
	b.Write(sec(11, 1, 0, 0x41, 0, 0x0b, 4, 'a', 'b', 'c', 'd'))                                     // one data segment
	names := []byte{1, 0, 2, 1, 6, 'a', '_', 'b', '.', 'F', 'n', 2, 6, 'r', 'u', 'n', 't', '.', 'x'} // the subsection's length set below
	names = append([]byte{4, 'n', 'a', 'm', 'e', 1, byte(len(names) - 2)}, names[2:]...)
	b.Write(sec(0, names...))
	return b.Bytes()
}

// TestReport: the code summed by package from the name section (the
// imported function not counted among the bodies), the data and the
// module's size.
func TestReport(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, report(&out, module(), 10))
	s := out.String()
	assert.Regexp(t, `a/b +3\n`, s)
	assert.Regexp(t, `runt +5\n`, s)
	assert.Regexp(t, `the module +\d+\n`, s)
	assert.Error(t, report(&out, []byte("not wasm"), 10))
}
