package ui

import (
	"fmt"
	"runtime/debug"
)

// Failure is a panic caught at an event's boundary (Guard): what was being
// done, the panic's value and the goroutine's stack where it happened.
type Failure struct {
	What  string
	Value any
	Stack string
}

// Error says what failed and why, in one line.
func (f *Failure) Error() string {
	return fmt.Sprintf("%s failed: %v", f.What, f.Value)
}

// Guard runs fn and returns nil, or a *Failure when fn panics: the panic
// is stopped at this boundary (a key's job, a menu command, a call from
// the browser's page), so that one failing action never ends the
// calculator. What the action changed before it failed stays; continuous
// memory is written by the next action that completes.
func Guard(what string, fn func()) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &Failure{What: what, Value: v, Stack: string(debug.Stack())}
		}
	}()
	fn()
	return nil
}

// failureMessage is the display's message for an action that failed (the
// reason is in the page's status line or on standard error).
const failureMessage = "ACTION FAILED"

// SetFailureReport sets where a failure caught in this controller's job
// is reported besides the display's ACTION FAILED: the window prints it
// on its standard error, the page also in its status line. nil reports
// nowhere.
func (c *Controller) SetFailureReport(report func(error)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.failReport = report
}

// FailureAdvice is what to do after a failure, for the page's status line
// and the window's standard error.
func FailureAdvice(err error) string {
	return err.Error() + ". The calculator goes on with its memory: press a key to clear the message; if it happens again, report what you did (the details are on the console)."
}

// fail reports a failed job: ACTION FAILED on the display, the reason in
// the heaps panel's status and to the failure report.
func (c *Controller) fail(err error) {
	_ = Guard("showing a failure", func() {
		c.m.Message(failureMessage)
		c.after(err.Error())
	})
	c.mu.Lock()
	report := c.failReport
	c.mu.Unlock()
	if report != nil {
		report(err)
	}
}
