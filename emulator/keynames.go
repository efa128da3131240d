package emulator

import "strings"

// Function is what one name of the key vocabulary presses: a key, after the
// shift key when Shifted (RND is RCL shifted). Key scripts (Run) and the
// window's key map file read the same names through FunctionByName.
type Function struct {
	Key     Key
	Shifted bool
}

// shiftedNames are the shifted functions' names as scripts and key map
// files write them, after the gold labels (hp17b-facts §2; C. Finseth's
// HP-17BII data page): ASCII, so that any keyboard types them.
var shiftedNames = map[Key]string{
	KeyRCL: "RND", KeyPercent: "MATH", KeyDSP: "MODES", KeyPRT: "PRINTER", KeyEXIT: "MAIN",
	KeyINPUT: "CLEARDATA", KeyChs: "E", KeyLParen: "RDN", KeyRParen: "X<>Y", KeyDiv: "1/X",
	KeyMul: "Y^X", KeySub: "SQRT", KeyCLR: "OFF", Key0: "MEM", KeyDot: "SHOW", KeyEquals: "LAST",
	KeyAdd: "X^2",
}

// shiftedAliases are the other names of shifted functions: the gold labels
// as printed.
var shiftedAliases = map[string]Key{
	"√X": KeySub, "X²": KeyAdd, "R↓": KeyLParen, "X≷Y": KeyRParen, "Yˣ": KeyMul,
	"CLEAR DATA": KeyINPUT,
}

// FunctionByName finds a key (KeyByName: STO, ×, BACK, F1, …) or a shifted
// function (RND, MAIN, 1/X, SQRT, X<>Y, …; the gold labels √X, X², R↓ and
// X≷Y too) by name, letters in either case.
func FunctionByName(name string) (Function, bool) {
	up := strings.ToUpper(name)
	for k, n := range shiftedNames {
		if n == up {
			return Function{Key: k, Shifted: true}, true
		}
	}
	if k, ok := shiftedAliases[up]; ok {
		return Function{Key: k, Shifted: true}, true
	}
	k, ok := KeyByName(name)
	return Function{Key: k}, ok
}

// String is the function's name in the vocabulary: the key's name
// (Keys[k].Name), or the shifted function's (RND, MAIN, …); a shifted key
// with no gold label is "SHIFT " and the key's name.
func (f Function) String() string {
	if !f.Shifted {
		return f.Key.String()
	}
	if n, ok := shiftedNames[f.Key]; ok {
		return n
	}
	return "SHIFT " + f.Key.String()
}

// Functions lists every function with a name: the 37 keys in keyboard
// order, then each shifted function in the order of its key.
func Functions() []Function {
	var fs []Function
	for k := Key(0); k < NumKeys; k++ {
		fs = append(fs, Function{Key: k})
	}
	for k := Key(0); k < NumKeys; k++ {
		if _, ok := shiftedNames[k]; ok {
			fs = append(fs, Function{Key: k, Shifted: true})
		}
	}
	return fs
}
