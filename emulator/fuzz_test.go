package emulator

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzStateFile: any bytes as the state file open without a panic or are
// refused as not an hp17b state and left byte for byte; a file set aside
// is kept byte for byte, and the file left behind opens cleanly.
func FuzzStateFile(f *testing.F) {
	f.Add([]byte(`{"schema":2,"calculator":{"x":"5"},"solve":{"equations":["A=B"],"current":0}}`))
	f.Add([]byte(`{"schema":1,"equations":["Q=R+1"],"vars":{"R":"2"},"x":"7"}`))
	f.Add([]byte(`{"schema":2,"calculator":{"x":"5","rpn":true,"stack":["1","2","3","4"],"noLift":true}}`))
	f.Add([]byte(`{"schema":99}`))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "state.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, notice, err := Open(OpenOptions{Path: path, Equations: defaults})
		if err != nil && strings.Contains(err.Error(), "not an hp17b state file") {
			if kept, rerr := os.ReadFile(path); rerr != nil || !bytes.Equal(kept, data) {
				t.Fatalf("%q: a file that is not ours was changed", data)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		m.Frame()
		if strings.Contains(notice, "moved to ") {
			aside := notice[strings.Index(notice, "moved to ")+len("moved to ") : strings.Index(notice, " and a fresh")]
			kept, err := os.ReadFile(aside)
			if err != nil || !bytes.Equal(kept, data) {
				t.Fatalf("%q: the damaged file was not kept byte for byte", data)
			}
		}
		if strings.Contains(notice, "newer hp17b") {
			return // left untouched on purpose
		}
		if _, notice, err := Open(OpenOptions{Path: path, Equations: defaults}); err != nil || notice != "" {
			t.Fatalf("%q: the file left behind does not open cleanly: %v %s", data, err, notice)
		}
	})
}

// FuzzKeyScript: any key script runs or is refused with an error, never a
// panic, the display stays within its width, and the RPN stack keeps one
// to four levels.
func FuzzKeyScript(f *testing.F) {
	for _, s := range []string{"SOLVE CALC INIT 6 [D] EVAL", `SOLVE NEW "A=B×C" INPUT CALC 3 [B] 4 [C] [A]`,
		"BUS [MU%C] 9.6 [COST]", `"unclosed`, "[", "1 ÷ 0 =", "DSP FIX 99 INPUT",
		"MODES RPN MAIN 1 ENTER 2 R↓ X≷Y + LAST ( ) CLEARDATA %", "MODES RPN FIN TVM 3 ENTER 2 × N PMT"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		if len(script) > 2000 {
			return
		}
		m := New(defaults)
		m.InterruptAfter = 20
		_ = Run(m, script, nil)
		if fr := m.Frame(); len([]rune(fr.Top)) > Width {
			t.Fatalf("%q: top line %q", script, fr.Top)
		}
		if n := len(m.Stack()); n < 1 || n > 4 {
			t.Fatalf("%q: %d stack levels", script, n)
		}
	})
}

// FuzzPaste: any pasted text, loaded into the SOLVE list (LoadEquations, as a
// paste outside the editor is) and typed into a new equation (TypeText,
// as a paste in the editor is), never panics, never puts a control
// character into an equation, and leaves the state within MaxStateWrite;
// text with a control character (but a byte-order mark at its start, as
// a UTF-8 file may begin) changes nothing.
func FuzzPaste(f *testing.F) {
	for _, s := range []string{"A=B+C", "X=1\nY=2", "A=\x1b[2JB", "R\u202eT=5", "\ufeffA=1", "1E5", strings.Repeat("Q=1+", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m := New(defaults)
		before, _ := m.Equations()
		hasHidden := strings.IndexFunc(strings.NewReplacer("\n", "", "\r", "", "\t", "").Replace(strings.TrimPrefix(text, "\ufeff")), hidden) >= 0
		_, err := m.LoadEquations("clipboard", text, LoadLenient)
		if hasHidden {
			if err == nil {
				t.Fatalf("%q: a control character was accepted", text)
			}
			if after, _ := m.Equations(); len(after) != len(before) {
				t.Fatalf("%q: refused text changed the list", text)
			}
		}
		if err := Run(m, "MAIN SOLVE NEW", nil); err != nil {
			t.Fatal(err)
		}
		if err := m.TypeText(text); err == nil && strings.IndexFunc(text, hidden) >= 0 {
			t.Fatalf("%q: a control character was typed", text)
		}
		_ = Run(m, "INPUT", nil)
		eqs, _ := m.Equations()
		for _, e := range eqs {
			if strings.IndexFunc(e, hidden) >= 0 {
				t.Fatalf("%q: an equation holds a control character: %q", text, e)
			}
		}
		if n := m.stateSize(nil, nil); n > MaxStateWrite {
			t.Fatalf("%q: the state is %d bytes", text, n)
		}
	})
}
