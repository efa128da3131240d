package ui

import "github.com/hp17b/hp17b/emulator"

// Machine returns the calculator the tests gave NewController: only tests
// reach past the Machine interface to the concrete machine.
func (c *Controller) Machine() *emulator.Machine { return c.m.(*emulator.Machine) }
