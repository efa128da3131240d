package hp17b

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stage2Hard are y^x arguments whose exact result lies between 1 and 10
// times powDD's bound from a rounding midpoint of the 12th digit: the
// first stage cannot decide them, the second stage decides them with its
// bound, and would not with that bound ten times wider. Found by a search
// over a = 1 + k·10^-11 and |b| up to 700·10^11/k (where the bound's
// |b|·2^-88 term dominates and puts a midpoint within reach of a search);
// each result is apd's at 50 digits rounded once (refValue).
var stage2Hard = []struct{ a, b, want string }{
	{"1.00000000061", "960359641092", "2.61893374389E+254"},
	{"1.00000000165", "-384007176587", "6.69690058785E-276"},
	{"1.00000000049", "-1423876142450", "9.84101287902E-304"},
	{"1.00000000111", "-563406633784", "2.51376628695E-272"},
	{"1.00000000039", "-1213874165360", "2.51332042825E-206"},
	{"1.00000000139", "-465408859136", "1.11415623875E-281"},
	{"1.00000000066", "-782036450639", "6.94199135588E-225"},
	{"1.00000000079", "569841538740", "3.22432070174E+195"},
	{"1.00000000048", "-866992344242", "1.84333548777E-181"},
	{"1.00000000071", "863536876764", "1.86553439023E+266"},
	{"1.00000000036", "-1649605753520", "1.23230060407E-258"},
	{"1.00000000034", "1855113133170", "8.43791114409E+273"},
	{"1.00000000074", "-474617922430", "2.93955073909E-153"},
	{"1.00000000137", "-441342231404", "2.56260123015E-263"},
	{"1.00000000129", "-335238904746", "1.53389559419E-188"},
	{"1.00000000047", "-846846371500", "1.3901707433E-173"},
	{"1.00000000009", "-936684885876", "2.44491098603E-37"},
	{"1.00000000079", "-596931879160", "1.57421968853E-205"},
	{"1.00000000068", "782439028812", "1.17513487664E+231"},
	{"1.00000000076", "-787320386655", "1.36155924682E-260"},
	{"1.0000000011", "-520714035529", "1.74761043417E-249"},
	{"1.00000000105", "-498415342991", "5.22414598604E-228"},
	{"1.0000000004", "-1702151878370", "2.02270619318E-296"},
	{"1.00000000019", "1334720276110", "1.36682729008E+110"},
}

// TestStage2Decides holds y^x's second stage to its bound on arguments
// near a rounding midpoint (stage2Hard): each is left undecided by the
// first stage and decided by the second, never reaching the apd path,
// with the 50-digit reference's result. The first stage's bound is held
// by TestElementaryTable's near-midpoint arguments.
func TestStage2Decides(t *testing.T) {
	t.Parallel()
	for _, c := range stage2Hard {
		a, b := MustParse(c.a), MustParse(c.b)
		_, ca, qa := a.parts()
		nb, cb, qb := b.parts()
		_, _, ok := powFast(ca, qa, nb, cb, qb)
		require.False(t, ok, "%s^%s: the first stage decides it", c.a, c.b)
		fell := false
		got, err := paths{fell: func() { fell = true }}.pow(a, b)
		require.NoError(t, err)
		assert.False(t, fell, "%s^%s reached the apd path", c.a, c.b)
		assert.Equal(t, c.want, got.String(), "%s^%s", c.a, c.b)
	}
}
