package octal_test

import (
	"fmt"

	"github.com/hp17b/hp17b/nim/octal"
)

// Kayles: the Grundy values of short rows, and the period of 12 from 71
// that the octal periodicity theorem proves; 10^6 is 4 modulo 12, so
// G(10^6) = G(76) = 1.
func ExampleAnalyze() {
	kayles, _ := octal.GameByName("kayles", 0)
	a := octal.Analyze(kayles, 20, 1000)
	fmt.Println(a.Values[:12])
	g, _ := a.G(1_000_000)
	fmt.Println(g, a.Period.P, a.Period.Pre, a.Period.Proven)
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6]
	// 1 12 71 true
}
