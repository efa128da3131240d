package nim_test

import (
	"fmt"

	"github.com/hp17b/hp17b/nim"
)

// The film's 1-3-5-7 position has nim-sum 0: the player to move loses.
// After the first player takes one from the 7 (1 3 5 6, nim-sum 1), every
// heap whose size changes when XORed with 1 to a smaller one is a winning
// reply.
func ExampleWinningMoves() {
	fmt.Println(nim.NimSum([]int{1, 3, 5, 7}))
	for _, m := range nim.WinningMoves([]int{1, 3, 5, 6}, false) {
		fmt.Println(m)
	}
	// Output:
	// 0
	// heap 0: 1 → 0
	// heap 1: 3 → 2
	// heap 2: 5 → 4
}

// Kayles: the Grundy values of short rows, and the period of 12 from 71
// that the octal periodicity theorem proves; 10^6 is 4 modulo 12, so
// G(10^6) = G(76) = 1.
func ExampleAnalyze() {
	kayles, _ := nim.GameByName("kayles", 0)
	a := nim.Analyze(kayles, 20, 1000)
	fmt.Println(a.Values[:12])
	g, _ := a.G(1_000_000)
	fmt.Println(g, a.Period.P, a.Period.Pre, a.Period.Proven)
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6]
	// 1 12 71 true
}
