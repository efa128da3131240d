package window

// watchEnd does nothing in the browser: the page ends the program.
func (g *Game) watchEnd() (stop func()) { return func() {} }
