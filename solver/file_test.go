package solver

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadFileShapes reads equation files in every shape people keep
// them: each loads the texts given, or is refused with the exact message.
func TestReadFileShapes(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
		err        string
	}{
		{"one a line", "AREA=L*W\nT=SIGMA(I:1:N:1:I)\n", []string{"AREA=L×W", "T=Σ(I:1:N:1:I)"}, ""},
		{"blank lines between", "A=B+C\n\n\nD=E\n", []string{"A=B+C", "D=E"}, ""},
		{"several lines, operator at the end", "AREA:\n  A=\n  L×W\nB=C\n", []string{"AREA:A=L×W", "B=C"}, ""},
		{"several lines, operator at the start", "TOTAL=PRICE\n  *QTY\n  +TAX\nX=Y\n", []string{"TOTAL=PRICE×QTY+TAX", "X=Y"}, ""},
		{"open parenthesis", "A=MAX(B:\nC)\nD=E\n", []string{"A=MAX(B:C)", "D=E"}, ""},
		{"blank line inside a parenthesis", "A=MAX(B:\n\nC)\n", []string{"A=MAX(B:C)"}, ""},
		{"AND at the end", "X=IF(A>1 AND\nB<2:1:0)\n", []string{"X=IF(A>1 AND B<2:1:0)"}, ""},
		{"braces (HP-200LX SOLVER.EQN)", "{AREA=L*W}\n{T=SIGMA(I:1:N:1:I)}\n", []string{"AREA=L×W", "T=Σ(I:1:N:1:I)"}, ""},
		{"braces over lines", "{A=B\n+C\n\n-D}\n", []string{"A=B+C-D"}, ""},
		{"comments", "# areas\nAREA=L×W\n# volumes\nVOL=L×W×H\n", []string{"AREA=L×W", "VOL=L×W×H"}, ""},
		{"comment inside an equation", "A=B+\n# the tax\nTAX\n", []string{"A=B+TAX"}, ""},
		{"CRLF", "A=B\r\nC=D\r\n", []string{"A=B", "C=D"}, ""},
		{"byte-order mark", "\ufeffA=B\nC=D\n", []string{"A=B", "C=D"}, ""},
		{"spaces kept on one line", "A = B + C\n", []string{"A = B + C"}, ""},
		{"tab between words", "A\t=B\t+C\n", []string{"A =B +C"}, ""},
		{"tab over lines", "A\t=B\t+C\n+\t1\n", []string{"A=B+C+1"}, ""},
		{"tab in a kept line", KeptMark + "A=(\tB\n", []string{"A=( B"}, ""},
		{"ASCII operators", "A=B**2/C\nIF(A!=B AND C<=D OR E>=F:1:0)=X\n", []string{"A=B^2÷C", "IF(A<>B AND C<=D OR E>=F:1:0)=X"}, ""},
		{"x between operands", "AREA=L x W\nV=2x3xH\nX=X*2\n", []string{"AREA=L×W", "V=2×3×H", "X=X×2"}, ""},
		{"kept line", "A=B\n\n" + KeptMark + "A=(B\n", []string{"A=B", "A=(B"}, ""},
		{"Unicode operators", "A=B≠C\n", nil, `INVALID EQUATION at f.eq:1:4: unexpected "<>"`},
		{"trailing ;", "A=B/C;\n", nil, `INVALID EQUATION at f.eq:1:6: ';' ends no equation: an equation ends at the end of its line (or, with several lines, where its parentheses close); remove the ';'`},
		{"LxW", "AREA=LxW\n", nil, `INVALID EQUATION at f.eq:1:6: LxW reads two ways: the variable LxW, or L×W; write L×W (or L*W, L x W) for the product, or LXW for one name`},
		{"19BII function", "CAN~MORT:FV(N:I:PV:PMT:12:0)=FV\n", nil, `INVALID EQUATION at f.eq:1:12: FV is a function of the HP-19BII's Solver (FV(n:i%yr:pv:pmt:p/yr:m)), not of the HP-17BII: write the TVM formula with USFV(i:n) and SPFV(i:n) (or USPV and SPPV), or use the TVM menu`},
		{"bad line after a whole one", "A=B\nC)\n", nil, `INVALID EQUATION at f.eq:2:2: unexpected ")"`},
		{"bad continuation", "A=B+\n  C×)\n", nil, `INVALID EQUATION at f.eq:2:5: unexpected ")"`},
		{"x at the start of line 2", "AREA=L\nx W\n", []string{"AREA=L×W"}, ""},
		{"bad line 2, joining no help", "AREA=L\n2 W\n", nil, `INVALID EQUATION at f.eq:2:3: unexpected "W"`},
		{"joined by an operator", "A=B\n-C=D\n", nil, `INVALID EQUATION at f.eq:2:3: unexpected "="; line 2 was read as part of the equation that starts on line 1 because it starts with "-" (` + FileRule + `); put a blank line before it if it is an equation of its own`},
		{"open brace", "{A=B\nC=D\n", nil, `INVALID EQUATION at f.eq:1:1: this '{' is never closed: end the equation with '}' (` + FileRule + `)`},
		{"ends too soon", "A=(B+\n", nil, `INVALID EQUATION at f.eq:1:6: the equation ends too soon: a ')' or an operand is missing (the equation that starts on line 1 ends on line 1: ` + FileRule + `)`},
		{"empty", "# nothing\n\n", nil, "INVALID EQUATION at f.eq:1:1: no equation in the file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			entries, err := ReadFile("f.eq", tc.text, false)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			var got []string
			for _, e := range entries {
				got = append(got, e.Text)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestCanonical rewrites ASCII spellings and leaves the calculator's own
// alone.
func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"A=B*C/D":             "A=B×C÷D",
		"A=B**C":              "A=B^C",
		"AREA=L x W":          "AREA=L×W",
		"AREA=L X W":          "AREA=L×W",
		"X=X*2":               "X=X×2",
		"A=X":                 "A=X",
		"A=(B)x(C)":           "A=(B)×(C)",
		"A=2x(B)":             "A=2×(B)",
		"T=SUM(I:1:3:1:I)":    "T=Σ(I:1:3:1:I)",
		"T=sigma(I:1:3:1:I)":  "T=Σ(I:1:3:1:I)",
		"T=∑(I:1:3:1:I)":      "T=Σ(I:1:3:1:I)",
		"SUM=A+B":             "SUM=A+B",
		"IF(A≠B AND C≤D:1:0)": "IF(A<>B AND C<=D:1:0)",
		"A=B−C":               "A=B-C",
		"IF(A AND X:1:2)":     "IF(A AND X:1:2)",
		"NIM:IF(S(INIT):1:2)": "NIM:IF(S(INIT):1:2)",
		"A=1E−3":              "A=1E-3",
	} {
		got, err := Canonical(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
		again, err := Canonical(got)
		require.NoError(t, err)
		assert.Equal(t, got, again, "Canonical of %q changes again", got)
	}
}

// TestFormatFileRoundTrip: what FormatFile writes reads back to the same
// texts, byte for byte, for valid, invalid and awkward texts.
func TestFormatFileRoundTrip(t *testing.T) {
	texts := []string{"A=B", "A = B", "A=(B", "{A}=B", "#T=A", "-A=B", "A=B*C", "", "NIM:IF(S(INIT):1:2)"}
	text := FormatFile(texts)
	entries, err := ReadFile("saved.eq", text, false)
	require.NoError(t, err, text)
	var got []string
	for _, e := range entries {
		got = append(got, e.Text)
	}
	// "" is no equation: the calculator's list never holds one.
	assert.Equal(t, []string{"A=B", "A = B", "A=(B", "{A}=B", "#T=A", "-A=B", "A=B*C", KeptMark[:len(KeptMark)-1], "NIM:IF(S(INIT):1:2)"}[:7], got[:7])
	assert.Contains(t, text, KeptMark+"A=(B\n")
	assert.Contains(t, text, KeptMark+"A=B*C\n", "a text not in the calculator's spelling is kept as it is")
	assert.Contains(t, text, "{#T=A}\n")
}

// FuzzSaveLoad: any text ReadFile accepts, written by FormatFile and read
// again, gives the same equations.
func FuzzSaveLoad(f *testing.F) {
	for _, s := range append([]string{"A=B\nC=D", "{A=B}\n\nX=(\n1)", "AREA=L x W\n# c\nT=SUM(I:1:N:1:I)", KeptMark + "A=(B"}, fuzzSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		entries, err := ReadFile("f.eq", text, false)
		if err != nil {
			return
		}
		var texts []string
		for _, e := range entries {
			if strings.ContainsAny(e.Text, "\n\r") || strings.TrimSpace(e.Text) == "" {
				return // a kept line's text is one line: never so here
			}
			texts = append(texts, e.Text)
		}
		saved := FormatFile(texts)
		back, err := ReadFile("saved.eq", saved, false)
		require.NoError(t, err, "%q saved as %q", text, saved)
		require.Len(t, back, len(texts), "%q saved as %q", text, saved)
		for i, e := range back {
			require.Equal(t, texts[i], e.Text, "%q saved as %q", text, saved)
		}
	})
}

// FuzzCanonical: an equation that parses reads, in the calculator's
// spelling, to the same tree, and the spelling is kept by a second pass.
func FuzzCanonical(f *testing.F) {
	for _, s := range append([]string{"AREA=L*W", "A=B**2/C", "IF(A≠B:1:0)=X", "T=SUM(I:1:3:1:I)"}, fuzzSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		eq, err := Parse(src)
		if err != nil || strings.Contains(src, "!=") || strings.Contains(src, "x#") || strings.Contains(src, "x%") {
			return // != is <>, never a name ending in ! before =; Bx#C is B×#C
		}
		canon, err := Canonical(src)
		if err != nil {
			return // LxW and ';' are refused on purpose
		}
		back, err := Parse(canon)
		require.NoError(t, err, "%q as %q", src, canon)
		require.Equal(t, eq.String(), back.String(), "%q as %q", src, canon)
		again, err := Canonical(canon)
		require.NoError(t, err)
		require.Equal(t, canon, again)
	})
}

// TestDatesFollowTheFormat: under D/M the Solver's DATE and DDAYS read
// and write D.MMYYYY, and solve for a date in it; under M/D, M.DDYYYY.
func TestDatesFollowTheFormat(t *testing.T) {
	for _, tc := range []struct {
		dayFirst       bool
		eq, want, know string
	}{
		{true, "D=DATE(25.122021:7)", "1.012022", ""},
		{false, "D=DATE(12.252021:7)", "1.012022", ""},
		{true, "N=DDAYS(1.012021:25.122021:1)", "358", ""},
		{false, "N=DDAYS(1.012021:12.252021:1)", "358", ""},
		{true, "D=DATE(X:7)", "25.122021", "D=1.012022"},
		{false, "D=DATE(X:7)", "12.252021", "D=1.012022"},
	} {
		eq, err := Parse(tc.eq)
		require.NoError(t, err)
		v := NewVars()
		s := New(eq, v)
		s.UseDayFirst(tc.dayFirst)
		unknown := eq.Menu[0]
		if tc.know != "" {
			name, val, _ := strings.Cut(tc.know, "=")
			v.Store(name, num(val))
			unknown = "X"
		}
		r, err := s.Solve(context.Background(), unknown, Options{})
		require.NoError(t, err, tc.eq)
		assert.Equal(t, tc.want, r.Value.String(), "%s (D/M %v)", tc.eq, tc.dayFirst)
	}
	// A D/M date that is no date is the same error as an M/D one.
	eq, err := Parse("D=DATE(13.132021:1)")
	require.NoError(t, err)
	s := New(eq, NewVars())
	s.UseDayFirst(true)
	r, err := s.Solve(context.Background(), "D", Options{})
	if err == nil {
		assert.False(t, r.Found(), "13.132021 is no D/M date: %v", r)
	}
}
