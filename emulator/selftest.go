package emulator

// The self-test (17bII+ owner's manual, Appendix A, p.233): from MAIN,
// hold CLR while pressing the fifth menu key; the calculator runs its
// test over and over and shows its pass message; hold CLR while pressing
// the third menu key to halt it, and the calculator shows MACHINE RESET.
// The manual prints both messages in the calculator's own symbols; read
// letter by letter (its FAIL and the pass message share I, and MACHINE
// RESET's three Es agree) they are OK-17BII+ and MACHINE RESET. The
// HP-17BII's pass message is OK-17B II - I (HP Forum thread S28 of the
// facts). The test's patterns, beeps and FAIL numbers are not modelled:
// the display holds the pass message, and keys other than the halting
// chord are ignored.

import "github.com/hp17b/hp17b/solver"

// Self-test messages.
const (
	msgSelfTest17BII     = "OK-17B II - I"
	msgSelfTest17BIIPlus = "OK-17BII+"
	msgMachineReset      = "MACHINE RESET"
)

// selfTestPass is the model's pass message.
func selfTestPass(model solver.Model) string {
	if model == solver.Model17BIIPlus {
		return msgSelfTest17BIIPlus
	}
	return msgSelfTest17BII
}

// selfTest is the running self-test: it takes every key.
type selfTest struct{}

func (selfTest) takeKey(*Machine, Key, bool) bool { return true }

func (selfTest) top(m *Machine) (string, int) { return selfTestPass(m.model), -1 }

// PressHeld is key k pressed while held is held down. CLR held with the
// fifth menu key in MAIN (nothing pending) starts the self-test; CLR held
// with the third menu key halts it (MACHINE RESET; memory is kept). Any
// other combination is k alone (held was pressed when it went down).
// Source: the 17bII+ owner's manual, Appendix A, p.233.
func (m *Machine) PressHeld(held, k Key) {
	m.mu.Lock()
	_, testing := m.modal.(selfTest)
	inMain := len(m.menus) == 1 && m.modal == nil && !m.pending() && !m.busy && m.msg[0] == ""
	switch {
	case held == KeyCLR && k == KeyF5 && inMain:
		m.modal, m.shift = selfTest{}, false
		m.mu.Unlock()
		return
	case held == KeyCLR && k == KeyF3 && testing:
		m.modal = nil
		m.setMsg(msgMachineReset, "", nil)
		m.mu.Unlock()
		return
	}
	m.mu.Unlock()
	m.Press(k)
}

// SelfTesting reports whether the self-test runs.
func (m *Machine) SelfTesting() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.modal.(selfTest)
	return ok
}
