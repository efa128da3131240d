package hp17b

import "testing"

// The arithmetic of numbers with decimals, which the word arithmetic does
// without an allocation (docs/speed.md). Each operand pair is two numbers
// of 12 digits, so that every result is rounded.

var benchSink Number

func benchOperands() (Number, Number) {
	return MustParse("1357.24680135"), MustParse("0.0271828182846")
}

func BenchmarkAddDecimal(b *testing.B) {
	x, y := benchOperands()
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = Add(x, y)
	}
}

func BenchmarkSubDecimal(b *testing.B) {
	x, y := benchOperands()
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = Sub(x, y)
	}
}

func BenchmarkMulDecimal(b *testing.B) {
	x, y := benchOperands()
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = Mul(x, y)
	}
}

func BenchmarkDivDecimal(b *testing.B) {
	x, y := benchOperands()
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = Div(x, y)
	}
}

// BenchmarkDivWhole is 1 ÷ 7: two whole numbers, a result with decimals.
func BenchmarkDivWhole(b *testing.B) {
	x, y := One, FromInt(7)
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = Div(x, y)
	}
}

func BenchmarkCmpDecimal(b *testing.B) {
	x, y := benchOperands()
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		s += x.Cmp(y)
	}
	benchSink = FromInt(int64(s))
}

func BenchmarkParseDecimal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = Parse("1357.24680135")
	}
}

func BenchmarkStringDecimal(b *testing.B) {
	x, _ := benchOperands()
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		s += len(x.String())
	}
	benchSink = FromInt(int64(s))
}
