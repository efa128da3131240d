package ui

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/emulator"
	"github.com/hp17b/hp17b/programs"
)

// FuzzKeys presses any sequence of keys (one byte a key, modulo the 37
// keys): the calculator never panics, the top line never exceeds the
// display's width, and every frame renders and reads back dot for dot.
func FuzzKeys(f *testing.F) {
	k := func(keys ...emulator.Key) []byte {
		b := make([]byte, len(keys))
		for i, key := range keys {
			b[i] = byte(key)
		}
		return b
	}
	// SOLVE CALC INIT 6 [D] EVAL; BUS MU%C 9.6 [COST] 15 [M%C] [PRICE];
	// 1 ÷ 0 = CLR 2 STO + 1 RCL 1; SOLVE NEW A=B INPUT CALC.
	f.Add(k(emulator.KeyF5, emulator.KeyF1, emulator.KeyF1, emulator.Key6, emulator.KeyF5, emulator.KeyF6))
	f.Add(k(emulator.KeyF2, emulator.KeyF3, emulator.Key9, emulator.KeyDot, emulator.Key6, emulator.KeyF1,
		emulator.Key1, emulator.Key5, emulator.KeyF3, emulator.KeyF2))
	f.Add(k(emulator.Key1, emulator.KeyDiv, emulator.Key0, emulator.KeyEquals, emulator.KeyCLR, emulator.Key2,
		emulator.KeySTO, emulator.KeyAdd, emulator.Key1, emulator.KeyRCL, emulator.Key1))
	f.Add(k(emulator.KeyF5, emulator.KeyF4, emulator.KeyF1, emulator.KeyF1, emulator.KeyEquals,
		emulator.KeyF1, emulator.KeyF2, emulator.KeyINPUT, emulator.KeyF1))
	f.Fuzz(func(t *testing.T, keys []byte) {
		if len(keys) > 120 {
			keys = keys[:120] // short executions: the deadline finds no worker busy
		}
		m := emulator.New(programs.DefaultEquations())
		m.InterruptAfter = 30 // a search the keys start stays short
		for _, b := range keys {
			m.Press(emulator.Key(int(b) % int(emulator.NumKeys)))
			fr := m.Frame()
			require.LessOrEqual(t, utf8.RuneCountInString(fr.Top), emulator.Width, "top line %q", fr.Top)
			for _, l := range fr.Labels {
				assert.LessOrEqual(t, utf8.RuneCountInString(l), 5, "label %q", l)
			}
			checkReadBack(t, fr)
		}
	})
}
