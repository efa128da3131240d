package hp17b

// Error is a calculator error: its text is what the display shows, in the
// calculator's upper-case wording (at most 22 characters, one display line).
// Where the HP-17BII manual's exact wording could not be confirmed the text
// follows HP's convention for its business calculators (docs/facts.md,
// Messages).
type Error struct {
	// Msg is the display text, such as "DIVIDE BY 0".
	Msg string
}

// Error returns the display text.
func (e *Error) Error() string { return e.Msg }

// The arithmetic errors. ErrOverflow is a warning: the result it comes with
// is the saturated ±9.99999999999E499 and work may go on.
var (
	ErrDivideByZero = &Error{"DIVIDE BY 0"}
	ErrOverflow     = &Error{"OVERFLOW"}
	ErrLogZero      = &Error{"LOG(0)"}
	ErrLogNeg       = &Error{"LOG(NEG)"}
	ErrSqrtNeg      = &Error{"SQRT(NEG)"}
	ErrPower        = &Error{"INVALID Y^X"}
	ErrInvalidInput = &Error{"INVALID INPUT"}
	ErrInvalidDate  = &Error{"INVALID DATE"}
)

// Display messages that are not errors of arithmetic.
const (
	// MsgCalculating shows while the Solver works (the HP Museum forum
	// thread "(17B) NIM": "It should display CALCULATING... and then
	// INIT=1357").
	MsgCalculating = "CALCULATING..."
	// MsgInvalidEquation shows when CALC or a load finds a bad equation.
	MsgInvalidEquation = "INVALID EQUATION"
	// MsgSolutionNotFound is the iterative search's fourth outcome.
	MsgSolutionNotFound = "SOLUTION NOT FOUND"
	// MsgBadGuesses is the third outcome, on two display lines.
	MsgBadGuesses = "BAD GUESSES:"
	// MsgPressCLR is the second line of a message whose value CLR shows.
	MsgPressCLR = "PRESS CLR TO VIEW"
	// MsgInterrupted shows when a key halts a search.
	MsgInterrupted = "INTERRUPTED"
)
