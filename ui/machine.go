package ui

import (
	"encoding/json"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/hp17b"
	"github.com/hp17b/hp17b/solver"
)

// Machine is the calculator as the window's logic uses it: the methods of
// *emulator.Machine that package ui calls, and nothing else (the
// Controller holds one; NewController takes *emulator.Machine, which is
// one). Each group names the files that call it; emulator.Machine's doc
// comments say what each method does, its errors and its lock.
type Machine interface {
	// Keys and the display (controller.go, keys.go, clipboard.go,
	// games.go, record.go through emulator.Run).
	Press(k emulator.Key)
	PressHeld(held, k emulator.Key)
	Frame() emulator.Frame
	Message(s string)
	Busy() bool
	Interrupt()
	Tick()
	Pending() emulator.Pending
	Model() solver.Model

	// The equation being typed or edited (controller.go, keys.go,
	// clipboard.go).
	Editing() bool
	Edit() (emulator.EditView, bool)
	EditCursor(move emulator.CursorMove) bool
	EditCursorAt(pos int) bool
	TypeText(s string) error
	CopyText() string

	// The SOLVE list (clipboard.go, files.go, games.go, pagetext.go,
	// paper.go).
	Equations() ([]string, int)
	LoadEquations(name, text string, mode emulator.LoadMode) (emulator.LoadReport, error)
	// An equation's menu opened, as an equation added from the library is
	// (library.go).
	OpenEquation(text string) error

	// The heaps panel's game (games.go): the Solver's runs, the
	// variables, the panel's API and its section of continuous memory.
	SolvedSince(seq uint64) []emulator.Solved
	Values(names ...string) map[string]hp17b.Number
	SetValues(vals map[string]hp17b.Number) error
	Calculate(text, name string) error
	StoreVar(text, name string, x hp17b.Number) error
	ShowValue(text, name string, x hp17b.Number) error
	Section(name string) json.RawMessage
	SetSection(name string, b json.RawMessage)

	// The print-out (paper.go).
	PrintOut() []string
	PrintOutTail(n, skip int) (lines []string, total int)
	ClearPrintOut()

	// Continuous memory beside the game (keys.go).
	SaveStateAs(path string) error
	WindowPlace() (emulator.WindowPlace, bool)
	SetWindowPlace(p emulator.WindowPlace)
}

// The calculator is a Machine.
var _ Machine = (*emulator.Machine)(nil)
