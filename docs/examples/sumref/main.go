// Command sumref answers hp17b compare's points for sum.eq, Y=A×B+C, in
// float64 (the protocol: docs/compare.md). It flushes its answers when no
// more input is waiting, so that a batch of points costs one write.
package main

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"strconv"
)

type point struct {
	N  int64
	In struct{ A, B, C float64 }
}

func main() {
	in, out := bufio.NewReader(os.Stdin), bufio.NewWriter(os.Stdout)
	var b []byte
	for {
		line, err := in.ReadSlice('\n')
		if err != nil {
			break
		}
		var p point
		if json.Unmarshal(line, &p) != nil {
			os.Exit(1)
		}
		b = strconv.AppendInt(append(b[:0], `{"n":`...), p.N, 10)
		y, format := p.In.A*p.In.B+p.In.C, byte('g')
		if a := math.Abs(y); a >= 1e-6 && a < 1e12 {
			format = 'f' // 1000000.5, not 1.0000005e+06: hp17b reads it faster
		}
		b = strconv.AppendFloat(append(b, `,"out":{"Y":`...), y, format, -1, 64)
		out.Write(append(b, "}}\n"...))
		if in.Buffered() == 0 {
			out.Flush()
		}
	}
	out.Flush()
}
