package hp17b

import "testing"

// funcArgs are the public functions' arguments: 1 to 1024 and their
// thousandths (kernelArgs' numbers), as Numbers.
var funcArgs = func() (a [1024]Number) {
	for i := range a {
		a[i], _ = Div(FromInt(int64(i+1)), FromInt(1000))
	}
	return a
}()

var funcSink Number

// benchFunc times f over funcArgs, the whole public function (its checks,
// its stages and any fallback), in ns a call.
func benchFunc(b *testing.B, f func(a Number) (Number, error)) {
	for b.Loop() {
		for _, a := range funcArgs {
			funcSink, _ = f(a)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/call")
}

func BenchmarkFuncLn(b *testing.B)   { benchFunc(b, Ln) }
func BenchmarkFuncLog(b *testing.B)  { benchFunc(b, Log) }
func BenchmarkFuncExp(b *testing.B)  { benchFunc(b, Exp) }
func BenchmarkFuncSqrt(b *testing.B) { benchFunc(b, Sqrt) }
func BenchmarkFuncPow(b *testing.B) {
	x := MustParse("1.5")
	benchFunc(b, func(a Number) (Number, error) { return Pow(a, x) })
}
func BenchmarkFuncSpfv(b *testing.B) {
	benchFunc(b, func(a Number) (Number, error) { return Spfv(a, FromInt(360)) })
}
func BenchmarkFuncUsfv(b *testing.B) {
	benchFunc(b, func(a Number) (Number, error) { return Usfv(a, FromInt(360)) })
}
