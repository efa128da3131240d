package window

// What the tests ask of the beeper.

// wait returns when every beep asked for has started playing or been
// dropped.
func (b *beeper) wait() { b.wg.Wait() }

// silent reports why the beeper makes no sound ("" while it can), after
// its first beep.
func (b *beeper) silent() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err != nil {
		return b.err.Error()
	}
	return ""
}
