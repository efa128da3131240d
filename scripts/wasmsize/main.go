// Command wasmsize prints where a Go wasm's bytes go: its functions' code
// summed by package (from the module's name section: build it without -s
// for the names), largest first, then the data, the other sections and
// the total, for the browser build's size breakdown in docs/browser.md.
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/hp17b.wasm ./cmd/hp17b-window
//	go run ./scripts/wasmsize [-top 30] /tmp/hp17b.wasm
//
// The wasm format: a magic and version, then sections of an id byte and a
// LEB128 length (https://webassembly.github.io/spec/core/binary/).
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 30, "how many packages to list")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/wasmsize [-top N] FILE.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		err = report(os.Stdout, b, *top)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "wasmsize: %s: %v\n", flag.Arg(0), err)
		os.Exit(1)
	}
}

// section is one of the module's sections: its id, custom name, body.
type section struct {
	id   byte
	name string
	body []byte
}

func sections(b []byte) ([]section, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a wasm module")
	}
	r := bytes.NewReader(b[8:])
	var out []section
	for r.Len() > 0 {
		id, _ := r.ReadByte()
		n, err := binary.ReadUvarint(r)
		if err != nil || n > uint64(r.Len()) {
			return nil, errors.New("a section's length runs past the end")
		}
		body := make([]byte, n)
		_, _ = io.ReadFull(r, body)
		s := section{id: id, body: body}
		if id == 0 {
			br := bytes.NewReader(body)
			l, err := binary.ReadUvarint(br)
			if err != nil || l > uint64(br.Len()) {
				return nil, errors.New("a custom section's name runs past its end")
			}
			name := make([]byte, l)
			_, _ = io.ReadFull(br, name)
			s.name = string(name)
			s.body = body[len(body)-br.Len():]
		}
		out = append(out, s)
	}
	return out, nil
}

// funcSizes are the code section's function bodies' sizes, in order.
func funcSizes(code []byte) ([]int, error) {
	r := bytes.NewReader(code)
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, err
	}
	sizes := make([]int, 0, n)
	for range n {
		l, err := binary.ReadUvarint(r)
		if err != nil || l > uint64(r.Len()) {
			return nil, errors.New("a function body runs past the code section")
		}
		_, _ = r.Seek(int64(l), io.SeekCurrent)
		sizes = append(sizes, int(l))
	}
	return sizes, nil
}

// funcNames reads the name section's function names, by function index.
func funcNames(names []byte) (map[uint64]string, error) {
	out := map[uint64]string{}
	r := bytes.NewReader(names)
	for r.Len() > 0 {
		id, _ := r.ReadByte()
		l, err := binary.ReadUvarint(r)
		if err != nil || l > uint64(r.Len()) {
			return nil, errors.New("a name subsection runs past its end")
		}
		sub := make([]byte, l)
		_, _ = io.ReadFull(r, sub)
		if id != 1 {
			continue
		}
		sr := bytes.NewReader(sub)
		n, _ := binary.ReadUvarint(sr)
		for range n {
			idx, _ := binary.ReadUvarint(sr)
			nl, err := binary.ReadUvarint(sr)
			if err != nil || nl > uint64(sr.Len()) {
				return nil, errors.New("a function's name runs past its subsection")
			}
			name := make([]byte, nl)
			_, _ = io.ReadFull(sr, name)
			out[idx] = string(name)
		}
	}
	return out, nil
}

// imports counts the module's imported functions (they come first in the
// function index space).
func imports(body []byte) (int, error) {
	r := bytes.NewReader(body)
	n, _ := binary.ReadUvarint(r)
	funcs := 0
	skipName := func() error {
		l, err := binary.ReadUvarint(r)
		if err != nil {
			return err
		}
		_, err = r.Seek(int64(l), io.SeekCurrent)
		return err
	}
	for range n {
		for range 2 { // the module's name, the import's
			if skipName() != nil {
				return 0, errors.New("a bad import")
			}
		}
		kind, _ := r.ReadByte()
		switch kind {
		case 0: // a function: its type index
			funcs++
			_, _ = binary.ReadUvarint(r)
		case 1: // a table: element type and limits
			_, _ = r.ReadByte()
			fallthrough
		case 2: // a memory: limits
			flag, _ := r.ReadByte()
			_, _ = binary.ReadUvarint(r)
			if flag&1 != 0 {
				_, _ = binary.ReadUvarint(r)
			}
		case 3: // a global: type and mutability
			_, _ = r.ReadByte()
			_, _ = r.ReadByte()
		}
	}
	return funcs, nil
}

// pkgOf is a Go function's package, from its name in the name section,
// where the linker writes a package path's slashes as underscores
// (github.com_x_y.T.M is github.com/x/y; runtime.mallocgc is runtime): the
// name up to its first dot after any domain, the underscores back to
// slashes (a package whose own name holds an underscore is shown split).
func pkgOf(sym string) string {
	from := 0
	for _, domain := range []string{"github.com_", "golang.org_", "go.yaml.in_", "gopkg.in_"} {
		if strings.HasPrefix(sym, domain) {
			from = len(domain)
		}
	}
	if dot := strings.Index(sym[from:], "."); dot >= 0 {
		sym = sym[:from+dot]
	}
	domain := strings.TrimSuffix(sym[:from], "_")
	if domain != "" {
		domain += "/"
	}
	return domain + strings.ReplaceAll(sym[from:], "_", "/")
}

func report(w io.Writer, b []byte, top int) error {
	secs, err := sections(b)
	if err != nil {
		return err
	}
	var code, names []byte
	nimports, data, other := 0, 0, 0
	for _, s := range secs {
		switch {
		case s.id == 2:
			if nimports, err = imports(s.body); err != nil {
				return err
			}
			other += len(s.body)
		case s.id == 10:
			code = s.body
		case s.id == 11:
			data += len(s.body)
		case s.id == 0 && s.name == "name":
			names = s.body
			other += len(s.body)
		default:
			other += len(s.body)
		}
	}
	sizes, err := funcSizes(code)
	if err != nil {
		return err
	}
	byName, err := funcNames(names)
	if err != nil {
		return err
	}
	byPkg := map[string]int{}
	for i, n := range sizes {
		name, ok := byName[uint64(nimports+i)]
		if !ok {
			name = "(unnamed)"
		}
		byPkg[pkgOf(name)] += n
	}
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return byPkg[pkgs[i]] > byPkg[pkgs[j]] })
	fmt.Fprintf(w, "%-60s %10s\n", "code by package", "bytes")
	rest := 0
	for i, p := range pkgs {
		if i < top {
			fmt.Fprintf(w, "%-60s %10d\n", p, byPkg[p])
		} else {
			rest += byPkg[p]
		}
	}
	fmt.Fprintf(w, "%-60s %10d\n", fmt.Sprintf("%d other packages", max(0, len(pkgs)-top)), rest)
	fmt.Fprintf(w, "%-60s %10d\n", "code in all", len(code))
	fmt.Fprintf(w, "%-60s %10d\n", "data (strings, tables, type data, the fonts)", data)
	fmt.Fprintf(w, "%-60s %10d\n", "other sections (names, types, imports)", other)
	fmt.Fprintf(w, "%-60s %10d\n", "the module", len(b))
	return nil
}
