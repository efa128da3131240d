package compare

import (
	"context"
	"testing"
)

func BenchmarkEval(b *testing.B) {
	p := sumPlan(b, 1000)
	e := newEvaluator(p, p.Eq, 0)
	src := Grid(p)
	pt, _, _ := src.Next()
	for b.Loop() {
		e.eval(context.Background(), &pt)
	}
}

func BenchmarkDecode(b *testing.B) {
	p := sumPlan(b, 1000)
	line := []byte(`{"n":12345,"out":{"Y":1234.5}}`)
	for b.Loop() {
		_, _ = decodeAnswer(p, line, 12345)
	}
}

func BenchmarkEncode(b *testing.B) {
	p := sumPlan(b, 1000)
	e := newEncoder(p)
	src := Grid(p)
	pt, _, _ := src.Next()
	var buf []byte
	for b.Loop() {
		buf = e.append(buf[:0], &pt)
	}
}
