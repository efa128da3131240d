package emulator

import (
	"strings"
	"testing"

	"github.com/hp17b/hp17b/solver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadAsWritten: a file of one equation a line in ASCII loads in the
// calculator's glyphs, and a KeptMark line comes back as the invalid
// equation it keeps.
func TestLoadAsWritten(t *testing.T) {
	m := New(defaults)
	rep, err := m.LoadEquations("perline.eq", "\ufeffAREA=L x W\r\nT=SIGMA(I:1:N:1:I)\r\n"+solver.KeptMark+"A=(B\r\n", LoadStrict)
	require.NoError(t, err)
	assert.Equal(t, 3, rep.Added)
	eqs, _ := m.Equations()
	assert.Equal(t, []string{"AREA=L×W", "T=Σ(I:1:N:1:I)", "A=(B"}, eqs[len(eqs)-3:])
	assert.Equal(t, "3 EQUATIONS ADDED", m.Frame().Top)
}

// TestPasteRefusals: a refused paste says why on the display and in its
// error, never BAD FILE.
func TestPasteRefusals(t *testing.T) {
	for _, tc := range []struct{ name, text, top, err string }{
		{"bad equation", "A=B\nC=(D", "INVALID EQUATION 2:5", "INVALID EQUATION at clipboard:2:5: the equation ends too soon"},
		{"not text", "A=B\x00\x01", "PASTE IS NOT TEXT", "control character U+0000"},
		{"not UTF-8", "A=\xff\xfe", "PASTE IS NOT TEXT", "bytes that are not UTF-8 text"},
		{"too large", strings.Repeat("A=B\n", solver.MaxFileSize/4+1), "PASTE TOO LARGE: 1 MB", "larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(defaults)
			rep, err := m.LoadEquations("clipboard", tc.text, LoadPaste)
			if err == nil {
				err = rep.Err
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
			assert.Equal(t, tc.top, m.Frame().Top)
		})
	}
}

// TestTypedGlyphs: the PC keyboard's * and / type × and ÷, and an
// equation typed in ASCII is stored in the calculator's spelling.
func TestTypedGlyphs(t *testing.T) {
	m := New(defaults)
	require.NoError(t, Run(m, "MAIN SOLVE NEW", nil))
	require.NoError(t, m.TypeText("A=B*C/D"))
	assert.Equal(t, "A=B×C÷D", m.CopyText())
	require.NoError(t, m.TypeText("+L x W+T**2+SUM(I:1:2:1:I)+U*"))
	require.NoError(t, m.TypeText("*V"))
	require.NoError(t, Run(m, "INPUT", nil))
	eqs, cur := m.Equations()
	assert.Equal(t, "A=B×C÷D+L×W+T^2+Σ(I:1:2:1:I)+U^V", eqs[cur])
}

// typedBack types script (EquationScript's) into a new equation on a
// fresh calculator and returns the equation stored.
func typedBack(t testing.TB, script string) string {
	m := New(defaults)
	require.NoError(t, Run(m, "MAIN SOLVE NEW "+script+" INPUT", nil), script)
	eqs, cur := m.Equations()
	return eqs[cur]
}

// TestEquationScript: the keystrokes of an equation, run as a key script
// on a fresh calculator, store the same equation; the count is the keys
// pressed.
func TestEquationScript(t *testing.T) {
	script, n, err := EquationScript("T=Σ(I:1:N:1:I^2)")
	require.NoError(t, err)
	assert.Equal(t, "[RSTUV] [T] = [WXYZ] [OTHER] [MORE] [Σ] ( [FGHI] [I] [WXYZ] [OTHER] [:] 1 [WXYZ] [OTHER] [:] [NOPQ] [N] [WXYZ] [OTHER] [:] 1 [WXYZ] [OTHER] [:] [FGHI] [I] Y^X 2 )", script)
	assert.Equal(t, 32, n)
	assert.Equal(t, "T=Σ(I:1:N:1:I^2)", typedBack(t, script))
	_, _, err = EquationScript("A=b")
	assert.ErrorContains(t, err, "character 3 'b': the keyboard cannot type it: the calculator's letters are capitals")
}

// FuzzEquationScript: any equation text the keyboard can type, typed by
// its key script, is stored as that text.
func FuzzEquationScript(f *testing.F) {
	for _, s := range []string{"A=B+C", "NIM:IF(S(INIT):1:2)", "T=Σ(I:1:10:1:I^2)", "X=1.5E3×(Y÷2)", "IF(A<>B AND C<=D:1:0)=%ERN~$#&", "A B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 300 {
			return
		}
		canon, err := solver.Canonical(text)
		if err != nil || canon != strings.TrimSpace(canon) || canon == "" {
			return
		}
		script, _, err := EquationScript(canon)
		if err != nil {
			return
		}
		if got := typedBack(t, script); got != canon {
			t.Fatalf("%q typed by %q stored as %q", canon, script, got)
		}
	})
}

// TestEditView: the equation being edited, whole, with its cursor; the
// word moves go by names and numbers.
func TestEditView(t *testing.T) {
	m := New(defaults)
	_, ok := m.Edit()
	assert.False(t, ok)
	require.NoError(t, Run(m, `MAIN SOLVE NEW "AREA=LEN×WIDTH+12"`, nil))
	v, ok := m.Edit()
	require.True(t, ok)
	assert.Equal(t, EditView{Text: "AREA=LEN×WIDTH+12", Cursor: 17}, v)
	for _, want := range []int{15, 9, 5, 0, 0} {
		m.EditCursor(CursorWordLeft)
		v, _ = m.Edit()
		assert.Equal(t, want, v.Cursor)
	}
	for _, want := range []int{4, 8, 14, 17, 17} {
		m.EditCursor(CursorWordRight)
		v, _ = m.Edit()
		assert.Equal(t, want, v.Cursor)
	}
}

// TestEditMark: CALC of an invalid equation opens it with the cursor at
// the first character the Solver could not read (17bII+ owner's manual
// p.157), and the view marks that place until the text changes: moving the
// cursor keeps the mark, typing, ←, DEL and CLR drop it (← and CLR first
// clear the message, as after every message).
func TestEditMark(t *testing.T) {
	const calc = `MAIN SOLVE NEW "A=B×÷C" INPUT CALC`
	for _, tc := range []struct {
		name, then   string
		marked       bool
		mark, cursor int
	}{
		{"CALC marks the ÷", "", true, 4, 4},
		{"a cursor move keeps it", "EXIT F1", true, 4, 0}, // ALPHA-Edit |<-
		{"the menu's -> keeps it", "EXIT F3", true, 4, 5},
		{"typing drops it", `"D"`, false, 0, 5},
		{"← only clears the message", "BACK", true, 4, 4},
		{"← then drops it", "BACK BACK", false, 0, 3},
		{"DEL drops it", "EXIT F5", false, 0, 4},
		{"CLR then drops it", "CLR CLR", false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(defaults)
			require.NoError(t, Run(m, calc, nil))
			assert.Equal(t, "INVALID EQUATION", m.Frame().Top)
			if tc.then != "" {
				require.NoError(t, Run(m, tc.then, nil))
			}
			v, ok := m.Edit()
			require.True(t, ok, "CALC opened the equation for editing")
			assert.Equal(t, tc.marked, v.Marked, "marked")
			if tc.marked {
				assert.Equal(t, tc.mark, v.Mark, "the mark")
			}
			assert.Equal(t, tc.cursor, v.Cursor, "the cursor")
		})
	}
	// A good equation opens its menu: nothing is edited, nothing marked.
	m := New(defaults)
	require.NoError(t, Run(m, `MAIN SOLVE NEW "A=B×C" INPUT CALC`, nil))
	_, ok := m.Edit()
	assert.False(t, ok)
}

// TestEditCursorAt: the whole-equation view's line moves put the cursor
// anywhere in the text, clamped to it; with no equation edited, nothing.
func TestEditCursorAt(t *testing.T) {
	m := New(defaults)
	assert.False(t, m.EditCursorAt(3))
	require.NoError(t, Run(m, `MAIN SOLVE NEW "AREA=L×W"`, nil))
	for _, tc := range []struct{ to, want int }{{3, 3}, {0, 0}, {-5, 0}, {8, 8}, {99, 8}} {
		assert.True(t, m.EditCursorAt(tc.to))
		v, _ := m.Edit()
		assert.Equal(t, tc.want, v.Cursor, "to %d", tc.to)
	}
}
