package solver_test

import (
	"context"
	"fmt"

	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Parse an equation, store two of its variables and solve for the third,
// as the calculator's SOLVE, CALC and menu keys do.
func ExampleSolver_Solve() {
	eq, err := solver.Parse("AREA=L×W")
	if err != nil {
		fmt.Println(solver.Explain(err))
		return
	}
	fmt.Println(eq.Menu)
	vars := solver.NewVars()
	vars.Store("AREA", hp17b.MustParse("20"))
	vars.Store("W", hp17b.MustParse("4"))
	s := solver.New(eq, vars)
	r, err := s.Solve(context.Background(), "L", solver.Options{})
	fmt.Println(r.Lines(hp17b.DefaultMode), r.Method, err)
	// Output:
	// [AREA L W]
	// [L=5.00] direct <nil>
}

// A bad equation says where, with a caret.
func ExampleExplain() {
	_, err := solver.Parse("A=B×)")
	fmt.Println(solver.Explain(err))
	// Output:
	// INVALID EQUATION at 1:5: unexpected ")"
	// A=B×)
	//     ^
}
