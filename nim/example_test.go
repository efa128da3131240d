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
