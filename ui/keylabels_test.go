package ui

import "github.com/hp17b/hp17b/emulator"

// KeyLabels gives the labels the window draws on key k and above it in
// gold: the calculator's own (emulator.Keys), except that in RPN mode the =
// key reads ENTER, its lower label on the HP-17BII's keyboard
// (emulator.Keys' Lower; C. Finseth's HP-17BII data page).
func KeyLabels(k emulator.Key, rpn bool) (label, shifted string) {
	info := emulator.Keys[k]
	if rpn && k == emulator.KeyEquals {
		return info.Lower, info.Shifted
	}
	return info.Label, info.Shifted
}
