package solver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Posts quoted in TestPostedSpellings, verbatim where the row says so.
const (
	// J. Kearns, "Solver issue with HP 17BII - different from 19BII", HP
	// Museum forum thread 257167, 27 Nov 2013, quoting the 17BII manual.
	postCanMort = "CAN~MORT: PV=-PMTxUSPV(((1+I%YR/200)^(1/6)-1)x100:N)-FVxSPPV(((1+I%YR/200)^(1/6)-1)x100:N)"
	// B. Wang, "HP200LX Lease with Advance Payments", HP Museum forum
	// thread 61501, 3 Aug 2004 (an en dash before (RV%).
	postLease = "PMT=(- (1+PTS÷100) × CST – (RV%÷100)×CST × (SPPV ( I%YR ÷ 12 : N ) ) ) ÷ (USPV ( I%YR ÷ 12 : N - #ADV) + #ADV)"
	// P. A. Gebhardt, "HP17BII+ - L() & G() Revisited", HP Museum forum
	// thread 99856, 17 Sep 2006, quoting the 17bII+ manual's p.170 (en
	// dashes in 1–(1+i)).
	postGebhardt1 = "(1+i)^N x PV +((1–(1+i)^N)/(1–(1+i))) x PMT+FV"
	postGebhardt2 = "L(NP:1+i) x 0 + L(NPN:G(NP)^N) x PV + ((1-G(NPN)) / (1-G(NP))) x PMT + FV"
	postGebhardt3 = "INIT-L: 0*A*B*C*Z=0" // "INIT-L: 0*A*B* ... *Z=0", the ... cut
	// D. Shepherd, "hp17bii+ solver sum of digits", HP Museum forum
	// thread 110419, 17 Mar 2007: small letters throughout.
	postDigits1 = "sumofdigits=sigma(i:0:log(n):1:mod(n:10)+0xL(n:ip(n/10)))"
	postDigits2 = "sumofdigits=sigma(i:0:log(n):1:mod(ip(n):10)+0xL(n:n/10))"
	// HP's reply quoted by D. Shepherd, "hp17bii+ Formula Problem, HP
	// Response", HP Museum forum thread 109444, 2 Mar 2007.
	postHPReply1 = "0*L(A: LOG(N)+1)+\nsigma(I :1:A:1:\nMOD(N:10)+\n0*L(N:IP(N/10)))"
	postHPReply2 = "DIGITS=0*L(M:N)+sigma(I:1:LOG(N)+1:1:MOD(G(M):10)+0*L(M:IP(G(M)/10)))"
	// D. Shepherd, "17bii+ solver workaround", HP Museum forum thread
	// 127151, 21 Oct 2007: the start he gives, closed with his ":0)".
	postWorkaround = "FACT=0xL(B$$:G(B$$)+1)+IF(MOD(G(B$$):2)=1:N:0)"
	// The 17bII+ owner's manual, p.172, the odd-period loan, as its
	// keystrokes type it.
	postOddPeriod = "PV×(1+ANNI÷1200×DAYS÷30)+PMT×USPV(ANNI÷12:N)=0"
)

// TestPostedSpellings reads equations as people post them (forum posts,
// web pages, word processors, printed listings) through ReadFile: each
// loads the texts given (and the first one's menu, where given), or is
// refused with the exact message. The rows are grouped by the class of
// spelling (docs/spellings.md).
func TestPostedSpellings(t *testing.T) {
	rule := " (" + FileRule + ")"
	for _, tc := range []struct {
		name, text string
		want       []string
		menu       string
		err        string
	}{
		// Dashes and minus signs: always '-', never part of a name.
		{"en dash", "A=B–C", []string{"A=B-C"}, "A B C", ""},
		{"em dash", "A=B—C", []string{"A=B-C"}, "A B C", ""},
		{"hyphen", "A=B‐C", []string{"A=B-C"}, "A B C", ""},
		{"non-breaking hyphen", "A=B‑C", []string{"A=B-C"}, "A B C", ""},
		{"figure dash", "A=B‒C", []string{"A=B-C"}, "A B C", ""},
		{"horizontal bar", "A=B―C", []string{"A=B-C"}, "A B C", ""},
		{"minus sign", "A=B−C", []string{"A=B-C"}, "A B C", ""},
		{"small hyphen-minus", "A=B﹣C", []string{"A=B-C"}, "A B C", ""},
		{"full-width hyphen-minus", "A=B－C", []string{"A=B-C"}, "A B C", ""},
		{"en dash between spaces", "X=CST – (FEE÷100)", []string{"X=CST - (FEE÷100)"}, "X CST FEE", ""},
		{"en dash as a sign", "A=–B", []string{"A=-B"}, "A B", ""},
		{"en dash in an exponent", "A=1E–3×B", []string{"A=1E-3×B"}, "A B", ""},
		{"thread 61501, verbatim", postLease, []string{"PMT=(- (1+PTS÷100) × CST - (RV%÷100)×CST × (SPPV ( I%YR ÷ 12 : N ) ) ) ÷ (USPV ( I%YR ÷ 12 : N - #ADV) + #ADV)"}, "PMT PTS CST RV% I%YR N #ADV", ""},
		{"thread 99856, verbatim", postGebhardt1, []string{"(1+i)^N×PV +((1-(1+i)^N)÷(1-(1+i)))×PMT+FV"}, "i N PV PMT FV", ""},
		// Other characters of word processors and web pages.
		{"middle dot", "A=B·C", []string{"A=B×C"}, "A B C", ""},
		{"dot operator", "A=B⋅C", []string{"A=B×C"}, "A B C", ""},
		{"bullet operator", "A=B∙C", []string{"A=B×C"}, "A B C", ""},
		{"asterisk operator", "A=B∗C", []string{"A=B×C"}, "A B C", ""},
		{"division slash", "A=B∕C", []string{"A=B÷C"}, "A B C", ""},
		{"fraction slash", "A=1⁄2", []string{"A=1÷2"}, "A", ""},
		{"typographic quotes around", "“AREA=L×W”", []string{"AREA=L×W"}, "AREA L W", ""},
		{"ASCII quotes around", "\"AREA=L*W\"", []string{"AREA=L×W"}, "AREA L W", ""},
		{"single quotes around", "‘A=B+C’", []string{"A=B+C"}, "A B C", ""},
		{"no-break spaces", "A\u00a0=\u00a0B\u202f+\u2007C", []string{"A = B + C"}, "A B C", ""},
		{"ideographic space", "A=B\u3000+C", []string{"A=B +C"}, "A B C", ""},
		{"soft hyphen in a name", "PRI\u00adCE=COST×2", []string{"PRICE=COST×2"}, "PRICE COST", ""},
		{"word joiner in a name", "PRI\u2060CE=COST×2", []string{"PRICE=COST×2"}, "PRICE COST", ""},
		{"zero-width joiner", "A=B\u200d+C", []string{"A=B+C"}, "A B C", ""},
		{"zero-width space", "A=B\u200b+C", []string{"A=B +C"}, "A B C", ""},
		{"full-width equation", "Ａ＝Ｂ＊（Ｃ＋１）", []string{"A=B×(C+1)"}, "A B C", ""},
		{"full-width digits", "A=１２×B", []string{"A=12×B"}, "A B", ""},
		// Characters a name cannot hold, refused by name.
		{"quote inside", "A=B\"C", nil, "", `INVALID EQUATION at f.eq:1:4: the name B"C holds U+0022 QUOTATION MARK, which the HP-17BII cannot type: remove it (quotes around an equation are not part of it)`},
		{"apostrophe", "A=B'+C", nil, "", `INVALID EQUATION at f.eq:1:4: the name B' holds U+0027 APOSTROPHE, which the HP-17BII cannot type: remove it (quotes around an equation are not part of it)`},
		{"pi", "A=π×R^2", nil, "", `INVALID EQUATION at f.eq:1:3: the name π holds U+03C0 GREEK SMALL LETTER PI, which the HP-17BII cannot type: write PI`},
		{"square root sign", "A=√B", nil, "", `INVALID EQUATION at f.eq:1:3: the name √B holds U+221A SQUARE ROOT, which the HP-17BII cannot type: write SQRT(…)`},
		{"superscript two", "A=B²", nil, "", `INVALID EQUATION at f.eq:1:4: the name B² holds U+00B2 SUPERSCRIPT TWO, which the HP-17BII cannot type: write ^2`},
		{"euro sign", "€=PRICE×1.2", nil, "", `INVALID EQUATION at f.eq:1:1: the name € holds U+20AC EURO SIGN, which the HP-17BII cannot type: write $ (OTHER's $ key) or a letter`},
		{"accented letter", "PRÉT=A+B", nil, "", `INVALID EQUATION at f.eq:1:3: the name PRÉT holds U+00C9 'É', which the HP-17BII cannot type: write the letter without its accent, A to Z`},
		{"ellipsis", "A=B+…", nil, "", `INVALID EQUATION at f.eq:1:5: the name … holds U+2026 HORIZONTAL ELLIPSIS, which the HP-17BII cannot type: write the whole equation: '…' marks a cut`},
		// x and X as ×.
		{"x after ) before a sign", "A=(B)x-2", []string{"A=(B)×-2"}, "A B", ""},
		{"x after a call before a sign", "X=(MOD(K:2)x-2)", []string{"X=(MOD(K:2)×-2)"}, "X K", ""},
		{"X before a function", "A=2XFP(C)", []string{"A=2×FP(C)"}, "A C", ""},
		{"x before a function", "A=2xFP(C)", []string{"A=2×FP(C)"}, "A C", ""},
		{"x before a group", "A=2x(A+B)", []string{"A=2×(A+B)"}, "A B", ""},
		{"x before a # name", "A=Bx#C", []string{"A=B×#C"}, "A B #C", ""},
		{"x before a % name", "A=Bx%C", []string{"A=B×%C"}, "A B %C", ""},
		{"x at a line's start", "A=B\n xG", []string{"A=B×G"}, "A B G", ""},
		{"x after a space", "A=B xG", []string{"A=B×G"}, "A B G", ""},
		{"x between spaces before a sign", "A=B x -2", []string{"A=B×-2"}, "A B", ""},
		{"name x function", "PV=-PMTxUSPV(I:N)", []string{"PV=-PMT×USPV(I:N)"}, "PV PMT I N", ""},
		{"name X function", "PV=-PMTXUSPV(I:N)", []string{"PV=-PMT×USPV(I:N)"}, "PV PMT I N", ""},
		{"thread 257167, verbatim", postCanMort, []string{"CAN~MORT: PV=-PMT×USPV(((1+I%YR÷200)^(1÷6)-1)×100:N)-FV×SPPV(((1+I%YR÷200)^(1÷6)-1)×100:N)"}, "PV PMT I%YR N FV", ""},
		{"thread 99856, x between spaces, verbatim", postGebhardt2, []string{"L(NP:1+i)×0 + L(NPN:G(NP)^N)×PV + ((1-G(NPN)) ÷ (1-G(NP)))×PMT + FV"}, "i N PV PMT FV", ""},
		{"thread 127151, 0xL(", postWorkaround, []string{"FACT=0×L(B$$:G(B$$)+1)+IF(MOD(G(B$$):2)=1:N:0)"}, "FACT N", ""},
		{"x a variable", "X=X×2", []string{"X=X×2"}, "X", ""},
		{"LxW two ways", "AREA=LxW", nil, "", `INVALID EQUATION at f.eq:1:6: LxW reads two ways: the variable LxW, or L×W; write L×W (or L*W, L x W) for the product, or LXW for one name`},
		{"Bx-2 two ways", "A=Bx-2", nil, "", `INVALID EQUATION at f.eq:1:3: Bx-… reads two ways: the variable Bx, or B× a signed number; write B×-… for the product, or BX for one name`},
		{"small name with x", "box=2", []string{"box=2"}, "box", ""},
		// '/' inside a name where the equation writes × or ÷.
		{"P/YR in HP's glyphs", "PMT=PV×I%YR÷P/YR", []string{"PMT=PV×I%YR÷P/YR"}, "PMT PV I%YR P/YR", ""},
		{"/ in ASCII", "PMT=PV*I%YR/P/YR", []string{"PMT=PV×I%YR÷P÷YR"}, "PMT PV I%YR P YR", ""},
		{"/ before a digit in glyphs", "A=B×C/2", []string{"A=B×C÷2"}, "A B C", ""},
		{"/ both ways", "PMT=PV*I%YR×2÷P/YR", nil, "", `INVALID EQUATION at f.eq:1:15: P/YR reads two ways: the name P/YR (HP's equations write P/YR so, where ÷ divides) or P÷YR; the equation writes both * and ×, so nothing tells them apart: write P÷YR for the quotient, or the equation's * as × for one name`},
		{"the 17bII+ manual p.172", postOddPeriod, []string{postOddPeriod}, "PV ANNI DAYS PMT N", ""},
		// Functions in small letters, and other languages' names.
		{"date(", "D=date(D1:30)", []string{"D=DATE(D1:30)"}, "D D1", ""},
		{"fp(", "A=fp(B)", []string{"A=FP(B)"}, "A B", ""},
		{"ddays(", "N=ddays(D1:D2:1)", []string{"N=DDAYS(D1:D2:1)"}, "N D1 D2", ""},
		{"sqrt(", "A=sqrt(B)", []string{"A=SQRT(B)"}, "A B", ""},
		{"Sqrt(", "A=Sqrt(B)", []string{"A=SQRT(B)"}, "A B", ""},
		{"ln( exp( abs( log(", "A=ln(B)+exp(C)+abs(D)+log(E)", []string{"A=LN(B)+EXP(C)+ABS(D)+LOG(E)"}, "A B C D E", ""},
		{"thread 110419, verbatim", postDigits1, []string{"sumofdigits=Σ(i:0:LOG(n):1:MOD(n:10)+0×L(n:IP(n÷10)))"}, "sumofdigits n", ""},
		{"thread 110419, the second, verbatim", postDigits2, []string{"sumofdigits=Σ(i:0:LOG(n):1:MOD(IP(n):10)+0×L(n:n÷10))"}, "sumofdigits n", ""},
		{"thread 109444, verbatim", postHPReply2, []string{"DIGITS=0×L(M:N)+Σ(I:1:LOG(N)+1:1:MOD(G(M):10)+0×L(M:IP(G(M)÷10)))"}, "DIGITS N", ""},
		{"thread 109444 over lines, verbatim", postHPReply1, []string{"0×L(A:LOG(N)+1)+Σ(I:1:A:1:MOD(N:10)+0×L(N:IP(N÷10)))"}, "N A", ""},
		{"sqr( of BASIC", "A=sqr(B)", nil, "", `INVALID EQUATION at f.eq:1:6: sqr is not a function of the HP-17BII; it writes SQRT(x)`},
		{"log10(", "A=log10(B)", nil, "", `INVALID EQUATION at f.eq:1:8: log10 is not a function of the HP-17BII; it writes LOG(x)`},
		{"pow(", "A=pow(B:2)", nil, "", `INVALID EQUATION at f.eq:1:6: pow is not a function of the HP-17BII; it writes x^y`},
		{"floor(", "A=floor(B)", nil, "", `INVALID EQUATION at f.eq:1:8: floor is not a function of the HP-17BII; it writes INT(x)`},
		{"round(", "A=ROUND(B:2)", nil, "", `INVALID EQUATION at f.eq:1:8: ROUND is not a function of the HP-17BII; it writes RND(x:n)`},
		{"sin( in small letters", "A=sin(B)", nil, "", `INVALID EQUATION at f.eq:1:6: sin is a function of the HP-19BII's and HP-27S's Solvers, not of the HP-17BII: the HP-17BII has no trigonometric functions; compute them with a series in Σ`},
		// Another calculator's separator, markup, placeholders.
		{"200LX comma in L()", "A=L(I,RATE÷12)", nil, "", `INVALID EQUATION at f.eq:1:6: ',' separates a function's arguments on the HP-200LX and in other languages; the HP-17BII separates them with ':': write L(I:RATE÷12)`},
		{"comma in IF()", "A=IF(B>0,1,2)", nil, "", `INVALID EQUATION at f.eq:1:9: ',' separates a function's arguments on the HP-200LX and in other languages; the HP-17BII separates them with ':': write IF(B>0:1:2)`},
		{"comma in Σ() over lines", "T=SIGMA(I,1,N,1,\nI^2)", nil, "", `INVALID EQUATION at f.eq:1:10: ',' separates a function's arguments on the HP-200LX and in other languages; the HP-17BII separates them with ':'`},
		{"thousands separator", "A=1,000×B", nil, "", `INVALID EQUATION at f.eq:1:4: ',' is no part of a number on the HP-17BII: write the number without thousands separators (and '.' before decimals)`},
		{"&lt;", "A=IF(B&lt;C:1:0)", nil, "", `INVALID EQUATION at f.eq:1:7: &lt; is HTML markup copied from a web page, for '<': write <`},
		{"&times;", "A=B&times;C", nil, "", `INVALID EQUATION at f.eq:1:4: &times; is HTML markup copied from a web page, for '×': write ×`},
		{"&#215;", "A=B&#215;C", nil, "", `INVALID EQUATION at f.eq:1:4: &#215; is HTML markup copied from a web page: write the character it stands for (× ÷ - < > or a space)`},
		{"<sup>", "A=B<sup>2</sup>", nil, "", `INVALID EQUATION at f.eq:1:4: <sup> is an HTML tag copied from a web page: remove it and write ^ before the exponent`},
		{"<br>", "A=B+<br>C", nil, "", `INVALID EQUATION at f.eq:1:5: <br> is an HTML tag copied from a web page: remove it`},
		{"LaTeX \\(", `\(A=B+C\)`, nil, "", `INVALID EQUATION at f.eq:1:1: \( is LaTeX markup copied from a web page: remove \( and \) around the equation`},
		{"LaTeX \\Sigma", `T=\Sigma(I:1:N:1:I)`, nil, "", `INVALID EQUATION at f.eq:1:3: \Sigma is LaTeX markup copied from a web page: write Σ(`},
		{"LaTeX \\times", `A=B\times C`, nil, "", `INVALID EQUATION at f.eq:1:4: \times is LaTeX markup copied from a web page: write ×`},
		{"LaTeX $…$", "$A=B+C$", nil, "", `INVALID EQUATION at f.eq:1:1: $…$ around an equation is LaTeX markup copied from a web page: remove the two $ (on the calculator $ is a character of a name)`},
		{"$ in names", "B$$=A$+1", []string{"B$$=A$+1"}, "B$$ A$", ""},
		{"_mult_", "A=B_mult_C", nil, "", `INVALID EQUATION at f.eq:1:4: _mult_ is what the old HP Museum forum's archive put in place of ×: write ×`},
		{"a '-' in the equation's name", postGebhardt3, nil, "", `INVALID EQUATION at f.eq:1:5: the equation's name INIT-L holds '-', which a name cannot hold: write INIT~L (HP's equations write CAN~MORT so)`},
		// Σ's missing parts named.
		{"Σ with its term only", "A=Σ(I^2)", nil, "", `INVALID EQUATION at f.eq:1:8: this Σ holds only its term: write its counter, first and last values and step before it, as Σ(I:1:N:1:term)`},
		{"Σ without its counter", "A=SIGMA(1:10:1:I^2)", nil, "", `INVALID EQUATION at f.eq:1:19: this Σ has 4 of its 5 arguments: a counter, its first and last values, a step and the term, as Σ(I:1:N:1:term); its counter, a name, comes first`},
		{"Σ without its step", "A=Σ(I:1:10:I^2)", nil, "", `INVALID EQUATION at f.eq:1:15: this Σ has 4 of its 5 arguments: a counter, its first and last values, a step and the term, as Σ(I:1:N:1:term)`},
		// Errors nested in L(), Σ() and IF() at their own token.
		{"nested in L()", "A=L(N:IP(100 5))", nil, "", `INVALID EQUATION at f.eq:1:14: unexpected "5"`},
		{"not nested", "A=IP(100 5)", nil, "", `INVALID EQUATION at f.eq:1:10: unexpected "5"`},
		{"nested in Σ()", "A=Σ(I:1:N:1:MOD(I 2))", nil, "", `INVALID EQUATION at f.eq:1:19: unexpected "2"`},
		{"nested in IF()", "A=IF(B>1:MAX(B C):0)", nil, "", `INVALID EQUATION at f.eq:1:16: unexpected "C"`},
		{"nested, an argument ends too soon", "A=L(N:IP(100+))", nil, "", `INVALID EQUATION at f.eq:1:14: unexpected ")"`},
		{"nested, an empty argument", "A=IF(B>1:MAX(B:):0)", nil, "", `INVALID EQUATION at f.eq:1:16: unexpected ")"`},
		// Listings as printed and posted.
		{"trailing + over a blank line", "A=B+\n\nC\n", []string{"A=B+C"}, "A B C", ""},
		{"trailing ( over a blank line", "A=(\n\nB+C)\n", []string{"A=(B+C)"}, "A B C", ""},
		{"trailing : over blank lines", "A=MAX(B:\n\n\nC)\n", []string{"A=MAX(B:C)"}, "A B C", ""},
		{"blank line still ends", "A=B\n\nC=D\n", []string{"A=B", "C=D"}, "A B", ""},
		{"printed listing, a number cut", "X=Y×5.8177641733E-3+1234\n5×Z\n", []string{"X=Y×5.8177641733E-3+12345×Z"}, "X Y Z", ""},
		{"printed listing, a name cut", "PMT=PV×I%YR÷12÷(1-SPPV(\nI%YR÷12:N))\n", []string{"PMT=PV×I%YR÷12÷(1-SPPV(I%YR÷12:N))"}, "PMT PV I%YR N", ""},
		{"printed listing, cut in a name", "TOTAL=PRICE+TAX+SHIPPING\nCOST×2\n", []string{"TOTAL=PRICE+TAX+SHIPPINGCOST×2"}, "TOTAL PRICE TAX SHIPPINGCOST", ""},
		{"printed listing, two whole", "TOTAL=PRICE+TAX+SHIPPING\nB=C\n", []string{"TOTAL=PRICE+TAX+SHIPPING", "B=C"}, "TOTAL PRICE TAX SHIPPING", ""},
		{"printed listing, a # name starts a line", "P=(USPV ( I%YR ÷ 12 : N-\n#ADV) + #ADV)×P1234\n", []string{"P=(USPV ( I%YR ÷ 12 : N-#ADV) + #ADV)×P1234"}, "P I%YR N #ADV P1234", ""},
		{"# line after a short line: a comment", "A=B+\n#ADV\nC\n", []string{"A=B+C"}, "A B C", ""},
		{"printed listing, error placed", "TOTAL=PRICE+TAX+SHIPPING\nCOST×)\n", nil, "", `INVALID EQUATION at f.eq:2:6: unexpected ")"`},
		// Advice on joining lines only where joining is the cause.
		{"joined by an operator", "A=B\n-C=D\n", nil, "", `INVALID EQUATION at f.eq:2:3: unexpected "="; line 2 was read as part of the equation that starts on line 1 because it starts with "-"` + rule + `; put a blank line before it if it is an equation of its own`},
		{"comma over lines: no advice", "A=L(I,\nRATE÷12)\n", nil, "", `INVALID EQUATION at f.eq:1:6: ',' separates a function's arguments on the HP-200LX and in other languages; the HP-17BII separates them with ':'`},
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
			if tc.menu != "" {
				assert.Equal(t, tc.menu, strings.Join(entries[0].Eq.Menu, " "))
			}
		})
	}
}

// TestPostedSpellingsParse: the calculator's own reading (Parse, as CALC
// reads a text in the SOLVE list) refuses what Canonical reads for it,
// naming the character, so that a text kept as typed is never misread.
func TestPostedSpellingsParse(t *testing.T) {
	for src, msg := range map[string]string{
		"A=B–C":      "INVALID EQUATION at 1:4: the name B–C holds U+2013 EN DASH, which the HP-17BII cannot type: write - (the minus)",
		"A=B·C":      "INVALID EQUATION at 1:4: the name B·C holds U+00B7 MIDDLE DOT, which the HP-17BII cannot type: write ×",
		"A=Sqrt(B)":  "INVALID EQUATION at 1:7: Sqrt is the HP-17BII's SQRT, whose functions are named in capitals: write SQRT(",
		"A=ln(B)":    "INVALID EQUATION at 1:5: ln is the HP-17BII's LN, whose functions are named in capitals: write LN(",
		"Ａ=1":        "INVALID EQUATION at 1:1: the name Ａ holds U+FF21 FULLWIDTH 'A', which the HP-17BII cannot type: write A",
		"A=B\u00adC": "INVALID EQUATION at 1:4: the name B\u00adC holds U+00AD SOFT HYPHEN, which the HP-17BII cannot type: remove it",
	} {
		_, err := Parse(src)
		require.Error(t, err, src)
		assert.Equal(t, msg, err.Error(), src)
	}
}

// FuzzPostedSpellings: any text Canonical accepts (and Parse reads) keeps
// its meaning when its '-' are written as U+2013, as word processors and
// forum software turn a typed '-' into, and when its × are written as an x
// between operands (" x ", or "x" right after a digit or ')'). A text
// holding a '/' is left out of the x case: its '/' is part of a name only
// beside × or ÷ (P/YR), and with every × gone it is read as ÷.
func FuzzPostedSpellings(f *testing.F) {
	for _, s := range append([]string{postCanMort, postLease, postGebhardt1, postGebhardt2, postDigits1, postHPReply1,
		postWorkaround, postOddPeriod, "A=(B)x-2", "PV=-PMTxUSPV(I:N)", "A=2×-B+1E-3×(C-D)"}, fuzzSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		canon, err := Canonical(src)
		if err != nil {
			return
		}
		eq, err := Parse(canon)
		if err != nil {
			return
		}
		want := shape(eq.Left) + " = " + shape(eq.Right)
		same := func(how, text string) {
			c, err := Canonical(text)
			require.NoError(t, err, "%s: %q as %q", how, src, text)
			back, err := Parse(c)
			require.NoError(t, err, "%s: %q as %q, read %q", how, src, text, c)
			require.Equal(t, want, shape(back.Left)+" = "+shape(back.Right), "%s: %q as %q, read %q", how, src, text, c)
		}
		if strings.Contains(canon, "-") {
			same("dash", strings.ReplaceAll(canon, "-", "–"))
		}
		if !strings.Contains(canon, "×") || strings.Contains(canon, "/") {
			return
		}
		same("spaced x", strings.ReplaceAll(canon, "×", " x "))
		r := []rune(canon)
		var b strings.Builder
		for i, c := range r {
			if c == '×' && afterNumberOrGroup(r[:i]) && i+1 < len(r) && r[i+1] != 'x' && r[i+1] != 'X' {
				c = 'x'
			}
			b.WriteRune(c)
		}
		same("x", b.String())
	})
}

// afterNumberOrGroup reports whether r ends with a number or ')'.
func afterNumberOrGroup(r []rune) bool {
	if len(r) == 0 {
		return false
	}
	if r[len(r)-1] == ')' {
		return true
	}
	j := len(r)
	for j > 0 && (nameChar(r[j-1]) || r[j-1] == '.' || r[j-1] == '!') {
		j--
	}
	return j < len(r) && (isDigit(r[j]) || r[j] == '.')
}

// TestSpellingsDocumented: docs/spellings.md lists every posted character
// of postedChars by its code point and name.
func TestSpellingsDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/spellings.md")
	require.NoError(t, err)
	doc := string(b)
	for r, p := range postedChars {
		name := fmt.Sprintf("U+%04X %s", r, p.name)
		if r >= 0x2018 && r <= 0x201D {
			name = fmt.Sprintf("U+%04X", r) // the quotes, listed together
		}
		assert.Contains(t, doc, name)
	}
	assert.Contains(t, doc, "U+FF01–U+FF5E")
}

// TestListingReadBack: every equation of the programs and of the posted
// rows, printed as the HP 82240 prints a listing (cut every ListingWidth
// characters, one equation after another, with or without a blank line
// between two), reads back to the same equations.
func TestListingReadBack(t *testing.T) {
	var texts []string
	files, err := filepath.Glob("../programs/*.eq")
	require.NoError(t, err)
	for _, f := range append(files, "../programs/bench/queens8.eq") {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		entries, err := ReadFile(f, string(b), false)
		require.NoError(t, err, f)
		for _, e := range entries {
			if e.Eq != nil {
				texts = append(texts, e.Text)
			}
		}
	}
	for _, src := range []string{postCanMort, postLease, postGebhardt1, postDigits1, postHPReply2, postWorkaround, postOddPeriod} {
		entries, err := ReadFile("post.eq", src, false)
		require.NoError(t, err, src)
		texts = append(texts, entries[0].Text)
	}
	print := func(between string) string {
		var b strings.Builder
		for i, text := range texts {
			if i > 0 {
				b.WriteString(between)
			}
			r := []rune(text)
			for len(r) > ListingWidth {
				b.WriteString(string(r[:ListingWidth]) + "\n")
				r = r[ListingWidth:]
			}
			b.WriteString(string(r) + "\n")
		}
		return b.String()
	}
	for _, between := range []string{"", "\n"} {
		listing := print(between)
		entries, err := ReadFile("listing.txt", listing, false)
		require.NoError(t, err, listing)
		var got []string
		for _, e := range entries {
			got = append(got, e.Text)
		}
		assert.Equal(t, texts, got, "blank line between: %v", between != "")
	}
}
