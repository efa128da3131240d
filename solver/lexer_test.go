package solver

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// spaceClass is IsSpace's set as a regular-expression character class.
const spaceClass = `\s\v\x{85}\p{Z}\x{200B}\x{FEFF}`

// ruleLexer is the specification of eqLexer: participle's lexer built from
// one regular expression per token type, tried in this order at each
// position (lower-case rules are dropped).
var ruleLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "space", Pattern: `[` + spaceClass + `]+`},
	{Name: "Number", Pattern: `(\d+\.?\d*|\.\d+)([Ee][+\-−]?\d+)?`},
	{Name: "Rel", Pattern: `<=|>=|<>|[≤≥≠<>=]`},
	{Name: "Sign", Pattern: `[+\-−]`},
	{Name: "Mul", Pattern: `[×÷*/]`},
	{Name: "Pow", Pattern: `\^`},
	{Name: "Open", Pattern: `\(`},
	{Name: "Close", Pattern: `\)`},
	{Name: "Colon", Pattern: `:`},
	{Name: "Name", Pattern: `[^` + spaceClass + `\d+\-−×÷*/^()<>=:≤≥≠.,][^` + spaceClass + `+\-−×÷*/^()<>=:≤≥≠.,]*`},
})

// ruleLexerGlyphs is ruleLexer for a text that writes × or ÷: a '/'
// between a name's character and a letter is part of the name.
var ruleLexerGlyphs = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "space", Pattern: `[` + spaceClass + `]+`},
	{Name: "Number", Pattern: `(\d+\.?\d*|\.\d+)([Ee][+\-−]?\d+)?`},
	{Name: "Rel", Pattern: `<=|>=|<>|[≤≥≠<>=]`},
	{Name: "Sign", Pattern: `[+\-−]`},
	{Name: "Mul", Pattern: `[×÷*/]`},
	{Name: "Pow", Pattern: `\^`},
	{Name: "Open", Pattern: `\(`},
	{Name: "Close", Pattern: `\)`},
	{Name: "Colon", Pattern: `:`},
	{Name: "Name", Pattern: `[^` + spaceClass + `\d+\-−×÷*/^()<>=:≤≥≠.,](?:[^` + spaceClass + `+\-−×÷*/^()<>=:≤≥≠.,]|/[A-Za-z])*`},
})

// specFor is the specification that lexes src: ruleLexerGlyphs when it
// writes × or ÷, else ruleLexer.
func specFor(src string) lexer.Definition {
	if strings.ContainsAny(src, "×÷") {
		return ruleLexerGlyphs
	}
	return ruleLexer
}

// lexWith lexes src with def and prints each token as type, value and
// position, or the error with its position.
func lexWith(def lexer.Definition, src string) []string {
	names := lexer.SymbolsByRune(def)
	l, err := def.(lexer.StringDefinition).LexString("", src)
	if err != nil {
		return []string{"error " + err.Error()}
	}
	var out []string
	for {
		t, err := l.Next()
		if err != nil {
			e := err.(*lexer.Error)
			return append(out, "error "+e.Msg+" at "+e.Pos.String())
		}
		out = append(out, names[t.Type]+" "+t.Value+" "+t.Pos.String()+" @"+strconv.Itoa(t.Pos.Offset))
		if t.EOF() {
			return out
		}
	}
}

// agree fails when the two lexers read src differently.
func agree(t *testing.T, src string) {
	t.Helper()
	assert.Equal(t, lexWith(specFor(src), src), lexWith(eqLexer, src), "%q", src)
}

func TestLexerAsSpecified(t *testing.T) {
	for _, src := range append([]string{
		"", "A", "1.5E−3", "1E", "1E+", "1e-2x", ".5", "5.", "1..2", ".", ",", "A,B", "a.b",
		"<=>=<><>≤≥≠=", "X1(Y2:Z3)", "A\u00a0\u2028B\nC\r\n  D", "٣4", "Σ(I:1:10:1:I^2)",
		"CAN~MORT: FV(N:((1+CI%YR/200)^(1/6)-1)×1200:PV:PMT:12:0)=FV", "1.2.3", "12345678901234567890",
	}, fuzzSeeds...) {
		agree(t, src)
	}
	agree(t, loadNIM(t))
	agree(t, "PMT=PV×I%÷P/YR+A/B÷2/C+X/1")
}

// TestLexerRandomText compares the two lexers on random text drawn from
// every kind of character the rules name.
func TestLexerRandomText(t *testing.T) {
	alphabet := []rune("0123456789.,Ee+-−×÷*/^()<>=:≤≥≠ABZ%#Σ \n\t\u00a0\u200b٣")
	r := rand.New(rand.NewPCG(17, 2))
	for range 20000 {
		var b strings.Builder
		for k := r.IntN(12); k >= 0; k-- {
			b.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		agree(t, b.String())
	}
}

// FuzzLexer: the hand-written lexer reads any valid text as the rules do.
func FuzzLexer(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		require.Equal(t, lexWith(specFor(src), src), lexWith(eqLexer, src), "%q", src)
	})
}
