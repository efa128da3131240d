package compare

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hp17b/hp17b/solver"
)

// FuzzAnswerLine: any line a reference may answer is read without a
// panic; where the reflection-free reader accepts it, encoding/json's
// reading (decodeAnswer's general way) accepts it too and gives the same
// results, each number settled as the comparison settles it.
func FuzzAnswerLine(f *testing.F) {
	for _, s := range []string{
		`{"n":3,"out":{"Y":1234.5}}`, `{"out":{"Y":"SOLUTION NOT FOUND"},"n":3}`, `{"n":3,"out":{"Y":-0.000001}}`,
		`{"n":3,"out":{"Y":1e+300}}`, `{"n":3,"out":{"Y":"12"}}`, `{"n":4,"out":{"Y":1}}`, `{"n":3,"out":{"Y":1,"Y":2}}`,
		`{"n":3,"out":{"Y":1.2.3}}`, `{"n":3,"out":{"Y":"a\"b"}}`, ` { "n" : 3 , "out" : { "Y" : 7 } } `, `hello`, `{}`,
		`{"n":3,"out":{"Y":0012}}`, `{"n":3,"out":{"Y":-}}`, `{"n":3,"out":{"Y":.5}}`, `{"n":3,"out":{"Y":1.}}`, `{"n":03,"out":{"Y":1}}`,
	} {
		f.Add([]byte(s))
	}
	eq, err := solver.Parse("S:Y=A")
	require.NoError(f, err)
	p, err := ParsePlan(eq, []string{"A=1", "Y"})
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, line []byte) {
		fast, ok := fastAnswer(p, line, 3)
		ref, err := decodeGeneral(p, line, 3)
		if !ok {
			return
		}
		require.NoError(t, err, "%q", line)
		for i := range fast.Out {
			fast.Out[i].settle(Value{})
			assert.Equal(t, ref.Out[i].Text(), fast.Out[i].Text(), "%q", line)
		}
	})
}
