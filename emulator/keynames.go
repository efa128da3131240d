package emulator

import "strings"

// KeyInfo is one key of the keyboard in the key vocabulary: Name is the
// key's name in key scripts, transcripts and key map files; Label is what
// is printed on it ("" for the menu keys and the gold shift key) and
// Lower what is printed below it ("" but for ENTER under = and ON under
// CLR); Shifted is the gold label printed above it and ShiftedName the
// shifted function's name in the vocabulary ("" both when the key has
// none).
//
// A name is the printed label wherever that is one word any keyboard
// types (STO, RCL, %, +/-, RND, MAIN, OFF, ...); otherwise it is an ASCII
// spelling of the label: BACK (←), UP (▲), DOWN (▼), - (−), CLEARDATA
// (CLEAR DATA), RDN (R↓), X<>Y (x≷y), 1/X (1/x), Y^X (yˣ), SQRT (√x),
// X^2 (x²); the menu keys are F1–F6 left to right and the gold key is
// SHIFT. × and ÷ are printed and named alike. The labels are the HP 17bII+
// owner's manual's keyboard (pp.14–17: the keys, the shift key and the
// functions printed above the keys) and C. Finseth's HP-17BII data page
// (the gold labels, ENTER under =).
type KeyInfo struct {
	Name, Label, Shifted, ShiftedName, Lower string
}

// Keys is the one table of key names, indexed by Key: every name that key
// scripts (Run), transcripts, the state file's menu trail and the window's
// key map file and key map overlay use is a Name or a ShiftedName of it.
// FunctionByName also reads each printed label (Label, Lower, Shifted)
// and the few spellings of otherNames.
var Keys = [NumKeys]KeyInfo{
	{"F1", "", "", "", ""}, {"F2", "", "", "", ""}, {"F3", "", "", "", ""},
	{"F4", "", "", "", ""}, {"F5", "", "", "", ""}, {"F6", "", "", "", ""},
	{"STO", "STO", "", "", ""}, {"RCL", "RCL", "RND", "RND", ""}, {"%", "%", "MATH", "MATH", ""},
	{"DSP", "DSP", "MODES", "MODES", ""}, {"PRT", "PRT", "PRINTER", "PRINTER", ""}, {"EXIT", "EXIT", "MAIN", "MAIN", ""},
	{"INPUT", "INPUT", "CLEAR DATA", "CLEARDATA", ""}, {"+/-", "+/-", "E", "E", ""}, {"(", "(", "R↓", "RDN", ""},
	{")", ")", "x≷y", "X<>Y", ""}, {"BACK", "←", "", "", ""},
	{"UP", "▲", "", "", ""}, {"7", "7", "", "", ""}, {"8", "8", "", "", ""}, {"9", "9", "", "", ""},
	{"÷", "÷", "1/x", "1/X", ""},
	{"DOWN", "▼", "", "", ""}, {"4", "4", "", "", ""}, {"5", "5", "", "", ""}, {"6", "6", "", "", ""},
	{"×", "×", "yˣ", "Y^X", ""},
	{"SHIFT", "", "", "", ""}, {"1", "1", "", "", ""}, {"2", "2", "", "", ""}, {"3", "3", "", "", ""},
	{"-", "−", "√x", "SQRT", ""},
	{"CLR", "CLR", "OFF", "OFF", "ON"}, {"0", "0", "MEM", "MEM", ""}, {".", ".", "SHOW", "SHOW", ""},
	{"=", "=", "LAST", "LAST", "ENTER"}, {"+", "+", "x²", "X^2", ""},
}

// otherNames are the spellings FunctionByName reads that are neither a
// name nor a label in Keys: the PC's * and /, and CHS for +/-.
var otherNames = map[string]Function{
	"*": {Key: KeyMul}, "/": {Key: KeyDiv}, "CHS": {Key: KeyChs},
}

// Function is what one name of the key vocabulary presses: a key, after the
// shift key when Shifted (RND is RCL shifted).
type Function struct {
	Key     Key
	Shifted bool
}

// FunctionByName finds a key or a shifted function by its name in Keys
// (STO, ×, BACK, F1, RND, MAIN, 1/X, SQRT, X<>Y, …), by a label printed on
// the keyboard (←, ▲, −, ENTER, ON, √x, x², R↓, x≷y, CLEAR DATA, …) or by
// one of otherNames (*, /, CHS), letters in either case; false when name
// is none of these. Key scripts (Run), the state file's menu trail and the
// window's key map file read names through it.
func FunctionByName(name string) (Function, bool) {
	for k := Key(0); k < NumKeys; k++ {
		if strings.EqualFold(Keys[k].Name, name) {
			return Function{Key: k}, true
		}
		if n := Keys[k].ShiftedName; n != "" && strings.EqualFold(n, name) {
			return Function{Key: k, Shifted: true}, true
		}
	}
	for k := Key(0); k < NumKeys; k++ {
		if l := Keys[k].Label; l != "" && strings.EqualFold(l, name) {
			return Function{Key: k}, true
		}
		if l := Keys[k].Lower; l != "" && strings.EqualFold(l, name) {
			return Function{Key: k}, true
		}
		if l := Keys[k].Shifted; l != "" && strings.EqualFold(l, name) {
			return Function{Key: k, Shifted: true}, true
		}
	}
	f, ok := otherNames[strings.ToUpper(name)]
	return f, ok
}

// KeyByName finds a key (not a shifted function) by any name
// FunctionByName reads: "F3", "STO", "×" or "*", "BACK" or "←"; false
// when name is no key's.
func KeyByName(name string) (Key, bool) {
	f, ok := FunctionByName(name)
	return f.Key, ok && !f.Shifted
}

// String is the function's name in the vocabulary: the key's Name, or
// the shifted function's ShiftedName (RND, MAIN, …); a shifted key with no
// gold label is "SHIFT " and the key's name, as a key script presses it.
func (f Function) String() string {
	if !f.Shifted {
		return f.Key.String()
	}
	if f.Key >= 0 && f.Key < NumKeys && Keys[f.Key].ShiftedName != "" {
		return Keys[f.Key].ShiftedName
	}
	return "SHIFT " + f.Key.String()
}

// Functions lists every function with a name: the 37 keys in keyboard
// order (Key), then each shifted function with a ShiftedName in the order
// of its key.
func Functions() []Function {
	var fs []Function
	for k := Key(0); k < NumKeys; k++ {
		fs = append(fs, Function{Key: k})
	}
	for k := Key(0); k < NumKeys; k++ {
		if Keys[k].ShiftedName != "" {
			fs = append(fs, Function{Key: k, Shifted: true})
		}
	}
	return fs
}
